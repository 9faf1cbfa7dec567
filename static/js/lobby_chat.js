// The lobby's chat (issue 13): the community's room over its own socket, ws/lobby/
// (gameplatform/chat/consumers.py LobbyConsumer), drawn by js/chat.js.

import { ChatPanel, ChatSocket } from "./chat.js";
import { byId } from "./dom.js";

const root = byId("chat");
if (root) {
  let panel = null;
  const socket = new ChatSocket("/ws/lobby/", {
    onMessage: (msg) => {
      if (panel.handle(msg)) return;
      if (msg.type === "error") panel.say(msg.message || msg.code, true); // a ban, a bad frame
    },
    onConnection: (open) => panel.connected(open),
  });
  panel = new ChatPanel(root, { send: (frame) => socket.send(frame) });
  socket.start();
  window.hexagora = { ...(window.hexagora || {}), chat: panel };
}
