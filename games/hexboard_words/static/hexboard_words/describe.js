// HexBoard Words moves in words, for the move log and the replay (event shapes:
// engine/apply.py). DOM-free (node --test tests/js/hexboard_words.test.mjs).
//
//   describeEvents(events, ctx) -> one line for one action's events
// ctx = {names, view, mySeat, record, actor}: `record` is the history entry (or the replay
// step), `actor` who made a live move (the snapshot's "actor"): "timeout" is the hourglass.

import { gettext } from "../js/i18n.js";

function reason(kind, names, n) {
  if (kind === "bag_empty") return gettext("the bag is empty and a full round made no word; most word-cards: %(names)s", { names });
  return gettext("%(names)s made and kept %(n)s word-cards", { names, n });
}

export function upper(word) {
  return String(word ?? "").toUpperCase();
}

function listWords(items) {
  if (items.length < 2) return items.join("");
  return gettext("%(items)s and %(last)s", { items: items.slice(0, -1).join(", "), last: items[items.length - 1] });
}

function isMine(ctx, seat) {
  return seat === ctx.mySeat && seat !== null && seat !== undefined;
}

export function who(ctx, seat) {
  if (isMine(ctx, seat)) return gettext("you");
  return ctx.names?.[seat] || gettext("Seat %(n)s", { n: Number(seat) + 1 });
}

function tileText(t) {
  return t?.letter === "?" ? gettext("the blank") : upper(t?.letter);
}

function cardName(slot) {
  return gettext("card %(n)s", { n: Number(slot) + 1 });
}

// Each sentence twice, for this page's seat ("You placed your tile") and another ("Bot 2
// placed their tile"). Each part is a sentence of its own, its capital in the catalogue: a
// part that starts with a name leaves it as the player wrote it ("alice placed...").
function part(ev, evs, ctx, actor) {
  const mine = isMine(ctx, ev.seat);
  const p = { name: who(ctx, ev.seat), tile: tileText(ev) };
  switch (ev.type) {
    case "setup":
      return gettext("Word-cards %(cards)s around the board; %(n)s tiles face up: %(tiles)s",
        { cards: listWords((ev.slots || []).map(upper)), n: (ev.centre || []).length, tiles: (ev.centre || []).map(tileText).join(" ") });
    case "first_draw": {
      const rounds = (ev.rounds || []).map((rnd) => rnd.map((d) => `${who(ctx, d.seat)} ${tileText(d)}`).join(", "));
      const q = { rounds: rounds.join(gettext("; then ")), name: who(ctx, ev.starter) };
      return isMine(ctx, ev.starter) ? gettext("Draw for first player: %(rounds)s: you start", q) : gettext("Draw for first player: %(rounds)s: %(name)s starts", q);
    }
    case "hidden_tile":
      return mine ? gettext("Your hidden tile: %(tile)s", p) : gettext("%(name)s's hidden tile: %(tile)s", p);
    case "placed":
      return mine ? gettext("You placed your tile %(tile)s on the board", p) : gettext("%(name)s placed their tile %(tile)s on the board", p);
    case "matched":
      if (evs.some((e) => e.type === "completed")) return "";
    {
      const q = { ...p, word: upper(ev.word), card: cardName(ev.slot) };
      return mine ? gettext("You matched %(tile)s on %(word)s (%(card)s)", q) : gettext("%(name)s matched %(tile)s on %(word)s (%(card)s)", q);
    }
    case "completed": {
      const q = { ...p, word: upper(ev.word), card: cardName(ev.slot), tile: tileText(evs.find((e) => e.type === "matched")) };
      return mine ? gettext("You completed %(word)s (%(card)s) with %(tile)s", q) : gettext("%(name)s completed %(word)s (%(card)s) with %(tile)s", q);
    }
    case "new_card":
      return ev.word ? gettext("New card %(word)s", { word: upper(ev.word) }) : gettext("The deck is empty: no new card");
    case "stolen": {
      const q = { ...p, owner: who(ctx, ev.from), old: upper(ev.old), added: (ev.added || []).map(tileText).join(" + "), new: upper(ev.new) };
      if (mine) return gettext("You stole %(owner)s's %(old)s with %(added)s: %(new)s", q);
      return isMine(ctx, ev.from) ? gettext("%(name)s stole your %(old)s with %(added)s: %(new)s", q)
        : gettext("%(name)s stole %(owner)s's %(old)s with %(added)s: %(new)s", q);
    }
    case "drew":
      // A hidden tile drawn at the end of a turn goes without saying (the owner's is told).
      return ev.to === "board" ? gettext("Drew %(tile)s to the board", p) : "";
    case "turn_ended":
      if (actor === "timeout" || ev.timeout) return mine ? gettext("Your hourglass ran out: turn over") : gettext("%(name)s's hourglass ran out: turn over", p);
      if (evs.some((e) => e.type === "matched")) return "";
      return mine ? gettext("You ended your turn") : gettext("%(name)s ended their turn", p);
    case "game_over": {
      const winners = listWords((ev.winners || []).map((s) => who(ctx, s)));
      return gettext("Game over: %(why)s", { why: reason(ev.reason, winners, ctx.view?.options?.cards_to_win ?? 5) });
    }
    default:
      return "";
  }
}

/** One line for the events of one action (or of the setup). */
export function describeEvents(events, ctx = {}) {
  const evs = events || [];
  const actor = ctx.record?.actor ?? ctx.actor ?? null;
  const parts = evs.map((ev) => part(ev, evs, ctx, actor)).filter(Boolean);
  if (!parts.length) return "";
  const text = parts.join(" · ");
  if (actor === "takeover" || actor === "handover") return gettext("%(text)s (a bot played for the absent player)", { text });
  return text;
}
