"""The word lists and the word-card deck (interpretation, "Dictionary" and "Word-cards")."""
import gzip

import pytest

from games.hexboard_words.engine.steals import added_letters
from games.hexboard_words.engine.words import DATA, LEVELS, deck, is_word, lexicon, sorted_letters

COMMON = ["cat", "dog", "house", "water", "table", "garden", "friend", "happy", "steal", "words"]
STANDARD_NOT_JUNIOR = ["abasement", "abrasiveness"]
EXPERT_ONLY = ["zymurgy", "quoin", "quern"]
PROPER_NAMES = ["london", "paris", "texas", "europe", "monday", "january", "shakespeare", "chicago"]
ABBREVIATIONS = ["etc", "approx", "dept", "corp", "asst", "mrs", "usa", "nasa"]


@pytest.mark.parametrize("level", LEVELS)
def test_common_words_are_in_every_list(level):
    """Interpretation: "English word lists generated from SCOWL ... level 35 "junior", 50
    "standard" (default), 70 "expert"."""
    for w in COMMON:
        assert is_word(w, level), w


@pytest.mark.parametrize("level", LEVELS)
def test_names_and_abbreviations_are_out(level):
    """Interpretation: "Lower-case entries only: no proper nouns, abbreviations, hyphens or
    apostrophes.\""""
    for w in PROPER_NAMES + ABBREVIATIONS:
        assert not is_word(w, level), w


@pytest.mark.parametrize("level", LEVELS)
def test_entries_are_lower_case_letters_of_three_or_more(level):
    """Interpretation: "no proper nouns, abbreviations, hyphens or apostrophes"; the game
    never needs words under three letters."""
    words = lexicon(level).words
    assert all(w.isascii() and w.isalpha() and w.islower() and len(w) >= 3 for w in words)
    assert "don't" not in words and "x-ray" not in words


def test_accents_are_dropped_not_the_word():
    """A player types "cafe": the tiles have no accents (build.py folds "café")."""
    assert is_word("cafe") and is_word("cliche") and is_word("naive")


def test_levels_are_cumulative_and_grow():
    """SCOWL sizes 35 < 50 < 70: each list holds the smaller one."""
    junior, standard, expert = (lexicon(lv).words for lv in LEVELS)
    assert junior < standard < expert
    assert len(junior) > 35_000 and len(standard) > 60_000 and len(expert) > 110_000
    for w in STANDARD_NOT_JUNIOR:
        assert w in standard and w not in junior, w
    for w in EXPERT_ONLY:
        assert w in expert and w not in standard, w


def test_both_spellings_are_accepted():
    """A British or an American player finds their spelling (SCOWL's english, american and
    british lists together)."""
    for w in ("colour", "color", "centre", "center", "realise", "realize"):
        assert is_word(w), w


def test_anagram_index_groups_words_by_sorted_letters():
    """Issue 11, point 1: "an anagram index by sorted letters"."""
    lex = lexicon("standard")
    assert {"cater", "crate", "trace", "react"} <= set(lex.anagrams[sorted_letters("cater")])
    assert all(sorted_letters(w) == k for k, ws in list(lex.anagrams.items())[:2000] for w in ws)


def test_the_lists_are_compact_committed_files_with_the_notice():
    """Issue 11, point 1: "the generated lists and SCOWL's notice are committed"."""
    for level in LEVELS:
        with gzip.open(DATA / f"{level}.txt.gz", "rt") as fh:
            words = fh.read().split()
        assert words == sorted(words) and len(words) == len(lexicon(level).words)
    notice = (DATA / "COPYRIGHT-SCOWL").read_text()
    assert "Kevin Atkinson" in notice and "Permission to use, copy, modify" in notice
    assert (DATA / "build.py").exists()


def test_word_cards_are_common_three_letter_words_with_four_to_six_suggestions():
    """Interpretation, "Word-cards": "common 3-letter words that can be extended into many
    4-6 letter words (not only by adding S), each with 4-6 suggested words"."""
    cards = deck()
    assert len(cards) >= 100
    assert len({sorted_letters(w) for w, _ in cards}) == len(cards)  # one card per anagram set
    for word, suggested in cards:
        assert len(word) == 3 and is_word(word, "junior")
        assert 4 <= len(suggested) <= 6
        for s in suggested:
            extra = added_letters(word, s)
            assert is_word(s, "standard") and 4 <= len(s) <= 6 and extra and extra != "s", (word, s)
