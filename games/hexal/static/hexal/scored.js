// Which cards the last scored turn played (the `turn_scored` event, engine/apply.py), so the
// table can mark them after the turn has passed. DOM-free.

/** The cards of the turn scored in `events`, as a Set, or null when none was scored. */
export function scoredCards(events) {
  const ev = (events || []).find((e) => e && e.type === "turn_scored");
  return ev ? new Set(ev.cards || []) : null;
}

/** The cards of the last turn scored in a list of history entries ({events}), or an empty Set. */
export function lastScored(history) {
  for (let i = (history || []).length - 1; i >= 0; i--) {
    const cards = scoredCards(history[i]?.events);
    if (cards) return cards;
  }
  return new Set();
}
