"""The lobby services: match_join, match_leave, seat_assign_bot and match_start (issue 5)."""
import pytest

from gameplatform.core.errors import ServiceError
from gameplatform.matches import services
from gameplatform.matches.models import Match, Seat, seed_commitment
from gameplatform.tenants.models import Invitation, Membership

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_match(race_engine, tenant, member):
    return services.match_create(tenant=tenant, user=member, game="race", seats=3)


def seats_of(match):
    return [(s.user_id, s.bot_kind) for s in Seat.objects.filter(match=match).order_by("index")]


def refused(call, status, code, message=None):
    with pytest.raises(ServiceError) as err:
        call()
    assert (err.value.status, err.value.code) == (status, code)
    if message is not None:
        assert err.value.message == message


# --- match_join -------------------------------------------------------------------------------


def test_join_takes_the_first_free_seat_and_bumps_the_version(open_match, tenant, other_member):
    seat = services.match_join(tenant=tenant, user=other_member, match_id=open_match.pk)
    assert seat.index == 1
    assert seats_of(open_match)[1] == (other_member.pk, "")
    assert Match.unscoped.get(pk=open_match.pk).version == open_match.version + 1


def test_join_twice_is_refused(open_match, tenant, member, other_member):
    refused(lambda: services.match_join(tenant=tenant, user=member, match_id=open_match.pk),
            409, "already_seated", services.ALREADY_SEATED)


def test_join_a_full_match_is_refused(open_match, tenant, user_factory):
    services.match_join(tenant=tenant, user=user_factory(), match_id=open_match.pk)
    services.match_join(tenant=tenant, user=user_factory(), match_id=open_match.pk)
    refused(lambda: services.match_join(tenant=tenant, user=user_factory(), match_id=str(open_match.pk)),
            409, "match_full", services.MATCH_FULL)


def test_join_a_started_match_is_refused(match_factory, tenant, user_factory):
    match = match_factory("race")
    refused(lambda: services.match_join(tenant=tenant, user=user_factory(), match_id=match.pk),
            409, "match_not_open", services.MATCH_NOT_OPEN)


def test_join_another_tenants_match_is_not_found(match_factory, other_tenant, user_factory, tenant, member):
    match = match_factory("race", [user_factory(tenant=other_tenant), "random"], tenant=other_tenant, start=False)
    refused(lambda: services.match_join(tenant=tenant, user=member, match_id=match.pk), 404, "match_not_found")


def test_invitation_code_admits_a_newcomer_to_an_invite_only_tenant(race_engine, other_tenant, user_factory):
    host = user_factory(tenant=other_tenant)
    match = services.match_create(tenant=other_tenant, user=host, game="race", seats=2)
    invitation = Invitation.objects.create(tenant=other_tenant)
    newcomer = user_factory(tenant=None)
    refused(lambda: services.match_join(tenant=other_tenant, user=newcomer, match_id=match.pk), 403, "not_member")
    refused(lambda: services.match_join(tenant=other_tenant, user=newcomer, match_id=match.pk, invite_code="nope"),
            404, "invite_not_found", services.INVITE_CODE_INVALID)
    seat = services.match_join(tenant=other_tenant, user=newcomer, match_id=match.pk, invite_code=invitation.code)
    assert seat.user == newcomer
    assert Membership.objects.filter(user=newcomer, tenant=other_tenant).exists()


def test_invitation_of_another_tenant_is_refused(race_engine, other_tenant, tenant, user_factory):
    match = services.match_create(tenant=other_tenant, user=user_factory(tenant=other_tenant), game="race", seats=2)
    foreign = Invitation.objects.create(tenant=tenant)
    newcomer = user_factory(tenant=None)
    refused(lambda: services.match_join(tenant=other_tenant, user=newcomer, match_id=match.pk, invite_code=foreign.code),
            404, "invite_not_found")
    assert not Membership.objects.filter(user=newcomer).exists()
    assert Invitation.objects.get(pk=foreign.pk).used_at is None


# --- match_leave ------------------------------------------------------------------------------


def test_leave_frees_the_seat(open_match, tenant, other_member):
    services.match_join(tenant=tenant, user=other_member, match_id=open_match.pk)
    services.match_leave(tenant=tenant, user=other_member, match_id=open_match.pk)
    assert seats_of(open_match)[1] == (None, "")
    assert Match.unscoped.get(pk=open_match.pk).status == "open"


def test_creator_leaving_calls_the_match_off(open_match, tenant, member):
    services.match_leave(tenant=tenant, user=member, match_id=open_match.pk)
    assert Match.unscoped.get(pk=open_match.pk).status == Match.Status.ABORTED


def test_leave_without_a_seat_is_refused(open_match, tenant, other_member):
    refused(lambda: services.match_leave(tenant=tenant, user=other_member, match_id=open_match.pk),
            409, "not_seated", services.NOT_SEATED)


def test_leave_a_started_match_is_refused(match_factory, tenant, member):
    match = match_factory("race", [member, "random"])
    refused(lambda: services.match_leave(tenant=tenant, user=member, match_id=match.pk),
            409, "match_not_open", services.MATCH_NOT_OPEN)


# --- seat_assign_bot --------------------------------------------------------------------------


def test_creator_puts_bots_in_free_seats(open_match, tenant, member):
    services.seat_assign_bot(tenant=tenant, user=member, match_id=open_match.pk, seat_index=2, kind="greedy")
    services.seat_assign_bot(tenant=tenant, user=member, match_id=open_match.pk, seat_index=2, kind="random")
    assert seats_of(open_match)[2] == (None, "random")
    services.seat_assign_bot(tenant=tenant, user=member, match_id=open_match.pk, seat_index=2, kind="")
    assert seats_of(open_match)[2] == (None, "")


def test_creator_may_hand_their_own_seat_to_a_bot(open_match, tenant, member):
    services.seat_assign_bot(tenant=tenant, user=member, match_id=open_match.pk, seat_index=0, kind="random")
    assert seats_of(open_match)[0] == (None, "random")


def test_only_the_creator_assigns_bots(open_match, tenant, other_member):
    refused(lambda: services.seat_assign_bot(tenant=tenant, user=other_member, match_id=open_match.pk,
                                             seat_index=1, kind="random"),
            403, "not_creator", services.NOT_CREATOR)


def test_a_persons_seat_is_not_given_to_a_bot(open_match, tenant, member, other_member):
    services.match_join(tenant=tenant, user=other_member, match_id=open_match.pk)
    refused(lambda: services.seat_assign_bot(tenant=tenant, user=member, match_id=open_match.pk,
                                             seat_index=1, kind="random"),
            409, "seat_taken", services.SEAT_TAKEN)


@pytest.mark.parametrize(("seat_index", "kind", "code", "field"), [
    (3, "random", "invalid_seat_index", "seat_index"),
    (-1, "random", "invalid_seat_index", "seat_index"),
    ("1", "random", "invalid_seat_index", "seat_index"),
    (1, "heuristic", "unknown_bot_kind", "kind"),
    (1, None, "unknown_bot_kind", "kind"),
])
def test_bad_seat_or_kind_is_a_400(open_match, tenant, member, seat_index, kind, code, field):
    with pytest.raises(ServiceError) as err:
        services.seat_assign_bot(tenant=tenant, user=member, match_id=open_match.pk, seat_index=seat_index, kind=kind)
    assert (err.value.status, err.value.code, err.value.field) == (400, code, field)
    assert seats_of(open_match)[1:] == [(None, ""), (None, "")]


# --- match_start ------------------------------------------------------------------------------


def test_start_deals_from_a_secret_seed_with_a_published_commitment(open_match, tenant, member, other_member):
    services.match_join(tenant=tenant, user=other_member, match_id=open_match.pk)
    services.seat_assign_bot(tenant=tenant, user=member, match_id=open_match.pk, seat_index=2, kind="random")
    match = services.match_start(tenant=tenant, user=member, match_id=open_match.pk)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE and match.started_at is not None
    assert 0 <= match.seed < 2**63 and match.seed_commitment == seed_commitment(match.seed)
    assert len(match.state["hands"]) == 3
    assert match.deadline is None  # unlimited turns


def test_start_sets_the_first_deadline_and_bot_due_time(race_engine, tenant, member):
    match = services.match_create(tenant=tenant, user=member, game="race", seats=2, turn_seconds=45)
    services.seat_assign_bot(tenant=tenant, user=member, match_id=match.pk, seat_index=1, kind="random")
    match = services.match_start(tenant=tenant, user=member, match_id=match.pk)
    assert match.deadline is not None
    assert (match.bot_due_at is not None) == (match.state["turn"] == 1)


def test_start_needs_every_seat_filled(open_match, tenant, member):
    refused(lambda: services.match_start(tenant=tenant, user=member, match_id=open_match.pk),
            409, "seats_not_filled", services.SEATS_NOT_FILLED)
    assert Match.unscoped.get(pk=open_match.pk).status == "open"


def test_only_the_creator_starts(open_match, tenant, other_member):
    refused(lambda: services.match_start(tenant=tenant, user=other_member, match_id=open_match.pk),
            403, "not_creator", services.NOT_CREATOR)


def test_start_twice_is_refused(match_factory, tenant, member):
    match = match_factory("race", [member, "random"])
    refused(lambda: services.match_start(tenant=tenant, user=member, match_id=match.pk),
            409, "match_not_open", services.MATCH_NOT_OPEN)


def test_start_broadcasts_the_setup_events(match_factory, member, monkeypatch, django_capture_on_commit_callbacks):
    from gameplatform.realtime import broadcast

    calls = []
    monkeypatch.setattr(broadcast, "match_changed", lambda *a: calls.append(a))
    with django_capture_on_commit_callbacks(execute=True):
        match = match_factory("hextopia", [member, "random"])
    match_id, version, events = calls[-1]
    assert (match_id, version) == (match.pk, match.version)
    assert [e["type"] for e in events][:2] == ["dealer_draw", "dealt"]
    private = [e for e in events if "visible_to" in e]
    assert sorted(e["visible_to"] for e in private) == [[0], [1]]
