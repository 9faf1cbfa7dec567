// Hexal events in words, for the move log and the replay (event shapes: engine/apply.py and
// HexalEngine.setup_events). DOM-free.
//
//   describeEvents(events, {names, view, mySeat, record, actor}) -> one line for one action
//
// Only the events the page was given are told: another seat's drawn cards never reach it, so
// they are never worded. `actor` (the record's or the live snapshot's) adds why a move was
// made for a player: their time ran out, or a bot plays while they are away.

import { gettext, ngettext } from "../js/i18n.js";
import { cardName } from "./cards.js";

function actorNote(actor) {
  const notes = {
    timeout: gettext("time ran out: a move was made for the player"),
    takeover: gettext("a bot plays while the player is away"),
    handover: gettext("a bot plays this seat (moderator's hand-over)"),
    moderator: gettext("by a moderator"),
  };
  return notes[actor];
}

function isMine(ctx, seat) {
  return seat === ctx.mySeat && seat !== null && seat !== undefined;
}

function who(ctx, seat) {
  if (isMine(ctx, seat)) return gettext("You");
  return ctx.names?.[seat] || gettext("Seat %(n)s", { n: Number(seat) + 1 });
}

function listWords(items) {
  if (items.length < 2) return items.join("");
  return gettext("%(items)s and %(last)s", { items: items.slice(0, -1).join(", "), last: items[items.length - 1] });
}

function cardsWords(cards) {
  return listWords((cards || []).map(cardName));
}

function gameOver(ev, ctx) {
  const winners = ev.result?.winners || [];
  const names = listWords(winners.map((s) => who(ctx, s)));
  const why = ev.reason === "passes" ? gettext("the deck is empty and every player passed in a row") : gettext("the round is finished");
  if (!winners.length) return gettext("Game over: %(why)s", { why });
  const score = ev.result?.scores?.[winners[0]];
  const p = { why, names, score: Number(score) };
  if (winners.length > 1) {
    return score !== undefined ? ngettext("Game over (%(why)s): %(names)s win with equal totals with %(score)s point", "Game over (%(why)s): %(names)s win with equal totals with %(score)s points", p.score, p)
      : gettext("Game over (%(why)s): %(names)s win with equal totals", p);
  }
  if (isMine(ctx, winners[0])) {
    return score !== undefined ? ngettext("Game over (%(why)s): You win with %(score)s point", "Game over (%(why)s): You win with %(score)s points", p.score, p) : gettext("Game over (%(why)s): You win", p);
  }
  return score !== undefined ? ngettext("Game over (%(why)s): %(names)s wins with %(score)s point", "Game over (%(why)s): %(names)s wins with %(score)s points", p.score, p) : gettext("Game over (%(why)s): %(names)s wins", p);
}

// Each sentence twice, for this page's seat ("You place") and another ("Bot 2 places").
function one(ev, ctx, all) {
  const mine = isMine(ctx, ev.seat);
  const p = { who: who(ctx, ev.seat), card: ev.card ? cardName(ev.card) : "", level: ev.level };
  switch (ev.type) {
    case "dealt": {
      const q = { players: (ev.hand_counts || []).length, stack: ev.stack_counts?.[0], dealer: who(ctx, ev.dealer) };
      const stacked = (ev.stack_counts || []).some((n) => n > 0);
      if (isMine(ctx, ev.dealer)) {
        return stacked ? gettext("%(players)s players get 6 cards each and a face-down stack of %(stack)s; You deal", q)
          : gettext("%(players)s players get 6 cards each; You deal", q);
      }
      return stacked ? gettext("%(players)s players get 6 cards each and a face-down stack of %(stack)s; %(dealer)s deals", q)
        : gettext("%(players)s players get 6 cards each; %(dealer)s deals", q);
    }
    case "hand":
      return gettext("Your hand: %(cards)s", { cards: cardsWords(ev.cards) });
    case "initial_target":
      return gettext("The initial target is the %(card)s", p);
    case "first_player": {
      const n = ev.playable?.[ev.seat];
      if (n === undefined) return mine ? gettext("You go first") : gettext("%(who)s goes first", p);
      return mine ? ngettext("You go first (%(n)s card playable on the initial target)", "You go first (%(n)s cards playable on the initial target)", n)
        : ngettext("%(who)s goes first (%(n)s card playable on the initial target)", "%(who)s goes first (%(n)s cards playable on the initial target)", n, p);
    }
    case "target":
      if (ev.level) return mine ? gettext("You name the %(card)s as the target (level %(level)s)", p) : gettext("%(who)s names the %(card)s as the target (level %(level)s)", p);
      return mine ? gettext("You name the %(card)s as the target", p) : gettext("%(who)s names the %(card)s as the target", p);
    case "target_cleared":
      return mine ? gettext("You clear the target") : gettext("%(who)s clears the target", p);
    case "placed": {
      const q = { ...p, points: ev.points };
      if (ev.level) return mine ? gettext("You place the %(card)s on level %(level)s: +%(points)s", q) : gettext("%(who)s places the %(card)s on level %(level)s: +%(points)s", q);
      return mine ? gettext("You place the %(card)s: +%(points)s", q) : gettext("%(who)s places the %(card)s: +%(points)s", q);
    }
    case "taken_back":
      return mine ? gettext("You take back the %(card)s", p) : gettext("%(who)s takes back the %(card)s", p);
    case "turn_scored": {
      const cards = ngettext("%(n)s card", "%(n)s cards", (ev.cards || []).length);
      const points = ngettext("%(n)s point", "%(n)s points", ev.points);
      const q = { ...p, points, cards, total: ev.total };
      return mine ? gettext("You score %(points)s with %(cards)s (total %(total)s)", q) : gettext("%(who)s scores %(points)s with %(cards)s (total %(total)s)", q);
    }
    case "discarded":
      return mine ? gettext("You discard the %(card)s", p) : gettext("%(who)s discards the %(card)s", p);
    case "passed": {
      const n = ev.passes_in_a_row;
      return mine ? ngettext("You pass (%(n)s pass in a row)", "You pass (%(n)s passes in a row)", n)
        : ngettext("%(who)s passes (%(n)s pass in a row)", "%(who)s passes (%(n)s passes in a row)", n, p);
    }
    case "drew": {
      const known = all.find((e) => e.type === "drew_cards" && e.seat === ev.seat);
      const what = known ? cardsWords(known.cards) : ngettext("%(n)s card", "%(n)s cards", ev.count);
      const q = { ...p, what, stack: ev.from_stack };
      if (ev.from_stack) return mine ? gettext("You draw %(what)s (%(stack)s from the stack)", q) : gettext("%(who)s draws %(what)s (%(stack)s from the stack)", q);
      return mine ? gettext("You draw %(what)s", q) : gettext("%(who)s draws %(what)s", q);
    }
    case "drew_cards":
      return ""; // told with "drew"
    case "target_reached": {
      const q = { ...p, total: ev.total };
      return mine ? gettext("You reach %(total)s points: the round is finished, then the game ends", q)
        : gettext("%(who)s reaches %(total)s points: the round is finished, then the game ends", q);
    }
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
  const note = actorNote(ctx.record?.actor ?? ctx.actor);
  return text && note ? gettext("%(text)s (%(note)s)", { text, note }) : text;
}
