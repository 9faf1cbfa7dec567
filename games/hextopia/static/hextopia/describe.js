// Hextopia events in words, for the move log and the replay (event shapes: engine rules.py).
// describeEvents(events, {names, view, mySeat}) -> one line for one action's events.

import { cardName } from "./board.js";

const COLOURS = ["red", "blue", "green", "yellow", "purple", "orange"];

function seatInfo(view, seat) {
  return (view?.seats || []).find((s) => s.seat === seat) || null;
}

function colourOf(view, seat) {
  const s = seatInfo(view, seat);
  return s?.colour_name || COLOURS[s ? s.station : seat] || `seat ${seat + 1}`;
}

function pieceText(view, seat, piece) {
  return `${colourOf(view, seat)} piece ${piece + 1}`;
}

/** Where a piece of `seat` with `progress` stands, in words ("START", "space 17", "HEXTOPIA 2"). */
function placeText(view, seat, progress) {
  if (progress === null || progress === undefined || progress < 0) return "HOME";
  const L = view?.track_length || 72;
  if (progress >= L) return `HEXTOPIA ${progress - L + 1}`;
  if (progress === 0) return "START";
  const s = seatInfo(view, seat);
  return s && s.start !== undefined ? `space ${(s.start + progress) % L}` : `${progress} from START`;
}

function who(ctx, seat) {
  if (seat === ctx.mySeat) return "You";
  return ctx.names?.[seat] || `Seat ${seat + 1}`;
}

function played(ev, ctx) {
  const view = ctx.view;
  const card = cardName(ev.card);
  const actor = who(ctx, ev.seat);
  if (ev.move === "swap") {
    return `${actor} played ${card}: exchanged ${pieceText(view, ev.piece_seat, ev.piece)} with ${pieceText(view, ev.target_seat, ev.target_piece)}`;
  }
  if (ev.move === "joker") {
    return `${actor} played a JOKER: ${pieceText(view, ev.target_seat, ev.target_piece)} goes back to its START`;
  }
  const piece = pieceText(view, ev.piece_seat, ev.piece);
  if (ev.move === "enter") return `${actor} played ${card}: ${piece} from HOME to START`;
  const verb = ev.move === "back" ? "back 3 to" : "to";
  return `${actor} played ${card}: ${piece} ${verb} ${placeText(view, ev.piece_seat, ev.to)}`;
}

function one(ev, ctx) {
  const view = ctx.view;
  switch (ev.type) {
    case "played":
      return played(ev, ctx);
    case "captured":
      return `${pieceText(view, ev.seat, ev.piece)} (${ctx.names?.[ev.seat] || `seat ${ev.seat + 1}`}) is sent HOME`;
    case "entered_hextopia":
      return `${pieceText(view, ev.seat, ev.piece)} is in HEXTOPIA ${ev.slot}`;
    case "finished":
      return `${who(ctx, ev.seat)} ${ev.seat === ctx.mySeat ? "have" : "has"} all four pieces in HEXTOPIA`;
    case "game_over": {
      const names = (ev.winners || []).map((s) => who(ctx, s));
      return `Game over: ${names.join(" and ")} won`;
    }
    case "discarded":
      return `${who(ctx, ev.seat)} could not play and discarded ${cardName(ev.card)}`;
    case "sat_out":
      return `${who(ctx, ev.seat)} discarded the whole hand (${(ev.cards || []).map(cardName).join(" ")}) and sit${ev.seat === ctx.mySeat ? "" : "s"} out until the next hand`;
    case "dealt": {
      const size = (ev.hand_sizes || [])[0];
      return `${who(ctx, ev.dealer)} dealt hand ${ev.hand_number} of deal ${ev.deal}${size ? ` (${size} cards each)` : ""}`;
    }
    case "hand":
      return ev.seat === ctx.mySeat ? `Your cards: ${(ev.cards || []).map(cardName).join(" ")}` : "";
    case "dealer_draw": {
      const rounds = (ev.rounds || []).map((r) => r.map((d) => `${ctx.names?.[d.seat] || `seat ${d.seat + 1}`} ${cardName(d.card)}`).join(", "));
      return `Dealer draw: ${rounds.join("; then ")}. ${who(ctx, ev.dealer)} deal${ev.dealer === ctx.mySeat ? "" : "s"} first`;
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
