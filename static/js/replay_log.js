// The replay's move log (js/replay.js): one clickable line per step whose words are not empty,
// for the lines held by the data source ([source.lo, source.hi), js/replay_data.js), with the
// moves the seat's player did not make marked (js/client.js, actorBadge); "Earlier moves…" and
// "Later moves…" buttons around it, and scrolling to either end, fetch the chunk beyond. The
// line of the step shown is marked and, after a step change, scrolled into the middle.
//
//   const log = new ReplayLog(byId("move-log"), source, { textOf: (k) => "...", onPick: show });
//   log.render(at);       // the lines held (lines added above keep the ones in view still)
//   log.follow(at);       // marks the step's line; scrolls to it once after log.scrollNext()

import { gettext } from "./i18n.js";
import { actorBadge } from "./client.js";
import { h } from "./dom.js";

const EDGE_PX = 48; // the log scrolled this close to an end fetches the chunk beyond it

export class ReplayLog {
  /**
   * @param {HTMLElement} list  the <ol> of the lines (its .info-panel scrolls too)
   * @param {object} source     a ReplaySource: entries, lo, hi, count, more(-1 | 1)
   * @param {object} o
   * @param {(k: number) => string} o.textOf  the words of step k's line ("": no line)
   * @param {(k: number) => void} o.onPick    a line was clicked
   * @param {(k: number) => Node|null} [o.markOf]  a badge for step k's line (the analysis's marks)
   * @param {(text: string) => Array<Node|string>} [o.nodesOf]  a line's words as nodes (shown and spoken)
   */
  constructor(list, source, { textOf, onPick, markOf = () => null, nodesOf = (text) => [text] }) {
    this.list = list;
    this.nodesOf = nodesOf;
    this.source = source;
    this.textOf = textOf;
    this.onPick = onPick;
    this.markOf = markOf;
    this.drawnLo = 0;
    this.pending = true; // scroll to the step shown once its line is here
    this.boxes = [list, list.closest(".info-panel")].filter(Boolean);
    this.earlier = this._moreButton("rp-log-earlier", gettext("Earlier moves…"), -1);
    this.later = this._moreButton("rp-log-later", gettext("Later moves…"), 1);
    list.before(this.earlier);
    list.after(this.later);
    for (const box of this.boxes) box.addEventListener("scroll", () => this._scrolled(box), { passive: true });
  }

  _moreButton(id, text, direction) {
    const b = h("button", { type: "button", class: "btn-link log-more", id, text, hidden: true });
    b.addEventListener("click", () => this.source.more(direction));
    return b;
  }

  /** Scrolling a box to either end fetches the next chunk (the buttons stand outside it). */
  _scrolled(box) {
    if (box.scrollHeight <= box.clientHeight) return;
    if (box.scrollTop < EDGE_PX) this.source.more(-1);
    else if (box.scrollTop + box.clientHeight > box.scrollHeight - EDGE_PX) this.source.more(1);
  }

  /** The next follow() scrolls the step's line into view (after a step change). */
  scrollNext() {
    this.pending = true;
  }

  /** Forgets the lines drawn (another viewer: every line changes). */
  restart() {
    this.drawnLo = 0;
  }

  _line(k, text) {
    const li = document.createElement("li");
    li.dataset.step = String(k);
    const b = h("button", { type: "button", class: "btn-link" }, ...this.nodesOf(text));
    const actor = this.source.entries[k].actor;
    const badge = actorBadge(actor);
    if (badge) {
      b.append(" ", badge);
      li.dataset.actor = actor;
    }
    const mark = this.markOf(k);
    if (mark) {
      b.append(" ", mark);
      li.dataset.mark = mark.className.replace(/.*mark-/, "");
    }
    b.addEventListener("click", () => this.onPick(k));
    li.appendChild(b);
    return li;
  }

  /** Draws the lines held; lines added above keep the ones in view still. */
  render(at) {
    const { lo, hi, count } = this.source;
    const heights = this.boxes.map((box) => box.scrollHeight);
    this.list.replaceChildren();
    for (let k = lo; k < hi; k++) {
      const text = this.textOf(k);
      if (text) this.list.appendChild(this._line(k, text));
    }
    this.earlier.hidden = lo === 0 || hi <= lo;
    this.later.hidden = hi >= count || hi <= lo;
    if (lo < this.drawnLo) this.boxes.forEach((box, i) => (box.scrollTop += box.scrollHeight - heights[i]));
    this.drawnLo = lo;
    this.follow(at);
  }

  /** Marks the line of step `at` (or of the last step before it that has one) and, when a
   * scroll is pending and the step is held, scrolls it into the middle of the log without
   * moving the page (the player's own scrolling through the log is left alone). */
  follow(at) {
    let current = null;
    for (const li of this.list.children) {
      if (Number(li.dataset.step) <= at) current = li;
      li.classList.toggle("current", false);
    }
    if (!current) return;
    current.classList.add("current");
    if (!this.pending || at < this.source.lo || at >= this.source.hi) return;
    this.pending = false;
    for (const box of this.boxes) {
      if (box.scrollHeight <= box.clientHeight) continue;
      const top = current.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
      box.scrollTop = top - box.clientHeight / 2 + current.offsetHeight / 2;
    }
  }
}
