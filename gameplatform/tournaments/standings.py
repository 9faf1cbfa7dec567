"""A tournament's standings and what the pairing needs of them (issue 28, points 1 and 4): the
decided tables as ``scoring.TableResult``, the Swiss tie-breaks beside the points, and each
player's ``pairing.Standing`` before a round.

Players are user ids as strings inside the pure modules (``pairing``, ``scoring``), ints here.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from gameplatform.matches.models import Seat
from gameplatform.tournaments import scoring
from gameplatform.tournaments.models import Entry, Tournament, TournamentRound, TournamentTable
from gameplatform.tournaments.pairing import Standing
from games.registry import UnknownGame, get_engine


@dataclass
class Row:
    """One line of the standings: ``rank`` (1 = best; players level on every key share it),
    ``user_id``, ``username``, ``points``, the tie-breaks (``buchholz``, ``sonneborn_berger``,
    ``head_to_head``, ``score``: the sum of the game's own scores, signed so that more is
    better), ``played`` tables, ``byes``, ``withdrawn``, ``eliminated_in`` (a knockout round),
    ``bot_played`` (a bot took their seat after repeated time-outs at some table)."""

    user_id: int
    username: str
    points: float = 0.0
    buchholz: float = 0.0
    sonneborn_berger: float = 0.0
    head_to_head: float = 0.0
    score: float = 0.0
    played: int = 0
    byes: int = 0
    withdrawn: bool = False
    eliminated_in: int | None = None
    bot_played: bool = False
    rank: int = 0
    opponents: list[int] = field(default_factory=list)

    def public(self) -> dict:
        """The row as the page, the socket and the API show it (no hidden information)."""
        return {"rank": self.rank, "user_id": self.user_id, "username": self.username, "points": self.points,
                "buchholz": self.buchholz, "sonneborn_berger": self.sonneborn_berger,
                "head_to_head": self.head_to_head, "score": self.score, "played": self.played, "byes": self.byes,
                "withdrawn": self.withdrawn, "eliminated_in": self.eliminated_in, "bot_played": self.bot_played}


def points_table(tournament: Tournament) -> tuple[float, ...]:
    """Points of places 1..table_size: the tournament's own, else ``scoring.place_points``."""
    own = tournament.place_points
    if isinstance(own, list) and len(own) >= tournament.table_size:
        return tuple(float(p) for p in own)
    return scoring.place_points(tournament.table_size)


def decided_results(tournament: Tournament) -> list[scoring.TableResult]:
    """Every decided table of ``tournament`` as a ``TableResult`` (players as strings)."""
    tables = TournamentTable.objects.filter(round__tournament=tournament, places__isnull=False).order_by(
        "round__number", "index")
    return [scoring.TableResult(players=tuple(str(p) for p in t.players), places=tuple(t.places)) for t in tables]


# Tie-breaks after the points, per format (issue 28, point 1: "Buchholz and Sonneborn-Berger for
# Swiss; head to head; the games' own scores"); a knockout first ranks by the round reached.
TIE_BREAKS = {
    Tournament.Format.SWISS: ("buchholz", "sonneborn_berger", "head_to_head", "score"),
    Tournament.Format.ROUND_ROBIN: ("head_to_head", "sonneborn_berger", "score"),
    Tournament.Format.KNOCKOUT: ("score",),
}


def tie_breaks(tournament: Tournament) -> tuple[str, ...]:
    """The names of ``Row``'s tie-break fields for ``tournament``'s format, in order."""
    return TIE_BREAKS[Tournament.Format(tournament.format)]


def _own_scores(tournament: Tournament) -> dict[int, float]:
    """Each player's sum of the game's own scores over their decided tables, signed so that
    more is better (``engine.score_column``)."""
    try:
        sign = 1.0 if get_engine(tournament.game).score_column(tournament.options).higher_is_better else -1.0
    except UnknownGame:
        sign = 1.0
    out: dict[int, float] = {}
    for players, scores in TournamentTable.objects.filter(round__tournament=tournament, scores__isnull=False) \
            .values_list("players", "scores"):
        for uid, score in zip(players, scores, strict=False):
            out[uid] = out.get(uid, 0.0) + sign * float(score)
    return out


def standings(tournament: Tournament) -> list[Row]:
    """The standings, best first: by points, then the format's ``tie_breaks`` (head to head
    counts among the players level on points, ``scoring.ranking``), withdrawn players last; a
    knockout ranks by the round reached first."""
    entries = list(Entry.objects.filter(tournament=tournament).select_related("user"))
    results = decided_results(tournament)
    byes = [str(u) for r in TournamentRound.objects.filter(tournament=tournament, started_at__isnull=False)
            for u in r.byes]
    ranked = scoring.ranking([str(e.user_id) for e in entries], results, byes=byes,
                             bye_points=tournament.bye_points, points=points_table(tournament))
    by_user = {e.user_id: e for e in entries}
    own = _own_scores(tournament)
    bot_played = set(Seat.objects.filter(match__tournament_table__round__tournament=tournament, bot_takeover=True)
                     .values_list("user_id", flat=True))
    rows = []
    for player, points, bh, sb, h2h in ranked:
        uid = int(player)
        entry = by_user.get(uid)
        if entry is None:
            continue
        mine = [r for r in results if player in r.players]
        rows.append(Row(user_id=uid, username=entry.user.username, points=points, buchholz=bh, sonneborn_berger=sb,
                        head_to_head=h2h, score=own.get(uid, 0.0), played=len(mine), byes=byes.count(player),
                        withdrawn=not entry.active, eliminated_in=entry.eliminated_in, bot_played=uid in bot_played,
                        opponents=[int(o) for r in mine for o in r.players if o != player]))
    knockout = tournament.format == Tournament.Format.KNOCKOUT
    breaks = tie_breaks(tournament)

    def key(row: Row) -> tuple:
        reached = -(row.eliminated_in or 10_000) if knockout else 0
        return (row.withdrawn, reached, -row.points, *(-getattr(row, b) for b in breaks), row.username)

    rows.sort(key=key)
    previous = None
    for i, row in enumerate(rows):
        level = key(row)[:-1]  # everything but the name: equal keys share the rank
        row.rank = rows[i - 1].rank if level == previous else i + 1
        previous = level
    return rows


def pairing_standings(tournament: Tournament) -> list[Standing]:
    """Each entry's ``pairing.Standing`` before the next round: points, opponents met, byes
    received, the rating taken at the start, withdrawn."""
    rows = {row.user_id: row for row in standings(tournament)}
    out = []
    for entry in Entry.objects.filter(tournament=tournament).order_by("user_id"):
        row = rows.get(entry.user_id)
        out.append(Standing(player=str(entry.user_id), points=row.points if row else 0.0,
                            opponents=tuple(str(o) for o in row.opponents) if row else (),
                            byes=row.byes if row else 0, rating=entry.rating, withdrawn=not entry.active))
    return out
