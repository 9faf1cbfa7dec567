// Hexcrement events in words, for the move log, the replay and the "what happened" panel
// (event shapes: engine/apply.py, flow.py, resolve.py).
//   describeEvents(events, {names, view, mySeat}) -> one line for one action's events
//   sentences(events, ctx) -> the same as a list of {ev, text}

import { readJsonScript } from "../js/dom.js";
import { cardName, cellWords, directionWords, listWords, nameOf, plural, verb } from "./words.js";

let DATA = null;
/** The board data of the page (the JSON script "game-data"), read once. */
export function gameData() {
  if (DATA === null) DATA = (typeof document !== "undefined" && readJsonScript("game-data")) || {};
  return DATA;
}

function where(cell) {
  const d = gameData();
  return cellWords(d.board, d.colours, cell);
}

const LOST = {
  trap: "is caught in a TRAP and loses the turn",
  no_perpendicular: "must move perpendicular but stands outside the five central columns: the turn is lost",
  no_room: "has no cell at that distance: the turn is lost",
  blocked: "is BLOCKed to no move at all: the turn is lost",
};
const NEXT_TURN = {
  FRUIT: "two dice next turn",
  ROCK: "a perpendicular move next turn",
  TRAP: "the next turn is lost",
  SURGE: "2 extra spaces next turn",
};

function rolled(ev, ctx) {
  const who = nameOf(ctx, ev.seat, { capital: true });
  const dice = ev.dice || [];
  let text = dice.length > 1 ? `${dice.join(" + ")} = ${dice.reduce((a, b) => a + b, 0)}` : String(dice[0] ?? "?");
  const mods = [];
  if ((ev.effects || []).includes("SURGE")) mods.push("+2 SURGE");
  if ((ev.effects || []).includes("BLOCK")) mods.push("−1 BLOCK");
  if (mods.length) text += ` (${mods.join(", ")})`;
  const how = ev.mode === "perpendicular" ? plural(ev.steps, "cell") + " perpendicular" : plural(ev.steps, "step");
  const dash = ev.dash ? "DASH extra turn: " : "";
  return `${dash}${who} ${verb(ctx, ev.seat, "roll", "rolls")} ${text}: ${how}`;
}

function card(ev, ctx) {
  const who = nameOf(ctx, ev.seat, { capital: true });
  const name = cardName(ev.card);
  const turned = `${who} ${verb(ctx, ev.seat, "turn", "turns")} up ${name}`;
  switch (ev.effect) {
    case "picked_up": {
      const took = ev.kind === "DUNG" ? `${who} ${verb(ctx, ev.seat, "find", "finds")} ${name} and ${verb(ctx, ev.seat, "pick", "picks")} it up` : `${who} ${verb(ctx, ev.seat, "pick", "picks")} up a SWIPE card`;
      return `${took}${ev.replaced ? "; a card from the dice tray takes its place, face down" : "; the dice tray is empty, the space stays bare"}`;
    }
    case "tunnel_open":
      return `${who} ${verb(ctx, ev.seat, "open", "opens")} a TUNNEL: it stays face up`;
    case "extra_turn":
      return `${turned}: an extra turn with one die`;
    case "direction":
      return `${turned}: now ${verb(ctx, ev.seat, "move", "moves")} ${directionWords(ev.direction)}`;
    case "next_turn":
      return `${turned}: ${NEXT_TURN[ev.kind] || "an effect on the next turn"}`;
    case "no_target":
      return `${turned}: nobody and nothing it can act on`;
    case "choose":
      return `${turned} and ${verb(ctx, ev.seat, "choose", "chooses")}…`;
    case "replaced":
      return `${turned}: nothing to act on, so it goes back to the dice tray and a card from the tray takes its place`;
    case "shielded":
      return `${turned}: protected until ${verb(ctx, ev.seat, "your", "their")} next turn`;
    case "target":
    case "give":
    case "drop":
    case "peek":
    case "odour":
      return turned; // what it did follows in the next event
    default:
      return turned;
  }
}

function effect(ev, ctx) {
  const who = nameOf(ctx, ev.seat, { capital: true });
  const whom = nameOf(ctx, ev.target);
  switch (ev.kind) {
    case "BLOCK":
      return `BLOCK on ${whom}: one space fewer next turn`;
    case "MEAN":
      return `MEAN on ${whom}: only perpendicular next turn`;
    case "PUSH":
      return `PUSH: ${whom} now ${verb(ctx, ev.target, "move", "moves")} ${directionWords(ev.direction)}`;
    case "SWAP":
      return `SWAP: ${who} and ${whom} change places`;
    default:
      return `${ev.kind} on ${whom}`;
  }
}

function battle(ev, ctx) {
  const rolls = (ev.rolls || []).map((r) => `${nameOf(ctx, r.seat, { capital: r.seat === ev.seat })} (${r.roll})`);
  const head = `Battle! ${rolls.join(" vs ")}`;
  const beaten = ev.beaten || [];
  if (!beaten.length) return `${head}: the challenger beats nobody, no dung changes hands`;
  return `${head}: ${nameOf(ctx, ev.seat, { capital: true })} ${verb(ctx, ev.seat, "beat", "beats")} ${listWords(beaten.map((s) => nameOf(ctx, s)))}`;
}

function gameOver(ev, ctx) {
  if (ev.reason === "limit") return `Game over: the ${ev.rounds || 100}-round limit; the most dung wins`;
  const who = nameOf(ctx, ev.winner, { capital: true });
  return `Game over: ${who} ${verb(ctx, ev.winner, "are", "is")} home with ${listWords((ev.dung || []).map(cardName))} and ${verb(ctx, ev.winner, "win", "wins")}!`;
}

function setup(ev, ctx) {
  const dirs = (ev.directions || []).map((d, s) => `${nameOf(ctx, s)} ${directionWords(d)}`);
  const rounds = (ev.who_starts || []).length;
  return `Setup: ${ev.cards_on_mats} Hex cards face down on the mats, ${ev.pool} in the dice tray. Directions: ${listWords(dirs)}. ${nameOf(ctx, ev.first, { capital: true })} rolled the first 2${rounds > 1 ? ` (after ${rounds} rounds of rolling)` : ""} and ${verb(ctx, ev.first, "start", "starts")}`;
}

function one(ev, ctx) {
  const who = nameOf(ctx, ev.seat, { capital: true });
  switch (ev.type) {
    case "setup":
      return setup(ev, ctx);
    case "turn": {
      const on = [...(ev.effects || [])];
      return on.length ? `${ev.seat === ctx.mySeat ? "Your" : `${who}'s`} turn, with ${listWords(on)} in force` : "";
    }
    case "rolled":
      return rolled(ev, ctx);
    case "turn_lost":
      return `${who} ${LOST[ev.reason] || "loses the turn"}`;
    case "moved":
      if (ev.by === "ODOUR") return `ODOUR: ${who} ${verb(ctx, ev.seat, "follow", "follows")} the smell to ${where(ev.to)}`;
      return `${who} ${verb(ctx, ev.seat, "move", "moves")} ${ev.by === "perpendicular" ? "perpendicular " : ""}to ${where(ev.to)}`;
    case "card":
      return card(ev, ctx);
    case "effect":
      return effect(ev, ctx);
    case "battle":
      return battle(ev, ctx);
    case "stole":
      return `${who} ${verb(ctx, ev.seat, "take", "takes")} ${cardName(ev.card)} from ${nameOf(ctx, ev.from)}`;
    case "swipe_used":
      return `${who} ${verb(ctx, ev.seat, "spend", "spends")} a SWIPE on ${nameOf(ctx, ev.target)} instead of fighting`;
    case "gave":
      return `GIVE: ${who} ${verb(ctx, ev.seat, "give", "gives")} ${cardName(ev.card)} to ${nameOf(ctx, ev.to)}`;
    case "dropped":
      return `MUD: ${who} ${verb(ctx, ev.seat, "drop", "drops")} ${cardName(ev.card)} on ${where(ev.cell)}; the MUD card goes back to the dice tray`;
    case "morphed":
      return `MORPH: the card swaps places with the one on ${where(ev.with)}`;
    case "peeked":
      return `PEEK: the card on ${where(ev.cell)} is ${cardName(ev.card)}, now known to all`;
    case "chain_limit":
      return `${ev.limit} cards in one move: the move ends here`;
    case "no_replacement":
      return `The dice tray is empty: nothing replaces ${cardName(ev.card)}`;
    case "extra_turn":
      return `${who} ${verb(ctx, ev.seat, "take", "takes")} the DASH extra turn`;
    case "game_over":
      return gameOver(ev, ctx);
    default:
      return ev.type ? ev.type.replace(/_/g, " ") : "";
  }
}

/** Each event with its words ("" for the ones left unsaid). */
export function sentences(events, ctx) {
  return (events || []).map((ev) => ({ ev, text: one(ev, ctx) }));
}

// Moves not made by the seat's own player, marked as such (MoveRecord.Actor).
const MADE_BY = {
  timeout: "Time ran out, a bot moved",
  takeover: "A bot, for the absent player",
  handover: "A bot, after a moderator's hand-over",
  moderator: "A moderator",
};

/** One log line for the events of one action ("" when there is nothing to tell); a move
 * made by the timer, a bot holding the seat or a moderator says so first (``ctx.actor``, else
 * ``ctx.record.actor``). */
export function describeEvents(events, ctx) {
  const text = sentences(events, ctx).map((s) => s.text).filter(Boolean).join(". ");
  const by = MADE_BY[ctx.actor ?? ctx.record?.actor];
  return text && by ? `${by}: ${text}` : text;
}
