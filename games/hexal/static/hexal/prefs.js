// Hexal's own "Colour-blind colours" box above the table: it starts in the player's
// colour-blind setting (Settings, read by the shared page: js/palette.js colourBlindSetting)
// and is a shortcut to it: ticking it switches this page's palette and saves the setting
// (js/palette.js saveColourBlind), which every table then follows.
// wirePalette(checkbox, onChange, on, {csrfToken}) keeps the box, the palette and the setting
// in step.

import { saveColourBlind } from "../js/palette.js";

/** "colourblind" when `on`, else "standard". */
export function paletteOf(on) {
  return on ? "colourblind" : "standard";
}

/** Wires the checkbox `box` (may be null), ticked when the player's setting `on` is; when it
 * changes, calls onChange(palette) and saves the setting. Returns the palette to start with. */
export function wirePalette(box, onChange, on = false, { csrfToken = "" } = {}) {
  if (box) {
    box.checked = on;
    box.addEventListener("change", () => {
      onChange(paletteOf(box.checked));
      saveColourBlind(box.checked, { csrfToken });
    });
  }
  return paletteOf(on);
}
