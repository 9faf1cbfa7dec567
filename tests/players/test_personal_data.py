"""A person's own data (issue 27, point 5): "anyone downloads their data as one JSON file
(profile, memberships, matches with their own moves and seat views, chat messages they wrote,
ratings, settings), made in the background for a large history, mailed as a link that
expires ... Tested end to end, with a test that the export contains no other person's hidden
information or private chat." Services on the test database (PostgreSQL in CI)."""
from __future__ import annotations

import datetime
import json

import pytest
from django.core import mail
from django.utils import timezone

from gameplatform.chat import services as chat
from gameplatform.core.errors import ServiceError
from gameplatform.players import exports, tasks
from gameplatform.players.models import DataExport, Preferences
from games import registry

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued(monkeypatch):
    """The tasks ``data_export_request`` sends (name, args), instead of the broker."""
    sent: list = []
    monkeypatch.setattr(exports, "task_send", lambda name, args, **kw: sent.append((name, tuple(args))))
    return sent


def _keys(value) -> set[str]:
    """Every key of every object in ``value``, however deep."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def _request_and_build(client, django_capture_on_commit_callbacks, queued) -> DataExport:
    """Through the Settings page: ask, the task runs (as the worker would), the mail goes."""
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/settings/export/")
    assert response.status_code == 302
    assert 'data-status="pending"' in client.get("/settings/").content.decode()
    (name, (export_id,)), = queued
    assert name == exports.BUILD_TASK
    assert tasks.build_data_export(export_id) is True
    return DataExport.objects.get(pk=export_id)


def test_export_end_to_end_has_own_things_and_no_one_elses_secrets(
        client, tenant, other_tenant, member, other_member, user_factory, match_factory, finish, queued,
        django_capture_on_commit_callbacks, settings):
    """Request -> background task -> mailed link -> JSON with the profile, memberships,
    matches (own moves, own seat's view), own chat, ratings and settings; NOT another seat's
    hand (Hextopia), the seed of an unfinished match, nor others' or private chat."""
    settings.DATA_EXPORT_TTL_HOURS = 48
    Preferences.objects.create(user=member, language="fr", colour_blind=True)
    finished = finish([member, other_member])
    live = match_factory("hextopia", [member, other_member])
    chat.message_post(tenant=tenant, user=member, text="my own words", match_id=live.pk)
    chat.message_post(tenant=tenant, user=other_member, text="bob's players room words", match_id=live.pk)
    chat.message_post(tenant=tenant, user=member, text="lobby hello")
    carol = user_factory("carol", tenant=other_tenant)
    chat.message_post(tenant=other_tenant, user=carol, text="a private word elsewhere")
    client.force_login(member)
    export = _request_and_build(client, django_capture_on_commit_callbacks, queued)
    assert export.status == "ready"
    assert export.expires_at - export.ready_at == datetime.timedelta(hours=48)
    (message,) = mail.outbox
    assert message.to == [member.email] and f"/settings/export/{export.token}/" in message.body
    settings_page = client.get("/settings/").content.decode()
    assert 'data-status="ready"' in settings_page and "Prêt : télécharger" in settings_page  # her French
    response = client.get(f"/settings/export/{export.token}/")
    assert response.status_code == 200 and response["Content-Type"].startswith("application/json")
    assert "attachment" in response["Content-Disposition"]
    data = json.loads(response.content)
    text = response.content.decode()
    assert data["profile"]["username"] == "alice" and data["profile"]["email"] == "alice@example.test"
    assert [m["community"] for m in data["memberships"]] == [tenant.slug]
    assert data["settings"]["language"] == "fr" and data["settings"]["colour_blind"] is True
    assert sorted(m["text"] for m in data["chat_messages"]) == ["lobby hello", "my own words"]
    assert "bob's players room words" not in text and "a private word elsewhere" not in text
    assert {r["game"] for r in data["ratings"]["ratings"]} == {finished.game}
    assert [c["match"] for c in data["ratings"]["history"]] == [finished.pk]
    by_match = {m["match"]: m for m in data["matches"]}
    assert set(by_match) == {finished.pk, live.pk}
    assert by_match[finished.pk]["seed"] is not None  # over: revealed to all
    live.refresh_from_db()
    mine = by_match[live.pk]
    engine = registry.get_engine("hextopia")
    state = engine.decode(live.state)
    assert mine["seed"] is None and str(live.seed) not in text
    assert mine["view"]["hand"] == json.loads(json.dumps(engine.view(state, 0)["hand"]))
    other_hand = json.loads(json.dumps(engine.view(state, 1)["hand"]))
    assert other_hand and other_hand != mine["view"]["hand"]
    assert "hands" not in _keys(data) and "deck" not in _keys(data)
    assert all(move["seat"] == mine["seat"] for move in mine["moves"])


def test_download_is_the_owners_only_and_expires(client, member, other_member, queued,
                                                 django_capture_on_commit_callbacks):
    """"a link that expires": another person gets a 404 (the link's existence is not
    revealed), signed out goes to sign in, expired is a 410."""
    client.force_login(member)
    export = _request_and_build(client, django_capture_on_commit_callbacks, queued)
    url = f"/settings/export/{export.token}/"
    client.force_login(other_member)
    assert client.get(url).status_code == 404
    assert client.get("/settings/export/nonsense/").status_code == 404
    client.logout()
    assert client.get(url).status_code == 302
    client.force_login(member)
    assert client.get(url).status_code == 200
    DataExport.objects.filter(pk=export.pk).update(expires_at=timezone.now() - datetime.timedelta(seconds=1))
    assert client.get(url).status_code == 410
    assert 'data-status="expired"' in client.get("/settings/").content.decode()


def test_pending_export_is_not_downloadable_and_not_duplicated(member, queued, django_capture_on_commit_callbacks):
    """A request while one is being prepared returns it (one task); before it is made: 409."""
    with django_capture_on_commit_callbacks(execute=True):
        first = exports.data_export_request(user=member)
        second = exports.data_export_request(user=member)
    assert first.pk == second.pk and len(queued) == 1
    with pytest.raises(ServiceError) as exc:
        exports.data_export_download(user=member, token=first.token)
    assert exc.value.status == 409
    assert exports.data_export_build(export_id=first.pk) is True
    assert exports.data_export_build(export_id=first.pk) is False  # once


def test_api_export_routes(member, other_member, queued, django_capture_on_commit_callbacks):
    """Point 7: POST/GET /api/v1/me/export/ and GET /api/v1/me/export/data/, one's own only;
    unknown fields refused."""
    from rest_framework.test import APIClient

    api = APIClient()
    assert api.get("/api/v1/me/export/").status_code == 401
    api.force_authenticate(member)
    assert api.get("/api/v1/me/export/").json()["status"] == "none"
    assert api.get("/api/v1/me/export/data/").status_code == 404
    bad = api.post("/api/v1/me/export/", {"format": "xml"}, format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "format"
    with django_capture_on_commit_callbacks(execute=True):
        started = api.post("/api/v1/me/export/", {}, format="json")
    assert started.status_code == 202 and started.json()["status"] == "pending"
    assert api.get("/api/v1/me/export/data/").status_code == 409
    tasks.build_data_export(queued[0][1][0])
    state = api.get("/api/v1/me/export/").json()
    assert state["status"] == "ready" and state["download_url"].startswith("/settings/export/")
    data = api.get("/api/v1/me/export/data/").json()
    assert data["profile"]["username"] == "alice"
    api.force_authenticate(other_member)
    assert api.get("/api/v1/me/export/").json()["status"] == "none"
