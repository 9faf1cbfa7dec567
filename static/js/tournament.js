// A tournament's page (gameplatform/tournaments; issue 28, point 4): the socket
// ws/tournaments/<id>/ says "changed" at once and after every change of the tournament (a
// registration, a table decided, a round paired, a pause); the page then fetches its live part
// (/tournaments/<id>/live/) and swaps it in, so standings and rounds move without a reload.
// Reconnects with back-off; 4403/4404 (not a member, no such tournament) stop it. Loaded by
// tournaments/detail.html as a module.

const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30000;
const NO_RETRY = new Set([4403, 4404, 1008]);

export class TournamentLive {
  constructor(root) {
    this.root = root;
    this.retryMs = RETRY_MIN_MS;
    this.last = null; // "status/round" of the last message: the first one needs no fetch
    this.fetches = 0; // for the tests
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}${this.root.dataset.socketPath}`;
  }

  connect() {
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("message", (event) => this.onMessage(event));
    socket.addEventListener("close", (event) => {
      if (NO_RETRY.has(event.code)) return;
      setTimeout(() => this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    });
    socket.addEventListener("open", () => { this.retryMs = RETRY_MIN_MS; });
  }

  onMessage(event) {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (message.type === "unavailable") return; // the server says when; the close retries
    if (message.type !== "changed") return;
    const first = this.last === null;
    this.last = `${message.status}/${message.current_round}`;
    if (!first || this.root.dataset.rendered !== this.last) this.refresh();
  }

  async refresh() {
    this.fetches += 1;
    const response = await fetch(this.root.dataset.liveUrl, { credentials: "same-origin" });
    if (!response.ok) return;
    this.root.innerHTML = await response.text();
    this.root.dispatchEvent(new CustomEvent("tournament:updated"));
  }
}

const root = document.getElementById("tournament-live");
if (root) {
  const live = new TournamentLive(root);
  window.hexagora = Object.assign(window.hexagora || {}, { tournament: live });
  live.connect();
}
