// Which tiles a move brought to the board or to a card (drawn with a marker as new).

/** Tile codes of `events` placed, drawn to the board, matched or added by a steal. */
export function recentTiles(events) {
  const out = new Set();
  for (const ev of events || []) {
    if (ev.tile && (ev.type === "placed" || (ev.type === "drew" && ev.to === "board") || ev.type === "matched")) out.add(ev.tile);
    for (const t of ev.added || []) out.add(t.tile);
  }
  return out;
}
