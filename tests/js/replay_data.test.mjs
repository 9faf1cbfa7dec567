// node --test: the replay's data source (static/js/replay_data.js, issue 14) against a fake
// server that answers like /api/v1/matches/<id>/replay/steps/ and .../log/.
import assert from "node:assert/strict";
import test from "node:test";

import { ReplaySource } from "../../static/js/replay_data.js";

const COUNT = 1000;

/** A fake API: records the URLs asked for; answers when `release()` is called (or at once). */
function fakeServer({ immediate = true } = {}) {
  const asked = [];
  const waiting = [];
  const answer = (url) => {
    const q = new URL(url, "http://x");
    const start = Number(q.searchParams.get("start"));
    const count = Number(q.searchParams.get("count"));
    const viewer = q.searchParams.has("viewer") ? Number(q.searchParams.get("viewer")) : null;
    const steps = [];
    for (let k = start; k < Math.min(COUNT, start + count); k++) {
      const step = { step: k, seq: k * 2, seat: k % 2, actor: "bot", action: null, events: [{ type: "moved", k }] };
      if (viewer !== null) step.seat_events = [{ type: "hand", seat: viewer }];
      if (q.pathname.includes("/steps/")) step.view = { turn: k, viewer };
      steps.push(step);
    }
    return { match: 7, viewer, start, steps };
  };
  const get = (url) => {
    asked.push(url);
    if (immediate) return Promise.resolve(answer(url));
    return new Promise((resolve) => waiting.push(() => resolve(answer(url))));
  };
  return { asked, get, release: () => waiting.splice(0).forEach((go) => go()) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test("a step's view comes with its window, fetched once", async () => {
  const server = fakeServer();
  const source = new ReplaySource({ base: "/api/v1/matches/7/replay/", count: COUNT, windowSize: 10, fetchJson: server.get });
  source.want(123);
  source.want(125);
  await settle();
  assert.deepEqual(server.asked, ["/api/v1/matches/7/replay/steps/?start=120&count=10"]);
  assert.deepEqual(source.views.get(123), { turn: 123, viewer: null });
  assert.equal(source.entries[125].seq, 250);
  assert.equal(source.entries[125].view, undefined); // the view is kept apart
  source.want(129);
  await settle();
  assert.equal(server.asked.length, 1);
});

test("the last window is cut to the steps there are", async () => {
  const server = fakeServer();
  const source = new ReplaySource({ base: "/r/", count: 995, windowSize: 10, fetchJson: server.get });
  source.want(994);
  await settle();
  assert.deepEqual(server.asked, ["/r/steps/?start=990&count=5"]);
});

test("a slider dragged across the match asks for few windows: the latest wish waits", async () => {
  const server = fakeServer({ immediate: false });
  const source = new ReplaySource({ base: "/r/", count: COUNT, windowSize: 10, fetchJson: server.get });
  for (let k = 0; k < 500; k += 7) source.want(k);
  assert.equal(server.asked.length, 2); // two on their way, the rest coalesced into the last wish
  server.release();
  await settle();
  assert.equal(server.asked.length, 3);
  assert.match(server.asked[2], /start=490&/);
  server.release();
  await settle();
  assert.ok(source.views.has(497));
});

test("the log holds one run of chunks: the look-back, scrolling on, and a jump far away", async () => {
  const server = fakeServer();
  const loads = [];
  const source = new ReplaySource({ base: "/r/", count: COUNT, chunkSize: 200, fetchJson: server.get, onLoad: (k) => loads.push(k) });
  source.ensureLog(210, 30); // steps 180-210: two chunks
  await settle();
  assert.deepEqual([source.lo, source.hi], [0, 400]);
  assert.ok(source.more(1));
  await settle();
  assert.deepEqual([source.lo, source.hi], [0, 600]);
  assert.equal(source.more(-1), false); // nothing before step 0
  source.ensureLog(950, 30); // far away: a new run
  await settle();
  assert.deepEqual([source.lo, source.hi], [800, 1000]);
  assert.equal(source.more(1), false);
  assert.ok(source.more(-1));
  await settle();
  assert.deepEqual([source.lo, source.hi], [600, 1000]);
  assert.ok(loads.every((k) => k === "log"));
});

test("a jump while the chunks of an earlier jump are on their way: the last one wins", async () => {
  // Home then End on a long replay: the chunk of step 0 answered after the End's chunks were
  // asked for started the run, and the End's lines were dropped (CI, tests/e2e/test_long_replay.py).
  const server = fakeServer({ immediate: false });
  const source = new ReplaySource({ base: "/r/", count: COUNT, chunkSize: 200, fetchJson: server.get });
  source.ensureLog(950, 30);
  server.release();
  await settle();
  assert.deepEqual([source.lo, source.hi], [800, 1000]);
  source.ensureLog(0, 30); // Home: a jump, chunk 0 on its way
  source.ensureLog(999, 30); // End before it answers: another jump
  server.release();
  await settle();
  assert.deepEqual([source.lo, source.hi], [800, 1000]);
  assert.ok(source.entries[999]);
});

test("viewing as a seat drops what was held and asks for that seat's part", async () => {
  const server = fakeServer();
  const source = new ReplaySource({ base: "/r/", count: COUNT, fetchJson: server.get });
  source.want(5);
  source.ensureLog(5);
  await settle();
  const entries = source.entries;
  source.setViewer(1);
  assert.equal(source.views.size, 0);
  assert.equal(source.entries, entries); // the same array: ctx.replay.steps stays valid
  assert.equal(entries.length, 0);
  source.want(5);
  source.ensureLog(5);
  await settle();
  assert.ok(server.asked.slice(-2).every((u) => u.endsWith("&viewer=1")));
  assert.deepEqual(source.views.get(5), { turn: 5, viewer: 1 });
  assert.deepEqual(source.entries[5].seat_events, [{ type: "hand", seat: 1 }]);
});

test("answers for a viewer given up are dropped", async () => {
  const server = fakeServer({ immediate: false });
  const source = new ReplaySource({ base: "/r/", count: COUNT, fetchJson: server.get });
  source.want(5);
  source.setViewer(0);
  server.release();
  await settle();
  assert.equal(source.views.size, 0);
});

test("a refusal is kept in `error` and the step can be asked for again", async () => {
  let fail = true;
  const get = async (url) => {
    if (fail) throw new Error("The replay is available once the match is finished.");
    return fakeServer().get(url);
  };
  const source = new ReplaySource({ base: "/r/", count: COUNT, fetchJson: get });
  source.want(3);
  await settle();
  assert.equal(source.error, "The replay is available once the match is finished.");
  fail = false;
  source.want(3);
  await settle();
  await settle();
  assert.equal(source.error, null);
  assert.ok(source.views.has(3));
});
