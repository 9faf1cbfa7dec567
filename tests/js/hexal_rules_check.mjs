// Reads Hexal views (JSON on stdin: [{view}]) and prints, per view, what the client's table
// reading (games/hexal/static/hexal/rules.js) finds: the cards that can be named as a target
// (some hand card fits one of their places) and, with a target named, every hand card's places
// with their points. Run by tests/games/hexal_web/test_client_rules.py against the engine.
import { readFileSync } from "node:fs";

import { importStatic } from "./static_tree.mjs";

// As served under /static/, so the modules' "../js/i18n.js" resolves.
const { TableModel } = await importStatic("hexal/rules.js", ["hexal"]);

const views = JSON.parse(readFileSync(0, "utf8"));
const out = views.map((view) => {
  const t = new TableModel(view.table);
  if (view.target) {
    const places = {};
    for (const card of view.hand) {
      places[card] = t.placesFor(card, view.target).map((p) => ({ q: p.q, r: p.r, level: p.level, points: p.points }));
    }
    return { places };
  }
  const targets = [...t.positions.keys()].filter((code) => view.hand.some((card) => t.placesFor(card, t.where(code)).length));
  return { targets };
});
process.stdout.write(JSON.stringify(out));
