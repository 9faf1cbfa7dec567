// Hexfolk events in words, for the move log and the replay (event shapes: engine/apply.py).
// describeEvents(events, {names, view, mySeat}) -> one line for one action's events.
// In the page's language (../js/i18n.js): each sentence twice, for this page's seat ("You
// built") and another ("Bot 2 built"), as verb forms differ by language.

import { gettext, labelled, ngettext, pgettext } from "../js/i18n.js";
import { layoutOf } from "./board.js";
import { RESOURCES } from "./words.js";

/** A resource in the page's language ("lumber" -> "bois"). */
export function resource(r) {
  const words = { lumber: pgettext("Hexfolk resource", "lumber"), brick: pgettext("Hexfolk resource", "brick"),
    wool: pgettext("Hexfolk resource", "wool"), grain: pgettext("Hexfolk resource", "grain"), ore: pgettext("Hexfolk resource", "ore") };
  return words[r] || r;
}

/** A development card's name in the page's language. */
export function devCard(c) {
  const words = { knight: pgettext("Hexfolk card", "Knight"), victory_point: pgettext("Hexfolk card", "Victory point"),
    road_building: pgettext("Hexfolk card", "Road building"), year_of_plenty: pgettext("Hexfolk card", "Year of plenty"),
    monopoly: pgettext("Hexfolk card", "Monopoly") };
  return words[c] || c;
}

function terrain(t) {
  const words = { forest: pgettext("Hexfolk terrain", "forest"), hills: pgettext("Hexfolk terrain", "hills"),
    pasture: pgettext("Hexfolk terrain", "pasture"), fields: pgettext("Hexfolk terrain", "fields"),
    mountains: pgettext("Hexfolk terrain", "mountains"), desert: pgettext("Hexfolk terrain", "desert") };
  return words[t] || t;
}

/** "2 lumber, 1 ore" for {lumber: 2, ore: 1}; "nothing" when empty. */
function cardsText(cards) {
  const parts = RESOURCES.filter((r) => cards?.[r]).map((r) => `${cards[r]} ${resource(r)}`);
  return parts.length ? parts.join(", ") : gettext("nothing");
}

function isMine(ctx, seat) {
  return seat === ctx.mySeat && seat !== null && seat !== undefined;
}

function who(ctx, seat) {
  if (isMine(ctx, seat)) return gettext("You");
  return ctx.names?.[seat] || gettext("Seat %(n)s", { n: seat + 1 });
}

function whom(ctx, seat) {
  return isMine(ctx, seat) ? gettext("you") : who(ctx, seat);
}

function listWords(items) {
  if (items.length < 2) return items.join("");
  return gettext("%(items)s and %(last)s", { items: items.slice(0, -1).join(", "), last: items[items.length - 1] });
}

function hexText(ctx, h) {
  const hex = ctx.view?.board?.hexes?.[h];
  if (!hex) return gettext("hex %(n)s", { n: h });
  return hex.number ? `${terrain(hex.terrain)} ${hex.number}` : terrain(hex.terrain);
}

function produced(ev, ctx) {
  const parts = [];
  (ev.gains || []).forEach((gain, seat) => {
    if (gain && Object.keys(gain).length) parts.push(`${who(ctx, seat)} +${cardsText(gain)}`);
  });
  return parts.length ? gettext("Production: %(gains)s", { gains: parts.join("; ") }) : gettext("Nothing produced on %(roll)s", { roll: ev.roll });
}

function played(ev, ctx, mine, p) {
  switch (ev.card) {
    case "knight":
      return mine ? gettext("You played a knight") : gettext("%(who)s played a knight", p);
    case "road_building":
      return mine ? gettext("You played road building") : gettext("%(who)s played road building", p);
    case "year_of_plenty": {
      const q = { ...p, cards: listWords((ev.resources || []).map(resource)) };
      return mine ? gettext("You played year of plenty: took %(cards)s from the bank", q) : gettext("%(who)s played year of plenty: took %(cards)s from the bank", q);
    }
    case "monopoly": {
      const n = (ev.taken || []).reduce((a, b) => a + b, 0);
      const q = { ...p, resource: resource(ev.resource) };
      return mine ? ngettext("You played monopoly on %(resource)s: took %(n)s card", "You played monopoly on %(resource)s: took %(n)s cards", n, q)
        : ngettext("%(who)s played monopoly on %(resource)s: took %(n)s card", "%(who)s played monopoly on %(resource)s: took %(n)s cards", n, q);
    }
    default:
      return mine ? gettext("You played %(card)s", { card: ev.card }) : gettext("%(who)s played %(card)s", { ...p, card: ev.card });
  }
}

function answered(ev, mine, p) {
  if (ev.answer === "countered") {
    const q = { ...p, give: cardsText(ev.give), get: cardsText(ev.get) };
    return mine ? gettext("You countered: give %(give)s for %(get)s", q) : gettext("%(who)s countered: gives %(give)s for %(get)s", q);
  }
  if (ev.answer === "accepted") return mine ? gettext("You accepted the offer") : gettext("%(who)s accepted the offer", p);
  if (ev.answer === "declined") return mine ? gettext("You declined the offer") : gettext("%(who)s declined the offer", p);
  return labelled(p.who, ev.answer);
}

/** Where `ev` built, in the board's words (board.js Layout), or null without a board. */
function placeOf(ev, view) {
  if (!view?.board?.nodes) return null;
  const L = layoutOf(view.board);
  return ev.edge ? L.edgePlace(ev.edge) : Number.isInteger(ev.node) ? L.nodePlace(ev.node) : null;
}

function built(ev, ctx, mine, p) {
  const place = placeOf(ev, ctx.view);
  if (place) {
    const q = { ...p, place };
    if (ev.piece === "road") return mine ? gettext("You built a road at %(place)s", q) : gettext("%(who)s built a road at %(place)s", q);
    if (ev.piece === "city") return mine ? gettext("You built a city at %(place)s", q) : gettext("%(who)s built a city at %(place)s", q);
    return mine ? gettext("You built a settlement at %(place)s", q) : gettext("%(who)s built a settlement at %(place)s", q);
  }
  if (ev.piece === "road") return mine ? gettext("You built a road") : gettext("%(who)s built a road", p);
  if (ev.piece === "city") return mine ? gettext("You built a city") : gettext("%(who)s built a city", p);
  return mine ? gettext("You built a settlement") : gettext("%(who)s built a settlement", p);
}

function gameOver(ev, ctx) {
  if (ev.reason === "no_score") return gettext("Game over: nobody can reach the target any more, the most points wins");
  if (ev.winner === null || ev.winner === undefined) return gettext("Game over: the round limit is reached");
  return isMine(ctx, ev.winner) ? gettext("Game over: You win") : gettext("Game over: %(who)s wins", { who: who(ctx, ev.winner) });
}

function shortage(ev, ctx) {
  const q = { resource: resource(ev.resource), who: whom(ctx, ev.paid_to) };
  if (ev.paid_to === null || ev.paid_to === undefined) return gettext("The bank is short of %(resource)s: nobody gets any", q);
  return isMine(ctx, ev.paid_to) ? gettext("The bank is short of %(resource)s: you alone get what is left", q)
    : gettext("The bank is short of %(resource)s: %(who)s alone gets what is left", q);
}

function robbed(ev, ctx) {
  const q = { who: who(ctx, ev.thief), victim: whom(ctx, ev.victim) };
  if (isMine(ctx, ev.thief)) return gettext("You stole a card from %(victim)s", q);
  return isMine(ctx, ev.victim) ? gettext("%(who)s stole a card from you", q) : gettext("%(who)s stole a card from %(victim)s", q);
}

function titleTaken(ev, ctx) {
  if (ev.type === "largest_army") {
    const q = { who: who(ctx, ev.holder) };
    return isMine(ctx, ev.holder) ? ngettext("You take the Largest Army (%(n)s knight)", "You take the Largest Army (%(n)s knights)", ev.knights, q)
      : ngettext("%(who)s takes the Largest Army (%(n)s knight)", "%(who)s takes the Largest Army (%(n)s knights)", ev.knights, q);
  }
  if (ev.holder === null || ev.holder === undefined) return gettext("Longest Road is set aside: nobody alone has the longest road of 5 or more");
  const q = { who: who(ctx, ev.holder), n: ev.length };
  return isMine(ctx, ev.holder) ? gettext("You take the Longest Road (%(n)s roads)", q) : gettext("%(who)s takes the Longest Road (%(n)s roads)", q);
}

/** The sentence of each event type: `(ev, ctx, mine, p)` -> words, `mine` when the event's
 * seat is the page's, `p` = {who: its name}. */
const TELL = {
  built: (ev, ctx, mine, p) => built(ev, ctx, mine, p),
  setup_income: (ev, ctx, mine, p) => {
    const q = { ...p, cards: cardsText(ev.cards) };
    return mine ? gettext("You receive %(cards)s for the second settlement", q) : gettext("%(who)s receives %(cards)s for the second settlement", q);
  },
  turn: (ev, ctx, mine, p) => {
    const q = { ...p, n: ev.turn_number };
    return mine ? gettext("Turn %(n)s: your turn", q) : gettext("Turn %(n)s: %(who)s's turn", q);
  },
  turn_ended: () => "",
  special_build: (ev, ctx, mine, p) => (mine ? gettext("You may build now (special building phase)") : gettext("%(who)s may build now (special building phase)", p)),
  rolled: (ev, ctx, mine, p) => {
    const q = { ...p, a: ev.dice[0], b: ev.dice[1], total: ev.total };
    return mine ? gettext("You rolled %(a)s + %(b)s = %(total)s", q) : gettext("%(who)s rolled %(a)s + %(b)s = %(total)s", q);
  },
  produced: (ev, ctx) => produced(ev, ctx),
  shortage: (ev, ctx) => shortage(ev, ctx),
  must_discard: (ev, ctx) => {
    const owed = (ev.counts || []).map((n, s) => [n, s]).filter(([n]) => n > 0);
    return gettext("%(names)s must discard", { names: listWords(owed.map(([n, s]) => `${who(ctx, s)} (${n})`)) });
  },
  discarded: (ev, ctx, mine, p) => {
    const q = { ...p, cards: cardsText(ev.cards) };
    return mine ? gettext("You discarded %(cards)s", q) : gettext("%(who)s discarded %(cards)s", q);
  },
  robber_moved: (ev, ctx, mine, p) => {
    const q = { ...p, hex: hexText(ctx, ev.hex) };
    return mine ? gettext("You moved the robber to %(hex)s", q) : gettext("%(who)s moved the robber to %(hex)s", q);
  },
  robbed: (ev, ctx) => robbed(ev, ctx),
  // only the thief and the victim get this event
  stolen_card: (ev) => gettext("It was 1 %(resource)s", { resource: resource(ev.resource) }),
  bought_dev: (ev, ctx, mine, p) => (mine ? gettext("You bought a development card") : gettext("%(who)s bought a development card", p)),
  dev_card: (ev) => { // the buyer's private event
    const cards = { knight: gettext("It is a knight card"), victory_point: gettext("It is a victory point card"),
      road_building: gettext("It is a road building card"), year_of_plenty: gettext("It is a year of plenty card"), monopoly: gettext("It is a monopoly card") };
    return cards[ev.card] || ev.card;
  },
  played_dev: (ev, ctx, mine, p) => played(ev, ctx, mine, p),
  largest_army: (ev, ctx) => titleTaken(ev, ctx),
  longest_road: (ev, ctx) => titleTaken(ev, ctx),
  bank_trade: (ev, ctx, mine, p) => {
    const q = { ...p, give: cardsText(ev.give), get: cardsText(ev.get) };
    return mine ? gettext("You traded %(give)s for %(get)s with the bank", q) : gettext("%(who)s traded %(give)s for %(get)s with the bank", q);
  },
  trade_offered: (ev, ctx, mine, p) => {
    const q = { ...p, give: cardsText(ev.give), get: cardsText(ev.get), to: listWords((ev.to || []).map((s) => whom(ctx, s))) };
    return mine ? gettext("You offer %(give)s for %(get)s to %(to)s", q) : gettext("%(who)s offers %(give)s for %(get)s to %(to)s", q);
  },
  trade_answered: (ev, ctx, mine, p) => answered(ev, mine, p),
  trade_done: (ev, ctx, mine, p) => {
    const q = { ...p, give: cardsText(ev.give), get: cardsText(ev.get), with: whom(ctx, ev.with) };
    return mine ? gettext("You traded %(give)s for %(get)s with %(with)s", q) : gettext("%(who)s traded %(give)s for %(get)s with %(with)s", q);
  },
  trade_closed: (ev) => (ev.reason === "declined" ? gettext("Everyone declined the offer") : gettext("The offer was withdrawn")),
  game_over: (ev, ctx) => gameOver(ev, ctx),
};

function one(ev, ctx) {
  const tell = Object.hasOwn(TELL, ev.type) ? TELL[ev.type] : null;
  if (!tell) return ev.type ? ev.type.replace(/_/g, " ") : "";
  return tell(ev, ctx, isMine(ctx, ev.seat), { who: who(ctx, ev.seat) });
}

/** One log line for the events of one action ("" when there is nothing to tell). */
export function describeEvents(events, ctx) {
  return (events || []).map((ev) => one(ev, ctx)).filter(Boolean).join(". ");
}
