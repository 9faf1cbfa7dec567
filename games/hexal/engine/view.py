"""What a seat may see of a Hexal state, and what it may not (``secrets``).

Everyone sees the table, the target and the cards placed this turn, the discards (face up),
every seat's score, turn history, latest turn (as the log tells it) and hand count, the hand
cards every player has seen (taken back from the table: ``shown``), and the deck and personal stacks as counts. A seated viewer
also sees its own hand; the seat to act gets ``moves``: its legal targets, or per hand card
every place around the target with the points the card would score there. Never the seed,
the deck order, a stack card or another seat's unshown hand card.
"""
from __future__ import annotations

from games.hexal.engine import texts as T
from games.hexal.engine.board import qr_of
from games.hexal.engine.cards import CODE, COLOUR_OF, COLOURS, NUMBER_OF, SHAPE_OF, SHAPES, name_of
from games.hexal.engine.legal import legal_targets, placements
from games.hexal.engine.state import END_PASSES, OVER, PLAY, TARGET, HexalState
from games.protocol import seat_envelope
from games.texts import and_list, capitalized, in_context, join, plural, text

SLUG = "hexal"
# Seat swatches, chosen apart from the six card colours so a seat never reads as a card colour.
SEAT_COLOURS = (
    ("#00838f", "teal"), ("#ad1457", "magenta"), ("#6d4c41", "brown"), ("#283593", "indigo"),
    ("#9e9d24", "olive"), ("#546e7a", "slate"), ("#f06292", "pink"), ("#212121", "black"),
)


def seat_name(seat: int) -> str:
    """The seat's colour name, capitalised, for phase texts."""
    return SEAT_COLOURS[seat][1].capitalize()


def _phase_text(st: HexalState, result: dict | None) -> str:
    if st.phase == OVER:
        why = ("the deck is empty and every player passed in a row" if st.ended == END_PASSES
               else f"the round is finished after a player reached {st.target_score} points")
        winners = " and ".join(seat_name(s) for s in (result or {}).get("winners", []))
        return f"Game over ({why}): {winners} {'win' if ' and ' in winners else 'wins'}."
    who = seat_name(st.current)
    if st.phase == TARGET:
        fallback = "discards and draws" if st.can_draw(st.current) and st.hands[st.current] else "passes"
        return f"{who} names a target card, or {fallback}."
    return f"{who} places cards around the {name_of(st.target)}."


def _seat(st: HexalState, s: int) -> dict:
    hand, history = st.hands[s], st.history[s]
    summary = f"{len(hand)} card{'s' if len(hand) != 1 else ''} · {st.totals[s]} point{'s' if st.totals[s] != 1 else ''}"
    if st.personal:
        summary += f" · stack {len(st.stacks[s])}"
    entry = seat_envelope(s, colour=SEAT_COLOURS[s][0], colour_name=SEAT_COLOURS[s][1],
                          score=st.totals[s], summary=summary)
    entry.update({
        "hand_count": len(hand),
        "stack_count": len(st.stacks[s]),
        "shown": [CODE[c] for c in st.shown[s]],
        "turns": list(history),
        "best_turn": max(history, default=0),
        "last_turn": _last_turn(st.last[s]),
    })
    return entry


def _last_turn(last: tuple) -> dict | None:
    """The seat's latest turn as the log tells it: ``{"kind": "played"|"discarded"|"passed",
    "card": the target or the discarded card (code) or None, "placed": [codes in order]}``,
    None before its first turn."""
    kind, card, placed = last
    if not kind:
        return None
    return {"kind": kind, "card": CODE[card] if card >= 0 else None, "placed": [CODE[c] for c in placed]}


def moves(st: HexalState) -> dict:
    """Help for the seat to act: ``{"targets": [codes]}`` when naming a target, else
    ``{"places": {hand code: [{"q", "r", "level", "points"}, ...]}}`` (every hand card, an
    empty list where it fits nowhere)."""
    if st.phase == TARGET:
        return {"targets": [CODE[t] for t in legal_targets(st, st.hands[st.current])]}
    places: dict = {CODE[c]: [] for c in st.hands[st.current]}
    for c, k, level, points in placements(st):
        q, r = qr_of(k)
        places[CODE[c]].append({"q": q, "r": r, "level": level, "points": points})
    return {"places": places}


def build_view(st: HexalState, seat: int | None, result: dict | None, turn_points: int) -> dict:
    """The view of ``seat`` (None: spectator), JSON-able: the envelope and the fields of the
    module docstring; ``turn_points`` is the running total of the turn."""
    acting = [] if st.phase == OVER else [st.current]
    target = None
    if st.phase == PLAY:
        key, level = st.where[st.target]
        q, r = qr_of(key)
        target = {"card": CODE[st.target], "q": q, "r": r, "level": level}
    placed = []
    for c in st.placed:
        key, level = st.where[c]
        q, r = qr_of(key)
        placed.append({"card": CODE[c], "q": q, "r": r, "level": level})
    table = sorted(([*qr_of(k), [CODE[c] for c in stack]] for k, stack in st.table.items()))
    seated = seat is not None and type(seat) is int and 0 <= seat < st.n
    out = {
        "game": SLUG,
        "viewer": seat,
        "to_act": acting,
        "turn": st.turn,
        "phase": st.phase,
        "phase_text": _phase_text(st, result),
        "seats": [_seat(st, s) for s in range(st.n)],
        "result": result,
        "options": {"target_score": st.target_score, "personal_stack": st.personal},
        "dealer": st.dealer,
        "first_player": st.first,
        "playable_at_start": list(st.playable),
        "initial_target": CODE[st.initial],
        "table": [{"q": q, "r": r, "cards": cards} for q, r, cards in table],
        "cards_on_table": len(st.where),
        "deck_count": len(st.deck),
        "discards": [CODE[c] for c in st.discards],
        "target": target,
        "placed": placed,
        "turn_points": turn_points,
        "final_round": st.final_round,
        "passes_in_a_row": st.passes,
        "hand": [CODE[c] for c in st.hands[seat]] if seated and seat is not None else None,
        "moves": moves(st) if seated and seat in acting else None,
    }
    return out


def secrets(state: HexalState, seat: int | None) -> list:
    """Values ``seat`` may not see, for the conformance check: the codes of other seats' hand
    cards not shown on the table this game, the codes of every personal-stack card (face
    down, its owner's too) and the deck order as a tuple.

    The deck's cards are not listed one by one: the check compiles one pattern of all string
    secrets per call, and 150 more codes make the registry run several times slower;
    ``deck_codes`` gives them for the game's own tests, which look for each in every view.
    """
    st = state
    out: list[str | tuple[str, ...]] = []
    for s in range(st.n):
        if s != seat:
            shown = st.shown[s]
            out += [CODE[c] for c in st.hands[s] if c not in shown]
        out += [CODE[c] for c in st.stacks[s]]
    if len(st.deck) > 1:
        out.append(tuple(CODE[c] for c in st.deck))
    return out


def deck_codes(st: HexalState) -> list[str]:
    """The codes of the undrawn deck cards (hidden from every seat)."""
    return [CODE[c] for c in st.deck]

# --- the view texts (``games.texts``): specs of the English strings above, for the platform
# to translate (``view_texts``). The view keeps its f-strings (bots read views and must not
# pay for this); the conformance check asserts that each spec renders to the view's string.


def _who(seat: int) -> dict:
    return capitalized(text(T.SEAT_COLOUR_NAMES[SEAT_COLOURS[seat][1]]))


def card_text(card: int) -> dict:
    """The spec of a card in words (``cards.name_of``: "blue star 3")."""
    colour, shape = COLOURS[COLOUR_OF[card]], SHAPES[SHAPE_OF[card]]
    words = T.STAR_COLOURS if shape == "star" else T.CARD_COLOURS
    return text(T.CARD, colour=in_context(words[colour]), shape=in_context(T.SHAPES[shape]), number=NUMBER_OF[card])


def _phase_spec(st: HexalState, result: dict | None) -> dict:
    if st.phase == OVER:
        why = text(T.WHY_PASSES) if st.ended == END_PASSES else text(T.WHY_SCORE, target=st.target_score)
        winners = (result or {}).get("winners", [])
        if len(winners) > 1:
            return text(T.OVER_WIN, why=why, winners=and_list([_who(s) for s in winners]))
        return text(T.OVER_ONE_WINS, why=why, winner=_who(winners[0]) if winners else "")
    who = _who(st.current)
    if st.phase == TARGET:
        can_draw = st.can_draw(st.current) and st.hands[st.current]
        return text(T.NAMES_TARGET_OR_DRAW if can_draw else T.NAMES_TARGET_OR_PASS, who=who)
    return text(T.PLACES_AROUND, who=who, card=card_text(st.target))


def _summary_spec(st: HexalState, s: int) -> dict:
    bits = [plural(T.CARDS, len(st.hands[s])), plural(T.POINTS, st.totals[s])]
    if st.personal:
        bits.append(text(T.STACK, n=len(st.stacks[s])))
    return join(bits)


def view_texts(st: HexalState, seat: int | None, result: dict | None) -> dict[str, dict]:
    """The view texts of ``build_view(st, seat, result, ...)`` (``EngineBase.view_texts``)."""
    out = {"phase_text": _phase_spec(st, result)}
    for s in range(st.n):
        out[f"seats.{s}.colour_name"] = text(T.SEAT_COLOUR_NAMES[SEAT_COLOURS[s][1]])
        out[f"seats.{s}.summary"] = _summary_spec(st, s)
    return out
