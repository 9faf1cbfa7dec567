"""Legal actions of the seat to act, generated from the state's indexes.

Action shapes (JSON-able dicts, card codes as in cards.py):

- ``{"type": "target", "card": "RC1"}``: name a card in play as this turn's target;
- ``{"type": "place", "card": "GT4", "q": 1, "r": -1}``: put a hand card on the cell ``(q, r)``
  around the target (the target's own cell: on top of it; a neighbouring cell: on that side);
- ``{"type": "take_back", "card": "GT4"}``: return a card placed this turn to the hand;
- ``{"type": "end_turn"}``: score the turn and draw up to 6 (at least one card placed);
- ``{"type": "clear_target"}``: un-name the target (no card placed yet);
- ``{"type": "discard", "card": "BX2"}``: discard one card and draw one (no card placed);
- ``{"type": "pass"}``: do nothing this turn (only when there is nothing to draw).

Cost: naming a target scans the open spots once (linear in the table); every other phase
looks at the seven places around the target only.
"""
from __future__ import annotations

from games.hexal.engine.board import places_around, qr_of
from games.hexal.engine.cards import BIT, CODE, SHARE, mask_of
from games.hexal.engine.state import PLAY, TARGET, HexalState


def legal_targets(st: HexalState, hand) -> list[int]:
    """Cards in play with at least one place where a card of ``hand`` fits, ascending.

    Every toucher of an open spot is a target that spot may be played on (board.py), so the
    targets are the touchers of the spots some hand card fits.
    """
    hm = mask_of(hand)
    found: set = set()
    for _, mask, ts in st.spots.values():
        if mask & hm:
            found.update(ts)
    return sorted(found)


def target_has_place(st: HexalState, target: int, hand) -> bool:
    """Does some card of ``hand`` fit a place around ``target`` (a card in play)?"""
    hm = mask_of(hand)
    key, level = st.where[target]
    spots = st.spots
    return any(spots[k][1] & hm for k in places_around(st.table, spots, key, level))


def placements(st: HexalState) -> list[tuple[int, int, int, int]]:
    """Every legal place of the seat to act around its target: ``(card, key, level, points)``
    by hand card then place (top first, then sides in ring order); points are what the card
    would score there with the cards it touches (rule 10)."""
    key, level = st.where[st.target]
    spots = st.spots
    places = [(k, *spots[k]) for k in places_around(st.table, spots, key, level)]
    out = []
    for c in st.hands[st.current]:
        bit = BIT[c]
        row = SHARE[c]
        for k, lvl, mask, ts in places:
            if mask & bit:
                out.append((c, k, lvl, sum(row[t] for t in ts)))
    return out


def draw_options(st: HexalState, seat: int) -> list[dict]:
    """Discard-and-draw for every hand card, or pass when nothing can be drawn (or the hand
    is empty)."""
    hand = st.hands[seat]
    if hand and st.can_draw(seat):
        return [{"type": "discard", "card": CODE[c]} for c in hand]
    return [{"type": "pass"}]


def legal_actions(st: HexalState, seat: int) -> list[dict]:
    """Every legal action of ``seat`` now (``[]`` when it is not to act), in a fixed order."""
    if st.current != seat or st.ended:
        return []
    if st.phase == TARGET:
        out: list[dict] = [{"type": "target", "card": CODE[t]} for t in legal_targets(st, st.hands[seat])]
        out += draw_options(st, seat)
        return out
    if st.phase != PLAY:
        return []
    out = []
    for c, k, _, _ in placements(st):
        q, r = qr_of(k)
        out.append({"type": "place", "card": CODE[c], "q": q, "r": r})
    if st.placed:
        out += [{"type": "take_back", "card": CODE[c]} for c in st.placed]
        out.append({"type": "end_turn"})
    else:
        out.append({"type": "clear_target"})
        out += draw_options(st, seat)
    return out
