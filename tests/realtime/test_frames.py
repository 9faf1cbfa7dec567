"""The broadcast's frames (issue 29, ``realtime.frames``): encoded once in English by the
process that broadcasts, rendered once per language by each process that forwards them, and
in every language exactly what a sync shows that socket."""
import json

import pytest
from django.utils import translation

from gameplatform.matches import selectors
from gameplatform.realtime import frames
from gameplatform.realtime.broadcast import match_messages

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["en", "fr", "sv"])
def test_every_audiences_frame_is_what_a_sync_shows_in_each_language(match_factory, member, language):
    match = match_factory("hextopia", [member, "strong", "random"])
    sends = match_messages(match_id=match.pk, version=match.version, events=[])
    assert len(sends) == 2  # the person's seat and the spectators
    for (_group, message), seat in zip(sends, (0, None), strict=True):
        assert "texts" not in message["frame"]
        with translation.override(language):
            fresh = selectors.match_snapshot(match=match, seat=seat)
        fresh = json.loads(json.dumps({**fresh, "events": []}))  # the start's events: the broadcast's own
        assert frames.message_snapshot(message, language) == fresh
        names = [s["name"] for s in frames.message_snapshot(message, language)["seats"][1:]]
        assert names == [s["name"] for s in fresh["seats"][1:]]


def test_another_language_is_rendered_once_per_audience_and_english_never(match_factory, member, monkeypatch):
    match = match_factory("hextopia", [member, "random"])
    (_group, message), _public = match_messages(match_id=match.pk, version=match.version, events=[])
    calls = []
    real = frames.localize_view
    monkeypatch.setattr(frames, "localize_view", lambda view, texts: calls.append(1) or real(view, texts))
    assert frames.frame_for(message, "en") is message["frame"]
    first = frames.frame_for(message, "fr")
    assert frames.frame_for(message, "fr") is first and len(calls) == 1
    assert json.loads(first)["view"]["phase_text"] != json.loads(message["frame"])["view"]["phase_text"]
