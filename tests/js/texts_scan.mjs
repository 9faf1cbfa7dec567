// The words a player reads in a game's log and seat list, rendered under Node for
// tests/i18n/test_no_english.py (not a node --test file): `node tests/js/texts_scan.mjs IN.json`.
//
// IN.json: {catalogue: the /jsi18n/ script of one language, game: the package ("hexcrement"),
// gameData: engine.static_data() (the page's "game-data" script), seats: the platform's seat
// list (localized by the server), playouts: [{steps: [{perspectives: [{seat, events, view}],
// actor}]}]}. For each step and perspective it words the events with the game's describe.js
// (as the live log and the replay do: ctx = {names, view, mySeat, record, actor}), and on
// every 20th step and the last one it renders the seat list (js/seats.js, with the game's
// seatSummary where it has one) and the game's panels drawn from the view (PANELS; the
// end-of-game summaries on the last step). Prints a JSON list of {where, text}.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import vm from "node:vm";
import { installDocument } from "./mini_dom.mjs";

const input = JSON.parse(readFileSync(process.argv[2], "utf-8"));
vm.runInThisContext(input.catalogue); // defines globalThis.django, as base.html's <script> does
const document = installDocument();
const data = document.createElement("script");
data.setAttribute("id", "game-data");
data.textContent = JSON.stringify(input.gameData || {});
document.register(data);

// The static files as the site serves them (/static/js/, /static/<game>/), in one copy.
const game = input.game;
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const served = mkdtempSync(join(tmpdir(), "hexagora-texts-"));
cpSync(join(ROOT, "static", "js"), join(served, "js"), { recursive: true });
// A game without a UI of its own (a new one from startgame) is worded by the generic table.
const own = join(ROOT, "games", game, "static", game);
if (existsSync(own)) cpSync(own, join(served, game), { recursive: true });
const load = (path) => import(pathToFileURL(join(served, path)).href);
// The games' panels drawn from a view, beside the log: [module, export, call, at the end only].
const PANELS = {
  hexcrement: [["panels.js", "renderBeetles", (f, node, view, ctx) => f(node, view, ctx)]],
  hexal: [["panels.js", "renderScores", (f, node, view, ctx) => f(node, view, ctx.names, ctx.mySeat)],
    ["panels.js", "renderSummary", (f, node, view, ctx) => f(node, view, ctx.names, ctx.mySeat), true]],
  hexboard_words: [["panels.js", "renderPlayers", (f, node, view, ctx) => f(node, view, { names: ctx.names, mySeat: ctx.mySeat })],
    ["panels.js", "renderBar", (f, node, view) => f(node, view)]],
  hexfolk: [["words.js", "phaseText", (f, node, view) => node.append(f(view))],
    ["summary.js", "renderSummary", (f, node, view, ctx) => f(node, view, ctx.names), true]],
  hextopia: [],
};
// The seat list's line of a game that words it itself (the play module's seatSummary hook).
const SEAT_SUMMARY = { hexfolk: "words.js" };

const { describeEvents } = await load(existsSync(own) ? `${game}/describe.js` : "js/generic.js");
const { renderSeatList, seatNames } = await load("js/seats.js");
const summaries = SEAT_SUMMARY[game] ? (await load(`${game}/${SEAT_SUMMARY[game]}`)).seatSummary : null;
const panels = [];
for (const [module, name, call, atEnd] of PANELS[game] || []) panels.push({ name, call, atEnd, fn: (await load(`${game}/${module}`))[name] });
const names = seatNames({ seats: input.seats });
const out = [];

/** What a reader gets of `node`: its texts, titles and labels, each apart (textContent glues
 * neighbours: "Bot 1" and "yellow" would read "Bot 1yellow"). */
function wordsOf(node) {
  if (node.nodeType === 3) return [node.data];
  const own = ["title", "aria-label"].map((a) => node.getAttribute?.(a)).filter(Boolean);
  return [...own, ...(node.childNodes || []).flatMap(wordsOf)];
}

function pageTexts(view, ctx, where, end) {
  const list = document.createElement("ul");
  const summary = summaries ? (seat) => summaries(view, seat) : null;
  renderSeatList(list, { seats: input.seats, view, mySeat: ctx.mySeat, acting: view?.to_act || [], summary });
  out.push({ where: `${where} seat list`, text: wordsOf(list).join(" | ") });
  for (const { name, call, atEnd, fn } of panels) {
    if (atEnd && !end) continue;
    const node = document.createElement("div");
    call(fn, node, view, ctx);
    out.push({ where: `${where} ${name}`, text: wordsOf(node).join(" | ") });
  }
}

input.playouts.forEach((playout, p) => {
  playout.steps.forEach((step, k) => {
    const end = k === playout.steps.length - 1;
    for (const { seat, events, view } of step.perspectives) {
      const where = `playout ${p} step ${k} seat ${seat}`;
      const ctx = { names, view, mySeat: seat, record: { actor: step.actor }, actor: step.actor };
      out.push({ where, text: describeEvents(events, ctx) });
      if (k % 20 === 0 || end) pageTexts(view, ctx, where, end);
    }
  });
});
rmSync(served, { recursive: true, force: true });
process.stdout.write(JSON.stringify(out));
