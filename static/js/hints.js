// Hints in casual play (issue 30, point 4). In a match that offers them (the page config's
// `hints`: unrated, and every person agreed in the lobby), the "Hint" button (#hint-btn) asks
// the server for the strongest bot's move from the player's own view, on their turn: a
// {"type": "hint"} frame on the match socket, else POST /api/v1/matches/<id>/hint/. The answer
// shows in #hint-box as a sentence with a "Play it" button, and the game's play module may
// highlight it on its board: its optional export `showHint(action, page)` selects what the
// move needs and returns the move in words (null: the page words it). The server marks the
// player's next move as made after a hint; every log shows that (client.js ACTOR_NOTES "hint").

import { gettext } from "./i18n.js";
import { byId } from "./dom.js";
import { actionLabel } from "./generic.js";
import { spokenNodes } from "./access.js";

// How long a hint asked and not answered (a refusal by the socket comes as an error) holds the
// button before another may be asked (ms).
const ASK_HOLD_MS = 5000;

export class HintControl {
  /** `page`: the MatchPage; `show(action, page)`: the game's `showHint`, or undefined. */
  constructor(page, show) {
    this.page = page;
    this.show = show;
    this.button = byId("hint-btn");
    this.box = byId("hint-box");
    this.hint = null; // {version, action} of the hint shown
    this.asking = false; // a hint asked and not answered: the button stays (and keeps the focus)
    this.button?.addEventListener("click", () => this.ask());
    this.box?.querySelector("[data-hint-play]")?.addEventListener("click", () => this.play());
  }

  /** Called on every render: the button only on the player's turn, the box only for its version. */
  render(snap) {
    if (!this.button) return;
    this.button.hidden = !(snap.status === "active" && this.page.mySeat !== null);
    this.button.disabled = !this.page.myTurn;
    if (this.hint && this.hint.version !== snap.version) this.clear();
    if (this.asking && this.askedVersion !== snap.version) this.answered();
  }

  async ask() {
    if (!this.page.myTurn || !this.page.client || (this.asking && Date.now() - this.askedAt < ASK_HOLD_MS)) return;
    // Not disabled while asked: a disabled button drops the keyboard's focus to the page.
    this.asking = true;
    this.askedAt = Date.now();
    this.askedVersion = this.page.snapshot?.version;
    this.button.setAttribute("aria-disabled", "true");
    const client = this.page.client;
    if (client.connected && client.sendFrame({ type: "hint" })) return; // answered by `received`
    try {
      const resp = await fetch(`${client.apiBase}/hint/`, {
        method: "POST",
        credentials: "same-origin",
        headers: { Accept: "application/json", "X-CSRFToken": client.csrfToken },
      });
      const body = await resp.json().catch(() => ({}));
      if (resp.ok) this.received(body);
      else this.page.error(body.message || gettext("The server refused that (%(status)s).", { status: resp.status }));
    } catch {
      this.page.error(gettext("Could not reach the server. Check your connection and try again."));
    } finally {
      this.answered();
    }
  }

  answered() {
    this.asking = false;
    this.button?.removeAttribute("aria-disabled");
  }

  /** A {"type": "hint"} answer (socket or API): shown if it is for the version on screen. */
  received(msg) {
    if (!msg || msg.version !== this.page.snapshot?.version || !this.box) return;
    this.hint = { version: msg.version, action: msg.action };
    const words = this.show?.(msg.action, this.page) || actionLabel(msg.action);
    const line = gettext("Hint: %(move)s", { move: words });
    this.box.querySelector("[data-hint-text]").replaceChildren(...spokenNodes(this.page.game, line));
    this.box.hidden = false;
    this.answered();
    this.button.disabled = !this.page.myTurn;
  }

  play() {
    if (this.hint && this.page.myTurn) this.page.submit(this.hint.action);
  }

  clear() {
    this.hint = null;
    if (this.box) this.box.hidden = true;
  }
}
