"""What must hold after every action of HexBoard Words (issue 11, point 8: playouts "keep 126
(or 127) tiles between bag, board, hands and cards, keep every held word valid")."""
from __future__ import annotations

from games.hexboard_words.engine.constants import BLANK
from games.hexboard_words.engine.state import WordsState, tile_set
from games.hexboard_words.engine.words import is_word, suggestions


def check_state(engine, st: WordsState) -> None:
    """Raises ``AssertionError`` on the first broken invariant."""
    tiles = st.all_tiles()
    assert sorted(tiles) == sorted(tile_set(st.blank)), "tiles lost or duplicated"
    assert len(tiles) == (127 if st.blank else 126)
    words = [c[1] for cards in st.held for c in cards]
    assert len(words) == len(set(words)), "a word twice on the table"
    cards = suggestions()
    for held in st.held:
        for card, word, ts in held:
            assert card in cards and set(card) <= set(word) and len(word) >= 3
            assert is_word(word, st.level), f"{word!r} is not a {st.level} word"
            assert "".join(st.letter(t) for t in ts) == word, "tiles do not spell the word"
    for slot in st.slots:
        if slot is not None:
            word, ts = slot
            assert all(t is None or st.letter(t) == word[i] for i, t in enumerate(ts))
    placed = BLANK in {t for s in st.slots if s for t in s[1]} | {t for h in st.held for c in h for t in c[2]}
    assert bool(st.blank_as) == placed, "the blank's letter is set exactly while it is on a card"
    if st.turn >= 0:
        assert st.hands[st.turn] is None or not st.bag, "the player to act has placed its tile"
        assert not st.winners
    else:
        assert st.winners and engine.result(st) is not None
