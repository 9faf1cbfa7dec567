// The table's move log (docs/contracts.md, "Game UI hooks": `MoveLog` entries {key, seq, text,
// actor}), its lines marked by client.js `actorBadge` when the seat's player did not make them.

import { actorBadge } from "./client.js";

/**
 * The move log: a list of {key, seq, text, actor}; keys dedupe entries that arrive twice
 * (from the history and again over the socket). A move not made by the seat's player (the
 * timer, a bot for an absent player, a hand-over) carries a marker (`actorBadge`). `last` is
 * the latest entry shown ({text, actor}), or null. Keeping the end in view is the page's
 * (match.js `scrollLog`): the log may scroll in itself or in a panel around it.
 */
export class MoveLog {
  /** `nodesOf(text)`: the nodes of a line's words (js/access.js `spokenNodes`: shown and spoken). */
  constructor(listNode, { nodesOf = (text) => [text] } = {}) {
    this.list = listNode;
    this.nodesOf = nodesOf;
    this.keys = new Set();
    this.last = null;
  }

  clear() {
    this.keys.clear();
    this.last = null;
    if (this.list) this.list.replaceChildren();
  }

  add({ key, seq, text, actor = null }) {
    if (!this.list || !text || this.keys.has(key)) return;
    this.keys.add(key);
    this.list.appendChild(this._line({ seq, text, actor }));
    this.last = { text, actor };
  }

  /** Puts older entries (oldest first) above those shown; `last` stays the latest. */
  addBefore(entries) {
    if (!this.list) return;
    const lines = document.createDocumentFragment();
    for (const { key, seq, text, actor = null } of entries) {
      if (!text || this.keys.has(key)) continue;
      this.keys.add(key);
      lines.appendChild(this._line({ seq, text, actor }));
    }
    this.list.prepend(lines);
  }

  _line({ seq, text, actor }) {
    const li = document.createElement("li");
    if (seq !== undefined && seq !== null) {
      const s = document.createElement("span");
      s.className = "log-seq";
      s.textContent = `${seq}.`;
      li.appendChild(s);
    }
    li.append(...this.nodesOf(text));
    const badge = actorBadge(actor);
    if (badge) li.append(" ", badge);
    if (actor) li.dataset.actor = actor;
    return li;
  }
}
