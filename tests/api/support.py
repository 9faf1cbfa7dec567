"""Helpers of the REST API tests."""
from __future__ import annotations


def url(match_id=None, tail: str = "") -> str:
    """``/api/v1/matches/`` or ``/api/v1/matches/<id>/<tail>``."""
    if match_id is None:
        return "/api/v1/matches/"
    return f"/api/v1/matches/{match_id}/{tail}"


def actor_of(match_id, clients: dict):
    """``(seat, client, snapshot)`` of the seat that must act now (a person in these tests)."""
    snap = clients[0].get(url(match_id, "view/")).json()
    seat = snap["view"]["to_act"][0]
    client = clients[seat]
    return seat, client, client.get(url(match_id, "view/")).json()


def card_lists(obj, keys=("hand", "cards")) -> list[list]:
    """Every list found under one of ``keys`` anywhere in a JSON document: where Hextopia
    puts a hand (the view's ``hand``, the private ``hand`` event's ``cards``)."""
    found = []
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key in keys and isinstance(value, list):
                found.append(value)
            found.extend(card_lists(value, keys))
    elif isinstance(obj, list):
        for value in obj:
            found.extend(card_lists(value, keys))
    return found


def private_events(obj) -> list[dict]:
    """Every ``hand`` event (Hextopia's private deal event) anywhere in a JSON document."""
    found = []
    if isinstance(obj, dict):
        if obj.get("type") == "hand":
            found.append(obj)
        for value in obj.values():
            found.extend(private_events(value))
    elif isinstance(obj, list):
        for value in obj:
            found.extend(private_events(value))
    return found
