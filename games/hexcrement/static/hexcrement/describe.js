// Hexcrement events in words, for the move log, the replay and the "what happened" panel
// (event shapes: engine/apply.py, flow.py, resolve.py).
//   describeEvents(events, {names, view, mySeat}) -> one line for one action's events
//   sentences(events, ctx) -> the same as a list of {ev, text}

import { readJsonScript } from "../js/dom.js";
import { gettext, ngettext } from "../js/i18n.js";
import { cardName, cellWords, directionWords, isMine, listWords, nameOf } from "./words.js";

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

// Each sentence twice, for this page's seat ("You roll") and for another ("Bot 2 rolls"):
// word order and verb forms differ by language, so no English verb is glued in.
function lost(reason, mine, who) {
  switch (reason) {
    case "trap":
      return mine ? gettext("You are caught in a TRAP and lose the turn") : gettext("%(who)s is caught in a TRAP and loses the turn", { who });
    case "no_perpendicular":
      return mine ? gettext("You must move perpendicular but stand outside the five central columns: the turn is lost")
        : gettext("%(who)s must move perpendicular but stands outside the five central columns: the turn is lost", { who });
    case "no_room":
      return mine ? gettext("You have no cell at that distance: the turn is lost") : gettext("%(who)s has no cell at that distance: the turn is lost", { who });
    case "blocked":
      return mine ? gettext("You are BLOCKed to no move at all: the turn is lost") : gettext("%(who)s is BLOCKed to no move at all: the turn is lost", { who });
    default:
      return mine ? gettext("You lose the turn") : gettext("%(who)s loses the turn", { who });
  }
}

function nextTurn(kind) {
  const words = {
    FRUIT: gettext("two dice next turn"),
    ROCK: gettext("a perpendicular move next turn"),
    TRAP: gettext("the next turn is lost"),
    SURGE: gettext("2 extra spaces next turn"),
  };
  return words[kind] || gettext("an effect on the next turn");
}

function rolled(ev, ctx) {
  const who = nameOf(ctx, ev.seat, { capital: true });
  const dice = ev.dice || [];
  let text = dice.length > 1 ? `${dice.join(" + ")} = ${dice.reduce((a, b) => a + b, 0)}` : String(dice[0] ?? "?");
  const mods = [];
  if ((ev.effects || []).includes("SURGE")) mods.push("+2 SURGE");
  if ((ev.effects || []).includes("BLOCK")) mods.push("−1 BLOCK");
  if (mods.length) text += ` (${mods.join(", ")})`;
  const how = ev.mode === "perpendicular"
    ? ngettext("%(n)s cell perpendicular", "%(n)s cells perpendicular", ev.steps)
    : ngettext("%(n)s step", "%(n)s steps", ev.steps);
  const p = { who, dice: text, how };
  const line = isMine(ctx, ev.seat) ? gettext("You roll %(dice)s: %(how)s", p) : gettext("%(who)s rolls %(dice)s: %(how)s", p);
  return ev.dash ? gettext("DASH extra turn: %(line)s", { line }) : line;
}

function card(ev, ctx) {
  const who = nameOf(ctx, ev.seat, { capital: true });
  const mine = isMine(ctx, ev.seat);
  const name = cardName(ev.card);
  const turned = mine ? gettext("You turn up %(card)s", { card: name }) : gettext("%(who)s turns up %(card)s", { who, card: name });
  const p = { turned, who, card: name };
  switch (ev.effect) {
    case "picked_up": {
      let took;
      if (ev.kind === "DUNG") took = mine ? gettext("You find %(card)s and pick it up", p) : gettext("%(who)s finds %(card)s and picks it up", p);
      else took = mine ? gettext("You pick up a SWIPE card") : gettext("%(who)s picks up a SWIPE card", p);
      return ev.replaced ? gettext("%(took)s; a card from the dice tray takes its place, face down", { took })
        : gettext("%(took)s; the dice tray is empty, the space stays bare", { took });
    }
    case "tunnel_open":
      return mine ? gettext("You open a TUNNEL: it stays face up") : gettext("%(who)s opens a TUNNEL: it stays face up", p);
    case "extra_turn":
      return gettext("%(turned)s: an extra turn with one die", p);
    case "direction": {
      const q = { ...p, direction: directionWords(ev.direction) };
      return mine ? gettext("%(turned)s: now move %(direction)s", q) : gettext("%(turned)s: now moves %(direction)s", q);
    }
    case "next_turn":
      return gettext("%(turned)s: %(effect)s", { turned, effect: nextTurn(ev.kind) });
    case "no_target":
      return gettext("%(turned)s: nobody and nothing it can act on", p);
    case "choose":
      return mine ? gettext("%(turned)s and choose…", p) : gettext("%(turned)s and chooses…", p);
    case "replaced":
      return gettext("%(turned)s: nothing to act on, so it goes back to the dice tray and a card from the tray takes its place", p);
    case "shielded":
      return mine ? gettext("%(turned)s: protected until your next turn", p) : gettext("%(turned)s: protected until their next turn", p);
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
  const p = { who: nameOf(ctx, ev.seat, { capital: true }), whom: nameOf(ctx, ev.target), kind: ev.kind };
  switch (ev.kind) {
    case "BLOCK":
      return gettext("BLOCK on %(whom)s: one space fewer next turn", p);
    case "MEAN":
      return gettext("MEAN on %(whom)s: only perpendicular next turn", p);
    case "PUSH": {
      const q = { ...p, direction: directionWords(ev.direction) };
      return isMine(ctx, ev.target) ? gettext("PUSH: %(whom)s now move %(direction)s", q) : gettext("PUSH: %(whom)s now moves %(direction)s", q);
    }
    case "SWAP":
      return gettext("SWAP: %(who)s and %(whom)s change places", p);
    default:
      return gettext("%(kind)s on %(whom)s", p);
  }
}

function battle(ev, ctx) {
  const rolls = (ev.rolls || []).map((r) => `${nameOf(ctx, r.seat, { capital: r.seat === ev.seat })} (${r.roll})`);
  const head = gettext("Battle! %(rolls)s", { rolls: rolls.join(" vs ") });
  const beaten = ev.beaten || [];
  if (!beaten.length) return gettext("%(head)s: the challenger beats nobody, no dung changes hands", { head });
  const p = { head, who: nameOf(ctx, ev.seat, { capital: true }), whom: listWords(beaten.map((s) => nameOf(ctx, s))) };
  return isMine(ctx, ev.seat) ? gettext("%(head)s: You beat %(whom)s", p) : gettext("%(head)s: %(who)s beats %(whom)s", p);
}

function gameOver(ev, ctx) {
  if (ev.reason === "limit") return gettext("Game over: the %(rounds)s-round limit; the most dung wins", { rounds: ev.rounds || 100 });
  const p = { who: nameOf(ctx, ev.winner, { capital: true }), dung: listWords((ev.dung || []).map(cardName)) };
  return isMine(ctx, ev.winner) ? gettext("Game over: You are home with %(dung)s and win!", p) : gettext("Game over: %(who)s is home with %(dung)s and wins!", p);
}

function setup(ev, ctx) {
  const dirs = (ev.directions || []).map((d, s) => `${nameOf(ctx, s)} ${directionWords(d)}`);
  const rounds = (ev.who_starts || []).length;
  const head = gettext("Setup: %(cards)s Hex cards face down on the mats, %(pool)s in the dice tray. Directions: %(directions)s.",
    { cards: ev.cards_on_mats, pool: ev.pool, directions: listWords(dirs) });
  const p = { who: nameOf(ctx, ev.first, { capital: true }), rounds };
  const mine = isMine(ctx, ev.first);
  let start;
  if (rounds > 1) {
    start = mine ? gettext("You rolled the first 2 (after %(rounds)s rounds of rolling) and start", p)
      : gettext("%(who)s rolled the first 2 (after %(rounds)s rounds of rolling) and starts", p);
  } else {
    start = mine ? gettext("You rolled the first 2 and start", p) : gettext("%(who)s rolled the first 2 and starts", p);
  }
  return `${head} ${start}`;
}

function one(ev, ctx) {
  const who = nameOf(ctx, ev.seat, { capital: true });
  const mine = isMine(ctx, ev.seat);
  switch (ev.type) {
    case "setup":
      return setup(ev, ctx);
    case "turn": {
      const on = [...(ev.effects || [])];
      if (!on.length) return "";
      const p = { who, effects: listWords(on) };
      return mine ? gettext("Your turn, with %(effects)s in force", p) : gettext("%(who)s's turn, with %(effects)s in force", p);
    }
    case "rolled":
      return rolled(ev, ctx);
    case "turn_lost":
      return lost(ev.reason, mine, who);
    case "moved": {
      const p = { who, where: where(ev.to) };
      if (ev.by === "ODOUR") return mine ? gettext("ODOUR: You follow the smell to %(where)s", p) : gettext("ODOUR: %(who)s follows the smell to %(where)s", p);
      if (ev.by === "perpendicular") return mine ? gettext("You move perpendicular to %(where)s", p) : gettext("%(who)s moves perpendicular to %(where)s", p);
      return mine ? gettext("You move to %(where)s", p) : gettext("%(who)s moves to %(where)s", p);
    }
    case "card":
      return card(ev, ctx);
    case "effect":
      return effect(ev, ctx);
    case "battle":
      return battle(ev, ctx);
    case "stole": {
      const p = { who, card: cardName(ev.card), from: nameOf(ctx, ev.from) };
      return mine ? gettext("You take %(card)s from %(from)s", p) : gettext("%(who)s takes %(card)s from %(from)s", p);
    }
    case "swipe_used": {
      const p = { who, target: nameOf(ctx, ev.target) };
      return mine ? gettext("You spend a SWIPE on %(target)s instead of fighting", p) : gettext("%(who)s spends a SWIPE on %(target)s instead of fighting", p);
    }
    case "gave": {
      const p = { who, card: cardName(ev.card), to: nameOf(ctx, ev.to) };
      return mine ? gettext("GIVE: You give %(card)s to %(to)s", p) : gettext("GIVE: %(who)s gives %(card)s to %(to)s", p);
    }
    case "dropped": {
      const p = { who, card: cardName(ev.card), where: where(ev.cell) };
      return mine ? gettext("MUD: You drop %(card)s on %(where)s; the MUD card goes back to the dice tray", p)
        : gettext("MUD: %(who)s drops %(card)s on %(where)s; the MUD card goes back to the dice tray", p);
    }
    case "morphed":
      return gettext("MORPH: the card swaps places with the one on %(where)s", { where: where(ev.with) });
    case "peeked":
      return gettext("PEEK: the card on %(where)s is %(card)s, now known to all", { where: where(ev.cell), card: cardName(ev.card) });
    case "chain_limit":
      return gettext("%(n)s cards in one move: the move ends here", { n: ev.limit });
    case "no_replacement":
      return gettext("The dice tray is empty: nothing replaces %(card)s", { card: cardName(ev.card) });
    case "extra_turn":
      return mine ? gettext("You take the DASH extra turn") : gettext("%(who)s takes the DASH extra turn", { who });
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
function madeBy(actor) {
  const words = {
    timeout: gettext("Time ran out, a bot moved"),
    takeover: gettext("A bot, for the absent player"),
    handover: gettext("A bot, after a moderator's hand-over"),
    moderator: gettext("A moderator"),
  };
  return words[actor];
}

/** One log line for the events of one action ("" when there is nothing to tell); a move
 * made by the timer, a bot holding the seat or a moderator says so first (``ctx.actor``, else
 * ``ctx.record.actor``). */
export function describeEvents(events, ctx) {
  const text = sentences(events, ctx).map((s) => s.text).filter(Boolean).join(". ");
  const by = madeBy(ctx.actor ?? ctx.record?.actor);
  return text && by ? gettext("%(by)s: %(text)s", { by, text }) : text;
}
