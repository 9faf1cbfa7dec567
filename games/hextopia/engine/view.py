"""What a seat may see of a Hextopia state (the contract's view shape, docs/contracts.md).

Never the seed, draw counter, deck order or another seat's hand; spectators (seat None) see no
hand at all. The acting seat also gets ``moves``: one entry per legal action, in the order of
``legal_actions``, with from/to/captures so a UI or a bot need not know the geometry.
"""
from __future__ import annotations

from typing import Any

from games.hextopia.engine import texts as T
from games.hextopia.engine.constants import (
    BACK,
    COLOUR_HEX,
    COLOURS,
    ENTER,
    HOME,
    JOKER_MOVE,
    PIECES,
    SLUG,
    SWAP,
    card_label,
)
from games.hextopia.engine.moves import action_of, legal_actions, plays
from games.hextopia.engine.state import HextopiaState
from games.protocol import seat_envelope
from games.texts import join, plural, text

HOME_WHERE, TRACK_WHERE, HEXTOPIA_WHERE = "home", "track", "hextopia"


def location(st: HextopiaState, seat: int, progress: int) -> dict:
    """Where a piece of ``seat`` with ``progress`` stands: ``{"where", "index", "progress"}``;
    index is the track space, the HEXTOPIA slot (1-4), or None at HOME."""
    if progress == HOME:
        return {"where": HOME_WHERE, "index": None, "progress": None}
    track = st.track
    if progress >= track:
        return {"where": HEXTOPIA_WHERE, "index": progress - track + 1, "progress": progress}
    return {"where": TRACK_WHERE, "index": (st.starts[seat] + progress) % track, "progress": progress}


def _place_text(loc: dict, st: HextopiaState, seat: int) -> str:
    if loc["where"] == HOME_WHERE:
        return "HOME"
    if loc["where"] == HEXTOPIA_WHERE:
        return f"HEXTOPIA {loc['index']}"
    if loc["progress"] == 0:
        return "START"
    return f"space {loc['index']}"


def _piece_text(st: HextopiaState, seat: int, piece: int) -> str:
    return f"{COLOURS[st.stations[seat]]} piece {piece + 1}"


def describe(st: HextopiaState, play: tuple) -> dict:
    """The ``moves`` entry of one play tuple (see rules.py for its shape)."""
    card, move, c, i, t, j, a, b = play
    pieces = st.pieces
    captures = [[b // PIECES, b % PIECES]] if b >= 0 and move != SWAP else []
    if move == SWAP:
        src, dst = location(st, c, pieces[c * PIECES + i]), location(st, c, a)
        tsrc, tdst = location(st, t, pieces[t * PIECES + j]), location(st, t, b)
        label = (f"{card_label(card)}: exchange {_piece_text(st, c, i)} ({_place_text(src, st, c)}) "
                 f"with {_piece_text(st, t, j)} ({_place_text(tsrc, st, t)})")
        return {"action": action_of(play), "card": card, "seat": c, "piece": i, "from": src,
                "to": dst, "captures": captures, "label": label,
                "target": {"seat": t, "piece": j, "from": tsrc, "to": tdst}}
    if move == JOKER_MOVE:
        c, i = t, j
    src, dst = location(st, c, pieces[c * PIECES + i]), location(st, c, a)
    if move == JOKER_MOVE:
        label = f"JOKER: send {_piece_text(st, c, i)} from {_place_text(src, st, c)} back to its START"
    elif move == ENTER:
        label = f"{card_label(card)}: move {_piece_text(st, c, i)} from HOME to START"
    else:
        word = "back " if move == BACK else ""
        label = (f"{card_label(card)}: move {_piece_text(st, c, i)} {word}from "
                 f"{_place_text(src, st, c)} to {_place_text(dst, st, c)}")
    if captures:
        label += f" and send {_piece_text(st, captures[0][0], captures[0][1])} HOME"
    return {"action": action_of(play), "card": card, "seat": c, "piece": i, "from": src, "to": dst,
            "captures": captures, "label": label}


def moves(st: HextopiaState, seat: int) -> list[dict]:
    """One entry per legal action of ``seat`` (same order as ``legal_actions``)."""
    found = plays(st, seat)
    if found:
        return [describe(st, p) for p in found]
    out = []
    for action in legal_actions(st, seat):
        if action["type"] == "discard":
            out.append({"action": action, "card": action["card"], "seat": seat, "piece": None,
                        "from": None, "to": None, "captures": [],
                        "label": f"Discard {card_label(action['card'])}"})
        else:
            out.append({"action": action, "card": None, "seat": seat, "piece": None, "from": None,
                        "to": None, "captures": [],
                        "label": "Discard your whole hand and sit out until the next hand"})
    return out


def progress_total(st: HextopiaState, seat: int) -> int:
    """A seat's total progress: per piece 0 at HOME, 1 on START, up to L+4 deep in HEXTOPIA."""
    base = seat * PIECES
    return sum(v + 1 for v in st.pieces[base:base + PIECES])


def seat_summary(st: HextopiaState, seat: int) -> str:
    """The seat's public line: cards in hand, pieces in HEXTOPIA, sitting out, dealer."""
    n = len(st.hands[seat])
    bits = [f"{n} card{'' if n == 1 else 's'}"]
    base = seat * PIECES
    home = sum(1 for v in st.pieces[base:base + PIECES] if v >= st.track)
    if home:
        bits.append(f"{home}/{PIECES} in HEXTOPIA")
    if st.sitting_out[seat]:
        bits.append("sitting out")
    if st.dealer == seat:
        bits.append("dealer")
    return " · ".join(bits)


def build_view(st: HextopiaState, seat: int | None, result: dict | None) -> dict:
    """The view of ``seat`` (None: spectator), JSON-able: the protocol's envelope (``seats``
    entries carry the game's own keys too) and the fields of docs/contracts.md."""
    track = st.track
    seats = []
    for s in range(st.seats):
        base = s * PIECES
        mine = st.pieces[base:base + PIECES]
        name = COLOURS[st.stations[s]]
        seats.append({
            **seat_envelope(s, colour=COLOUR_HEX[name], colour_name=name, score=progress_total(st, s),
                            summary=seat_summary(st, s)),
            "station": st.stations[s],
            "team": st.teams[s],
            "start": st.starts[s],
            "pieces": [{"piece": i, **location(st, s, v)} for i, v in enumerate(mine)],
            "hand_count": len(st.hands[s]),
            "sitting_out": st.sitting_out[s],
            "finished": min(mine) >= track,
        })
    over = bool(st.winners)
    out: dict[str, Any] = {
        "game": SLUG,
        "viewer": seat,
        "to_act": [] if over else [st.turn],
        "turn": st.turn_count,
        "phase": "over" if over else "play",
        "phase_text": "Game over" if over else f"Deal {st.deal}, hand {st.hand_number}",
        "seats": seats,
        "result": result,
        "track_length": track,
        "options": {"jokers": st.jokers},
        "dealer": st.dealer,
        "deal": st.deal,
        "hand_number": st.hand_number,
        "last_card": {"seat": st.last_card[0], "card": st.last_card[1]} if st.last_card else None,
        "played_count": len(st.pile),
        "undealt": len(st.deck),
        "dealer_draw": [[{"seat": s, "card": card} for s, card in rnd] for rnd in st.dealer_draw],
        "moves": moves(st, seat) if seat is not None and seat == st.turn and not over else [],
    }
    if seat is not None and 0 <= seat < st.seats:
        out["hand"] = list(st.hands[seat])
    return out


# --- the view texts (``games.texts``): specs of the English strings above, for the platform
# to translate. ``build_view`` keeps its f-strings (bots read views: no cost for them); the
# conformance check asserts that each spec renders to the view's string.


def _place(loc: dict) -> dict:
    if loc["where"] == HOME_WHERE:
        return text(T.AT_HOME)
    if loc["where"] == HEXTOPIA_WHERE:
        return text(T.IN_HEXTOPIA_SLOT, n=loc["index"])
    if loc["progress"] == 0:
        return text(T.AT_START)
    return text(T.ON_SPACE, n=loc["index"])


def _piece(st: HextopiaState, seat: int, piece: int) -> dict:
    return text(T.PIECE, colour=text(T.COLOUR_NAMES[COLOURS[st.stations[seat]]]), n=piece + 1)


def _describe(st: HextopiaState, play: tuple) -> tuple[dict, dict]:
    """The ``moves`` entry of one play tuple without its label, and the label's spec."""
    card, move, c, i, t, j, a, b = play
    pieces = st.pieces
    captures = [[b // PIECES, b % PIECES]] if b >= 0 and move != SWAP else []
    if move == SWAP:
        src, dst = location(st, c, pieces[c * PIECES + i]), location(st, c, a)
        tsrc, tdst = location(st, t, pieces[t * PIECES + j]), location(st, t, b)
        spec = text(T.EXCHANGE, card=card_label(card), piece=_piece(st, c, i), place=_place(src),
                    other=_piece(st, t, j), other_place=_place(tsrc))
        return {"action": action_of(play), "card": card, "seat": c, "piece": i, "from": src,
                "to": dst, "captures": captures, "label": "",
                "target": {"seat": t, "piece": j, "from": tsrc, "to": tdst}}, spec
    if move == JOKER_MOVE:
        c, i = t, j
    src, dst = location(st, c, pieces[c * PIECES + i]), location(st, c, a)
    if move == JOKER_MOVE:
        spec = text(T.JOKER_SEND, piece=_piece(st, c, i), place=_place(src))
    elif move == ENTER:
        spec = text(T.ENTER, card=card_label(card), piece=_piece(st, c, i))
    else:
        spec = text(T.MOVE_BACK if move == BACK else T.MOVE, card=card_label(card),
                    piece=_piece(st, c, i), place=_place(src), to=_place(dst))
    if captures:
        spec = text(T.AND_CAPTURE, move=spec, piece=_piece(st, captures[0][0], captures[0][1]))
    return {"action": action_of(play), "card": card, "seat": c, "piece": i, "from": src, "to": dst,
            "captures": captures, "label": ""}, spec


def _moves(st: HextopiaState, seat: int) -> list[tuple[dict, dict]]:
    found = plays(st, seat)
    if found:
        return [_describe(st, p) for p in found]
    out = []
    for action in legal_actions(st, seat):
        if action["type"] == "discard":
            out.append(({"action": action, "card": action["card"], "seat": seat, "piece": None,
                         "from": None, "to": None, "captures": [], "label": ""},
                        text(T.DISCARD, card=card_label(action["card"]))))
        else:
            out.append(({"action": action, "card": None, "seat": seat, "piece": None, "from": None,
                         "to": None, "captures": [], "label": ""}, text(T.SIT_OUT)))
    return out


def _summary(st: HextopiaState, seat: int) -> dict:
    bits = [plural(T.CARDS, len(st.hands[seat]))]
    base = seat * PIECES
    home = sum(1 for v in st.pieces[base:base + PIECES] if v >= st.track)
    if home:
        bits.append(text(T.IN_HEXTOPIA, n=home, pieces=PIECES))
    if st.sitting_out[seat]:
        bits.append(text(T.SITTING_OUT))
    if st.dealer == seat:
        bits.append(text(T.DEALER))
    return join(bits)


def _phase(st: HextopiaState) -> dict:
    return text(T.GAME_OVER) if st.winners else text(T.DEAL_HAND, deal=st.deal, hand=st.hand_number)


def view_texts(st: HextopiaState, seat: int | None) -> dict[str, dict]:
    """The view texts of ``build_view(st, seat, ...)`` (``EngineBase.view_texts``)."""
    out = {"phase_text": _phase(st)}
    for s in range(st.seats):
        out[f"seats.{s}.colour_name"] = text(T.COLOUR_NAMES[COLOURS[st.stations[s]]])
        out[f"seats.{s}.summary"] = _summary(st, s)
    if seat is not None and seat == st.turn and not st.winners:
        for k, (_, spec) in enumerate(_moves(st, seat)):
            out[f"moves.{k}.label"] = spec
    return out
