// Hexfolk events in words, for the move log and the replay (event shapes: engine/apply.py).
// describeEvents(events, {names, view, mySeat}) -> one line for one action's events.

import { hexName } from "./board.js";
import { DEV_LABEL, RESOURCE_LABEL, cardsText, plural } from "./words.js";

function who(ctx, seat) {
  if (seat === ctx.mySeat) return "You";
  return ctx.names?.[seat] || `Seat ${seat + 1}`;
}

function whom(ctx, seat) {
  return seat === ctx.mySeat ? "you" : who(ctx, seat);
}

function verb(ctx, seat, you, other) {
  return seat === ctx.mySeat ? you : other;
}

function listWords(items) {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function hexText(ctx, h) {
  const hex = ctx.view?.board?.hexes?.[h];
  return hex ? hexName(hex) : `hex ${h}`;
}

function produced(ev, ctx) {
  const parts = [];
  (ev.gains || []).forEach((gain, seat) => {
    if (gain && Object.keys(gain).length) parts.push(`${who(ctx, seat)} +${cardsText(gain)}`);
  });
  return parts.length ? `Production: ${parts.join("; ")}` : `Nothing produced on ${ev.roll}`;
}

function played(ev, ctx) {
  const card = DEV_LABEL[ev.card] || ev.card;
  const actor = who(ctx, ev.seat);
  const base = `${actor} played ${card === "Knight" ? "a knight" : card.toLowerCase()}`;
  if (ev.card === "year_of_plenty") return `${base}: took ${listWords((ev.resources || []).map((r) => RESOURCE_LABEL[r]))} from the bank`;
  if (ev.card === "monopoly") {
    const total = (ev.taken || []).reduce((a, b) => a + b, 0);
    return `${base} on ${RESOURCE_LABEL[ev.resource]}: took ${plural(total, "card")}`;
  }
  return base;
}

function answered(ev, ctx) {
  const actor = who(ctx, ev.seat);
  if (ev.answer === "countered") return `${actor} countered: ${verb(ctx, ev.seat, "give", "gives")} ${cardsText(ev.give)} for ${cardsText(ev.get)}`;
  return `${actor} ${ev.answer} the offer`;
}

function one(ev, ctx) {
  switch (ev.type) {
    case "built": {
      const what = ev.piece === "road" ? "a road" : ev.piece === "city" ? "a city" : "a settlement";
      return `${who(ctx, ev.seat)} built ${what}`;
    }
    case "setup_income":
      return `${who(ctx, ev.seat)} ${verb(ctx, ev.seat, "receive", "receives")} ${cardsText(ev.cards)} for the second settlement`;
    case "turn":
      return `Turn ${ev.turn_number}: ${ev.seat === ctx.mySeat ? "your" : `${who(ctx, ev.seat)}'s`} turn`;
    case "turn_ended":
      return "";
    case "special_build":
      return `${who(ctx, ev.seat)} may build now (special building phase)`;
    case "rolled":
      return `${who(ctx, ev.seat)} rolled ${ev.dice[0]} + ${ev.dice[1]} = ${ev.total}`;
    case "produced":
      return produced(ev, ctx);
    case "shortage":
      return ev.paid_to === null || ev.paid_to === undefined
        ? `The bank is short of ${RESOURCE_LABEL[ev.resource]}: nobody gets any`
        : `The bank is short of ${RESOURCE_LABEL[ev.resource]}: ${whom(ctx, ev.paid_to)} alone ${verb(ctx, ev.paid_to, "get", "gets")} what is left`;
    case "must_discard": {
      const owed = (ev.counts || []).map((n, s) => [n, s]).filter(([n]) => n > 0);
      return `${listWords(owed.map(([n, s]) => `${who(ctx, s)} (${n})`))} must discard`;
    }
    case "discarded":
      return `${who(ctx, ev.seat)} discarded ${cardsText(ev.cards)}`;
    case "robber_moved":
      return `${who(ctx, ev.seat)} moved the robber to ${hexText(ctx, ev.hex)}`;
    case "robbed":
      return `${who(ctx, ev.thief)} stole a card from ${whom(ctx, ev.victim)}`;
    case "stolen_card":
      return `It was 1 ${RESOURCE_LABEL[ev.resource]}`; // only the thief and the victim get this event
    case "bought_dev":
      return `${who(ctx, ev.seat)} bought a development card`;
    case "dev_card":
      return `It is a ${(DEV_LABEL[ev.card] || ev.card).toLowerCase()} card`; // the buyer's private event
    case "played_dev":
      return played(ev, ctx);
    case "largest_army":
      return `${who(ctx, ev.holder)} ${verb(ctx, ev.holder, "take", "takes")} the Largest Army (${plural(ev.knights, "knight")})`;
    case "longest_road":
      return ev.holder === null || ev.holder === undefined
        ? "Longest Road is set aside: nobody alone has the longest road of 5 or more"
        : `${who(ctx, ev.holder)} ${verb(ctx, ev.holder, "take", "takes")} the Longest Road (${ev.length} roads)`;
    case "bank_trade":
      return `${who(ctx, ev.seat)} traded ${cardsText(ev.give)} for ${cardsText(ev.get)} with the bank`;
    case "trade_offered": {
      const to = (ev.to || []).map((s) => whom(ctx, s));
      return `${who(ctx, ev.seat)} ${verb(ctx, ev.seat, "offer", "offers")} ${cardsText(ev.give)} for ${cardsText(ev.get)} to ${listWords(to)}`;
    }
    case "trade_answered":
      return answered(ev, ctx);
    case "trade_done":
      return `${who(ctx, ev.seat)} traded ${cardsText(ev.give)} for ${cardsText(ev.get)} with ${whom(ctx, ev.with)}`;
    case "trade_closed":
      return ev.reason === "declined" ? "Everyone declined the offer" : "The offer was withdrawn";
    case "game_over": {
      if (ev.reason === "no_score") return "Game over: nobody can reach the target any more, the most points wins";
      if (ev.winner === null || ev.winner === undefined) return "Game over: the round limit is reached";
      return `Game over: ${who(ctx, ev.winner)} ${verb(ctx, ev.winner, "win", "wins")}`;
    }
    default:
      return ev.type ? ev.type.replace(/_/g, " ") : "";
  }
}

/** One log line for the events of one action ("" when there is nothing to tell). */
export function describeEvents(events, ctx) {
  return (events || []).map((ev) => one(ev, ctx)).filter(Boolean).join(". ");
}
