// The HTML parts of the HexBoard Words table shared by the live page and the replay: the bar
// above the board (bag, deck, the hourglass) and the players' completed word-cards with their
// tiles and suggested words (engine/view.py "players").
//
//   renderPlayers(node, view, {names, mySeat, stealable: Set(words) | null, target, onSteal(word), colourBlind})
//   renderBar(node, view)
//   new Hourglass(node) .update(deadline, seconds, turnKey)   the turn's hourglass

import { h } from "../js/dom.js";
import { gettext, labelled, ngettext } from "../js/i18n.js";
import { paintSwatch } from "../js/palette.js";
import { teamText } from "../js/seats.js";

function name(names, mySeat, seat) {
  return seat === mySeat ? gettext("You") : names?.[seat] || gettext("Seat %(n)s", { n: seat + 1 });
}

/** A row of small tiles spelling a word-card's current word (the blank marked). */
export function tileRow(tiles, cls = "hw-mini") {
  return h("span", { class: `${cls}-row`, "aria-hidden": "true" },
    ...(tiles || []).map((t) => h("span", { class: `${cls}${t.tile === "BLANK" ? " hw-mini-blank" : ""}`, text: String(t.letter).toUpperCase() })));
}

/**
 * The players' completed word-cards. Each card shows its tiles (the current word), the
 * 3-letter word printed on it and its suggested words; a card `stealable` holds is a button
 * that starts a steal of it (`onSteal(word)`).
 */
export function renderPlayers(node, view, { names = [], mySeat = null, stealable = null, target = null, onSteal = () => {}, colourBlind = false } = {}) {
  if (!node) return;
  node.replaceChildren();
  const goal = view?.options?.cards_to_win ?? 5;
  for (const p of view?.players || []) {
    const env = (view.seats || []).find((s) => s.seat === p.seat);
    const colour = env?.colour || "#888";
    const swatch = h("span", { class: "seat-swatch", "aria-hidden": "true", text: String(p.seat + 1) });
    paintSwatch(swatch, p.seat, colour, colourBlind); // the player's colour-blind setting: the seat's mark
    const count = p.team !== null && p.team !== undefined
      ? `${ngettext("%(n)s word-card", "%(n)s word-cards", p.card_count)} · ${labelled(teamText(p.team), gettext("%(n)s of %(goal)s", { n: p.team_cards, goal }))}`
      : gettext("%(n)s of %(goal)s word-cards", { n: p.card_count, goal });
    const head = h("div", { class: "hw-player-head" }, swatch,
      h("strong", { text: name(names, mySeat, p.seat) }), h("span", { class: "muted small", text: count }),
      p.has_hidden_tile ? h("span", { class: "hw-hidden-mark small", title: gettext("Holds a hidden tile, placed on the board when their turn begins"), text: gettext("▣ hidden tile") }) : null);
    const cards = h("div", { class: "hw-held-list" });
    for (const c of p.cards || []) {
      const canSteal = stealable?.has(c.word);
      const about = gettext("%(word)s (card %(card)s). Suggested: %(suggested)s.", { word: c.word.toUpperCase(), card: c.card.toUpperCase(), suggested: (c.suggestions || []).join(", ") || gettext("none") });
      const help = canSteal ? `${about} ${gettext("Steal it: add board tiles and rearrange.")}` : about;
      const body = [
        tileRow(c.tiles),
        h("span", { class: "hw-held-word visually-hidden", text: c.word }),
        h("span", { class: "hw-held-card small", text: gettext("card %(n)s", { n: c.card.toUpperCase() }) }),
        h("span", { class: "hw-held-sugg small", text: (c.suggestions || []).join(" · ") }),
      ];
      const attrs = { class: `hw-held${canSteal ? " hw-held-stealable" : ""}${target === c.word ? " hw-held-target" : ""}`, title: help, "data-word": c.word, "aria-label": help };
      const card = canSteal ? h("button", { type: "button", ...attrs, "aria-pressed": String(target === c.word) }, ...body) : h("div", attrs, ...body);
      if (canSteal) card.addEventListener("click", () => onSteal(c.word));
      cards.append(card);
    }
    if (!(p.cards || []).length) cards.append(h("span", { class: "muted small", text: gettext("No word-card yet.") }));
    node.append(h("div", { class: "hw-player", "data-seat": p.seat }, head, cards));
  }
}

/** The bar above the board: tiles in the bag, cards in the deck, cards to win (the other
 * options in its hover text; the page head lists those that differ from the defaults). */
export function renderBar(node, view) {
  if (!node) return;
  const o = view?.options || {};
  node.textContent = [ngettext("Bag: %(n)s tile", "Bag: %(n)s tiles", view?.bag_count ?? 0), ngettext("deck: %(n)s card", "deck: %(n)s cards", view?.deck_count ?? 0),
    ngettext("%(n)s card wins", "%(n)s cards win", o.cards_to_win ?? 5)].join(" · ");
  const extra = [gettext("%(name)s dictionary", { name: o.dictionary || "standard" })];
  if (o.strict) extra.push(gettext("strict steals"));
  if (o.blank) extra.push(gettext("with the blank tile"));
  node.title = extra.join(", ");
}

/**
 * The hourglass: sand running down over the turn's seconds until the deadline; turned again
 * (the sand refilled, a short flash) whenever a new deadline arrives within the same turn,
 * that is after each word made or stolen.
 */
export class Hourglass {
  constructor(node) {
    this.node = node;
    this.deadline = null;
    this.seconds = 60;
    this.turnKey = null;
    this.timer = null;
    if (!node) return;
    node.replaceChildren();
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 24 36");
    svg.setAttribute("class", "hw-glass");
    svg.setAttribute("aria-hidden", "true");
    svg.innerHTML = '<path class="hw-glass-frame" d="M3 2h18M3 34h18M5 2c0 9 6 11 6 16s-6 7-6 16M19 2c0 9-6 11-6 16s6 7 6 16"/>'
      + '<clipPath id="hw-top"><path d="M5.5 3h13c0 8-5.5 10-6 15h-1c-.5-5-6-7-6-15z"/></clipPath>'
      + '<clipPath id="hw-bottom"><path d="M11.5 18h1c.5 5 6 7 6 15h-13c0-8 5.5-10 6-15z"/></clipPath>'
      + '<rect class="hw-sand" id="hw-sand-top" x="0" y="3" width="24" height="15" clip-path="url(#hw-top)"/>'
      + '<rect class="hw-sand" id="hw-sand-bottom" x="0" y="33" width="24" height="0" clip-path="url(#hw-bottom)"/>';
    this.top = svg.querySelector("#hw-sand-top");
    this.bottom = svg.querySelector("#hw-sand-bottom");
    this.text = h("span", { class: "hw-glass-time", text: "" });
    node.append(svg, this.text);
    this.timer = setInterval(() => this.tick(), 250);
  }

  /** A new snapshot: `deadline` (ISO or null), the turn's `seconds`, and a key of the turn. */
  update(deadline, seconds, turnKey) {
    if (!this.node) return;
    const turned = deadline && this.deadline && deadline !== this.deadline && turnKey === this.turnKey;
    this.deadline = deadline;
    this.seconds = seconds || 60;
    this.turnKey = turnKey;
    this.node.hidden = !deadline;
    if (turned) {
      this.node.classList.remove("hw-turned");
      void this.node.offsetWidth; // restart the flash
      this.node.classList.add("hw-turned");
    }
    this.tick();
  }

  tick() {
    if (!this.node || !this.deadline) return;
    const left = Math.max(0, Date.parse(this.deadline) - Date.now()) / 1000;
    const share = Math.max(0, Math.min(1, left / this.seconds));
    this.top.setAttribute("y", String(3 + 15 * (1 - share)));
    this.top.setAttribute("height", String(15 * share));
    this.bottom.setAttribute("y", String(33 - 15 * (1 - share)));
    this.bottom.setAttribute("height", String(15 * (1 - share)));
    const s = Math.ceil(left);
    this.text.textContent = left > 0 ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}` : "0:00";
    this.node.classList.toggle("hw-urgent", left < 10);
    this.node.setAttribute("title", left > 0 ? gettext("Hourglass: %(s)s s left of %(total)s s; it turns again after each word made or stolen.", { s, total: this.seconds }) : gettext("The hourglass ran out."));
  }
}
