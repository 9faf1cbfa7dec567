// The person's own socket, ws/me/ (gameplatform/alerts; docs/contracts.md, "WebSocket ws/me/"),
// on every page of a member: the header's "Your turn" badge (#waiting-count) follows the count
// live, and an alert (a turn, an invitation, a match's end) becomes a browser notification when
// the person turned "Browser notifications" on in their settings and the browser allows it,
// except on the page of that very match while it has the focus. On the settings page it also
// wires the permission button (#notify-permission), and on /your-turn/ it swaps in the fresh
// lists when the count changes. Loaded by templates/base.html as a module.
//
// While the server's database or Redis is away it answers "unavailable" with `retry_after`
// seconds (and closes a handshake with 4503): the socket asks again (sync) or reconnects no
// sooner than that, with back-off, which starts again once a count arrives.

const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30000;
const NO_RETRY = new Set([4403, 4404, 1008]); // not allowed, no such community: reconnecting will not help

function readConfig(doc = document) {
  try {
    return JSON.parse(doc.getElementById("me-config")?.textContent || "{}");
  } catch {
    return {};
  }
}

/** The match this page shows (the table or the open match's page), or null. */
export function pageMatch(doc = document) {
  for (const id of ["match-config", "open-config"]) {
    const node = doc.getElementById(id);
    if (!node) continue;
    try {
      const match = JSON.parse(node.textContent).match;
      if (Number.isInteger(match)) return match;
    } catch {
      // not ours to read
    }
  }
  return null;
}

/** Should an alert about ``match`` become a notification on this page now? */
export function wantsNotification(alert, { enabled, permission, focused, match }) {
  if (!enabled || !alert.notify || permission !== "granted") return false;
  return !(focused && match !== null && match === alert.match);
}

export class MeSocket {
  constructor({ doc = document, config = readConfig(doc) } = {}) {
    this.doc = doc;
    this.config = config;
    this.count = null;
    this.retryMs = RETRY_MIN_MS;
    this.retryAfterMs = 0;
    this.socket = null;
    this.shown = 0; // notifications shown, for the tests
    this.received = [];
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws/me/`;
  }

  connect() {
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("message", (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      this.received.push(msg);
      this.handle(msg);
    });
    socket.addEventListener("close", (event) => {
      if (NO_RETRY.has(event.code)) return;
      setTimeout(() => this.connect(), Math.max(this.retryMs, this.retryAfterMs));
      this.retryAfterMs = 0;
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    });
  }

  /** Sends `{"type": "sync"}` if the socket is open (the count comes back). */
  sync() {
    if (this.socket?.readyState === 1) this.socket.send(JSON.stringify({ type: "sync" }));
  }

  handle(msg) {
    if (msg.type === "error" && msg.code === "unavailable") {
      // Not now: ask again later (a closing socket reconnects no sooner).
      this.retryAfterMs = Math.max(1, Number(msg.retry_after) || 5) * 1000;
      setTimeout(() => this.sync(), this.retryAfterMs);
      return;
    }
    if (msg.type === "waiting") this.retryMs = RETRY_MIN_MS; // it works: back-off from the start
    if (msg.type === "waiting" || msg.type === "alert") {
      if (Number.isInteger(msg.count)) this.showCount(msg.count);
    }
    if (msg.type === "alert") {
      this.notify(msg);
      if (msg.kind === "invitation") this.refreshList();
    }
  }

  /** On /your-turn/: the lists again from the server, in place, when they no longer match. */
  async refreshList() {
    if (!this.doc.getElementById("waiting-panel")) return;
    if (this.refreshing) {
      this.refreshAgain = true;
      return;
    }
    this.refreshing = true;
    try {
      const response = await fetch(location.href, { headers: { Accept: "text/html" }, credentials: "same-origin" });
      if (response.ok) {
        const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
        for (const id of ["waiting-panel", "invitations-panel"]) {
          const now = this.doc.getElementById(id);
          const next = fresh.getElementById(id);
          if (now && next) now.replaceWith(this.doc.importNode(next, true));
        }
      }
    } catch {
      // offline for a moment: the next change tries again
    } finally {
      this.refreshing = false;
      if (this.refreshAgain) {
        this.refreshAgain = false;
        this.refreshList();
      }
    }
  }

  /** The badges show ``count``: the header's, and the table head's (a phone hides the
   * header at a table); others may listen for "hexagora:waiting". */
  showCount(count) {
    this.count = count;
    for (const prefix of ["waiting", "table-waiting"]) {
      const badge = this.doc.getElementById(`${prefix}-count`);
      if (badge && badge.textContent !== String(count)) badge.textContent = String(count);
      this.doc.getElementById(`${prefix}-link`)?.classList.toggle("has-waiting", count > 0);
    }
    const panel = this.doc.getElementById("waiting-panel");
    if (panel && Number(panel.dataset.count) !== count) this.refreshList();
    this.doc.dispatchEvent(new CustomEvent("hexagora:waiting", { detail: { count } }));
  }

  notify(alert) {
    const Notice = globalThis.Notification;
    const ok = wantsNotification(alert, {
      enabled: Boolean(this.config.notify),
      permission: Notice ? Notice.permission : "unsupported",
      focused: this.doc.hasFocus(),
      match: pageMatch(this.doc),
    });
    if (!ok) return;
    try {
      // One tag per event: several open tabs show it once.
      const notice = new Notice(alert.title, { body: alert.body, tag: `hexagora-${alert.kind}-${alert.match}` });
      notice.addEventListener("click", () => {
        window.focus();
        if (alert.url) location.assign(alert.url);
        notice.close();
      });
      this.shown += 1;
    } catch {
      // Some browsers allow notifications only from a service worker: the badge still tells.
    }
  }
}

/** The settings page: the state of the browser's permission, and a button that asks for it. */
export function wirePermission(doc = document) {
  const button = doc.getElementById("notify-permission");
  const state = doc.getElementById("notify-state");
  if (!button || !state) return;
  const show = () => {
    const Notice = globalThis.Notification;
    const permission = Notice ? Notice.permission : "unsupported";
    state.textContent = state.dataset[permission] || "";
    button.hidden = permission !== "default";
  };
  button.addEventListener("click", async () => {
    const Notice = globalThis.Notification;
    if (!Notice) return show();
    try {
      await Notice.requestPermission();
    } catch {
      // an old browser with the callback form only: the state below still says where we are
    }
    show();
  });
  show();
}

// The page's entry point (the module is imported without a document by the Node tests).
if (typeof document !== "undefined") {
  const me = new MeSocket();
  window.hexagoraMe = me;
  wirePermission();
  if (typeof WebSocket !== "undefined") me.connect();
}
