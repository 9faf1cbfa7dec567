"""The decoded-state cache (issue 29, point 2, ``matches.state_cache``): what a move committed,
used only at exactly that version, never over the database."""
import pytest
from django.db import connection

from gameplatform.matches import state_cache
from gameplatform.matches.models import Match, Seat
from games import registry

pytestmark = pytest.mark.django_db

needs_ids_never_reused = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the cache is used only where match ids are never reused"
)


def _entry(version, state="s"):
    return state_cache.Entry(version, "race", state, ())


@needs_ids_never_reused
def test_an_entry_is_used_at_its_own_version_only_and_never_goes_back():
    state_cache.remember(7, _entry(3))
    assert state_cache.get(7, 3).state == "s"
    assert state_cache.get(7, 4) is None  # the match moved on elsewhere: a miss
    assert state_cache.get(7, 2) is None
    state_cache.remember(7, _entry(2, "older"))  # a late older commit does not replace it
    assert state_cache.get(7, 3).state == "s"
    state_cache.forget(7)
    assert state_cache.get(7, 3) is None


@needs_ids_never_reused
def test_the_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(state_cache, "CAPACITY", 3)
    for pk in range(5):
        state_cache.remember(pk, _entry(1))
    assert [state_cache.get(pk, 1) is not None for pk in range(5)] == [False, False, True, True, True]


@needs_ids_never_reused
def test_a_committed_move_leaves_exactly_its_state_and_an_ended_match_nothing(
    match_factory, django_capture_on_commit_callbacks
):
    from gameplatform.bots.services import bot_take_turn

    match = match_factory("race", ["random", "random"], options={"target": 5})
    engine = registry.get_engine("race")
    while True:
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        with django_capture_on_commit_callbacks(execute=True):
            assert bot_take_turn(match_id=match.pk, version=match.version)
        match.refresh_from_db()
        entry = state_cache.get(match.pk, match.version)
        if match.status == Match.Status.ACTIVE:
            assert entry is not None and entry.game == "race"
            assert engine.encode(entry.state) == match.state  # what the row holds, decoded
            assert [s.pk for s in entry.seats] == list(
                Seat.objects.filter(match=match).order_by("index").values_list("pk", flat=True))
        else:
            assert entry is None


@needs_ids_never_reused
def test_a_bot_never_chooses_from_an_entry_of_another_version(match_factory, django_capture_on_commit_callbacks):
    """An entry one version ahead (as if this process had seen a later move) and a wrong
    state are never used: the bot reads the row of the version it was asked to play."""
    from gameplatform.bots.services import bot_take_turn

    match = match_factory("race", ["random", "random"], options={"target": 50})
    state_cache.remember(match.pk, state_cache.Entry(match.version + 1, "race", object(), ()))
    with django_capture_on_commit_callbacks(execute=True):
        assert bot_take_turn(match_id=match.pk, version=match.version) is True
    match.refresh_from_db()
    assert match.moves.count() == 1


@needs_ids_never_reused
def test_an_entry_by_which_no_bot_acts_gives_way_to_the_database(match_factory, django_capture_on_commit_callbacks):
    """Defence in depth: were an entry's seats ever wrong (no bot to act by them), the bot
    reads the row instead of leaving the turn unplayed for good."""
    from gameplatform.bots.services import bot_take_turn

    match = match_factory("race", ["random", "random"], options={"target": 50})
    engine = registry.get_engine("race")
    people = tuple(Seat(match_id=match.pk, index=i, bot_kind="") for i in range(2))  # nobody's bot
    state_cache.remember(match.pk, state_cache.Entry(match.version, "race", engine.decode(match.state), people))
    with django_capture_on_commit_callbacks(execute=True):
        assert bot_take_turn(match_id=match.pk, version=match.version) is True
    assert match.moves.count() == 1
