"""Issue 28, points 1, 3 and 5 on the database: a tournament's lifecycle (``lifecycle.advance``)
and the people's and moderators' services, with the test game "race" (2-4 seats, fast).

Tables are decided the way a moderator adjudicates them (known places, for the hand
computations) or by playing their match to its end through the turn flow.
"""
from __future__ import annotations

import datetime
import random
from itertools import combinations

import pytest
from django.utils import timezone

from gameplatform.core.errors import ServiceError
from gameplatform.matches import services as match_services
from gameplatform.matches.models import Match
from gameplatform.tenants.models import AuditEntry, Tenant
from gameplatform.tournaments import lifecycle, services
from gameplatform.tournaments.models import Entry, Tournament, TournamentRound, TournamentTable
from gameplatform.tournaments.standings import standings, tie_breaks
from games import registry

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderator(user_factory, race_engine):
    return user_factory("mod", role="moderator")


def _create(tenant, by, **fields) -> Tournament:
    base = dict(name="Spring cup", game="race", options={"target": 5}, table_size=4, rounds=3,
                start_when_full=True, max_players=8)
    return services.tournament_create(tenant=tenant, user=by, **{**base, **fields})


def _field(tenant, tournament, user_factory, n: int) -> list:
    people = [user_factory(f"p{i}") for i in range(n)]
    for person in people:
        services.tournament_register(tenant=tenant, user=person, tournament_id=tournament.pk)
    return people


def _current(tournament) -> TournamentRound:
    tournament.refresh_from_db()
    return TournamentRound.objects.get(tournament=tournament, number=tournament.current_round)


def _adjudicate_all(tenant, moderator, tournament, places_of) -> None:
    """Decides every table of the current round: ``places_of(table) -> places``."""
    for table in _current(tournament).tables.order_by("index"):
        services.tournament_adjudicate(tenant=tenant, user=moderator, tournament_id=tournament.pk,
                                       table_index=table.index, places=places_of(table))
    lifecycle.advance(tournament.pk)


def test_creation_is_for_moderators_unless_the_community_allows_members(tenant, user_factory, moderator):
    """Point 3: "a moderator (or, when the community allows it, any member) creates a tournament"."""
    member = user_factory("member")
    with pytest.raises(ServiceError) as refused:
        _create(tenant, member)
    assert refused.value.code == "not_allowed" and refused.value.status == 403
    Tenant.objects.filter(pk=tenant.pk).update(tournaments_by_members=True)
    tenant.refresh_from_db()
    assert _create(tenant, member).status == Tournament.Status.REGISTRATION
    entry = AuditEntry.unscoped.filter(tenant=tenant, action=AuditEntry.Action.TOURNAMENT_CREATE).first()
    assert entry is not None and entry.actor == member


@pytest.mark.parametrize("field, value, code", [
    ("name", "", "invalid_name"), ("format", "ladder", "invalid_format"), ("rounds", 0, "invalid_rounds"),
    ("table_size", 9, "invalid_seats"), ("options", {"target": 1}, "invalid_options"),
    ("place_points", [3, 2], "invalid_place_points"), ("bye_points", "1", "invalid_bye_points"),
    ("max_players", 1, "invalid_max_players"), ("round_hours", 0, "invalid_round_hours"),
    ("start_when_full", "yes", "invalid_start_when_full"), ("game", "chess", "unknown_game"),
    ("time_control", "hourglass", "invalid_time_control"),
])
def test_bad_settings_are_refused_naming_the_field_and_create_nothing(tenant, moderator, field, value, code):
    with pytest.raises(ServiceError) as refused:
        _create(tenant, moderator, **{field: value})
    assert refused.value.code == code and refused.value.status == 400
    assert not Tournament.unscoped.exists()


def test_a_start_is_needed(tenant, moderator):
    with pytest.raises(ServiceError) as refused:
        _create(tenant, moderator, start_when_full=False)
    assert refused.value.code == "invalid_start"
    past = timezone.now() - datetime.timedelta(minutes=1)
    with pytest.raises(ServiceError):
        _create(tenant, moderator, start_when_full=False, starts_at=past)


def test_registration_withdrawal_and_another_community(tenant, user_factory, moderator):
    """Point 3: "Members register and withdraw until the start"; point 6's isolation: a
    tournament of another community is not found."""
    tournament = _create(tenant, moderator, max_players=2, start_when_full=False,
                         starts_at=timezone.now() + datetime.timedelta(hours=1), table_size=2)
    a, b, c = user_factory("a"), user_factory("b"), user_factory("c")
    services.tournament_register(tenant=tenant, user=a, tournament_id=tournament.pk)
    with pytest.raises(ServiceError) as again:
        services.tournament_register(tenant=tenant, user=a, tournament_id=tournament.pk)
    assert again.value.code == "already_registered"
    services.tournament_register(tenant=tenant, user=b, tournament_id=tournament.pk)
    with pytest.raises(ServiceError) as full:
        services.tournament_register(tenant=tenant, user=c, tournament_id=tournament.pk)
    assert full.value.code == "tournament_full"
    services.tournament_withdraw(tenant=tenant, user=b, tournament_id=tournament.pk)
    services.tournament_register(tenant=tenant, user=c, tournament_id=tournament.pk)
    other = Tenant.objects.create(slug="other", name="Other", is_open=True)
    with pytest.raises(ServiceError) as hidden:
        services.tournament_register(tenant=other, user=c, tournament_id=tournament.pk)
    assert hidden.value.status in (403, 404)
    assert sorted(Entry.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
                  .values_list("user__username", flat=True)) == ["a", "c"]


def test_too_few_players_at_the_start_cancel_it(tenant, user_factory, moderator):
    tournament = _create(tenant, moderator, start_when_full=False, starts_at=timezone.now() + datetime.timedelta(hours=1))
    _field(tenant, tournament, user_factory, 3)
    assert not lifecycle.advance(tournament.pk)  # not yet
    assert lifecycle.advance(tournament.pk, now=timezone.now() + datetime.timedelta(hours=2))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CANCELLED and tournament.note == lifecycle.TOO_FEW


def _hand_standings(results: list[tuple[tuple[int, ...], tuple[int, ...]]], points=(3, 2, 1, 0)) -> dict:
    """Points, Buchholz and Sonneborn-Berger by hand from ``[(players, places)]``."""
    score: dict[int, float] = {}
    for players, places in results:
        for p, place in zip(players, places, strict=True):
            tied = places.count(place)
            score[p] = score.get(p, 0) + sum(points[place - 1:place - 1 + tied]) / tied
    bh = {p: sum(score[o] for players, _ in results if p in players for o in players if o != p) for p in score}
    sb = {}
    for p in score:
        total = 0.0
        for players, places in results:
            if p in players:
                mine = places[players.index(p)]
                for o, theirs in zip(players, places, strict=True):
                    if o != p:
                        total += score[o] * (1 if mine < theirs else 0.5 if mine == theirs else 0)
        sb[p] = total
    return {p: (score[p], bh[p], sb[p]) for p in score}


def test_an_8_player_swiss_of_3_rounds_at_4_player_tables(tenant, user_factory, moderator):
    """Point 1 "Swiss" and point 7: tables of the game's size by standing, no repeat meeting
    where avoidable, points 3/2/1/0 by place (ties share), Buchholz and Sonneborn-Berger,
    checked against a hand computation."""
    tournament = _create(tenant, moderator)
    people = _field(tenant, tournament, user_factory, 8)
    assert lifecycle.advance(tournament.pk)  # full: it starts
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING and tournament.current_round == 1
    results = []
    for number in (1, 2, 3):
        rnd = _current(tournament)
        assert rnd.number == number
        tables = list(rnd.tables.order_by("index"))
        assert [len(t.players) for t in tables] == [4, 4] and rnd.byes == []
        assert sorted(p for t in tables for p in t.players) == sorted(p.pk for p in people)
        for table in tables:
            assert table.match is not None and table.match.status == Match.Status.ACTIVE
            assert [s.user_id for s in table.match.seats.order_by("index")] == table.players
        # A tie for second place in round 2 (ties share: (2 + 1) / 2 each).
        places_of = (lambda t: [1, 2, 2, 4]) if number == 2 else (lambda t: [1, 2, 3, 4])
        for t in tables:
            results.append((tuple(t.players), tuple(places_of(t))))
        _adjudicate_all(tenant, moderator, tournament, places_of)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    expected = _hand_standings(results)
    rows = standings(tournament)
    assert {r.user_id: (r.points, r.buchholz, r.sonneborn_berger) for r in rows} == expected
    keys = [(r.points, r.buchholz, r.sonneborn_berger) for r in rows]
    assert keys == sorted(keys, reverse=True) and rows[0].rank == 1
    # Round 2 avoided round 1's meetings where it could (with 8 players at 4-player tables
    # someone must meet again; a player meets at most 2 of round 1's 3 table-mates).
    r1 = [set(t.players) for t in TournamentRound.objects.get(tournament=tournament, number=1).tables.all()]
    for t in TournamentRound.objects.get(tournament=tournament, number=2).tables.all():
        for first in r1:
            assert len(first & set(t.players)) <= 2


def test_byes_rotate_and_are_worth_the_stated_points(tenant, user_factory, moderator):
    """Point 1: "byes when the count does not divide, never twice to the same player where
    avoidable, worth a stated number of points"."""
    tournament = _create(tenant, moderator, table_size=2, rounds=3, max_players=5, bye_points=1.5)
    _field(tenant, tournament, user_factory, 5)
    lifecycle.advance(tournament.pk)
    byes = []
    for _ in range(3):
        rnd = _current(tournament)
        assert len(rnd.byes) == 1
        byes.extend(rnd.byes)
        _adjudicate_all(tenant, moderator, tournament, lambda t: [1, 2])
    assert len(set(byes)) == 3
    rows = {r.user_id: r for r in standings(tournament)}
    for uid in byes:
        assert rows[uid].byes == 1
    assert sum(r.points for r in rows.values()) == 3 * 2 * 1 + 3 * 1.5


def test_a_round_robin_meets_everyone_once(tenant, user_factory, moderator):
    """Point 1 "Round robin": everyone meets everyone."""
    tournament = _create(tenant, moderator, format="round_robin", table_size=2, max_players=4)
    people = _field(tenant, tournament, user_factory, 4)
    lifecycle.advance(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.rounds == 3
    while tournament.status == Tournament.Status.RUNNING:
        _adjudicate_all(tenant, moderator, tournament, lambda t: [1, 2])
        tournament.refresh_from_db()
    met = [frozenset(t.players) for t in TournamentTable.objects.filter(round__tournament=tournament)]
    assert sorted(met, key=sorted) == sorted((frozenset(p) for p in combinations([u.pk for u in people], 2)),
                                             key=sorted)


def test_a_knockout_with_a_withdrawal(tenant, user_factory, moderator):
    """Point 1 "Knockout" and point 3: seeded by rating; a player who withdraws mid-event
    forfeits their remaining games and is never paired again."""
    tournament = _create(tenant, moderator, format="knockout", table_size=2, max_players=8)
    people = _field(tenant, tournament, user_factory, 8)
    lifecycle.advance(tournament.pk)
    first = list(_current(tournament).tables.order_by("index"))
    assert len(first) == 4
    quitter = first[0].players[0]
    services.tournament_withdraw(tenant=tenant, user=next(p for p in people if p.pk == quitter),
                                 tournament_id=tournament.pk)
    assert Match.unscoped.get(pk=first[0].match_id).status == Match.Status.ABORTED
    lifecycle.advance(tournament.pk)  # the forfeited table is decided
    for table in _current(tournament).tables.filter(places__isnull=True).order_by("index"):
        services.tournament_adjudicate(tenant=tenant, user=moderator, tournament_id=tournament.pk,
                                       table_index=table.index, places=[1, 2])
    lifecycle.advance(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.current_round == 2
    second = [p for t in _current(tournament).tables.all() for p in t.players]
    assert len(second) == 4 and quitter not in second
    while tournament.status == Tournament.Status.RUNNING:
        _adjudicate_all(tenant, moderator, tournament, lambda t: [1, 2])
        tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    rows = standings(tournament)
    assert rows[-1].user_id == quitter and rows[-1].withdrawn
    assert rows[0].eliminated_in is None and all(r.eliminated_in for r in rows[1:-1])


def test_a_table_whose_match_ends_is_decided_from_its_ranks(tenant, user_factory, moderator):
    """Point 3 through the turn flow: the match ends (``MatchEnded``), the tournament takes
    the match's ranks as the table's places and pairs the next round."""
    tournament = _create(tenant, moderator, table_size=2, rounds=2, max_players=2)
    people = _field(tenant, tournament, user_factory, 2)
    lifecycle.advance(tournament.pk)
    table = _current(tournament).tables.get()
    match = table.match
    engine = registry.get_engine("race")
    rng, bot = random.Random(3), engine.bots()["greedy"]()
    while match.status == Match.Status.ACTIVE:
        state = engine.decode(match.state)
        seat = engine.to_act(state)[0]
        action = bot.choose(engine.view(state, seat), engine.legal_actions(state, seat), rng)
        match_services.submit_action(match_id=match.pk, action=action, expected_version=match.version,
                                     tenant=tenant, user=next(p for p in people if p.pk == table.players[seat]))
        match.refresh_from_db()
    assert tournament.pk in lifecycle.due_ids()
    assert lifecycle.advance(tournament.pk)
    table.refresh_from_db()
    assert table.places == match.result["ranks"] and not table.adjudicated
    assert table.scores == [float(x) for x in match.result["scores"]]
    assert _current(tournament).number == 2
    # The game's own scores are the last tie-break (point 1), shown beside the standings.
    rows = {r.user_id: r for r in standings(tournament)}
    for uid, score in zip(table.players, match.result["scores"], strict=True):
        assert rows[uid].score == float(score)
    assert tie_breaks(tournament) == ("buchholz", "sonneborn_berger", "head_to_head", "score")


def test_moderators_pause_pair_again_resume_and_cancel_with_audit(tenant, user_factory, moderator):
    """Point 5: pause, resume, cancel, remove a player, pair a round again before it starts,
    adjudicate; every action in the audit log; players may not."""
    tournament = _create(tenant, moderator, table_size=2, rounds=3, max_players=6)
    people = _field(tenant, tournament, user_factory, 6)
    lifecycle.advance(tournament.pk)
    with pytest.raises(ServiceError) as refused:
        services.tournament_pause(tenant=tenant, user=people[0], tournament_id=tournament.pk)
    assert refused.value.code == "not_moderator"
    services.tournament_pause(tenant=tenant, user=moderator, tournament_id=tournament.pk, reason="lunch")
    _adjudicate_all(tenant, moderator, tournament, lambda t: [1, 2])
    pending = _current(tournament)
    assert pending.number == 2 and pending.started_at is None
    assert all(t.match_id is None for t in pending.tables.all())
    services.tournament_repair(tenant=tenant, user=moderator, tournament_id=tournament.pk)
    services.tournament_remove_player(tenant=tenant, user=moderator, tournament_id=tournament.pk,
                                      user_id=people[5].pk, reason="left the club")
    services.tournament_resume(tenant=tenant, user=moderator, tournament_id=tournament.pk)
    lifecycle.advance(tournament.pk)
    started = _current(tournament)
    assert started.started_at is not None
    services.tournament_cancel(tenant=tenant, user=moderator, tournament_id=tournament.pk, reason="storm")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CANCELLED
    assert not Match.unscoped.filter(tournament_table__round__tournament=tournament, status=Match.Status.ACTIVE).exists()
    actions = set(AuditEntry.unscoped.filter(tenant=tenant, subject=f"tournament:{tournament.pk}")
                  .values_list("action", flat=True))
    A = AuditEntry.Action
    assert {A.TOURNAMENT_CREATE, A.TOURNAMENT_PAUSE, A.TOURNAMENT_ADJUDICATE, A.TOURNAMENT_REPAIR,
            A.TOURNAMENT_REMOVE, A.TOURNAMENT_RESUME, A.TOURNAMENT_CANCEL} <= actions


def test_an_open_table_at_the_deadline_is_adjudicated(tenant, user_factory, moderator):
    tournament = _create(tenant, moderator, table_size=2, rounds=1, max_players=2, round_hours=1)
    _field(tenant, tournament, user_factory, 2)
    lifecycle.advance(tournament.pk)
    table = _current(tournament).tables.get()
    later = timezone.now() + datetime.timedelta(hours=2)
    assert tournament.pk in lifecycle.due_ids(later)
    lifecycle.advance(tournament.pk, now=later)
    table.refresh_from_db()
    tournament.refresh_from_db()
    assert table.adjudicated and table.places == [1, 1]
    assert Match.unscoped.get(pk=table.match_id).status == Match.Status.ABORTED
    assert tournament.status == Tournament.Status.FINISHED


def test_a_table_the_game_refuses_is_shared_and_the_round_goes_on(tenant, user_factory, moderator, monkeypatch):
    """A table whose match cannot start (the game refuses its seats) must not stick the
    tournament: its players share the places (adjudicated) and the round goes on."""
    from gameplatform.tournaments import lifecycle as lc

    def refuse(**kwargs):
        raise ServiceError("invalid_seats", "no", 400, "seats")

    tournament = _create(tenant, moderator, table_size=2, rounds=1, max_players=2)
    _field(tenant, tournament, user_factory, 2)
    monkeypatch.setattr(lc, "match_start_seated", refuse)
    assert lifecycle.advance(tournament.pk)
    table = _current(tournament).tables.get()
    assert table.match_id is None and table.adjudicated and table.places == [1, 1]
    lifecycle.advance(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
