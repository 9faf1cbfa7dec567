// node --test: static/js/hexgrid.js (run by tests/web/test_js_units.py).
import assert from "node:assert/strict";
import test from "node:test";

import * as g from "../../static/js/hexgrid.js";

const close = (a, b) => assert.ok(Math.hypot(a[0] - b[0], a[1] - b[1]) < 1e-9, `${a} != ${b}`);
const HEXES = [[0, 0], [2, -1], [-3, 2], [1, 4]];

for (const o of [g.POINTY, g.FLAT]) {
  test(`${o}: lattice and pixel centres agree, and pixelToAxial inverts axialToPixel`, () => {
    for (const [q, r] of HEXES) {
      const p = g.axialToPixel(q, r, 60, o);
      close(g.latticeToPixel(...g.latticeCentre(q, r, o), 60, o), p);
      assert.deepEqual(g.pixelToAxial(...p, 60, o), [q, r]);
      // A point near a corner, a little inside, still belongs to the hex.
      const inside = g.corner(...p, 60 * 0.9, 1, o);
      assert.deepEqual(g.pixelToAxial(...inside, 60, o), [q, r]);
    }
  });

  test(`${o}: lattice corners are the pixel corners, in the same order`, () => {
    for (const [q, r] of HEXES) {
      const pix = g.corners(...g.axialToPixel(q, r, 60, o), 60, o);
      g.latticeCorners(q, r, o).forEach(([X, Y], i) => close(g.latticeToPixel(X, Y, 60, o), pix[i]));
    }
  });

  test(`${o}: the neighbour across side i is the mirror of the centre in that side`, () => {
    for (const [q, r] of HEXES) {
      const c = g.axialToPixel(q, r, 60, o);
      const pc = g.corners(...c, 60, o);
      g.neighbours(q, r, o).forEach(([nq, nr], i) => {
        const [a, b] = [pc[i], pc[(i + 1) % 6]];
        close(g.axialToPixel(nq, nr, 60, o), [a[0] + b[0] - c[0], a[1] + b[1] - c[1]]);
        assert.equal(g.axialDistance([q, r], [nq, nr]), 1);
      });
    }
  });
}

test("corner 0 is the top of a pointy hex and the right of a flat one; corners run clockwise", () => {
  close(g.corner(0, 0, 10, 0, g.POINTY), [0, -10]);
  close(g.corner(0, 0, 10, 0, g.FLAT), [10, 0]);
  close(g.corner(0, 0, 10, 1, g.FLAT), [5, Math.sqrt(75)]); // y grows downwards on screen
});

test("points strings and distances", () => {
  assert.equal(g.points([[1, 2], [3.25, -4]]), "1.0,2.0 3.3,-4.0");
  assert.equal(g.hexPoints(0, 0, 10, g.POINTY), "0.0,-10.0 8.7,-5.0 8.7,5.0 0.0,10.0 -8.7,5.0 -8.7,-5.0");
  assert.equal(g.axialDistance([0, 0], [3, -1]), 3);
  assert.deepEqual(g.axialRound(0.4, -0.4), [0, 0]);
});
