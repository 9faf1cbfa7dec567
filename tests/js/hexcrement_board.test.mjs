// node --test: what Hexcrement's board (games/hexcrement/static/hexcrement/board.js) draws on
// the beetles (issue 12, point 5: "beetles with a direction arrow and the dung they carry ...
// status effects (FRUIT, ROCK, TRAP, SHIELD, BLOCK, MEAN, SURGE) as badges on the beetles"),
// read back from a stand-in document (mini_dom.mjs) on the engine's real board data.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import test from "node:test";
import { fileURLToPath } from "node:url";

import { installDocument } from "./mini_dom.mjs";
import { importStatic } from "./static_tree.mjs";

installDocument();
const SVG_NS = "http://www.w3.org/2000/svg";
const { HexcrementBoard } = await importStatic("hexcrement/board.js", ["hexcrement"]);
const { EFFECTS, EFFECT_ORDER } = await importStatic("hexcrement/words.js", ["hexcrement"]);

// The page gets this as engine.static_data(): the board of engine/board.json and the colours.
const BOARD = JSON.parse(readFileSync(fileURLToPath(new URL("../../games/hexcrement/engine/board.json", import.meta.url))));
const CSS = { red: "#c0392b", orange: "#e67e22", yellow: "#f1c40f", green: "#27ae60", blue: "#2980b9", purple: "#8e44ad" };
const DATA = { board: BOARD, colours: Object.entries(CSS).map(([name, css]) => ({ name, css })) };

const cellOf = (mat, depth) => BOARD.cells.find((c) => c.mat === mat && c.depth === depth && !c.start && !c.card) || BOARD.cells.find((c) => c.mat === mat && !c.start);
const A = cellOf(0, 2);
const B = cellOf(3, 1);
const seat = (over) => ({ swipes: [], effects: [], shield: false, goal: false, ...over });
const VIEW = {
  phase: "roll", to_act: [0], pool: 6, round: 3, round_limit: 100, options: { length: "long" }, cards: [],
  seats: [
    seat({ seat: 0, mat: 0, start: BOARD.starts[0], cell: A.cell, direction: "cw", colour: CSS.red, colour_name: "red",
      dung: ["DUNG-blue", "DUNG-green"], effects: ["TRAP", "FRUIT", "SURGE"], shield: true }),
    seat({ seat: 1, mat: 3, start: BOARD.starts[3], cell: B.cell, direction: "ccw", colour: CSS.green, colour_name: "green",
      dung: [] }),
  ],
};

function drawn() {
  const svg = document.createElementNS(SVG_NS, "svg");
  const helps = [];
  const board = new HexcrementBoard(svg, DATA, { onHelp: (text) => helps.push(text) });
  board.render(VIEW, { perspective: 0, names: ["alice", "bob"], mySeat: 0 });
  const beetle = (s) => svg.querySelector(`.hx-beetle[data-seat="${s}"]`);
  return { svg, helps, beetle };
}

/** The beetle body's translate (x, y) and rotation in degrees. */
function pose(beetle) {
  const body = beetle.children.find((c) => /rotate\(/.test(c.getAttribute("transform") || ""));
  const m = /translate\(([-\d.]+),([-\d.]+)\) rotate\(([-\d.]+)\)/.exec(body.getAttribute("transform"));
  return { body, x: Number(m[1]), y: Number(m[2]), angle: Number(m[3]) };
}

const degrees = (a) => (a * 180) / Math.PI;
const sameAngle = (a, b) => Math.abs(((a - b + 540) % 360) - 180) < 0.2;

test("each beetle's arrow points the way it travels round the ring", () => {
  const { beetle } = drawn();
  // Round the dice tray at (0, 0): clockwise (y down) along (-y, x), anticlockwise along (y, -x).
  const red = pose(beetle(0));
  assert.ok(sameAngle(red.angle, degrees(Math.atan2(A.x, -A.y))), `${red.angle}`);
  const green = pose(beetle(1));
  assert.ok(sameAngle(green.angle, degrees(Math.atan2(-B.x, B.y))), `${green.angle}`);
  for (const s of [0, 1]) {
    const { body } = pose(beetle(s));
    const arrows = body.querySelectorAll(".hx-arrow");
    assert.equal(arrows.length, 1);
    // In the body's own frame the head and the arrow are ahead (+x), the dung behind (-x).
    const tip = /L([-\d.]+),0/.exec(arrows[0].getAttribute("d"));
    assert.ok(Number(tip[1]) > Number(body.querySelector(".hx-head").getAttribute("cx")));
  }
});

test("the dung a beetle carries is drawn behind it, one ball per card in the dung's colour", () => {
  const { beetle } = drawn();
  const balls = beetle(0).querySelectorAll(".hx-dung-ball");
  assert.deepEqual(balls.map((b) => b.style.fill), [CSS.blue, CSS.green]);
  assert.ok(balls.every((b) => Number(b.getAttribute("cx")) < 0));
  assert.equal(beetle(1).querySelectorAll(".hx-dung-ball").length, 0);
  const words = beetle(0).querySelector("title").textContent;
  assert.match(words, /^You: the red beetle, moving clockwise · carrying blue dung and green dung/);
  assert.match(beetle(1).querySelector("title").textContent, /^bob: the green beetle, moving anticlockwise · carrying no dung/);
});

test("status effects are badges above the beetle, in a fixed order, not turned with it", () => {
  const { svg, helps, beetle } = drawn();
  const badges = beetle(0).children.filter((c) => c.classList.contains("hx-badge"));
  const names = ["FRUIT", "TRAP", "SHIELD", "SURGE"];
  assert.deepEqual(names, EFFECT_ORDER.filter((e) => names.includes(e)));
  assert.deepEqual(badges.map((b) => b.getAttribute("class")), names.map((n) => `hx-badge hx-badge-${n}`));
  const { x, y } = pose(beetle(0));
  badges.forEach((badge, i) => {
    const circle = badge.querySelector("circle");
    assert.equal(circle.style.fill, EFFECTS[names[i]].colour);
    assert.equal(badge.querySelector("text").textContent, EFFECTS[names[i]].glyph);
    assert.ok(Number(circle.getAttribute("cy")) < y, "above the beetle");
    assert.equal(badge.querySelector("title").textContent, `You: ${EFFECTS[names[i]].help}.`);
  });
  const xs = badges.map((b) => Number(b.querySelector("circle").getAttribute("cx")));
  assert.ok(Math.abs((xs[0] + xs[xs.length - 1]) / 2 - x) < 0.01, "centred over the beetle");
  assert.equal(beetle(0).querySelectorAll(".hx-shield-ring").length, 1);
  assert.equal(beetle(0).querySelectorAll(".hx-acting-ring").length, 1); // seat 0 is to act
  assert.equal(beetle(1).querySelectorAll(".hx-badge").length + beetle(1).querySelectorAll(".hx-shield-ring").length, 0);
  // A tap on a badge shows its help, as on the page.
  svg.dispatch("click", { target: badges[1].querySelector("text") });
  assert.deepEqual(helps, ["You: TRAP: loses the next turn."]);
});
