"""The REST API's clock fields (issue 13, point 4): ``time_control``, ``bank_minutes``,
``increment_seconds``, ``days_per_move`` on match create and detail; bad values are a 400
naming the field and create nothing."""
import pytest

from gameplatform.matches.models import Match
from tests.api.support import url

pytestmark = pytest.mark.django_db


def test_the_api_creates_a_correspondence_match(api_client, alice, tenant):
    response = api_client(alice).post(url(), {"game": "hextopia", "seats": 2, "time_control": "correspondence",
                                              "days_per_move": 2}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["time_control"], body["days_per_move"], body["bank_minutes"]) == ("correspondence", 2, None)


@pytest.mark.parametrize("payload, code, field", [
    ({"time_control": "blitz"}, "invalid", "time_control"),
    ({"time_control": "fischer", "bank_minutes": 0}, "invalid", "bank_minutes"),
    ({"time_control": "fischer", "bank_minutes": "x"}, "invalid", "bank_minutes"),
    ({"time_control": "fischer", "increment_seconds": 500}, "invalid", "increment_seconds"),
    ({"time_control": "correspondence", "days_per_move": 99}, "invalid", "days_per_move"),
    ({"time_control": "correspondence", "bank_minutes": 5}, "invalid_bank_minutes", "bank_minutes"),
    ({"time_control": "fischer", "turn_seconds": 60}, "invalid_turn_seconds", "turn_seconds"),
    ({"increment_seconds": 5}, "invalid_increment_seconds", "increment_seconds"),
])
def test_the_api_refuses_bad_clock_fields(api_client, alice, tenant, payload, code, field):
    response = api_client(alice).post(url(), {"game": "hextopia", "seats": 2, **payload}, format="json")
    assert response.status_code == 400
    assert (response.json()["error"], response.json()["field"]) == (code, field)
    assert not Match.objects.for_tenant(tenant).exists()
