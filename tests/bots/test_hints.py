"""Hints in casual play (issue 30, point 4): "in unrated matches (never in rated or tournament
matches, and never in a match with another person unless every person agreed in the lobby), a
"Hint" button asks the strong bot for its choice from the player's view ...; the log records that
a hint was used." Here the service; its routes in tests/api/test_hints.py and
tests/realtime/test_hints_socket.py, the page's button in tests/web/test_match_page_hints.py."""
import pytest
from django.core.cache import cache

from gameplatform.bots.hints import _playable, hint_ask
from gameplatform.bots.services import match_play_out
from gameplatform.core.errors import ServiceError
from gameplatform.matches import services
from gameplatform.matches.models import Match, MoveRecord
from gameplatform.matches.shortcuts import match_play_bots_now
from games import registry
from games.conformance import find_secrets

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_spacing_between_tests():
    cache.clear()


def offer_hints(match, *, rated=False):
    Match.unscoped.filter(pk=match.pk).update(hints=True, rated=rated)
    match.refresh_from_db()
    return match


def to_my_turn(match):
    """Bots play until the person at seat 0 must act."""
    match_play_out(match_id=match.pk, max_actions=500)
    match.refresh_from_db()
    engine = registry.get_engine(match.game)
    state = engine.decode(match.state)
    assert 0 in engine.to_act(state), "the bots should stop at the person's turn"
    return engine, state


@pytest.mark.parametrize("game", sorted(registry.slugs()))
def test_a_hint_is_a_legal_action_from_the_seats_view_and_carries_no_secret(game, match_factory, member):
    engine = registry.get_engine(game)
    match = offer_hints(match_factory(game, [member] + ["random"] * (engine.min_seats - 1)))
    engine, state = to_my_turn(match)
    hint = hint_ask(tenant=match.tenant, user=member, match_id=match.pk)
    assert set(hint) == {"match", "version", "seat", "bot", "action"}
    assert (hint["match"], hint["version"], hint["seat"]) == (match.pk, match.version, 0)
    assert hint["bot"] == list(engine.bots())[-1]  # the strongest
    assert _playable(engine, state, 0, hint["action"])  # the engine takes it (maybe a filled-in template)
    # The conformance suite's secrets check over the payload: nothing seat 0 may not see.
    assert find_secrets(hint, [*engine.secrets(state, 0), match.seed]) is None


def test_the_move_after_a_hint_is_recorded_as_such_and_only_that_one(match_factory, member):
    match = offer_hints(match_factory("hextopia", [member, "random"]))
    to_my_turn(match)
    hint = hint_ask(tenant=match.tenant, user=member, match_id=match.pk)
    services.submit_action(match_id=match.pk, tenant=match.tenant, user=member, action=hint["action"],
                           expected_version=hint["version"])
    first = MoveRecord.objects.get(match=match, seq=hint["version"] + 1)
    assert (first.seat, first.actor) == (0, MoveRecord.Actor.HINT)
    engine, state = to_my_turn(match)
    services.submit_action(match_id=match.pk, tenant=match.tenant, user=member,
                           action=engine.legal_actions(state, 0)[0], expected_version=match.version)
    assert MoveRecord.objects.get(match=match, seq=match.version + 1).actor == MoveRecord.Actor.USER


def refusal(match, user) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        hint_ask(tenant=match.tenant, user=user, match_id=match.pk)
    return caught.value


def test_a_rated_match_never_offers_hints(match_factory, member):
    match = offer_hints(match_factory("hextopia", [member, "random"]), rated=True)
    to_my_turn(match)
    error = refusal(match, member)
    assert (error.code, error.status, error.field) == ("hints_off", 403, "hints")
    assert "unrated" in str(error.message)


def test_an_unrated_match_whose_lobby_did_not_offer_hints_refuses_them(match_factory, member):
    match = match_factory("hextopia", [member, "random"])
    Match.unscoped.filter(pk=match.pk).update(rated=False)
    to_my_turn(match)
    assert refusal(match, member).code == "hints_off"


def test_a_hint_is_for_ones_own_turn_and_seat(match_factory, member, other_member, user_factory):
    match = offer_hints(match_factory("hextopia", [member, other_member]))
    engine = registry.get_engine("hextopia")
    acting = engine.to_act(engine.decode(match.state))[0]
    waiting = other_member if acting == 0 else member
    assert (refusal(match, waiting).code, refusal(match, waiting).status) == ("not_your_turn", 409)
    watcher = user_factory("carol")
    assert refusal(match, watcher).code == "not_seated"


def test_hints_are_spaced_and_a_refused_one_changes_nothing(match_factory, member):
    match = offer_hints(match_factory("hextopia", [member, "random"]))
    to_my_turn(match)
    hint_ask(tenant=match.tenant, user=member, match_id=match.pk)
    before = (match.version, match.state)
    error = refusal(match, member)
    assert (error.code, error.status) == ("hint_too_soon", 429)
    match.refresh_from_db()
    assert (match.version, match.state) == before


def test_the_lobby_offers_hints_only_with_an_unrated_match(tenant, member):
    for rated in (None, True):
        with pytest.raises(ServiceError) as caught:
            services.match_create(tenant=tenant, user=member, game="hextopia", seats=2, rated=rated, hints=True)
        assert (caught.value.code, caught.value.field) == ("hints_need_unrated", "hints")
    with pytest.raises(ServiceError) as caught:
        services.match_create(tenant=tenant, user=member, game="hextopia", seats=2, rated=False, hints="yes")
    assert caught.value.code == "invalid_hints"
    match = services.match_create(tenant=tenant, user=member, game="hextopia", seats=2, rated=False, hints=True)
    assert match.hints is True


def test_playing_against_bots_now_offers_hints(tenant, member):
    match = match_play_bots_now(tenant=tenant, user=member, game="hextopia")
    assert (match.rated, match.hints) == (False, True)


def test_a_filled_in_template_is_a_hint_too():
    """Hexfolk lists an offer or a discard as a template the bot fills in with cards: the hint
    is then not one of the listed actions, and the engine still takes it."""
    import random

    from games.protocol import SeatSpec

    engine = registry.get_engine("hexfolk")
    rng = random.Random(5)
    state = engine.setup({}, [SeatSpec()] * 3, 11)
    strong = engine.bots()["strong"]()
    filled = 0
    for _ in range(3000):
        if engine.result(state) is not None or filled >= 3:
            break
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        action = strong.choose(engine.view(state, seat), legal, rng)
        if action is None:
            action = legal[0]
        if action not in legal:
            assert _playable(engine, state, seat, action), action
            filled += 1
        state, _ = engine.apply(state, seat, action)
    assert filled >= 1
    assert not _playable(engine, state, engine.to_act(state)[0] if engine.to_act(state) else 0, {"type": "nonsense"})
