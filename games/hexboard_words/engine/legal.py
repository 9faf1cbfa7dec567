"""Legal actions of the seat to act. Shapes (exactly these keys; see apply.py for the checks):

- ``{"type": "end_turn"}``: stop (always possible; also what a timeout does);
- ``{"type": "match", "slot": 0-5, "position": 0-2, "letter": "t"}``: put a board tile of that
  letter (``"?"``: the blank) on that unmatched letter of a word-card; it completes the card
  when it was the last unmatched letter (rules 3C, 4A);
- ``{"type": "steal", "target": "act", "word": "cater"}``: an opponent's word plus board
  tiles, rearranged (rule 5). Every steal that exists is listed, found with the anagram index
  (steals.py), so random play needs no dictionary of its own.

What a person's client is shown instead (``client_templates``, the engine's
``client_legal_actions``): ``end_turn`` and one template per kind of move, its fields None for
the player to fill in: ``{"type": "match", "slot": None, "position": None, "letter": None}``
while some card letter is open and a tile lies on the board, and ``{"type": "steal",
"target": None, "word": None}`` while an opponent holds a word and a tile lies on the board,
whether or not any steal exists: finding one is the game.
"""
from __future__ import annotations

from games.hexboard_words.engine.state import WordsState
from games.hexboard_words.engine.steals import find_steals
from games.hexboard_words.engine.words import LETTER_INDEX

END_TURN = {"type": "end_turn"}
MATCH_TEMPLATE = {"type": "match", "slot": None, "position": None, "letter": None}
STEAL_TEMPLATE = {"type": "steal", "target": None, "word": None}


def match_actions(st: WordsState) -> list[dict]:
    """Every legal match (completions included), by slot then position."""
    counts, has_blank = st.board_counts()
    out = []
    for i, slot in enumerate(st.slots):
        if slot is None:
            continue
        word, tiles = slot
        for p in range(3):
            if tiles[p] is None:
                ch = word[p]
                if counts[LETTER_INDEX[ch]]:
                    out.append({"type": "match", "slot": i, "position": p, "letter": ch})
                if has_blank:
                    out.append({"type": "match", "slot": i, "position": p, "letter": "?"})
    return out


def steal_targets(st: WordsState, seat: int) -> list[tuple[str, str]]:
    """The words ``seat`` may try to steal, those held by players outside its team, as
    ``(word, the 3-letter word printed on its card)``."""
    mine = st.group(seat)
    return [(c[1], c[0]) for s in range(st.n) if s not in mine for c in st.held[s]]


def steal_actions(st: WordsState, seat: int) -> list[dict]:
    """Every legal steal of ``seat`` now."""
    targets = steal_targets(st, seat)
    if not targets or not st.board:
        return []
    counts, has_blank = st.board_counts()
    table = st.on_table()
    out = []
    for old, card in targets:
        for new in find_steals(st.level, old, counts, has_blank, st.strict, table, card):
            out.append({"type": "steal", "target": old, "word": new})
    return out


def legal_actions(st: WordsState, seat: int) -> list[dict]:
    """Every legal action of ``seat`` (``[]`` when it is not its turn or the game is over):
    ``end_turn`` first, then the matches, then the steals."""
    if st.turn < 0 or seat != st.turn:
        return []
    return [dict(END_TURN), *match_actions(st), *steal_actions(st, seat)]


def client_templates(st: WordsState, seat: int) -> list[dict]:
    """What a person's client is shown of ``seat``'s legal actions (module docstring): the
    same ``[]`` as ``legal_actions`` when it may not act, else ``end_turn`` and the match and
    steal templates that may apply. Depends only on what the seat's view shows."""
    if st.turn < 0 or seat != st.turn:
        return []
    out: list[dict] = [dict(END_TURN)]
    if st.board and any(s is not None and None in s[1] for s in st.slots):
        out.append(dict(MATCH_TEMPLATE))
    if st.board and steal_targets(st, seat):
        out.append(dict(STEAL_TEMPLATE))
    return out
