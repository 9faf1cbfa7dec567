"""A number with a noun goes through ngettext (issue 26, point 11: "'Timed out the authors of 1
messages' (plural forms through ngettext everywhere)").

The scan reads every catalogue (the platform's and each game's, Python and ES modules): a
msgid that is not a plural entry and puts a count (a field named like one: ``{count}``,
``%(n)s``, ``{minutes}``...) before an English plural noun fails, unless the list below says
why that number is never 1. Then a few of the fixed texts, in English and French.
"""
from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.utils import translation

from accounts import second_factor, throttle
from gameplatform.players.services import _vacation_too_long

ROOT = Path(settings.BASE_DIR)
COUNTS = "count|n|number|minutes|seconds|hours|days|left|limit|max|size|games|points|score|total|got|target|seats|" \
         "players|hi|high|rounds|turns|stack|goal|best|rate"
FIELD = rf"(?:\{{(?:{COUNTS})\}}|%\((?:{COUNTS})\)[sd])"
# A count, maybe one word, then a word in -s that is a plural noun ("3 rated games").
COUNTED = re.compile(rf"{FIELD} (?:[a-z-]+ )?([a-z-]+s)\b")
NOT_PLURAL_NOUNS = {"is", "was", "has", "this", "its", "his", "us", "plus", "less", "as"}
# "2 to 6 players": a range's upper end is more than one.
RANGE = re.compile(rf"(?:\{{\w+\}}|%\(\w+\)s) to {FIELD}")
# (msgid, why the number is never 1).
NEVER_ONE = {
    "the round is finished after a player reached {target} points": "Hexal's target_score is 50 to 200",
    "a player reached %(n)s points and the round was finished": "Hexal's target_score is 50 to 200",
    "You reach %(total)s points: the round is finished, then the game ends": "the target, 50 at least",
    "%(who)s reaches %(total)s points: the round is finished, then the game ends": "the target, 50 at least",
    "%(players)s players get 6 cards each and a face-down stack of %(stack)s; You deal": "2 to 8 players",
    "%(players)s players get 6 cards each; You deal": "2 to 8 players",
    "%(players)s players get 6 cards each and a face-down stack of %(stack)s; %(dealer)s deals": "2 to 8 players",
    "%(players)s players get 6 cards each; %(dealer)s deals": "2 to 8 players",
    "Game over: {names} made and kept {target} word-cards": "cards_to_win is 5 or 6",
    "%(names)s made and kept %(n)s word-cards": "cards_to_win is 5 or 6",
    "%(n)s of %(goal)s word-cards": "cards_to_win is 5 or 6",
    "Word-cards %(cards)s around the board; %(n)s tiles face up: %(tiles)s": "CENTRE_TILES, 5",
    "You rolled the first 2 (after %(rounds)s rounds of rolling) and start": "only said when rounds > 1",
    "%(who)s rolled the first 2 (after %(rounds)s rounds of rolling) and starts": "only said when rounds > 1",
    "%(n)s cards in one move: the move ends here": "Hexcrement's CHAIN_LIMIT, 8",
    "You take the Longest Road (%(n)s roads)": "the Longest Road is 5 roads at least",
    "%(who)s takes the Longest Road (%(n)s roads)": "the Longest Road is 5 roads at least",
    "You hold more than %(n)s cards after the 7: choose the cards to discard.": "discard_limit is 4 to 20",
    "%(name)s won with %(points)s points (target %(target)s) in turn %(turn)s.": "two settlements at least",
    "Nobody could reach %(target)s points any more, so the game ended after %(turns)s: the most points wins.":
        "victory_points is 8 to 15",
    "%(rate)s:1 harbor: with a settlement or city on one of the two intersections its piers touch, you may trade "
    "%(rate)s cards of one resource for 1 card of your choice with the bank, on your turn.": "harbors take 2 or 3",
    "Nobody could reach {target} victory points on this map with {seats} players (at most {best}); choose a lower "
    "target, a bigger map or turn Longest Road and Largest Army on.": "victory_points 8 to 15, 2 players at least",
    "(%(n)s cards each)": "Hextopia's hands are 4 or 5 cards",
    "This team layout does not fit {n} players of {name}; choose one of the offered layouts.":
        "teams need 2 players at least",
}


def catalogues() -> list[Path]:
    return sorted((ROOT / "locale" / "fr").rglob("*.po")) + sorted(ROOT.glob("games/*/locale/fr/LC_MESSAGES/*.po"))


def counted_without_plural(path: Path) -> list[str]:
    """The msgids of ``path`` that count a noun outside a plural entry."""
    out = []
    for entry in polib.pofile(str(path)):
        if entry.msgid_plural or entry.msgid in NEVER_ONE:
            continue
        text = RANGE.sub("", entry.msgid)
        if any(m.group(1) not in NOT_PLURAL_NOUNS for m in COUNTED.finditer(text)):
            out.append(entry.msgid)
    return out


def test_the_scan_finds_a_count_outside_ngettext(tmp_path):
    po = tmp_path / "django.po"
    po.write_text('msgid "Deleted {count} messages."\nmsgstr ""\n\nmsgid "%(who)s holds %(n)s cards"\nmsgstr ""\n\n'
                  'msgid "For {lo} to {hi} players."\nmsgstr ""\n\nmsgid "you have %(left)s left this year"\n'
                  'msgstr ""\n\nmsgid "Deleted {count} message."\nmsgid_plural "Deleted {count} messages."\n'
                  'msgstr[0] ""\nmsgstr[1] ""\n', encoding="utf-8")
    assert counted_without_plural(po) == ["Deleted {count} messages.", "%(who)s holds %(n)s cards"]


def test_every_count_of_a_noun_is_a_plural_entry():
    left = [f"{p.relative_to(ROOT)}: {msgid!r}" for p in catalogues() for msgid in counted_without_plural(p)]
    assert not left, "Use ngettext (or say in NEVER_ONE why the number is never 1):\n" + "\n".join(left)


@pytest.mark.parametrize("language, one, many", [
    ("en", "wait 1 minute,", "wait 15 minutes,"),
    ("fr", "attendez 1 minute,", "attendez 15 minutes,"),
])
def test_the_sign_in_throttle_counts_its_minutes(settings, language, one, many):
    with translation.override(language):
        settings.AUTH_THROTTLE_WINDOW_SECONDS = 60
        assert one in throttle.throttled_message() and one in second_factor.throttled_message()
        settings.AUTH_THROTTLE_WINDOW_SECONDS = 900
        assert many in throttle.throttled_message() and many in second_factor.throttled_message()


def test_a_vacation_too_long_counts_each_number_on_its_own():
    assert _vacation_too_long(2, 1) == ("vacation_until is too far: that is 2 days. "
                                        "You have 1 vacation day left this year.")
    with translation.override("fr"):
        assert _vacation_too_long(1, 0) == ("vacation_until est trop loin : cela fait 1 jour. "
                                            "Il vous reste 0 jour de vacances cette année.")
