// The table's notes and its end, shared by every game's live page (js/match.js;
// docs/contracts.md, "Game UI hooks"):
//
//   const notices = wireNotices(byId("table-notes"));  // flash messages: × on each; the
//   notices.moved();                                     // transient ones go by themselves,
//                                                        // or at the next move
//   renderOver(snap, { result: "bob won." });            // a finished or aborted table
//
// Transient notices (issue 26, point 6): a flash message of level success or info ("The match
// has started. Good luck!", "Bots took the empty seats") goes after NOTICE_SECONDS or at the
// next move, whichever comes first; an error or a warning stays until dismissed.
//
// The end (issue 26, point 10): once the match is over, the game's help lines (its board
// template's `[data-table-help]` and the hand's `#hand-hint`) give way to one line saying so,
// and the table's "What next?" panel (#table-next: the replay, a rematch, a new match, the
// lobby) shows; its entries marked `data-when="finished"` only for a finished match.

import { gettext } from "./i18n.js";

export const NOTICE_SECONDS = 8;
const TRANSIENT = ["message-success", "message-info"];
const HELP_LINES = "[data-table-help], #hand-hint";

function drop(li) {
  const list = li.parentElement;
  li.remove();
  if (list && !list.children.length) list.remove();
}

/** Wires the flash messages under `root`: a dismiss button on each, and the transient ones
 * dropped after `seconds`. Returns {moved()}: drops the transient ones at once (a move came). */
export function wireNotices(root, { seconds = NOTICE_SECONDS } = {}) {
  const transient = [];
  for (const li of root?.querySelectorAll(".messages li") || []) {
    const x = document.createElement("button");
    x.type = "button";
    x.className = "btn-link btn-dismiss";
    x.setAttribute("aria-label", gettext("Dismiss"));
    x.textContent = "×";
    x.addEventListener("click", () => drop(li));
    li.appendChild(x);
    if (TRANSIENT.some((c) => li.classList.contains(c)) || !/\bmessage-/.test(li.className)) transient.push(li);
  }
  const dropAll = () => {
    for (const li of transient.splice(0)) if (li.isConnected) drop(li);
  };
  if (transient.length) setTimeout(dropAll, seconds * 1000);
  return { moved: dropAll };
}

/** The line that stands for the game's help lines once the match is over. */
export function overText(snap, result = "") {
  if (snap.status === "aborted") return gettext("This match was aborted: there is nothing more to play here. Go back to the lobby for another match.");
  const lead = result ? gettext("The match is over: %(result)s", { result }) : gettext("The match is over.");
  return `${lead} ${gettext("See the result, then watch the replay, ask for a rematch or start a new match.")}`;
}

/** Shows the end of the table when `snap.status` is finished or aborted: the game's help
 * lines hidden behind one line that says so (`result`: who won, in words) and the "What
 * next?" panel; while the match runs, nothing of it. */
export function renderOver(snap, { result = "", doc = document } = {}) {
  const over = snap.status === "finished" || snap.status === "aborted";
  const next = doc.getElementById("table-next");
  if (next) {
    next.hidden = !over;
    for (const item of next.querySelectorAll("[data-when]")) item.hidden = item.dataset.when !== snap.status;
  }
  for (const help of doc.querySelectorAll(HELP_LINES)) {
    let line = help.previousElementSibling;
    if (!line?.hasAttribute("data-table-over")) line = null;
    if (!over) {
      if (line) {
        line.remove();
        help.hidden = false;
      }
      continue;
    }
    if (!line) {
      line = doc.createElement("p");
      line.setAttribute("data-table-over", "");
      line.className = `${help.className} table-over-help`;
      help.before(line);
    }
    line.textContent = overText(snap, result);
    help.hidden = true;
  }
}
