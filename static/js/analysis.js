// The analysis after a game on the replay page (issue 30, point 3): a player of the finished
// match asks for the strong bot's second look at their own decisions (POST
// /api/v1/matches/<id>/analysis/), watches its progress (GET, every POLL_MS while it runs), then
// reads it: a summary of the three costliest decisions (each a link to its step), a mark on
// the log line of every mistake and blunder (`markOf`, read by js/replay_log.js), and beside
// the step shown the chance to win of the move played and of the bot's choice (`step`).
// Only its player sees it: the server answers nobody else.
//
//   const panel = new AnalysisPanel(byId("analysis-panel"), { show, viewAs, redrawLog });
//   panel.step(k);     // the words for step k (called by js/replay.js on every step shown)
//   panel.markOf(k);   // {mark, label} of step k's decision, or null

import { gettext, ngettext } from "./i18n.js";
import { byId, h } from "./dom.js";
import { actionLabel } from "./generic.js";

const POLL_MS = 2000;
const MARK_LABELS = { mistake: () => gettext("mistake"), blunder: () => gettext("blunder") };

// A chance to win as the page's language writes a percentage ("44%", French "44 %").
const percent = (value) => new Intl.NumberFormat(document.documentElement.lang || undefined, { style: "percent" }).format(value ?? 0);

export class AnalysisPanel {
  /**
   * @param {HTMLElement} panel  #analysis-panel (data-match, data-seat, data-csrf)
   * @param {object} o
   * @param {(k: number) => void} o.show        shows step k
   * @param {(seat: number) => void} o.viewAs   shows the match as that seat saw it
   * @param {() => void} o.redrawLog            draws the log again (its marks changed)
   * @param {(action: object) => string|null} [o.words]  the game's words for a move (its replay module's actionWords)
   */
  constructor(panel, { show, viewAs, redrawLog, words = () => null }) {
    this.panel = panel;
    this.url = `/api/v1/matches/${panel.dataset.match}/analysis/`;
    this.seat = Number(panel.dataset.seat);
    this.csrf = panel.dataset.csrf || "";
    this.hooks = { show, viewAs, redrawLog, words };
    this.rows = new Map(); // step -> the decision's row, once done
    this.at = 0;
    this.timer = null;
    byId("analysis-ask").addEventListener("click", () => this.ask());
    // Open beside the board; on a phone one line (its summary) until tapped, the board first.
    if (window.matchMedia("(min-width: 641px)").matches) panel.open = true;
    // The page says whether there is an analysis: none asked for yet is not fetched (a 404).
    if (panel.dataset.status === "none") this.setState("none");
    else this.load();
  }

  async request(method) {
    const resp = await fetch(this.url, {
      method,
      credentials: "same-origin",
      headers: { Accept: "application/json", ...(method === "POST" ? { "X-CSRFToken": this.csrf } : {}) },
    });
    return { status: resp.status, body: await resp.json().catch(() => ({})) };
  }

  async load() {
    try {
      const { status, body } = await this.request("GET");
      if (status === 200) this.render(body);
      else if (status === 404) this.setState("none");
      else this.fail(body.message);
    } catch {
      this.fail();
    }
  }

  async ask() {
    byId("analysis-ask").disabled = true;
    try {
      const { status, body } = await this.request("POST");
      if (status === 200 || status === 202) this.render(body);
      else this.fail(body.message);
    } catch {
      this.fail();
    }
  }

  fail(message) {
    this.setState("none");
    byId("analysis-ask").disabled = false;
    byId("analysis-status").textContent = message || gettext("Could not reach the server. Check your connection and try again.");
    byId("analysis-progress-wrap").hidden = false;
    byId("analysis-progress").hidden = true;
  }

  /** Shows the parts of one state: "none" (the button), "running" (progress), "done" (summary). */
  setState(state) {
    this.panel.dataset.state = state;
    byId("analysis-ask").hidden = state !== "none" && state !== "failed";
    byId("analysis-progress-wrap").hidden = state !== "running" && state !== "failed";
    byId("analysis-summary").hidden = state !== "done";
  }

  render(data) {
    clearTimeout(this.timer);
    if (data.status === "done") return this.done(data.result);
    if (data.status === "failed") {
      this.setState("failed");
      byId("analysis-ask").disabled = false;
      byId("analysis-progress").hidden = true;
      byId("analysis-status").textContent = gettext("The analysis failed. You may ask for it again.");
      return;
    }
    this.setState("running");
    byId("analysis-progress").hidden = false;
    byId("analysis-progress").value = data.progress;
    byId("analysis-status").textContent = data.status === "queued"
      ? gettext("Waiting for the server…")
      : gettext("Analysing… %(progress)s%", { progress: data.progress });
    this.timer = setTimeout(() => this.load(), POLL_MS);
  }

  done(result) {
    this.rows = new Map(result.decisions.map((row) => [row.step, row]));
    this.setState("done");
    const marked = result.decisions.filter((row) => row.mark);
    const count = (mark) => marked.filter((row) => row.mark === mark).length;
    byId("analysis-counts").textContent = [
      ngettext("%(n)s decision looked at:", "%(n)s decisions looked at:", result.decisions.length),
      ngettext("%(n)s mistake,", "%(n)s mistakes,", count("mistake")),
      ngettext("%(n)s blunder.", "%(n)s blunders.", count("blunder")),
    ].join(" ");
    const list = byId("analysis-costliest");
    list.replaceChildren();
    for (const k of result.costliest) {
      const row = this.rows.get(k);
      const text = gettext("Step %(step)s: %(loss)s points of chance to win lost", { step: k, loss: Math.round(row.loss * 100) });
      const button = h("button", { type: "button", class: "btn-link", "data-step": k, text });
      if (row.mark) button.append(" ", this.badge(row.mark));
      button.addEventListener("click", () => this.hooks.show(k));
      list.append(h("li", {}, button));
    }
    if (!result.costliest.length) list.append(h("li", { class: "muted", text: gettext("No decision cost you anything the bot could see.") }));
    this.hooks.viewAs(this.seat); // the board as the player saw it
    this.hooks.redrawLog();
    this.step(this.at);
  }

  /** The bot's choice in words: the view's own (the server's `bot_label`), else the game's
   * replay module's, else from the action's fields. */
  botWords(row) {
    return row.bot_label || this.hooks.words(row.bot) || actionLabel(row.bot);
  }

  badge(mark) {
    return h("span", { class: `analysis-mark mark-${mark}`, text: MARK_LABELS[mark]() });
  }

  /** The mark of step `k`'s decision, as a badge for its log line, or null. */
  markOf(k) {
    const row = this.rows.get(k);
    return row?.mark ? this.badge(row.mark) : null;
  }

  /** Beside the step shown: the values of the move played there and of the bot's choice (its
   * mark also in the summary line, seen when the panel is closed). */
  step(k) {
    this.at = k;
    const box = byId("analysis-step");
    const row = this.rows.get(k);
    byId("analysis-badge").replaceChildren(...(row?.mark ? [this.badge(row.mark)] : []));
    if (!row) {
      box.textContent = this.rows.size && k > 0 ? gettext("Not one of your decisions (or you had no choice).") : "";
      return;
    }
    box.replaceChildren();
    if (!row.playouts) {
      box.append(gettext("The bot's choice here: %(bot)s (not valued: the analysis's time ran out).", {
        bot: row.same ? gettext("your move") : this.botWords(row),
      }));
      return;
    }
    if (row.same) {
      box.append(gettext("Your move is the bot's choice too: %(value)s chance to win.", { value: percent(row.value_played) }));
      return;
    }
    box.append(gettext("Your move here: %(played)s chance to win. The bot would have played %(bot)s (%(value)s).", {
      played: percent(row.value_played), bot: this.botWords(row), value: percent(row.value_bot),
    }));
    if (row.mark) box.append(" ", this.badge(row.mark));
  }
}
