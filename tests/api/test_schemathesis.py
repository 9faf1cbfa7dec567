"""The API does what its schema says: schemathesis generates requests for every operation of
``/api/schema/`` (valid ones and invalid ones), as a signed-in member with a token and with a
session, and checks every answer: no server error, and nothing the schema does not describe
(status codes, bodies, content types, refused valid input, accepted invalid input).

Bounded: ``EXAMPLES`` examples per operation and mode, derandomized so CI sees the same run
each time (about 20 seconds per test). Besides the generated requests, every run sends the
cases of tests/api/schema_cases.py through the same checks (issue 24, point 8): every body field
with every JSON type its schema does not allow (400 naming the field), and odd values
(control characters, slashes, huge numbers, full-width digits...) in every path parameter."""
from __future__ import annotations

import os

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, given
from hypothesis import settings as hypothesis_settings
from hypothesis.errors import Unsatisfiable
from rest_framework.authtoken.models import Token
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import ignored_auth, positive_data_acceptance

from tests.api.schema_cases import ODD_PATH_VALUES, path_parameter_operations, wrong_type_cases
from tests.budget import examples
from tests.conftest import clear_site_cache

# A deeper local run: SCHEMATHESIS_EXAMPLES=100 make test PYTEST_ARGS=tests/api/test_schemathesis.py
EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", examples(4)))
DERANDOMIZE = "SCHEMATHESIS_EXAMPLES" not in os.environ
CSRF = "a" * 32  # a CSRF secret sent as cookie and header, as the site's own pages do
# The WSGI harness hands schemathesis the raw body: ask for it uncompressed (tests/test_compression.py
# covers the gzip answers).
IDENTITY = {"Accept-Encoding": "identity"}


@pytest.fixture
def api_schema(db, tenant):
    """The schema served by the site, loaded through the WSGI app (as every request below)."""
    # As Django's test client does: the request signals must not close the test's connection.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def alice(user_factory, match_factory):
    """A member seated in a running match (a low id, so generated ids sometimes hit it)."""
    from gameplatform.tournaments.models import Tournament

    alice = user_factory("alice")
    match = match_factory("hextopia", [alice, "random"])
    Tournament.unscoped.create(tenant=match.tenant, name="Cup", game="hextopia", seed=1, start_when_full=True)
    return alice


def _path_values(operation_path: str, alice, **odd) -> dict:
    """Path parameters that reach alice's match (seat 1, her name, its game) and the community's
    tournament, but for ``odd``."""
    from gameplatform.matches.models import Seat

    match_id = Seat.objects.filter(user=alice).values_list("match_id", flat=True).first()
    from gameplatform.tournaments.models import Tournament

    tournament_id = Tournament.unscoped.values_list("pk", flat=True).first()
    values = {"match_id": match_id, "seat_index": 1, "username": alice.username, "game": "hextopia",
              "slug": "hexagora", "tournament_id": tournament_id, **odd}  # slug: the default community (tests/conftest.py's tenant)
    return {name: value for name, value in values.items() if f"{{{name}}}" in operation_path}


# Path values schemathesis puts in the URL unencoded (a query, a fragment, another segment): the
# plain tests send them percent-encoded (tests/api/test_strict_inputs.py).
URL_STRUCTURE = {"?x=1", "#", "a/b"}


def explicit_failures(schema, auth: dict, alice) -> list[str]:
    """The cases of tests/api/schema_cases.py through schemathesis's checks; one line per failure."""
    clear_site_cache()  # after the generated requests: the rate limits are not under test here
    signed_in = schema["/api/v1/your-turn/"]["GET"].Case().call(headers=auth["headers"], cookies=auth.get("cookies"))
    assert signed_in.status_code == 200, signed_in.content  # else every answer is a 401
    failures = []

    def run(label, operation, expect_field=None, **case_kwargs):
        case = operation.Case(**case_kwargs)
        clear_site_cache()  # hundreds of requests: the rate limits are not under test here
        try:
            response = case.call(headers=auth["headers"], cookies=auth.get("cookies"))
            case.validate_response(response, headers=auth["headers"],
                                   excluded_checks=[positive_data_acceptance, *auth.get("excluded_checks", [])])
            if expect_field is not None:
                body = response.json()
                assert response.status_code == 400 and body.get("field") == expect_field, body
        except BaseException as exc:  # schemathesis raises a BaseExceptionGroup
            if isinstance(exc, KeyboardInterrupt | SystemExit):
                raise
            failures.append(f"{label}: {exc}")

    for wrong in wrong_type_cases():
        operation = schema[wrong.path][wrong.method]
        run(wrong.id, operation, expect_field=wrong.field, path_parameters=_path_values(wrong.path, alice),
            body=wrong.body, media_type="application/json")
    for method, path, names in path_parameter_operations():
        operation = schema[path][method]
        for name in names:
            for odd in ODD_PATH_VALUES:
                if odd in URL_STRUCTURE:
                    continue
                body = {"body": {}, "media_type": "application/json"} if method in ("POST", "PATCH") else {}
                run(f"{method} {path} {name}={odd!r}", operation,
                    path_parameters=_path_values(path, alice, **{name: odd}), **body)
    return failures


@pytest.fixture
def token_auth(alice):
    """How each call is signed in: a token header."""
    token, _ = Token.objects.get_or_create(user=alice)
    return {"headers": {"Authorization": f"Token {token.key}", **IDENTITY}}


@pytest.fixture
def session_auth(alice, client):
    """How each call is signed in: the session and CSRF cookies (schemathesis's WSGI transport
    sets cookies from ``cookies``; a Cookie header would be dropped) and the CSRF header."""
    client.force_login(alice)
    return {"headers": {"X-CSRFToken": CSRF, **IDENTITY},
            "cookies": {"sessionid": client.cookies["sessionid"].value, "csrftoken": CSRF},
            # Its replay without credentials keeps the transport's cookie jar, so it would still be
            # signed in: the token run checks that a request without credentials is refused.
            "excluded_checks": [ignored_auth]}


# 400 codes that say "this input is malformed": the schema must have said so, so a request the
# schema allows never gets one. Any other 400 is a rule of the game or of the match (an
# unknown bot kind for this game, a seat count the game does not allow, wrong credentials,
# an illegal move), which the schema documents as a 400 with the rule's code.
MALFORMED_CODES = {
    "invalid", "parse_error", "invalid_body", "missing_field", "unexpected_field", "invalid_action",
    "action_too_large", "invalid_expected_version", "invalid_client_action_id", "invalid_match_id",
    "invalid_status", "unknown_game", "invalid_title", "invalid_turn_seconds",
}
# Fields whose content the game's rules define (its options_schema, its actions): a refusal of
# what is inside them is the game's, once the envelope the schema describes is right.
GAME_DEFINED = {"options", "action"}


@schemathesis.check
def schema_valid_input_is_not_refused_as_malformed(ctx, response, case):
    """Replaces schemathesis's positive_data_acceptance, which counts every 400 to valid data
    as a failure (module comment above)."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 400:
        return None
    body = response.json()
    code, field = body.get("error"), body.get("field")
    if code not in MALFORMED_CODES:
        return None
    envelope_ok = field != "action" or isinstance(((case.body or {}).get("action") or {}).get("type"), str)
    if field in GAME_DEFINED and envelope_ok:
        return None
    raise AssertionError(f"A request the schema allows was refused as malformed: {body}")


def failures_of(schema, auth: dict) -> list[str]:
    """Runs every operation of ``schema`` in both generation modes; returns one line per
    failing (operation, mode) with schemathesis's report."""
    failures = []
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 14, [op.label for op in operations]  # every endpoint of urls.py
    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

            @given(case=operation.as_strategy(generation_mode=mode))
            @hypothesis_settings(
                max_examples=EXAMPLES, deadline=None, derandomize=DERANDOMIZE, database=None,
                suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate],
            )
            def run(case):
                case.call_and_validate(headers=auth["headers"], cookies=auth.get("cookies"),
                                       excluded_checks=[positive_data_acceptance, *auth.get("excluded_checks", [])])

            try:
                run()
            except Unsatisfiable:
                assert mode is GenerationMode.NEGATIVE, operation.label  # nothing to get wrong
            except BaseException as exc:  # schemathesis raises a BaseExceptionGroup
                if isinstance(exc, KeyboardInterrupt | SystemExit):
                    raise
                failures.append(f"{operation.label} [{mode.value}]: {exc}")
    return failures


def test_the_api_does_what_its_schema_says_with_a_token(api_schema, token_auth, alice):
    failures = failures_of(api_schema, token_auth) + explicit_failures(api_schema, token_auth, alice)
    assert not failures, "\n\n".join(failures)


def test_the_api_does_what_its_schema_says_with_a_session(api_schema, session_auth, alice):
    failures = failures_of(api_schema, session_auth) + explicit_failures(api_schema, session_auth, alice)
    assert not failures, "\n\n".join(failures)
