// What the page's board picker (js/board_pick.js, docs/contracts.md "Game UI hooks") needs of
// the Hexal table on a narrow screen: the choices the table asks for (the targets to name, the
// places of the chosen hand card; not the take-backs, which nothing asks for) and a zoom that
// moves the table's own camera (camera.js) instead of drawing the SVG larger.
//
//   startMatchPage({ ..., boardChoices: () => pickChoices(board), boardZoom: pickZoom(board) });

import { inView } from "../js/board_zoom.js";
import { INFO_PX, TOOLS_PX } from "./board.js";

const ASKED = new Set(["target", "place"]);

/** The table's elements that name a target or place the chosen card. */
export function pickChoices(board) {
  return [...board.svg.querySelectorAll(".hl-act[data-i]")].filter((n) => ASKED.has(board.actions[Number(n.dataset.i)]?.type));
}

/** The picker's zoom ({room, show, reset, zoomed, maxFactor, by, onUser}) over `board`'s camera:
 * `show` zooms the camera and puts the box in the middle; `reset` gives back the camera the
 * player had; moving the camera by hand (drag, pinch, wheel, the tools) tells `onUser`. */
export function pickZoom(board) {
  const camera = board.camera;
  let before = null; // the camera before the picker's zoom: {x, y, scale, follow}
  const zoom = {
    by: null,
    onUser: null,
    get maxFactor() {
      return camera.maxScale / camera.scale;
    },
    zoomed: () => zoom.by === "pick",
    room() {
      const r = board.svg.getBoundingClientRect();
      return inView({ left: r.left, top: r.top + TOOLS_PX, right: r.right, bottom: r.bottom - INFO_PX }, board.svg);
    },
    show(box, factor) {
      board.measure();
      const r = board.svg.getBoundingClientRect();
      const [wx, wy] = camera.toWorld((box.left + box.right) / 2 - r.left, (box.top + box.bottom) / 2 - r.top);
      before ??= { x: camera.x, y: camera.y, scale: camera.scale, follow: board.follow };
      camera.scale = camera.clamp(camera.scale * factor);
      const room = zoom.room();
      camera.x = wx - ((room.left + room.right) / 2 - r.left - camera.w / 2) / camera.scale;
      camera.y = wy - ((room.top + room.bottom) / 2 - r.top - camera.h / 2) / camera.scale;
      board.follow = false;
      zoom.by = "pick";
      board.apply();
    },
    reset() {
      if (zoom.by !== "pick" || !before) return;
      Object.assign(camera, { x: before.x, y: before.y, scale: before.scale });
      board.follow = before.follow;
      before = null;
      zoom.by = null;
      if (board.follow) board.fit();
      else board.apply();
    },
  };
  board.onCamera = () => {
    if (zoom.by === "pick") {
      zoom.by = null;
      before = null;
    }
    zoom.onUser?.();
  };
  return zoom;
}
