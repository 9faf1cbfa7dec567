"""One conformance suite for every registered game (games/registry.py).

The engine half (``games.conformance.check_engine``): random playouts with every seat count
and team layout of the engine's metadata and option sets drawn from its schema, each ending;
``decode(encode(s)) == s``; ``apply`` never mutating its input; replay from the seed equal to
the final state; the view envelope; hidden information checked by value (each engine's
``secrets``) in every seat's view, the events it may see and the spectator's.

The platform half, parametrized the same way: bots play a match through the services, every
broadcast equals the selector's snapshot for its seat, the records replay from the seed to the
stored state, and the live and replay pages render. A game added to the registry is checked
here without a line of its own.
"""
from __future__ import annotations

import json

import pytest

from games import registry
from games.conformance import check_engine, seat_layouts
from tests.budget import conformance_budget

SLUGS = registry.slugs()
MAX_ACTIONS = 40_000


@pytest.mark.parametrize("slug", SLUGS)
def test_engine_conforms_over_its_layouts_and_random_options(slug):
    """Every layout played to its end; views and secrets checked as often as the budget
    says (tests/budget.py: every 8th action in CI, every action in make test-deep)."""
    engine = registry.get_engine(slug)
    applied = check_engine(engine, max_actions=MAX_ACTIONS, seed=7, **conformance_budget())
    assert applied > 0


@pytest.mark.parametrize("slug", SLUGS)
def test_metadata_is_declared(slug):
    """Declared, not probed: the metadata and hooks come from the engine's class."""
    engine = registry.get_engine(slug)
    assert engine.slug == slug and engine.name
    assert 1 <= engine.min_seats <= engine.max_seats
    assert isinstance(engine.simultaneous, bool) and isinstance(engine.hidden_information, bool)
    for n in range(engine.min_seats, engine.max_seats + 1):
        assert "none" in engine.team_layouts(n)
    bots = engine.bots()
    assert "random" in bots and all(getattr(factory, "description", "") for factory in bots.values())
    schema = engine.options_schema()
    json.dumps(schema)
    defaults = engine.validate_options({})
    assert set(defaults) == set(schema.get("properties", {}))
    assert seat_layouts(engine)


# --- the platform, for every game ---------------------------------------------------------------


def _bots_match(match_factory, engine):
    """A started match of ``engine`` with random bots in every seat (its smallest table), in
    its shortest variant (``quick_start_options``): the platform's part is the same in every
    variant, and the engine half above plays them all (Hexfolk's random bots need thousands of
    moves to reach the default 10 points, each a transaction here)."""
    return match_factory(engine.slug, ["random"] * engine.min_seats, options=engine.quick_start_options())


@pytest.mark.django_db
@pytest.mark.parametrize("slug", SLUGS)
def test_bots_play_a_match_through_the_services(slug, match_factory, assert_replay_matches, monkeypatch,
                                                django_capture_on_commit_callbacks):
    """Bots play the whole match through submit_action; every broadcast, localized, is what the
    selector shows that seat; the records replay from the seed to the stored state."""
    from gameplatform.bots import scheduling as bot_scheduling
    from gameplatform.bots.services import match_play_out
    from gameplatform.matches import scheduling, selectors
    from gameplatform.matches.models import Match
    from gameplatform.realtime import broadcast
    from gameplatform.realtime.frames import message_snapshot

    sent = []
    monkeypatch.setattr(broadcast, "_deliver", lambda layer, sends: sent.append(sends))
    monkeypatch.setattr(broadcast, "_needs_server_loop", lambda layer: False)
    monkeypatch.setattr(bot_scheduling, "bot_turn_after", lambda *a: None)
    monkeypatch.setattr(scheduling, "expire_turn_at", lambda *a: None)
    engine = registry.get_engine(slug)
    match = _bots_match(match_factory, engine)
    checked = 0
    for _ in range(MAX_ACTIONS):
        sent.clear()
        with django_capture_on_commit_callbacks(execute=True):
            moved = match_play_out(match_id=match.pk, max_actions=1)
        if not moved:
            break
        match.refresh_from_db()
        if checked < 40 or match.status != Match.Status.ACTIVE:  # the first moves and the last
            for sends in sent:
                for _group, message in sends:
                    seat = message_snapshot(message)["seat"]
                    assert message_snapshot(message) == selectors.match_snapshot(match=match, seat=seat)
            checked += 1
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.result is not None
    assert_replay_matches(match)


@pytest.mark.django_db
@pytest.mark.parametrize("slug", SLUGS)
def test_the_match_and_replay_pages_render(slug, match_factory, client, member):
    """The live table (as a spectator member) and, once finished, the replay page."""
    from gameplatform.bots.services import match_play_out

    engine = registry.get_engine(slug)
    match = _bots_match(match_factory, engine)
    client.force_login(member)
    page = client.get(f"/matches/{match.pk}/")
    assert page.status_code == 200
    if engine.ui.play_module:
        assert engine.ui.play_module in page.content.decode()
    match_play_out(match_id=match.pk, max_actions=MAX_ACTIONS)
    replay = client.get(f"/matches/{match.pk}/replay/")
    assert replay.status_code == 200
    assert 'id="match-replay"' in replay.content.decode()
