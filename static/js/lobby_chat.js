// The lobby's chat (issue 13): the community's room over its own socket, ws/lobby/
// (gameplatform/chat/consumers.py LobbyConsumer), drawn by js/chat.js.

import { ChatPanel, ChatSocket } from "./chat.js";
import { byId } from "./dom.js";

const root = byId("chat");
if (root) {
  let panel = null;
  const socket = new ChatSocket("/ws/lobby/", {
    onMessage: (msg) => {
      // The lobby socket's frame-level refusals are "error"s: one about a chat message (its
      // client_message_id) is the panel's, like a chat_error.
      if (msg.type === "error" && msg.client_message_id) msg = { ...msg, type: "chat_error" };
      if (panel.handle(msg)) return;
      if (msg.type === "error") panel.say(msg.message || msg.code, true); // a ban, a bad frame
    },
    onConnection: (open) => panel.connected(open),
  });
  panel = new ChatPanel(root, { send: (frame) => socket.send(frame) });
  socket.start();
  window.hexagora = { ...(window.hexagora || {}), chat: panel };
}
