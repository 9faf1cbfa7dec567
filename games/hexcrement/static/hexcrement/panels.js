// The panels beside the board, shared by the live table and the replay:
// - "What happened": the latest turn told with pictures: each Hex card turned up (which card,
//   what it did, to whom), each battle with every beetle's die, thefts, gifts and lost turns;
// - "Beetles": every beetle with its direction, the dung it carries, its swipe cards and its
//   status effects in words.
//
//   latestTurn(actions) -> {seat, events}       the turn to tell from a list of actions' events
//   renderStory(node, turn, ctx, {onHelp})      ctx = {names, mySeat, view}
//   renderBeetles(list, view, ctx, {onHelp})

import { paintSwatch } from "../js/palette.js";
import { h } from "../js/dom.js";
import { colourCss, effectsOf } from "./board.js";
import { dieSvg } from "./dice.js";
import { gameData, sentences } from "./describe.js";
import { gettext, labelled, ngettext } from "../js/i18n.js";
import { colourWord } from "../js/seats.js";
import { EFFECTS, cardHelp, cardKind, cardName, directionWords, dungColour, isMine, nameOf } from "./words.js";

// Events that make the story (the roll is in the tray, the rest is in the log).
const TOLD = new Set(["card", "effect", "battle", "stole", "swipe_used", "gave", "dropped", "morphed", "peeked",
  "turn_lost", "chain_limit", "no_replacement", "game_over", "moved"]);

/**
 * The turn to tell, from `actions` (oldest first, each a list of events): the events since
 * the last "turn" event, or, when nothing worth telling happened yet in this turn (a roll is
 * in the tray), the turn before it.
 * Returns {seat, events} (seat null when unknown).
 */
export function latestTurn(actions) {
  const flat = actions.flat();
  const starts = [];
  flat.forEach((ev, i) => ev.type === "turn" && starts.push(i));
  if (!starts.length) return { seat: flat.find((e) => e.seat !== undefined)?.seat ?? null, events: flat };
  const last = starts[starts.length - 1];
  const events = flat.slice(last + 1);
  if (events.some((e) => TOLD.has(e.type))) return { seat: flat[last].seat, events };
  const prev = starts.length > 1 ? starts[starts.length - 2] : -1;
  const before = flat.slice(prev + 1, last);
  return { seat: prev >= 0 ? flat[prev].seat : before.find((e) => e.seat !== undefined)?.seat ?? null, events: before };
}

/** Cells the turn's cards were resolved on, peeked at or dropped on (the board rings them). */
export function toldCells(turn) {
  const out = new Set();
  for (const ev of turn.events || []) {
    if ((ev.type === "card" || ev.type === "peeked" || ev.type === "dropped") && typeof ev.cell === "number") out.add(ev.cell);
  }
  return out;
}

/** A Hex card as a small tile (a button: a tap shows what the card does). */
export function cardTile(code, onHelp) {
  const kind = cardKind(code);
  const tile = h("button", { type: "button", class: `hx-tile hx-kind-${kind}`, title: cardHelp(code), "aria-label": labelled(cardName(code), cardHelp(code)) });
  if (kind === "DUNG") {
    const dot = h("span", { class: "hx-tile-dot", "aria-hidden": "true" });
    dot.style.background = colourCss(gameData(), dungColour(code));
    tile.append(dot, "DUNG");
  } else {
    tile.append(kind || "?");
  }
  tile.addEventListener("click", () => onHelp?.(cardHelp(code)));
  return tile;
}

function battleRow(ev, ctx) {
  const row = h("div", { class: "hx-battle" });
  for (const r of ev.rolls || []) {
    const colour = ctx.view?.seats?.[r.seat]?.colour || "#fff";
    const won = r.seat !== ev.seat && (ev.beaten || []).includes(r.seat);
    const cell = h("span", { class: `hx-fighter${r.seat === ev.seat ? " hx-challenger" : ""}${won ? " hx-beaten" : ""}` });
    cell.append(dieSvg(r.roll, colour), h("span", { class: "hx-fighter-name", text: nameOf(ctx, r.seat, { capital: true }) }));
    if (r.seat === ev.seat) cell.append(h("span", { class: "hx-fighter-note small", text: "challenger" }));
    else if (won) cell.append(h("span", { class: "hx-fighter-note small", text: "beaten" }));
    row.append(cell);
  }
  return row;
}

/** Fills `node` with the story of `turn` ({seat, events}); hidden when there is nothing. */
export function renderStory(node, turn, ctx, { onHelp = null } = {}) {
  if (!node) return;
  const list = node.querySelector(".hx-story-list") || node;
  const head = node.querySelector(".hx-story-head");
  list.replaceChildren();
  const items = sentences(turn.events, ctx).filter(({ ev, text }) => text && TOLD.has(ev.type));
  node.hidden = !items.length;
  if (!items.length) return;
  if (head) head.textContent = turn.seat === null || turn.seat === undefined ? gettext("What happened")
    : isMine(ctx, turn.seat) ? gettext("What happened: your turn") : gettext("What happened: %(name)s's turn", { name: nameOf(ctx, turn.seat) });
  for (const { ev, text } of items) {
    const li = h("li", { class: `hx-story-item hx-ev-${ev.type}` });
    if (ev.type === "card" && ev.card) li.append(cardTile(ev.card, onHelp));
    else if ((ev.type === "dropped" || ev.type === "peeked" || ev.type === "gave" || ev.type === "stole") && ev.card) li.append(cardTile(ev.card, onHelp));
    li.append(h("span", { class: "hx-story-text", text }));
    if (ev.type === "battle") li.append(battleRow(ev, ctx));
    list.append(li);
  }
}

/** A status effect as a badge (a button: a tap tells what it does). */
export function effectBadge(name, onHelp) {
  const e = EFFECTS[name];
  const b = h("button", { type: "button", class: `hx-chip-badge hx-badge-${name}`, title: e.help, "aria-label": e.help, text: name });
  b.style.background = e.colour;
  b.addEventListener("click", () => onHelp?.(`${e.help}.`));
  return b;
}

/** A dung card carried, as a chip in its colour. */
export function dungChip(code) {
  const chip = h("span", { class: "hx-dung-chip", title: cardName(code), text: colourWord(dungColour(code)) });
  chip.style.setProperty("--dung", colourCss(gameData(), dungColour(code)));
  return chip;
}

/** One row per beetle: swatch, name, direction, dung, swipes, effects, the goal reached. */
export function renderBeetles(list, view, ctx, { onHelp = null } = {}) {
  if (!list) return;
  list.replaceChildren();
  for (const s of view?.seats || []) {
    const li = h("li", { class: `hx-beetle-row${(view.to_act || []).includes(s.seat) ? " hx-acting" : ""}`, "data-seat": s.seat });
    const sw = h("span", { class: "hx-swatch", "aria-hidden": "true" });
    paintSwatch(sw, s.seat, s.colour, ctx.colourBlind);
    const arrow = h("span", { class: "hx-dir", title: gettext("moves %(direction)s", { direction: directionWords(s.direction) }), text: s.direction === "cw" ? "↻" : "↺" });
    const name = h("span", { class: "hx-beetle-name", text: `${nameOf(ctx, s.seat, { capital: true })}` });
    const bits = h("span", { class: "hx-beetle-bits" });
    if (s.dung?.length) for (const d of s.dung) bits.append(dungChip(d));
    else bits.append(h("span", { class: "muted small", text: gettext("no dung") }));
    if (s.swipes?.length) bits.append(h("span", { class: "hx-swipe-chip", title: gettext("SWIPE cards held"), text: ngettext("%(n)s swipe", "%(n)s swipes", s.swipes.length) }));
    for (const e of effectsOf(s)) bits.append(effectBadge(e, onHelp));
    if (s.goal) bits.append(h("span", { class: "hx-goal", title: gettext("carries the dung to win: heading home"), text: gettext("⌂ heading home") }));
    li.append(sw, arrow, name, bits);
    list.append(li);
  }
}
