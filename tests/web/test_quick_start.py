"""Issue 26, point 5: ""Play against bots now" starts Hexcrement's Long game ("round 1/100"): a
first try should be the short one, for every game."

Each game's quick start is ``engine.quick_start_options()`` (docs/contracts.md, "Engine
protocol"): by default every option its schema marks with ``"shortest"`` at that value, the
others at their defaults. For every registered game the lobby's one click makes a match with
exactly those options, each marked value is the shortest end of its option (an integer's
bound, one of an enum), and the lobby says what the quick start is.
"""
import pytest

from gameplatform.matches.models import Match, Seat
from games import registry

pytestmark = pytest.mark.django_db

# The options that decide how long a match lasts, at their shortest: what each game's first
# try plays (Hexcrement's quick game, the lowest targets), and nothing else.
SHORTEST = {
    "hextopia": {"jokers": False},  # a JOKER sends a piece back to its START
    "hexcrement": {"length": "quick"},  # home with any dung, not the Long game
    "hexal": {"target_score": 50},
    "hexfolk": {"victory_points": 8},
    "hexboard-words": {"cards_to_win": 5},
}


def _expected(engine) -> dict:
    """Every option at its shortest (``SHORTEST``, for a game to come its schema's
    "shortest" marks), the others at their defaults."""
    props = engine.options_schema()["properties"]
    shortest = SHORTEST.get(engine.slug) or {n: p["shortest"] for n, p in props.items() if "shortest" in p}
    return {name: shortest.get(name, prop["default"]) for name, prop in props.items()}


@pytest.mark.parametrize("slug", registry.slugs())
def test_the_schema_marks_the_shortest_end_of_each_length_option(slug):
    engine = registry.get_engine(slug)
    props = engine.options_schema()["properties"]
    marked = {name: prop["shortest"] for name, prop in props.items() if "shortest" in prop}
    if slug in SHORTEST:
        assert marked == SHORTEST[slug]
    for name, value in marked.items():
        prop = props[name]
        if "enum" in prop:
            assert value in prop["enum"], name
        elif prop["type"] == "integer":
            assert value in (prop["minimum"], prop["maximum"]), f"{name}: {value} is not an end of its range"
        else:
            assert type(value) is bool, name


@pytest.mark.parametrize("slug", registry.slugs())
def test_play_against_bots_now_plays_the_shortest_variant(client, member, slug):
    engine = registry.get_engine(slug)
    client.force_login(member)
    response = client.post("/matches/quick/", {"game": slug})
    match = Match.unscoped.get(game=slug)
    assert response.status_code == 302 and response["Location"] == f"/matches/{match.pk}/"
    assert match.status == Match.Status.ACTIVE
    assert match.options == engine.validate_options(_expected(engine))
    assert Seat.objects.filter(match=match).count() == engine.min_seats


def test_the_lobby_says_what_the_quick_start_plays(client, member):
    client.force_login(member)
    html = client.get("/").content.decode()
    assert 'data-quick-variant="hexcrement">Hexcrement: Game length: Quick game: home with any dung.' in html
    assert 'data-quick-variant="hexal">Hexal Classic: Target score: 50.' in html
    assert 'data-quick-variant="hexfolk">Hexfolk: Victory points: 8.' in html
    assert 'data-quick-variant="hextopia"' not in html  # its defaults are its shortest
