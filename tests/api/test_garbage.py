"""Bad input never crashes and never changes state (DEVELOPERS.md): garbage bodies, URLs,
query strings and methods sent to every endpoint get a 4xx, and the database is as before."""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gameplatform.api.parsers import MAX_JSON_BYTES
from gameplatform.matches.models import Match, MoveRecord, Seat
from gameplatform.tenants.models import Membership
from tests.api.support import url
from tests.budget import examples

pytestmark = pytest.mark.django_db

HUGE = 10**30
JSON = "application/json"

# (body bytes, content type)
GARBAGE_BODIES = [
    (b"not json", JSON),
    (b'{"action": ', JSON),
    (b"[1, 2, 3]", JSON),
    (b'"a string"', JSON),
    (b"null", JSON),
    (b"123", JSON),
    (b"", JSON),
    (b"\xff\xfe\xfa not utf-8", JSON),
    (b"[" * 30_000 + b"]" * 30_000, JSON),  # under the size cap: the parser must survive the depth
    (b"[" * 100_000 + b"]" * 100_000, JSON),
    (b'{"a": ' * 5000 + b"1" + b"}" * 5000, JSON),
    (b'{"expected_version": NaN, "action": {"type": "discard", "card": "AS"}}', JSON),
    (b'{"expected_version": 1e400, "seats": 1e400, "action": {"type": "discard", "card": "AS", "x": 1e400}}', JSON),
    (b'{"title": "' + b"a" * (MAX_JSON_BYTES + 10) + b'"}', JSON),
    (b"a=1&b=%ZZ&seats=two", "application/x-www-form-urlencoded"),
    (b"--xx\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--xx--", "multipart/form-data; boundary=xx"),
    (b"kind=random", "text/plain"),
    (b'{"kind": "random"}', "application/json; charset=utf-16"),
]

# JSON documents, each aimed at every field of every endpoint at once.
GARBAGE_DOCS = [
    {
        "game": HUGE, "seats": HUGE, "team_layout": HUGE, "variant_id": HUGE, "turn_seconds": HUGE,
        "kind": HUGE, "expected_version": HUGE, "client_action_id": HUGE, "invite_code": HUGE,
        "action": {"type": "play", "card": "AS", "move": "forward", "seat": HUGE, "piece": -HUGE},
        "options": {"jokers": HUGE}, "title": HUGE, "username": HUGE, "password": HUGE,
    },
    {
        "game": ["hextopia"], "seats": "two", "team_layout": None, "options": "x", "variant_id": "v",
        "turn_seconds": [], "kind": {"a": 1}, "action": "play", "expected_version": [1],
        "client_action_id": 5, "invite_code": {"x": 1}, "title": 12, "username": [], "password": {},
    },
    {
        "game": "hextopia", "seats": "2", "expected_version": "-1", "kind": "RANDOM", "client_action_id": "",
        "action": {}, "options": None, "title": None, "variant_id": -5, "turn_seconds": -30,
    },
    {
        "game": "hex\u0000topia", "seats": 2, "title": "a\u0000b", "kind": "\ud800", "invite_code": "\u0000",
        "action": {"type": "discard", "card": "\u0000"}, "client_action_id": "\ud800\u0000",
        "options": {"\u0000": "\ud800"}, "expected_version": 0, "username": "a\u0000", "password": "\ud800",
    },
    {
        "game": "hextopia", "seats": 2, "expected_version": 0,
        "action": {"type": "play", "card": "AS", "move": "enter", "seat": 0, "piece": 0, "extra": [[[[[]]]]]},
        "options": {"jokers": True, "nested": [[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]},
        "kind": "random" * 100, "client_action_id": "x" * 65, "title": "t" * 500,
    },
    {"action": {"type": "sit_out"}, "expected_version": True, "seats": True, "kind": True, "game": True},
    {"action": {"type": ["discard"], "card": {"rank": "A"}}, "expected_version": 0.5, "seats": 2.5},
]

ENDPOINT_TAILS = ["", "join/", "leave/", "start/", "seats/1/bot/", "resume/", "view/", "legal-actions/",
                  "actions/", "hint/", "analysis/", "history/"]
# The endpoints that read a body (leave/, start/ and resume/ act on the URL alone, and the
# GET ones answer POST with 405).
BODY_TAILS = ["", "join/", "seats/1/bot/", "actions/", "view/"]
TOP_LEVEL = ["/api/v1/games/", "/api/v1/matches/", "/api/v1/auth/token/"]

BAD_MATCH_URLS = [
    "/api/v1/matches/0/", "/api/v1/matches/999999/", "/api/v1/matches/99999999999999999999999999/",
    "/api/v1/matches/9223372036854775808/view/", "/api/v1/matches/-1/", "/api/v1/matches/abc/",
    "/api/v1/matches/1.5/view/", "/api/v1/matches/%00/", "/api/v1/matches/" + "9" * 5000 + "/",
    "/api/v1/nowhere/", "/api/v2/matches/", "/api/v1/matches/{id}/seats/-1/bot/",
    "/api/v1/matches/{id}/seats/99999/bot/", "/api/v1/matches/{id}/seats/abc/bot/",
    "/api/v1/matches/{id}/seats/999999999999999999999/bot/", "/api/v1/matches/{id}/actions",
]

BAD_QUERIES = [
    "?status=won", "?game=chess", "?status=&game=", "?limit=-1&offset=-5", "?limit=abc&offset=xyz",
    "?offset=999999999999999999999999999999", "?limit=99999999999999999999999", "?status=%00",
    "?game=%ED%A0%80", "?status[]=open&status=active",
]


def _state():
    """Everything a request could change."""
    return (
        list(Match.unscoped.order_by("pk").values_list("pk", "version", "status", "state", "title", "options")),
        list(Seat.objects.order_by("pk").values_list("pk", "user_id", "bot_kind", "bot_takeover", "timeouts_in_row")),
        MoveRecord.objects.count(),
        Membership.objects.count(),
    )


def _paths(match_id, tails=ENDPOINT_TAILS):
    return [url(match_id, tail) for tail in tails] + TOP_LEVEL


def _targets(match_id, opened, clients):
    """(client, path) pairs: the creator everywhere, and the seat that must act at actions/."""
    pairs = [(clients[0], path) for mid in (match_id, opened) for path in _paths(mid, BODY_TAILS)]
    acting = clients[0].get(url(match_id, "view/")).json()["view"]["to_act"][0]
    return pairs + [(clients[acting], url(match_id, "actions/"))]


@pytest.fixture
def table(hextopia_table):
    """The started duel plus a match still open whose seats 1 and 2 are bots (so bodies that
    happen to be well-formed get the service's refusal: full, unknown bot kind)."""
    match_id, clients = hextopia_table
    opened = clients[0].post(url(), {"game": "hextopia", "seats": 3}, format="json").json()["id"]
    for index in (1, 2):
        added = clients[0].post(url(opened, f"seats/{index}/bot/"), {"kind": "random"}, format="json")
        assert added.status_code == 200
    return match_id, opened, clients


def test_garbage_bodies_everywhere(table):
    match_id, opened, clients = table
    before = _state()
    for client, path in _targets(match_id, opened, clients):
        for body, content_type in GARBAGE_BODIES:
            response = client.generic("POST", path, body, content_type=content_type)
            assert 400 <= response.status_code < 500, (path, body[:40], response.status_code)
    assert _state() == before


def test_garbage_documents_everywhere(table):
    match_id, opened, clients = table
    before = _state()
    for client, path in _targets(match_id, opened, clients):
        for doc in GARBAGE_DOCS:
            raw = json.dumps(doc).encode()  # lone surrogates travel escaped, as from a client
            response = client.generic("POST", path, raw, content_type=JSON)
            assert 400 <= response.status_code < 500, (path, doc, response.status_code)
    assert _state() == before


def test_garbage_urls_queries_and_methods(table):
    match_id, opened, clients = table
    before = _state()
    client = clients[0]
    for path in BAD_MATCH_URLS:
        path = path.replace("{id}", str(opened))
        for method in ("GET", "POST", "PUT", "DELETE"):
            response = client.generic(method, path, b'{"kind": "random"}', content_type=JSON)
            assert 400 <= response.status_code < 500 or response.status_code == 308, (method, path)
            if response.status_code != 308:
                assert response.json()["error"], path
    for query in BAD_QUERIES:
        for path in ("/api/v1/matches/", url(match_id, "history/")):
            response = client.get(path + query)
            assert response.status_code in (200, 400), (path, query)
    for path in _paths(match_id) + _paths(opened):
        for method in ("GET", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"):
            assert client.generic(method, path).status_code < 500, (method, path)
    assert _state() == before


def test_huge_offset_is_an_empty_page_and_a_huge_limit_a_full_one(table):
    match_id, _, clients = table
    response = clients[0].get("/api/v1/matches/?offset=99999999999999999999999&limit=5")
    assert response.status_code == 200 and response.json()["results"] == []
    response = clients[0].get("/api/v1/matches/?limit=99999999999999999999999")
    assert response.status_code == 200 and len(response.json()["results"]) == response.json()["count"]


@pytest.mark.parametrize("query", ["offset=true", "offset=-1", "offset=1.5", "limit=0", "limit=-3", "limit=x", "offset="])
def test_pagination_parameters_are_whole_numbers_in_range(table, query):
    match_id, _, clients = table
    for path in ("/api/v1/matches/", f"/api/v1/matches/{match_id}/history/"):
        response = clients[0].get(f"{path}?{query}")
        assert response.status_code == 400, (path, query)
        assert response.json()["field"] == query.split("=")[0]


def test_negative_seat_index_names_the_field(table):
    _, opened, clients = table
    response = clients[0].post(url(opened, "seats/-1/bot/"), {"kind": "random"}, format="json")
    assert response.status_code == 400
    assert response.json()["error"] == "invalid_seat_index" and response.json()["field"] == "seat_index"


def test_malformed_json_is_a_parse_error(table):
    match_id, _, clients = table
    response = clients[0].generic("POST", url(match_id, "actions/"), b'{"action": ', content_type=JSON)
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "parse_error" and body["message"].startswith("JSON parse error - ")


def test_missing_slash_keeps_the_method(table):
    match_id, _, clients = table
    response = clients[0].post(url(match_id, "actions"), {}, format="json")
    assert response.status_code == 308 and response["Location"].endswith(url(match_id, "actions/"))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
action_docs = st.fixed_dictionaries(
    {},
    optional={
        "action": json_values | st.fixed_dictionaries(
            {"type": st.sampled_from(["play", "discard", "sit_out"])},
            optional={"card": json_values, "move": json_values, "seat": json_values, "piece": json_values,
                      "target_seat": json_values, "target_piece": json_values},
        ),
        "expected_version": json_values,
        "client_action_id": json_values,
    },
)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=action_docs)
def test_random_actions_never_crash(hextopia_table, doc):
    """Any JSON at actions/ from the seat that must act: 2xx only for a legal action."""
    match_id, clients = hextopia_table
    snap = clients[0].get(url(match_id, "view/")).json()
    client = clients[snap["view"]["to_act"][0]]
    before = _state()
    response = client.post(url(match_id, "actions/"), doc, format="json")
    assert response.status_code < 500
    if response.status_code != 200:
        assert _state() == before
