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
