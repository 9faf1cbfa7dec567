"""The match chat before the match starts (issue 13, point 5: "a chat per match"): the waiting
page (``/matches/<id>/`` while open) has the chat on the match socket; the seated talk in the
players' room, a visitor in the spectators'; taking a seat moves a person into the players'
room; the table's Chat tab goes on with those words once the match starts."""
import pytest
from channels.db import database_sync_to_async
from django.test import Client

from gameplatform.matches import services
from gameplatform.matches.models import Seat
from tests.chat.conftest import chat_history, next_of, say


@pytest.fixture
def waiting(race_match, member, other_member, user_factory):
    """An open 3-seat race: alice (creator) at seat 0, bob at seat 1, seat 2 free; carol
    watching the waiting page."""
    match = race_match([member, other_member, "random"], start=False)
    Seat.objects.filter(match=match, index=2).update(bot_kind="")
    return match, member, other_member, user_factory("carol")


@pytest.mark.django_db
def test_the_waiting_page_has_the_chat(waiting):
    match, alice, _, carol = waiting
    for person in (alice, carol):
        client = Client()
        client.force_login(person)
        page = client.get(f"/matches/{match.pk}/")
        html = page.content.decode()
        assert page.status_code == 200 and page.context["chat"] is not None
        assert 'id="chat-input"' in html and 'id="chat-config"' in html and "js/open_match.js" in html


@pytest.mark.django_db
def test_a_called_off_match_page_has_no_chat_box(waiting):
    match, alice, _, _ = waiting
    services.match_abort(match_id=match.pk, by=alice)
    client = Client()
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/")
    assert page.status_code == 200 and 'id="chat-input"' not in page.content.decode()


@pytest.mark.django_db(transaction=True)
async def test_the_seated_talk_before_the_start_and_the_table_goes_on(waiting, connect_socket, tenant):
    match, alice, bob, carol = waiting
    socks = {}
    for name, user in (("alice", alice), ("bob", bob), ("carol", carol)):
        accepted, code, sock = await connect_socket(user, match)
        assert (accepted, code) == (True, None)
        socks[name] = sock
    assert (await chat_history(socks["alice"]))["write"] == "players"
    assert (await chat_history(socks["carol"]))["write"] == "spectators"

    await say(socks["alice"], "ready when you are")
    got = await next_of(socks["bob"], "chat")
    assert (got["message"]["room"], got["message"]["text"]) == ("players", "ready when you are")
    assert await socks["carol"].quiet()

    # carol takes the free seat: she now reads the players' room, its words included.
    await database_sync_to_async(services.match_join)(tenant=tenant, user=carol, match_id=match.pk)
    history = await chat_history(socks["carol"])
    assert history["rooms"] == ["players"] and history["write"] == "players"
    assert [m["text"] for m in history["messages"]] == ["ready when you are"]

    # Started: the table's chat is the same room, the waiting room's words in it.
    await database_sync_to_async(services.match_start)(tenant=tenant, user=alice, match_id=match.pk)
    accepted, _, table = await connect_socket(bob, match)
    assert accepted
    assert [m["text"] for m in (await chat_history(table))["messages"]] == ["ready when you are"]
