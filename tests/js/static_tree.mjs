// The static files as the site serves them (/static/js/..., /static/<game>/...), copied into a
// temporary folder, so a game module's "../js/dom.js" import resolves under Node as it does in
// the browser (Django's finders merge static/ and each game's static/ folder).
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Imports `path` (e.g. "hextopia/score.js") from a fresh copy of the static tree. */
export async function importStatic(path, games = ["hextopia", "hexfolk"]) {
  const dir = mkdtempSync(join(tmpdir(), "hexagora-static-"));
  cpSync(join(ROOT, "static", "js"), join(dir, "js"), { recursive: true });
  for (const game of games) cpSync(join(ROOT, "games", game, "static", game), join(dir, game), { recursive: true });
  return import(pathToFileURL(join(dir, path)).href);
}
