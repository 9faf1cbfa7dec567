// node --test: the parts of the replay page that stand on their own (issue 25, point 6): the
// move log (static/js/replay_log.js) and the controls (static/js/replay_controls.js), drawn
// into the stand-in document of mini_dom.mjs.
import assert from "node:assert/strict";
import test, { mock } from "node:test";

import { installDocument } from "./mini_dom.mjs";
import { Autoplay, stepForKey, viewAsChooser, viewerIndex } from "../../static/js/replay_controls.js";
import { ReplayLog } from "../../static/js/replay_log.js";

/** A ReplaySource stand-in: the log lines [lo, hi) of `count` steps; records more(). */
function fakeSource({ lo = 0, hi = 0, count = 100, actors = {} } = {}) {
  const entries = [];
  for (let k = lo; k < hi; k++) entries[k] = { step: k, actor: actors[k] ?? "player" };
  return { entries, lo, hi, count, asked: [], more(direction) { this.asked.push(direction); } };
}

/** A log list (which scrolls `scrollHeight` px in `clientHeight`) inside an info panel (which
 * does not scroll). */
function logBox(document, { scrollHeight = 0, clientHeight = 0 } = {}) {
  const panel = document.createElement("div");
  panel.className = "info-panel";
  const list = document.createElement("ol");
  panel.appendChild(list);
  Object.assign(panel, { scrollHeight: 0, clientHeight: 0, scrollTop: 0 });
  Object.assign(list, { scrollHeight, clientHeight, scrollTop: 0 });
  return { panel, list };
}

const lines = (list) => list.children.map((li) => [Number(li.dataset.step), li.textContent, li.className]);

test("the log has a line for each step held that has words, and marks the step shown", () => {
  const document = installDocument();
  const { panel, list } = logBox(document);
  const source = fakeSource({ lo: 10, hi: 15, actors: { 12: "timeout" } });
  const log = new ReplayLog(list, source, { textOf: (k) => (k === 11 ? "" : `move ${k}`), onPick: () => {} });
  log.render(13);
  assert.deepEqual(lines(list).map(([k]) => k), [10, 12, 13, 14]); // step 11 tells nothing
  assert.equal(list.children.find((li) => li.className === "current").dataset.step, "13");
  assert.equal(list.children[1].dataset.actor, "timeout"); // a move the player did not make is marked
  assert.match(list.children[1].textContent, /^move 12 ./);
  log.follow(11); // a step without a line: the last line before it
  assert.deepEqual(lines(list).filter(([, , c]) => c === "current").map(([k]) => k), [10]);
  // the buttons around the log: chunks before and after the lines held
  const [earlier, , later] = panel.childNodes;
  assert.equal(earlier.id, "rp-log-earlier");
  assert.equal(later.id, "rp-log-later");
  assert.equal(earlier.hidden, false);
  assert.equal(later.hidden, false);
  earlier.dispatch("click");
  later.dispatch("click");
  assert.deepEqual(source.asked, [-1, 1]);
});

test("a click on a line shows its step; the ends of the replay hide the buttons", () => {
  const document = installDocument();
  const { panel, list } = logBox(document);
  const picked = [];
  const log = new ReplayLog(list, fakeSource({ lo: 0, hi: 3, count: 3 }), { textOf: (k) => `move ${k}`, onPick: (k) => picked.push(k) });
  log.render(0);
  list.children[2].querySelector("button").dispatch("click");
  assert.deepEqual(picked, [2]);
  const [earlier, , later] = panel.childNodes;
  assert.equal(earlier.hidden, true);
  assert.equal(later.hidden, true);
});

test("scrolling the log near either end fetches the chunk beyond it", () => {
  const document = installDocument();
  const { list } = logBox(document, { scrollHeight: 1000, clientHeight: 200 });
  const source = fakeSource({ lo: 100, hi: 300, count: 1000 });
  new ReplayLog(list, source, { textOf: (k) => `move ${k}`, onPick: () => {} });
  for (const top of [10, 500, 790]) {
    list.scrollTop = top;
    list.dispatch("scroll");
  }
  assert.deepEqual(source.asked, [-1, 1]); // the middle fetches nothing
});

test("after a step change the step's line scrolls into the middle, once", () => {
  const document = installDocument();
  const { list } = logBox(document, { scrollHeight: 2000, clientHeight: 200 });
  const source = fakeSource({ lo: 0, hi: 50 });
  const log = new ReplayLog(list, source, { textOf: (k) => `move ${k}`, onPick: () => {} });
  log.render(70); // a step whose line is not held yet: the scroll waits for it
  assert.equal(list.scrollTop, 0);
  list.getBoundingClientRect = () => ({ top: 100 });
  for (const li of list.children) {
    li.getBoundingClientRect = () => ({ top: 100 + 20 * Number(li.dataset.step) - list.scrollTop });
    li.offsetHeight = 20;
  }
  log.follow(30);
  assert.equal(list.scrollTop, 600 - 100 + 10); // 30 lines of 20 px down, minus half the box, plus half a line
  list.scrollTop = 0;
  log.follow(31);
  assert.equal(list.scrollTop, 0); // the player's own scrolling is left alone
  log.scrollNext();
  log.follow(40);
  assert.equal(list.scrollTop, 800 - 100 + 10);
});

test("the keys of the replay: arrows step, Home and End jump, other keys are not ours", () => {
  assert.equal(stepForKey("ArrowRight", 4, 9), 5);
  assert.equal(stepForKey("ArrowLeft", 4, 9), 3);
  assert.equal(stepForKey("Home", 4, 9), 0);
  assert.equal(stepForKey("End", 4, 9), 9);
  assert.equal(stepForKey("a", 4, 9), null);
});

test("a 'View as' choice names a seat of the match or the spectator", () => {
  assert.equal(viewerIndex("1", 3), 1);
  assert.equal(viewerIndex(2, 3), 2);
  for (const seat of ["", null, undefined, "3", "-1", "1.5", "x", 7]) assert.equal(viewerIndex(seat, 3), null, String(seat));
});

test("the 'View as' chooser lists the spectator and every seat by name", () => {
  installDocument();
  const chosen = [];
  const row = viewAsChooser([{}, {}, {}], ["alice", "bob"], (value) => chosen.push(value));
  const select = row.querySelector("select");
  assert.equal(select.id, "rp-view-as");
  assert.deepEqual(select.children.map((o) => [o.getAttribute("value"), o.textContent]),
    [["", "spectator"], ["0", "alice"], ["1", "bob"], ["2", "Seat 3"]]);
  select.value = "1";
  select.dispatch("change");
  assert.deepEqual(chosen, ["1"]);
});

test("play ticks every interval until paused; the button tells which", () => {
  const document = installDocument();
  mock.timers.enable({ apis: ["setInterval"] });
  try {
    const button = document.createElement("button");
    const ticks = [];
    let starts = 0;
    const player = new Autoplay(button, 600, { tick: (p) => ticks.push(p.playing), onStart: () => starts++ });
    button.dispatch("click");
    assert.equal(player.playing, true);
    assert.equal(button.textContent, "Pause");
    assert.equal(button.getAttribute("aria-pressed"), "true");
    mock.timers.tick(1800);
    assert.deepEqual(ticks, [true, true, true]);
    player.toggle();
    mock.timers.tick(1800);
    assert.equal(ticks.length, 3);
    assert.equal(starts, 1);
    assert.equal(button.textContent, "Play");
    assert.equal(button.getAttribute("aria-pressed"), "false");
  } finally {
    mock.timers.reset();
  }
});
