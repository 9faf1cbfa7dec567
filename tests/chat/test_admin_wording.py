"""The admin's words (issue 26, point 11): "'Timed out the authors of 1 messages' (plural forms
through ngettext everywhere), a report titled 'report of 4 by bob' (name it by its author,
the message and the community)". In English and in French."""
import html

import pytest
from django.utils import translation

from gameplatform.chat.models import ChatMessage, Report
from tests.chat.test_admin import act, world  # noqa: F401  (world: the fixture)
from tests.mfa import admin_sign_in

pytestmark = pytest.mark.django_db


def _page(response) -> str:
    return html.unescape(response.content.decode())


@pytest.mark.parametrize("language, one, two", [
    ("en", "Timed out the author of 1 message for 1 hour.", "Timed out the authors of 2 messages for 1 hour."),
    ("fr", "Auteur de 1 message exclu du chat pour 1 heure.", "Auteurs de 2 messages exclus du chat pour 1 heure."),
])
def test_a_time_out_counts_its_messages_in_the_right_form(client, world, language, one, two):  # noqa: F811
    admin_sign_in(client, world.mod)
    client.cookies["django_language"] = language
    assert one in _page(act(client, "report", "timeout_1h", [world.report.pk]))
    second = ChatMessage.unscoped.create(tenant=world.a, room="lobby", author=world.bob, text="again")
    assert two in _page(act(client, "chatmessage", "timeout_1h", [world.rude.pk, second.pk]))


@pytest.mark.parametrize("language, one", [
    ("en", "Deleted 1 message."), ("fr", "1 message supprimé."),
])
def test_a_delete_and_a_dismissal_count_in_the_right_form(client, world, language, one):  # noqa: F811
    admin_sign_in(client, world.mod)
    client.cookies["django_language"] = language
    assert one in _page(act(client, "chatmessage", "delete_messages", [world.lobby.pk]))
    dismissed = {"en": "Dismissed 1 report.", "fr": "1 signalement classé sans suite."}[language]
    assert dismissed in _page(act(client, "report", "dismiss", [world.report.pk]))


def test_a_report_is_named_by_its_author_the_message_and_the_community(world):  # noqa: F811
    report = Report.unscoped.get(pk=world.report.pk)
    assert str(report) == "Report by alice_a of bob_a's message “<b>you fool</b>” in Alpha"
    with translation.override("fr"):
        assert str(report) == "Signalement par alice_a du message de bob_a « <b>you fool</b> » dans Alpha"
    long = ChatMessage.unscoped.create(tenant=world.a, room="lobby", author=world.bob, text="x" * 200)
    assert "x" * 39 + "…" in str(Report(tenant=world.a, message=long, reporter=world.alice, reason="spam"))


def test_the_report_list_and_page_show_the_name(client, world):  # noqa: F811
    admin_sign_in(client, world.mod)
    client.cookies["django_language"] = "en"
    page = _page(client.get(f"/admin/chat/report/{world.report.pk}/change/"))
    assert "Report by alice_a of bob_a's message" in page
