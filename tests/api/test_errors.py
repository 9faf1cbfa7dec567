"""The API's exception handler (gameplatform/api/errors.py): one body shape for every refusal."""
import pytest
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from rest_framework import exceptions

from gameplatform.api.errors import NOT_FOUND_MESSAGE, exception_handler
from gameplatform.api.parsers import TOO_DEEP_MESSAGE
from gameplatform.core.errors import ServiceError
from games.protocol import IllegalAction, OptionsError
from games.registry import UnknownGame


def handle(exc):
    response = exception_handler(exc, {})
    return (response.status_code, response.data) if response is not None else None


def test_service_error_keeps_its_status_code_and_field():
    assert handle(ServiceError("stale_version", "Refresh.", 409, "expected_version")) == (
        409, {"error": "stale_version", "message": "Refresh.", "field": "expected_version"},
    )
    assert handle(ServiceError("match_not_found", "No such match.", 404)) == (
        404, {"error": "match_not_found", "message": "No such match."},
    )


def test_validation_error_names_the_first_field():
    status, body = handle(exceptions.ValidationError({"seats": ["A valid integer is required."], "game": ["Required."]}))
    assert status == 400
    assert body == {
        "error": "invalid", "message": "seats: A valid integer is required.", "field": "seats",
        "fields": {"seats": ["A valid integer is required."], "game": ["Required."]},
    }


def test_validation_error_of_a_nested_field():
    status, body = handle(exceptions.ValidationError({"options": {"jokers": ["Must be true or false."]}}))
    assert (status, body["field"], body["message"]) == (400, "options", "options: Must be true or false.")


def test_validation_error_without_a_field():
    status, body = handle(exceptions.ValidationError(["Expected a dictionary."]))
    assert (status, body) == (
        400, {"error": "invalid", "message": "Expected a dictionary.", "fields": {"non_field_errors": ["Expected a dictionary."]}},
    )
    status, body = handle(
        exceptions.ValidationError({"non_field_errors": ["Invalid data. Expected a dictionary, but got list."]})
    )
    assert body["message"] == "Invalid data. Expected a dictionary, but got list." and "field" not in body


def test_parse_error():
    assert handle(exceptions.ParseError(TOO_DEEP_MESSAGE)) == (400, {"error": "parse_error", "message": TOO_DEEP_MESSAGE})


def test_auth_errors_keep_the_challenge_header():
    exc = exceptions.NotAuthenticated()
    exc.auth_header = "Token"
    response = exception_handler(exc, {})
    assert response.status_code == 401 and response["WWW-Authenticate"] == "Token"
    assert response.data == {"error": "not_authenticated", "message": "Authentication credentials were not provided."}


def test_other_api_exceptions_use_their_code():
    assert handle(exceptions.MethodNotAllowed("DELETE")) == (
        405, {"error": "method_not_allowed", "message": 'Method "DELETE" not allowed.'},
    )
    status, body = handle(exceptions.Throttled(wait=12))
    assert status == 429 and body["error"] == "throttled"
    assert exception_handler(exceptions.Throttled(wait=12), {})["Retry-After"] == "12"


def test_django_errors():
    assert handle(Http404("secret detail")) == (404, {"error": "not_found", "message": NOT_FOUND_MESSAGE})
    assert handle(DjangoPermissionDenied()) == (
        403, {"error": "permission_denied", "message": "You do not have permission to perform this action."},
    )


def test_engine_errors_that_escape_a_service_are_400():
    assert handle(IllegalAction("not_in_hand", "Play a card from your hand.")) == (
        400, {"error": "not_in_hand", "message": "Play a card from your hand.", "field": "action"},
    )
    assert handle(OptionsError("jokers", "Must be true or false.")) == (
        400, {"error": "invalid", "message": "Must be true or false.", "field": "jokers"},
    )
    status, body = handle(UnknownGame("unknown game 'chess'"))
    assert status == 400 and body["error"] == "unknown_game" and body["field"] == "game"


@pytest.mark.parametrize("exc", [ValueError("bug"), KeyError("x"), RuntimeError()])
def test_unexpected_errors_are_not_hidden(exc):
    assert exception_handler(exc, {}) is None
