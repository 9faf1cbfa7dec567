// Hexal events in words, for the move log and the replay (event shapes: engine/apply.py and
// HexalEngine.setup_events). DOM-free.
//
//   describeEvents(events, {names, view, mySeat, record, actor}) -> one line for one action
//
// Only the events the page was given are told: another seat's drawn cards never reach it, so
// they are never worded. `actor` (the record's or the live snapshot's) adds why a move was
// made for a player: their time ran out, or a bot plays while they are away.

import { cardName } from "./cards.js";

const ACTOR_NOTE = {
  timeout: "time ran out: a move was made for the player",
  takeover: "a bot plays while the player is away",
  handover: "a bot plays this seat (moderator's hand-over)",
  moderator: "by a moderator",
};

export function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}

function who(ctx, seat) {
  if (seat === ctx.mySeat && seat !== null && seat !== undefined) return "You";
  return ctx.names?.[seat] || `Seat ${Number(seat) + 1}`;
}

function verb(ctx, seat, you, other) {
  return seat === ctx.mySeat ? you : other;
}

function listWords(items) {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function cardsWords(cards) {
  return listWords((cards || []).map(cardName));
}

function gameOver(ev, ctx) {
  const winners = ev.result?.winners || [];
  const names = winners.map((s) => who(ctx, s));
  const why = ev.reason === "passes" ? "the deck is empty and every player passed in a row" : "the round is finished";
  if (!names.length) return `Game over: ${why}`;
  const many = names.length > 1;
  const win = many || winners[0] === ctx.mySeat ? "win" : "wins";
  const score = ev.result?.scores?.[winners[0]];
  return `Game over (${why}): ${listWords(names)} ${win}${many ? " with equal totals" : ""}${score !== undefined ? ` with ${Number(score)} points` : ""}`;
}

function one(ev, ctx, all) {
  switch (ev.type) {
    case "dealt": {
      const stacks = (ev.stack_counts || []).some((n) => n > 0) ? ` and a face-down stack of ${ev.stack_counts[0]}` : "";
      return `${(ev.hand_counts || []).length} players get 6 cards each${stacks}; ${who(ctx, ev.dealer)} ${verb(ctx, ev.dealer, "deal", "deals")}`;
    }
    case "hand":
      return `Your hand: ${cardsWords(ev.cards)}`;
    case "initial_target":
      return `The initial target is the ${cardName(ev.card)}`;
    case "first_player": {
      const n = ev.playable?.[ev.seat];
      return `${who(ctx, ev.seat)} ${verb(ctx, ev.seat, "go", "goes")} first${n !== undefined ? ` (${plural(n, "card")} playable on the initial target)` : ""}`;
    }
    case "target":
      return `${who(ctx, ev.seat)} ${verb(ctx, ev.seat, "name", "names")} the ${cardName(ev.card)} as the target${ev.level ? ` (level ${ev.level})` : ""}`;
    case "target_cleared":
      return `${who(ctx, ev.seat)} ${verb(ctx, ev.seat, "clear", "clears")} the target`;
    case "placed":
      return `${who(ctx, ev.seat)} ${verb(ctx, ev.seat, "place", "places")} the ${cardName(ev.card)}${ev.level ? ` on level ${ev.level}` : ""}: +${ev.points}`;
    case "taken_back":
      return `${who(ctx, ev.seat)} ${verb(ctx, ev.seat, "take", "takes")} back the ${cardName(ev.card)}`;
    case "turn_scored":
      return `${who(ctx, ev.seat)} ${verb(ctx, ev.seat, "score", "scores")} ${plural(ev.points, "point")} with ${plural((ev.cards || []).length, "card")} (total ${ev.total})`;
    case "discarded":
      return `${who(ctx, ev.seat)} ${verb(ctx, ev.seat, "discard", "discards")} the ${cardName(ev.card)}`;
    case "passed":
      return `${who(ctx, ev.seat)} ${verb(ctx, ev.seat, "pass", "passes")} (${plural(ev.passes_in_a_row, "pass", "passes")} in a row)`;
    case "drew": {
      const mine = all.find((e) => e.type === "drew_cards" && e.seat === ev.seat);
      const stack = ev.from_stack ? ` (${ev.from_stack} from the stack)` : "";
      if (mine) return `${who(ctx, ev.seat)} ${verb(ctx, ev.seat, "draw", "draws")} ${cardsWords(mine.cards)}${stack}`;
      return `${who(ctx, ev.seat)} ${verb(ctx, ev.seat, "draw", "draws")} ${plural(ev.count, "card")}${stack}`;
    }
    case "drew_cards":
      return ""; // told with "drew"
    case "target_reached":
      return `${who(ctx, ev.seat)} ${verb(ctx, ev.seat, "reach", "reaches")} ${ev.total} points: the round is finished, then the game ends`;
    case "turn":
      return "";
    case "game_over":
      return gameOver(ev, ctx);
    default:
      return ev.type ? String(ev.type).replace(/_/g, " ") : "";
  }
}

/** One log line for the events of one action ("" when there is nothing to tell). */
export function describeEvents(events, ctx) {
  const list = Array.isArray(events) ? events : [];
  const text = list.map((ev) => one(ev, ctx, list)).filter(Boolean).join(". ");
  const actor = ctx.record?.actor ?? ctx.actor;
  const note = ACTOR_NOTE[actor];
  return text && note ? `${text} (${note})` : text;
}
