// Hextopia events in words, for the move log and the replay (event shapes: engine rules.py).
// describeEvents(events, {names, view, mySeat}) -> one line for one action's events.

import { gettext } from "../js/i18n.js";
import { cardName, colourWord } from "./board.js";

const COLOURS = ["red", "blue", "green", "yellow", "purple", "orange"];

function seatInfo(view, seat) {
  return (view?.seats || []).find((s) => s.seat === seat) || null;
}

export function colourOf(view, seat) {
  const s = seatInfo(view, seat);
  return colourWord(s?.colour_name || COLOURS[s ? s.station : seat]) || gettext("seat %(n)s", { n: seat + 1 });
}

function pieceText(view, seat, piece) {
  return gettext("%(colour)s piece %(n)s", { colour: colourOf(view, seat), n: piece + 1 });
}

/** Where a piece of `seat` with `progress` stands, in words ("START", "space 17", "HEXTOPIA 2"). */
export function placeText(view, seat, progress) {
  if (progress === null || progress === undefined || progress < 0) return gettext("HOME");
  const L = view?.track_length || 72;
  if (progress >= L) return gettext("HEXTOPIA %(n)s", { n: progress - L + 1 });
  if (progress === 0) return gettext("START");
  const s = seatInfo(view, seat);
  return s && s.start !== undefined ? gettext("space %(n)s", { n: (s.start + progress) % L }) : gettext("%(n)s from START", { n: progress });
}

function who(ctx, seat) {
  if (seat === ctx.mySeat) return gettext("You");
  return ctx.names?.[seat] || gettext("Seat %(n)s", { n: seat + 1 });
}

function played(ev, ctx) {
  const view = ctx.view;
  const card = cardName(ev.card);
  const actor = who(ctx, ev.seat);
  if (ev.move === "swap") {
    return gettext("%(actor)s played %(card)s: exchanged %(piece)s with %(other)s", { actor, card, piece: pieceText(view, ev.piece_seat, ev.piece), other: pieceText(view, ev.target_seat, ev.target_piece) });
  }
  if (ev.move === "joker") {
    return gettext("%(actor)s played a JOKER: %(piece)s goes back to its START", { actor, piece: pieceText(view, ev.target_seat, ev.target_piece) });
  }
  const piece = pieceText(view, ev.piece_seat, ev.piece);
  if (ev.move === "enter") return gettext("%(actor)s played %(card)s: %(piece)s from HOME to START", { actor, card, piece });
  const place = placeText(view, ev.piece_seat, ev.to);
  if (ev.move === "back") return gettext("%(actor)s played %(card)s: %(piece)s back 3 to %(place)s", { actor, card, piece, place });
  return gettext("%(actor)s played %(card)s: %(piece)s to %(place)s", { actor, card, piece, place });
}

function one(ev, ctx) {
  const view = ctx.view;
  switch (ev.type) {
    case "played":
      return played(ev, ctx);
    case "captured":
      return gettext("%(piece)s (%(name)s) is sent HOME", { piece: pieceText(view, ev.seat, ev.piece), name: ctx.names?.[ev.seat] || gettext("seat %(n)s", { n: ev.seat + 1 }) });
    case "entered_hextopia":
      return gettext("%(piece)s is in HEXTOPIA %(n)s", { piece: pieceText(view, ev.seat, ev.piece), n: ev.slot });
    case "finished":
      return ev.seat === ctx.mySeat ? gettext("You have all four pieces in HEXTOPIA") : gettext("%(name)s has all four pieces in HEXTOPIA", { name: who(ctx, ev.seat) });
    case "game_over": {
      const names = (ev.winners || []).map((s) => who(ctx, s));
      return gettext("Game over: %(names)s won", { names: names.join(` ${gettext("and")} `) });
    }
    case "discarded":
      return ev.seat === ctx.mySeat ? gettext("You could not play and discarded %(card)s", { card: cardName(ev.card) }) : gettext("%(name)s could not play and discarded %(card)s", { name: who(ctx, ev.seat), card: cardName(ev.card) });
    case "sat_out":
      const cards = (ev.cards || []).map(cardName).join(" ");
      return ev.seat === ctx.mySeat ? gettext("You discarded the whole hand (%(cards)s) and sit out until the next hand", { cards }) : gettext("%(name)s discarded the whole hand (%(cards)s) and sits out until the next hand", { name: who(ctx, ev.seat), cards });
    case "dealt": {
      const size = (ev.hand_sizes || [])[0];
      const dealt = ev.dealer === ctx.mySeat
        ? gettext("You dealt hand %(hand)s of deal %(deal)s", { hand: ev.hand_number, deal: ev.deal })
        : gettext("%(name)s dealt hand %(hand)s of deal %(deal)s", { name: who(ctx, ev.dealer), hand: ev.hand_number, deal: ev.deal });
      return size ? `${dealt} ${gettext("(%(n)s cards each)", { n: size })}` : dealt;
    }
    case "hand":
      return ev.seat === ctx.mySeat ? gettext("Your cards: %(cards)s", { cards: (ev.cards || []).map(cardName).join(" ") }) : "";
    case "dealer_draw": {
      const rounds = (ev.rounds || []).map((r) => r.map((d) => `${ctx.names?.[d.seat] || gettext("seat %(n)s", { n: d.seat + 1 })} ${cardName(d.card)}`).join(", "));
      const first = ev.dealer === ctx.mySeat ? gettext("You deal first") : gettext("%(name)s deals first", { name: who(ctx, ev.dealer) });
      return `${gettext("Dealer draw: %(rounds)s.", { rounds: rounds.join(gettext("; then ")) })} ${first}`;
    }
    case "swapped":
      return ""; // already told by the "played" line
    default:
      return ev.type ? `${ev.type.replace(/_/g, " ")}` : "";
  }
}

/** One log line for the events of one action ("" when there is nothing to tell). */
export function describeEvents(events, ctx) {
  return (events || []).map((ev) => one(ev, ctx)).filter(Boolean).join(". ");
}
