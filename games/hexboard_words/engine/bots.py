"""HexBoard Words bots. They decide from a seat's view and legal actions only, never the state.

- ``RandomBot`` (kind ``"random"``, games.protocol): any legal action, uniformly.
- ``JuniorBot`` (``"junior"``): the strong bot's play knowing only the junior list.
- ``StrongBot`` (``"strong"``): finds every completion and every steal with the anagram index
  (steals.py) over the game's list, and takes them all, best first: a steal before a
  completion (it also costs an opponent a card), a steal from the leading opponent first (most
  of all one who would win on their next turn), and a new word that the board leaves hard to
  steal back. It leaves alone a completion whose 3-letter word the board would let the
  opponents steal at once (that would only hand them a card; the bar is higher when level
  and higher still when behind, so that two such bots still complete cards). When no
  word is left it makes the plain match that helps the opponents least
  (no completion left to the next player, fewer board letters to steal its own words with),
  best one whose last letter is its own hidden tile (placed at its next turn); it ends the
  turn only when no match is possible.
"""
from __future__ import annotations

import random

from games.hexboard_words.engine.constants import TILE_COUNTS
from games.hexboard_words.engine.steals import find_steals, reachable_keys
from games.hexboard_words.engine.words import LETTER_INDEX
from games.protocol import Action, RandomBot

# Scores (bigger is better)
WORD = 200  # a completion or a steal
PER_VICTIM_CARD = 10  # steal from whoever holds more
VICTIM_AT_TARGET = 300  # ... above all from whoever would win at their next turn
VICTIM_LEADS = 50
BLANK_SPENT = 3  # keep the blank when a real letter does the same
RISK = 100  # our words stealable from the board we leave: up to this much
OTHER_CHOICES = 7  # ... RISK * ways / (ways + this)
NEXT_TILE = 0.1  # share of the steals one more tile on the board would open
COMPLETE_BELOW_RISK = RISK / 2  # leave a completion whose word is riskier than this when ahead
TIED_BELOW_RISK = RISK * 0.8  # ... when level
BEHIND_BELOW_RISK = RISK * 0.9  # ... when behind
GIFT = 100  # a match leaving a card one letter short, that letter on the board; else this
# times the chance an opponent's hidden tile is that letter
PROGRESS = 2  # a first letter matched on a fresh card
SET_UP = 100  # a card left one letter short, that letter our hidden tile (placed next turn),
# times the chance no opponent's hidden tile is that letter


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
        hidden = view.get("hidden_tile")
        self.hidden = hidden["letter"] if hidden else None

        self.hidden_others = sum(1 for p in players if p["has_hidden_tile"] and p["seat"] != self.me)
        seen = dict(TILE_COUNTS)
        shown = [t["letter"] for t in view["board"]]
        shown += [t["letter"] for c in view["slots"] if c for t in c["tiles"] if t]
        shown += [t["letter"] for p in players for c in p["cards"] for t in c["tiles"]]
        if self.hidden:
            shown.append(self.hidden)
        for ch in shown:
            if ch in seen:
                seen[ch] -= 1
        self.unseen = seen
        self.unseen_total = max(1, view["bag_count"] + self.hidden_others)

    def chance_held(self, ch: str) -> float:
        """Chance that some opponent's hidden tile shows ``ch`` (each a random unseen tile)."""
        one = max(0, self.unseen.get(ch, 0)) / self.unseen_total
        return 1 - (1 - one) ** self.hidden_others

    def friend(self, seat: int) -> bool:
        return seat == self.me or (self.team[seat] is not None and self.team[seat] == self.team[self.me])

    def opponents(self) -> list[int]:
        return [s for s in self.team if not self.friend(s)]


class StrongBot:
    """See the module docstring. ``level``: the list it knows (None: the game's)."""

    name = "strong"
    description = "Finds every completion and steal in the game's dictionary and steals from the leader."
    # Usually under 10 ms; up to 1.1 s while a fresh process builds its steal indexes
    # (docs/performance.md, "HexBoard Words"). The junior bot inherits it.
    budget_seconds = 1.5
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
    def _ours(self, table: _Table) -> list[tuple[str, str]]:
        return [wc for s, ws in table.words.items() if table.friend(s) for wc in ws]

    def _words(self, table: _Table, level: str):
        """(action, score) for every completion and steal this bot knows."""
        ours = self._ours(table)
        lead = table.totals[table.me] - max((table.totals[s] for s in table.opponents()), default=0)
        for i, slot in enumerate(table.slots):
            if slot is None:
                continue
            open_ = [p for p, t in enumerate(slot["tiles"]) if t is None]
            if len(open_) != 1:
                continue
            p = open_[0]
            ch = slot["word"][p]
            counts, blank = list(table.counts), table.blank
            if counts[LETTER_INDEX[ch]]:
                counts[LETTER_INDEX[ch]] -= 1
                letter, cost = ch, 0
            elif blank:
                blank, letter, cost = False, "?", BLANK_SPENT
            else:
                continue
            mine = [(slot["word"], slot["word"])]
            risk = self._threat(table, level, mine, counts, blank)
            if risk > (COMPLETE_BELOW_RISK if lead > 0 else TIED_BELOW_RISK if lead == 0 else BEHIND_BELOW_RISK):
                continue  # likely stolen at once: it would only hand the opponents a card
            score = WORD - cost - self._safety(table, level, [*ours, *mine], counts, blank)
            yield {"type": "match", "slot": i, "position": p, "letter": letter}, score
        opponents = table.opponents()
        lead = max((table.totals[s] for s in opponents), default=0)
        for victim in opponents:
            vt = table.totals[victim]
            bonus = PER_VICTIM_CARD * vt + (VICTIM_AT_TARGET if vt >= table.target else 0) \
                + (VICTIM_LEADS if vt == lead else 0)
            for old, card in table.words[victim]:
                for new in find_steals(level, old, table.counts, table.blank, table.strict,
                                       table.on_table, card):
                    counts, blank = list(table.counts), table.blank
                    rest = list(new)
                    for ch in old:
                        rest.remove(ch)
                    for ch in rest:
                        if counts[LETTER_INDEX[ch]]:
                            counts[LETTER_INDEX[ch]] -= 1
                        else:
                            blank = False
                    after = [*ours, (new, card)]
                    score = WORD + bonus - self._safety(table, level, after, counts, blank)
                    yield {"type": "steal", "target": old, "word": new}, score

    def _safety(self, table: _Table, level: str, ours, counts: list[int], blank: bool) -> float:
        return self._threat(table, level, ours, counts, blank)

    # --- when no word is left
    def _threat(self, table: _Table, level: str, ours, counts: list[int], blank: bool) -> float:
        """Steals of ``ours`` (words and their cards) a board with these letters offers the
        opponents, plus a share of those the next tile put down would add."""
        now = soon = 0
        for w, card in ours:
            now += len(reachable_keys(level, w, counts, blank, card))
            if not blank:
                soon += len(reachable_keys(level, w, counts, True, card))
        ways = now if blank else now + NEXT_TILE * (soon - now)
        return RISK * ways / (ways + OTHER_CHOICES)  # a greedy thief steals; a random one may not

    def _last_move(self, table: _Table, level: str, legal: list[Action]) -> Action:
        """The least harmful plain match (the rules expect a player to match when they can,
        3E: "If you cannot find a match ... your turn is over"), else the end of the turn."""
        best = next((a for a in legal if a["type"] == "end_turn"), legal[0])
        best_score = float("-inf")
        ours = self._ours(table)
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
            if not left:
                continue  # a completion the search did not pick: not this bot's list
            score = -self._threat(table, level, ours, counts, blank)
            if a["letter"] == "?":
                score -= BLANK_SPENT
            if len(left) == 1:
                ch = slot["word"][left[0]]
                if counts[LETTER_INDEX[ch]] or blank:
                    score -= GIFT
                else:
                    p = table.chance_held(ch)
                    mine = ch == table.hidden or table.hidden == "?"
                    score += SET_UP * (1 - p) if mine else -GIFT * p
            else:
                score += PROGRESS
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
