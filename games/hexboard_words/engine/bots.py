"""HexBoard Words bots. They decide from a seat's view and legal actions only, never the state.

- ``RandomBot`` (kind ``"random"``, games.protocol): any legal action, uniformly.
- ``JuniorBot`` (``"junior"``): the strong bot's play knowing only the junior list.
- ``StrongBot`` (``"strong"``): finds every completion and every steal with the anagram index
  (steals.py) over the game's list, and takes them all, best first: a steal before a
  completion (it also costs an opponent a card), a steal from the leading opponent first (most
  of all one who would win on their next turn), and a new word that the board leaves hard to
  steal back. When no word is left it ends its turn, or matches a letter when that leaves no
  completion to the next player and fewer board letters to steal its own words with.
"""
from __future__ import annotations

import random

from games.hexboard_words.engine.steals import find_steals, reachable_keys
from games.hexboard_words.engine.words import LETTER_INDEX
from games.protocol import Action, RandomBot

# Scores (bigger is better)
WORD = 200  # a completion or a steal
PER_VICTIM_CARD = 10  # steal from whoever holds more
VICTIM_AT_TARGET = 300  # ... above all from whoever would win at their next turn
VICTIM_LEADS = 50
BLANK_SPENT = 3  # keep the blank when a real letter does the same
SAFETY_WEIGHT = 2  # per way the new word can be stolen back with the board left
SAFETY_CAP = 20
GIFT = 100  # a match leaving a card one letter short, that letter on the board
MAYBE_GIFT = 10  # ... the letter not on the board (the next hidden tile may be it)
THREAT_WEIGHT = 3  # per steal of our words the board offers opponents


def _key(action: dict) -> tuple:
    return tuple(sorted(action.items()))


class _Table:
    """What the bot reads of a view: board letter counts, the blank, words, teams."""

    def __init__(self, view: dict):
        self.me = view["viewer"]
        self.level = view["options"]["dictionary"]
        self.strict = view["options"]["strict"]
        self.target = view["options"]["cards_to_win"]
        self.counts = [0] * 26
        self.blank = False
        for t in view["board"]:
            if t["letter"] == "?":
                self.blank = True
            else:
                self.counts[LETTER_INDEX[t["letter"]]] += 1
        players = view["players"]
        self.team = {p["seat"]: p["team"] for p in players}
        self.totals = {p["seat"]: p["team_cards"] for p in players}
        self.words = {p["seat"]: [(c["word"], c["card"]) for c in p["cards"]] for p in players}
        self.on_table = frozenset(w for ws in self.words.values() for w, _ in ws)
        self.slots = view["slots"]

    def friend(self, seat: int) -> bool:
        return seat == self.me or (self.team[seat] is not None and self.team[seat] == self.team[self.me])

    def opponents(self) -> list[int]:
        return [s for s in self.team if not self.friend(s)]


class StrongBot:
    """See the module docstring. ``level``: the list it knows (None: the game's)."""

    name = "strong"
    description = "Finds every completion and steal in the game's dictionary and steals from the leader."
    level: str | None = None

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        """One element of ``legal``; raises ``ValueError`` if it is empty."""
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        table = _Table(view)
        level = self.level or table.level
        listed = {_key(a): a for a in legal}
        best, best_score = None, float("-inf")
        for action, score in self._words(table, level):
            if score > best_score and _key(action) in listed:
                best, best_score = listed[_key(action)], score
        if best is not None:
            return best
        return self._last_move(table, level, legal)

    # --- completions and steals
    def _words(self, table: _Table, level: str):
        for i, slot in enumerate(table.slots):
            if slot is None:
                continue
            open_ = [p for p, t in enumerate(slot["tiles"]) if t is None]
            if len(open_) != 1:
                continue
            p = open_[0]
            ch = slot["word"][p]
            if table.counts[LETTER_INDEX[ch]]:
                yield {"type": "match", "slot": i, "position": p, "letter": ch}, WORD + 5
            elif table.blank:
                yield {"type": "match", "slot": i, "position": p, "letter": "?"}, WORD + 5 - BLANK_SPENT
        opponents = table.opponents()
        lead = max((table.totals[s] for s in opponents), default=0)
        for victim in opponents:
            vt = table.totals[victim]
            bonus = PER_VICTIM_CARD * vt + (VICTIM_AT_TARGET if vt >= table.target else 0) \
                + (VICTIM_LEADS if vt == lead else 0)
            for old, card in table.words[victim]:
                for new in find_steals(level, old, table.counts, table.blank, table.strict,
                                       table.on_table, card):
                    score = WORD + bonus - self._exposure(table, level, old, new, card)
                    yield {"type": "steal", "target": old, "word": new}, score

    def _exposure(self, table: _Table, level: str, old: str, new: str, card: str) -> float:
        """How many ways the board left after this steal lets ``new`` be stolen back."""
        counts = list(table.counts)
        blank = table.blank
        rest = list(new)
        for ch in old:
            rest.remove(ch)
        for ch in rest:
            i = LETTER_INDEX[ch]
            if counts[i]:
                counts[i] -= 1
            else:
                blank = False
        ways = len(reachable_keys(level, new, counts, blank, card))
        return SAFETY_WEIGHT * min(ways, SAFETY_CAP)

    # --- when no word is left
    def _threat(self, table: _Table, level: str, counts: list[int], blank: bool) -> int:
        """Steals of our words a board with these letters offers the opponents."""
        ways = 0
        for s, words in table.words.items():
            if table.friend(s):
                for w, card in words:
                    ways += len(reachable_keys(level, w, counts, blank, card))
        return ways

    def _last_move(self, table: _Table, level: str, legal: list[Action]) -> Action:
        best = next((a for a in legal if a["type"] == "end_turn"), legal[0])
        best_score = -THREAT_WEIGHT * self._threat(table, level, table.counts, table.blank)
        for a in legal:
            if a["type"] != "match":
                continue
            counts, blank = list(table.counts), table.blank
            if a["letter"] == "?":
                blank = False
            else:
                counts[LETTER_INDEX[a["letter"]]] -= 1
            slot = table.slots[a["slot"]]
            left = [p for p, t in enumerate(slot["tiles"]) if t is None and p != a["position"]]
            score = -THREAT_WEIGHT * self._threat(table, level, counts, blank)
            if len(left) == 1:
                ch = slot["word"][left[0]]
                score -= GIFT if (counts[LETTER_INDEX[ch]] or blank) else MAYBE_GIFT
            elif not left:
                continue  # a completion the search did not pick: not this bot's list
            if score > best_score:
                best, best_score = a, score
        return best


class JuniorBot(StrongBot):
    """The strong bot's play with only the junior list (SCOWL size 35)."""

    name = "junior"
    description = "Plays like the strong bot but only knows the junior word list."
    level = "junior"


def bot_factories() -> dict:
    """Bot kinds, weakest first: ``{"random", "junior", "strong"}``."""
    return {"random": RandomBot, "junior": JuniorBot, "strong": StrongBot}
