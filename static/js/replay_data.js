// The replay's data, fetched as the viewer moves (issue 14): the page embeds only the replay's
// summary; the views of the steps come from /api/v1/matches/<id>/replay/steps/ a window at a
// time, the log's lines from .../replay/log/ a chunk at a time (gameplatform/api/history.py).
// DOM-free, so Node's test runner drives it (tests/js/replay_data.test.mjs).
//
//   const source = new ReplaySource({ base: "/api/v1/matches/7/replay/", count, onLoad });
//   source.want(k);        // the view of step k is wanted: fetched with its window unless held
//   source.ensureLog(k);   // the log lines of steps k - lookback .. k are wanted
//   source.more(-1 | 1);   // the log chunk before / after the lines held
//   source.views.get(k), source.entries[k], source.lo, source.hi (log lines held: [lo, hi))
//
// `onLoad(kind)` ("steps" | "log") runs after every answer (or failure: `error` says why).
// `setViewer(seat)` drops everything held: a seat's view and private events differ.

import { gettext } from "./i18n.js";

const MAX_INFLIGHT = 2; // step windows fetched at once; a newer wish waits in `pending`
const MAX_VIEWS = 400; // views held; the farthest windows from the latest wish go first

/** GET `url` as JSON; throws an Error with the server's message on a refusal. */
export async function fetchJson(url) {
  const resp = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
  const body = await resp.json().catch(() => ({}));
  if (!resp.ok) throw new Error(body.message || gettext("The server answered %(status)s.", { status: resp.status }));
  return body;
}

export class ReplaySource {
  /**
   * @param {object} o
   * @param {string} o.base         the replay's API path, ending in "/"
   * @param {number} o.count        how many steps (the summary's step_count)
   * @param {number} [o.windowSize] steps per steps/ request (at most the summary's max_steps)
   * @param {number} [o.chunkSize]  steps per log/ request (at most the summary's max_log)
   * @param {(url: string) => Promise<object>} [o.fetchJson]
   * @param {(kind: string) => void} [o.onLoad]
   */
  constructor({ base, count, windowSize = 10, chunkSize = 200, fetchJson: get = fetchJson, onLoad = () => {} }) {
    this.base = base;
    this.count = count;
    this.W = Math.max(1, windowSize);
    this.C = Math.max(1, chunkSize);
    this.get = get;
    this.onLoad = onLoad;
    this.viewer = null;
    this.views = new Map(); // step -> view
    this.entries = []; // step -> {step, seq, seat, actor, action, events, seat_events?} (sparse)
    this.error = null;
    this._reset();
  }

  _reset() {
    this.gen = (this.gen || 0) + 1; // answers to an older generation are dropped
    this.views.clear();
    this.entries.length = 0;
    this.inflight = new Set();
    this.pending = null;
    this.lo = 0;
    this.hi = 0;
    this.logGen = 0;
    this.logInflight = new Set();
    this.focus = 0;
  }

  /** Shows the match as `seat` saw it (null: the spectator); drops what was held. */
  setViewer(seat) {
    this.viewer = seat;
    this._reset();
  }

  windowOf(k) {
    return Math.floor(k / this.W) * this.W;
  }

  url(kind, start, count) {
    const who = this.viewer === null ? "" : `&viewer=${this.viewer}`;
    return `${this.base}${kind}/?start=${start}&count=${count}${who}`;
  }

  /** The view of step `k` is wanted: fetch its window unless held or on its way. */
  want(k) {
    if (k < 0 || k >= this.count) return;
    this.focus = k;
    const start = this.windowOf(k);
    if (this.views.has(k) || this.inflight.has(start)) return;
    if (this.inflight.size >= MAX_INFLIGHT) {
      this.pending = start;
      return;
    }
    this._steps(start);
  }

  async _steps(start) {
    const gen = this.gen;
    this.inflight.add(start);
    try {
      const body = await this.get(this.url("steps", start, Math.min(this.W, this.count - start)));
      if (gen !== this.gen) return;
      for (const step of body.steps || []) {
        const { view, ...entry } = step;
        this.views.set(step.step, view);
        this.entries[step.step] = entry;
      }
      this.error = null;
      this._evict();
    } catch (err) {
      if (gen === this.gen) this.error = err.message || String(err);
    } finally {
      if (gen === this.gen) {
        this.inflight.delete(start);
        const next = this.pending;
        this.pending = null;
        if (next !== null) this.want(next);
        this.onLoad("steps");
      }
    }
  }

  /** Keeps at most MAX_VIEWS views, dropping those farthest from the latest wish. */
  _evict() {
    if (this.views.size <= MAX_VIEWS) return;
    const far = [...this.views.keys()].sort((a, b) => Math.abs(b - this.focus) - Math.abs(a - this.focus));
    for (const k of far.slice(0, this.views.size - MAX_VIEWS)) this.views.delete(k);
  }

  /** The log lines of steps `k - lookback` to `k` are wanted. Lines held far from them are
   * let go (the log holds one run of consecutive chunks). */
  ensureLog(k, lookback = 0) {
    if (k < 0 || k >= this.count) return;
    const first = Math.floor(Math.max(0, k - lookback) / this.C) * this.C;
    const lastChunk = Math.floor(k / this.C) * this.C;
    const run = this._run();
    if (run && (lastChunk + this.C < run.lo || first > run.hi)) {
      this.lo = this.hi = 0; // a jump: start a new run here
      this.logGen += 1;
      this.logInflight.clear();
    }
    for (let c = first; c <= lastChunk; c += this.C) this._log(c);
  }

  /** The lines held and the chunks on their way, as one range {lo, hi}; null when neither.
   * A jump is judged against it: a chunk still on its way from before a jump would otherwise
   * start the run and leave the lines wanted after the jump out of it. */
  _run() {
    let lo = Infinity;
    let hi = -Infinity;
    if (this.hi > this.lo) [lo, hi] = [this.lo, this.hi];
    for (const start of this.logInflight) [lo, hi] = [Math.min(lo, start), Math.max(hi, start + this.C)];
    return lo <= hi ? { lo, hi } : null;
  }

  /** The chunk before (`dir` -1) or after (1) the lines held; false when there is none. */
  more(dir) {
    if (this.hi <= this.lo) return false;
    if (dir < 0 && this.lo > 0) this._log(Math.max(0, this.lo - this.C));
    else if (dir > 0 && this.hi < this.count) this._log(this.hi);
    else return false;
    return true;
  }

  async _log(start) {
    if ((start >= this.lo && start < this.hi) || this.logInflight.has(start)) return;
    const gen = this.gen;
    const logGen = this.logGen;
    this.logInflight.add(start);
    try {
      const body = await this.get(this.url("log", start, Math.min(this.C, this.count - start)));
      if (gen !== this.gen || logGen !== this.logGen) return;
      const steps = body.steps || [];
      for (const entry of steps) if (!this.entries[entry.step]) this.entries[entry.step] = entry;
      const end = start + steps.length;
      if (this.hi <= this.lo) {
        this.lo = start;
        this.hi = end;
      } else if (end >= this.lo && start <= this.hi) {
        this.lo = Math.min(this.lo, start);
        this.hi = Math.max(this.hi, end);
      }
      this.error = null;
    } catch (err) {
      if (gen === this.gen) this.error = err.message || String(err);
    } finally {
      if (gen === this.gen && logGen === this.logGen) {
        this.logInflight.delete(start);
        this.onLoad("log");
      }
    }
  }
}
