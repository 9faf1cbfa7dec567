"""The lobby's shortcuts (issue 8, "Lobby flow"): play against bots now, fill the empty seats
with bots (the strongest by default), a rematch with the seats rotated."""
import pytest

from gameplatform.core.errors import ServiceError
from gameplatform.matches import services, shortcuts
from gameplatform.matches.models import Match, Seat

pytestmark = pytest.mark.django_db


def test_play_against_bots_now_starts_at_once_with_the_strongest(tenant, member):
    match = shortcuts.match_play_bots_now(tenant=tenant, user=member, game="hexfolk")
    assert match.status == Match.Status.ACTIVE
    seats = list(Seat.objects.filter(match=match).order_by("index"))
    assert seats[0].user == member and [s.bot_kind for s in seats[1:]] == ["strong"] * (len(seats) - 1)


def test_fill_empty_seats_with_bots(tenant, member, other_member):
    match = services.match_create(tenant=tenant, user=member, game="hextopia", seats=4)
    services.match_join(tenant=tenant, user=other_member, match_id=match.pk)
    assert shortcuts.seats_fill_with_bots(tenant=tenant, user=member, match_id=match.pk) == 2
    kinds = list(Seat.objects.filter(match=match).order_by("index").values_list("bot_kind", flat=True))
    assert kinds == ["", "", "heuristic", "heuristic"]
    assert shortcuts.seats_fill_with_bots(tenant=tenant, user=member, match_id=match.pk, kind="random") == 0
    with pytest.raises(ServiceError) as err:
        shortcuts.seats_fill_with_bots(tenant=tenant, user=other_member, match_id=match.pk)
    assert err.value.code == "not_creator"


def test_fill_refuses_a_bad_level_and_changes_nothing(tenant, member):
    match = services.match_create(tenant=tenant, user=member, game="hextopia", seats=2)
    with pytest.raises(ServiceError) as err:
        shortcuts.seats_fill_with_bots(tenant=tenant, user=member, match_id=match.pk, kind="wizard")
    assert (err.value.status, err.value.code) == (400, "unknown_bot_kind")
    assert not Seat.objects.filter(match=match).exclude(bot_kind="").exists()


def _finished(match_factory, players):
    from gameplatform.bots.services import match_play_out

    match = match_factory("race", players, options={"target": 5})
    for seat in Seat.objects.filter(match=match, user__isnull=False):
        services.seat_hand_to_bot(match_id=match.pk, seat_index=seat.index, kind="random")
    match_play_out(match_id=match.pk, max_actions=500)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match


def test_a_rematch_rotates_the_seats_and_the_others_join_it(match_factory, tenant, member, other_member):
    old = _finished(match_factory, [member, "greedy", other_member])
    new = shortcuts.match_rematch(tenant=tenant, user=member, match_id=old.pk)
    assert (new.status, new.game, new.rematch_of_id, new.options) == (Match.Status.OPEN, "race", old.pk, old.options)
    seats = list(Seat.objects.filter(match=new).order_by("index"))
    assert (seats[1].user, seats[2].bot_kind, seats[0].user, seats[0].bot_kind) == (member, "greedy", None, "")
    again = shortcuts.match_rematch(tenant=tenant, user=other_member, match_id=old.pk)
    assert again.pk == new.pk
    assert Seat.objects.get(match=new, index=0).user == other_member  # seat 2 + 1 = seat 0


def test_a_rematch_needs_a_finished_match_and_one_of_its_players(match_factory, tenant, member, other_member,
                                                                   user_factory):
    live = match_factory("race", [member, other_member])
    with pytest.raises(ServiceError) as err:
        shortcuts.match_rematch(tenant=tenant, user=member, match_id=live.pk)
    assert err.value.code == "match_not_finished"
    old = _finished(match_factory, [member, other_member])
    with pytest.raises(ServiceError) as err:
        shortcuts.match_rematch(tenant=tenant, user=user_factory(), match_id=old.pk)
    assert (err.value.status, err.value.code) == (403, "not_a_player")
