// node --test: the seat clocks' arithmetic (static/js/clocks.js, issue 13 point 4): what a
// clock row of the snapshot says at a moment, which rows are shown, the vacation pause.
import assert from "node:assert/strict";
import test from "node:test";

import { clockState, clockText, hasSeatClocks, runningDeadline, shownClock } from "../../static/js/clocks.js";

const T = Date.parse("2026-12-02T10:00:00Z");
const iso = (ms) => new Date(T + ms).toISOString();

test("a running clock counts down toward its deadline; a still one shows what is left", () => {
  const running = { index: 0, remaining_ms: 90_000, running: true, since: iso(0), deadline: iso(90_000) };
  assert.deepEqual(clockState(running, T + 30_500), { left: 59_500, live: true, paused: false });
  assert.equal(clockText(running, T + 30_500), "0:59");
  assert.equal(clockText(running, T + 200_000), "0:00");
  const still = { index: 1, remaining_ms: 305_000, running: false, since: null, deadline: null };
  assert.equal(clockText(still, T + 999_999), "5:05");
  assert.equal(clockText({ ...still, remaining_ms: 3 * 86_400_000 }), "3 d 0 h");
});

test("a vacation holds the clock until it ends, then it runs by itself", () => {
  const paused = { index: 0, remaining_ms: 86_400_000, running: true, since: iso(86_400_000),
                   deadline: iso(2 * 86_400_000) };
  assert.deepEqual(clockState(paused, T), { left: 86_400_000, live: false, paused: true });
  assert.equal(clockText(paused, T, { vacation: "en vacances" }), "1 d 0 h · en vacances");
  assert.equal(clockState(paused, T + 86_400_000 + 3_600_000).live, true);
  assert.equal(clockText(paused, T + 86_400_000 + 3_600_000), "23 h 00 min");
});

test("per-seat clocks show every seat; time per turn only the seats to act", () => {
  const seats = [{ index: 0, remaining_ms: 1000, running: true, since: iso(0), deadline: iso(1000) },
                 { index: 1, remaining_ms: 60_000, running: false, since: null, deadline: null }];
  const fischer = { time_control: "fischer", seats };
  const turn = { time_control: "turn", seats };
  assert.ok(hasSeatClocks(fischer) && !hasSeatClocks(turn) && !hasSeatClocks(null));
  assert.equal(shownClock(fischer, 1), seats[1]);
  assert.equal(shownClock(turn, 1), null);
  assert.equal(shownClock(turn, 0), seats[0]);
  assert.equal(shownClock(null, 0), null);
  assert.equal(runningDeadline(fischer, 0, T), iso(1000));
  assert.equal(runningDeadline(fischer, 1, T), null);
});
