// The open match page, live (issue 8, point 4): it follows the match's WebSocket (client.js
// MatchClient; ws/matches/<id>/ sends a `state` on every join, leave, bot and start) and,
// when the seats change, puts the server's fresh seat panel (#seats-panel, with its forms)
// in place of the old one, so a joiner appears at once; when the match starts (or is called
// off) the page reloads and becomes the table (or says so). Nothing is swapped while the
// person is choosing in one of the panel's fields: that waits until they leave it.
//
// The match's chat (js/chat.js, #chat) rides on the same socket while the match waits: the
// seated write in the players' room, the others in the spectators'; the table's Chat tab goes
// on with the same rooms once the match starts.
//
// Reads the JSON script "open-config": {match, version}.

import { ChatPanel } from "./chat.js";
import { gettext } from "./i18n.js";
import { MatchClient } from "./client.js";
import { byId, readJsonScript } from "./dom.js";

const config = readJsonScript("open-config") || {};
let shown = Number(config.version) || 0; // the version the seat panel shows
let wanted = shown; // the newest version heard of
let fetching = false;
// A form of this page on its way (Start, Join, Leave...): its answer is the next page, so a
// change heard meanwhile reloads nothing. The chat's form stays on the page: not one of them.
let leaving = false;
document.addEventListener("submit", (e) => {
  if (!e.target.closest?.("#chat")) leaving = true;
});
addEventListener("pageshow", () => (leaving = false));

function busyInPanel() {
  const active = document.activeElement;
  const panel = byId("seats-panel");
  return Boolean(panel && active && panel.contains(active) && active.matches("select, input, textarea"));
}

async function refreshSeats() {
  if (leaving || fetching || wanted <= shown) return;
  if (busyInPanel()) {
    byId("seats-panel").addEventListener("focusout", () => setTimeout(refreshSeats, 0), { once: true });
    return;
  }
  fetching = true;
  try {
    const resp = await fetch(location.href, { credentials: "same-origin", headers: { Accept: "text/html" } });
    if (!resp.ok) return;
    const doc = new DOMParser().parseFromString(await resp.text(), "text/html");
    const fresh = doc.getElementById("seats-panel");
    if (!fresh) {
      location.reload(); // no seat panel any more: the match started meanwhile
      return;
    }
    const version = Number(fresh.dataset.version) || wanted;
    if (version > shown) {
      byId("seats-panel")?.replaceWith(document.importNode(fresh, true));
      shown = version;
      document.body.dataset.matchVersion = String(shown);
    }
  } catch {
    // offline: the next state (or the socket's resync) tries again
  } finally {
    fetching = false;
  }
  if (wanted > shown) refreshSeats();
}

function connection(state, info = {}) {
  const node = byId("conn-state");
  if (!node) return;
  node.className = `conn-state ${state === "live" ? "live" : state === "down" || state === "retrying" ? "down" : ""}`;
  if (state === "retrying" || info.unavailable) {
    node.textContent = gettext("The server is unavailable for a moment; retrying in %(seconds)s s…", { seconds: info.seconds ?? 5 });
    return;
  }
  node.textContent = state === "live" ? gettext("Live") : state === "down" ? gettext("Reconnecting…") : state === "connecting" ? gettext("Connecting…") : "";
}

if (config.match) {
  document.body.dataset.matchVersion = String(shown);
  document.body.dataset.matchStatus = "open";
  const root = byId("chat");
  const chat = root ? new ChatPanel(root, { send: (frame) => client.sendFrame(frame) }) : null;
  const client = new MatchClient({
    matchId: config.match,
    snapshot: { version: shown },
    onState: (snap) => {
      if (snap.status !== "open") {
        document.body.dataset.matchStatus = snap.status;
        client.stop();
        if (!leaving) location.reload(); // started: the table; called off: the closed page
        return;
      }
      wanted = Math.max(wanted, snap.version);
      refreshSeats();
    },
    onConnection: (state, info) => {
      connection(state, info);
      if (state !== "retrying") chat?.connected(state === "live"); // "retrying": still open
    },
    onError: (message) => chat?.say(message, true), // a ban, a bad frame
    onOther: (msg) => chat?.handle(msg),
  });
  client.start();
  window.hexagora = { client, chat };
}
