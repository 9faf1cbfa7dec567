// The player's display choices for Hexal, kept in this browser (localStorage) for now: the
// colour-blind palette. wirePalette(checkbox, onChange) keeps the box and the storage in step.

const KEY = "hexagora.hexal.palette";

/** "colourblind" or "standard" (the default, also when storage is unavailable). */
export function storedPalette() {
  try {
    return globalThis.localStorage?.getItem(KEY) === "colourblind" ? "colourblind" : "standard";
  } catch {
    return "standard";
  }
}

export function storePalette(palette) {
  try {
    globalThis.localStorage?.setItem(KEY, palette);
  } catch {
    // private mode or storage full: the choice lasts for this page only
  }
}

/** Wires the checkbox `box` (may be null); calls onChange(palette) when it changes. */
export function wirePalette(box, onChange) {
  const palette = storedPalette();
  if (box) {
    box.checked = palette === "colourblind";
    box.addEventListener("change", () => {
      const next = box.checked ? "colourblind" : "standard";
      storePalette(next);
      onChange(next);
    });
  }
  return palette;
}
