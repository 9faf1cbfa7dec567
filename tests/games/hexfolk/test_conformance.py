"""The platform's conformance playout (games.protocol.check_conformance) on Hexfolk."""
from games.conformance import check_engine as check_conformance
from games.hexfolk.engine import ENGINE
from games.protocol import SeatSpec
from tests.budget import conformance_budget
from tests.games.hexfolk.invariants import check_state


def test_conforms_two_and_four_players():
    applied = check_conformance(
        ENGINE,
        seat_layouts=[[SeatSpec()] * 2, [SeatSpec()] * 4],
        options=({"turn_limit": 8}, {"turn_limit": 6, "friendly_robber": True, "discard_limit": 5,
                                     "victory_points": 8}),
        games=1, max_actions=20_000, invariant=check_state, views_every=conformance_budget()["views_every"],
    )
    assert applied > 0


def test_conforms_special_building_tables():
    applied = check_conformance(
        ENGINE,
        seat_layouts=[[SeatSpec()] * 5, [SeatSpec()] * 8],
        options=({"turn_limit": 2, "robber_off": True},),
        games=1, max_actions=20_000, invariant=check_state, views_every=conformance_budget()["views_every"],
    )
    assert applied > 0
