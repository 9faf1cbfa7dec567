"""Helpers of the site-page tests: read the JSON the pages embed for their scripts."""
import html
import json
import re


def embedded_json(response, element_id: str):
    """The JSON in ``<script type="application/json" id="element_id">`` of a page (Django's
    ``json_script``), parsed; raises AssertionError when the page has none."""
    body = response.content.decode()
    m = re.search(rf'<script id="{re.escape(element_id)}" type="application/json">(.*?)</script>', body, re.S)
    assert m, f"no embedded JSON #{element_id}"
    return json.loads(html.unescape(m.group(1)))


def walk(obj):
    """Every dict inside ``obj`` (nested lists and dicts), depth first."""
    if isinstance(obj, dict):
        yield obj
        for v in obj.values():
            yield from walk(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from walk(v)


def private_hand_seats(obj) -> set:
    """Seats whose private cards appear in ``obj``: ``hand`` events (a seat's dealt cards)."""
    return {d.get("seat") for d in walk(obj) if d.get("type") == "hand"}


def replay_steps(client, match_id: int, viewer=None) -> list[dict]:
    """Every step of a finished match's replay (``{step, seq, seat, actor, action, events,
    view, seat_events?}``), fetched through the API a full window at a time, as the replay
    page does (the page itself embeds only the summary, issue 14)."""
    base = f"/api/v1/matches/{match_id}/replay/"
    summary = client.get(base).json()
    who = "" if viewer is None else f"&viewer={viewer}"
    steps = []
    for start in range(0, summary["step_count"], summary["max_steps"]):
        response = client.get(f"{base}steps/?start={start}&count={summary['max_steps']}{who}")
        assert response.status_code == 200, response.content
        steps += response.json()["steps"]
    return steps
