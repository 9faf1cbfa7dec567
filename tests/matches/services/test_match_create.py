"""match_create: game, seats, teams, options over a variant preset, turn time (issue 5)."""
import pytest

from gameplatform.core.errors import ServiceError
from gameplatform.matches import services
from gameplatform.matches.models import Match, RuleVariant, Seat
from gameplatform.tenants.services import INVITE_ONLY

pytestmark = pytest.mark.django_db


def create(tenant, user, **kw):
    kw.setdefault("game", "race")
    kw.setdefault("seats", 2)
    return services.match_create(tenant=tenant, user=user, **kw)


def test_creator_takes_seat_zero_and_options_get_defaults(race_engine, tenant, member):
    match = create(tenant, member, seats=3, options={"target": 30}, title="  Friday race  ", turn_seconds=60)
    assert (match.status, match.version, match.title, match.turn_seconds) == ("open", 0, "Friday race", 60)
    assert match.options == {"target": 30, "hand_size": 3, "ready_phase": False}
    assert match.state is None and match.seed is None
    seats = list(Seat.objects.filter(match=match).order_by("index"))
    assert [(s.index, s.user_id, s.bot_kind, s.team) for s in seats] == [
        (0, member.pk, "", None), (1, None, "", None), (2, None, "", None)]


def test_team_layout_gives_each_seat_its_team(race_engine, tenant, member):
    match = create(tenant, member, seats=4, team_layout="2v2")
    assert list(Seat.objects.filter(match=match).values_list("team", flat=True)) == [0, 1, 0, 1]


def test_hextopia_match_can_be_created(tenant, member):
    match = create(tenant, member, game="hextopia", seats=4, team_layout="2v2", options={"jokers": True})
    assert match.options == {"jokers": True}


def test_variant_preset_is_merged_under_the_given_options(race_engine, tenant, member):
    variant = RuleVariant.objects.create(tenant=None, game="race", name="Sprint", options={"target": 8, "hand_size": 2})
    match = create(tenant, member, variant_id=variant.pk, options={"hand_size": 4})
    assert match.options == {"target": 8, "hand_size": 4, "ready_phase": False}
    assert match.variant == variant


@pytest.mark.parametrize("which", ["other_tenant", "other_game", "inactive", "missing"])
def test_variant_must_be_global_or_this_tenants_for_this_game(race_engine, tenant, other_tenant, member, which):
    variant = RuleVariant.objects.create(
        tenant=other_tenant if which == "other_tenant" else tenant,
        game="hextopia" if which == "other_game" else "race",
        name="v", options={}, is_active=which != "inactive",
    )
    with pytest.raises(ServiceError) as err:
        create(tenant, member, variant_id=variant.pk + (1000 if which == "missing" else 0))
    assert (err.value.status, err.value.code, err.value.field, err.value.message) == (
        400, "unknown_variant", "variant_id", services.VARIANT_UNKNOWN)


def test_tenant_variant_is_allowed(race_engine, tenant, member):
    variant = RuleVariant.objects.create(tenant=tenant, game="race", name="House", options={"target": 9})
    assert create(tenant, member, variant_id=variant.pk).options["target"] == 9


@pytest.mark.parametrize(
    ("kwargs", "code", "field"),
    [
        ({"game": "chess"}, "unknown_game", "game"),
        ({"game": None}, "unknown_game", "game"),
        ({"game": ["race"]}, "unknown_game", "game"),
        ({"seats": 1}, "invalid_seats", "seats"),
        ({"seats": 5}, "invalid_seats", "seats"),
        ({"seats": "2"}, "invalid_seats", "seats"),
        ({"seats": True}, "invalid_seats", "seats"),
        ({"seats": 2, "team_layout": "2v2"}, "invalid_team_layout", "team_layout"),
        ({"team_layout": None}, "invalid_team_layout", "team_layout"),
        ({"options": []}, "invalid_options", "options"),
        ({"options": "target=5"}, "invalid_options", "options"),
        ({"options": {"target": 2}}, "invalid_options", "options.target"),
        ({"options": {"speed": 1}}, "invalid_options", "options.speed"),
        ({"variant_id": "x"}, "invalid_variant_id", "variant_id"),
        ({"variant_id": -4}, "invalid_variant_id", "variant_id"),
        ({"turn_seconds": 29}, "invalid_turn_seconds", "turn_seconds"),
        ({"turn_seconds": 601}, "invalid_turn_seconds", "turn_seconds"),
        ({"turn_seconds": 3599}, "invalid_turn_seconds", "turn_seconds"),
        ({"turn_seconds": 604801}, "invalid_turn_seconds", "turn_seconds"),
        ({"turn_seconds": 60.0}, "invalid_turn_seconds", "turn_seconds"),
        ({"turn_seconds": "60"}, "invalid_turn_seconds", "turn_seconds"),
        ({"turn_seconds": 0}, "invalid_turn_seconds", "turn_seconds"),
        ({"title": "x" * 81}, "invalid_title", "title"),
        ({"title": 5}, "invalid_title", "title"),
    ],
)
def test_bad_input_is_a_400_naming_the_field_and_creates_nothing(race_engine, tenant, member, kwargs, code, field):
    with pytest.raises(ServiceError) as err:
        create(tenant, member, **kwargs)
    assert (err.value.status, err.value.code, err.value.field) == (400, code, field)
    assert not Match.objects.for_tenant(tenant).exists()


@pytest.mark.parametrize("seconds", [None, 30, 600, 3600, 604800])
def test_turn_time_limits_are_inclusive(race_engine, tenant, member, seconds):
    assert create(tenant, member, turn_seconds=seconds).turn_seconds == seconds


def test_invite_only_tenant_needs_membership(race_engine, other_tenant, user_factory):
    with pytest.raises(ServiceError) as err:
        create(other_tenant, user_factory(tenant=None))
    assert (err.value.status, err.value.code, err.value.message) == (403, "not_member", INVITE_ONLY)


def test_a_game_whose_rules_set_the_clock_takes_its_own(race_engine, tenant, member, monkeypatch):
    """Contract: ``EngineBase.clock_seconds(options)`` replaces the lobby's time per turn."""
    from gameplatform.matches import services

    monkeypatch.setattr(type(race_engine), "clock_seconds", lambda self, options: 45)
    match = services.match_create(tenant=tenant, user=member, game="race", seats=2, turn_seconds=600)
    assert match.turn_seconds == 45


def test_the_client_is_shown_the_engines_client_legal_actions(race_engine, match_factory, member, other_member,
                                                              monkeypatch):
    """Contract: the snapshot's ``legal_actions`` are ``client_legal_actions`` (a word game
    shows templates, not the answers)."""
    from gameplatform.matches import selectors
    from games import registry

    match = match_factory("race", [member, other_member])
    engine = registry.get_engine("race")
    seat = engine.to_act(match.state)[0]
    monkeypatch.setattr(type(race_engine), "client_legal_actions", lambda self, state, s: [{"type": "roll"}])
    assert selectors.match_snapshot(match=match, seat=seat)["legal_actions"] == [{"type": "roll"}]
