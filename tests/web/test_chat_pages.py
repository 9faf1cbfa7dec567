"""The pages' chat (issue 13, point 5): the match page's Chat tab and the lobby's panel (live,
js/chat.js), and "the replay page shows the match's chat": both rooms once the match is over,
escaped by the template, without deleted messages or those of people the viewer muted."""
from django.utils import timezone

from gameplatform.chat.models import ChatMessage, Mute
from tests.web.helpers import embedded_json


def say(match, user, text, room="players", **fields):
    return ChatMessage.unscoped.create(tenant_id=match.tenant_id, match=match, room=room, author=user, text=text,
                                       **fields)


def test_the_replay_shows_both_rooms_escaped(finished_match, alice, bob, carol, client_for):
    say(finished_match, alice, "<b>gg</b> & thanks")
    say(finished_match, carol, "what a finish", room="spectators")
    say(finished_match, bob, "removed by a moderator", deleted_at=timezone.now())
    say(finished_match, bob, "bob's grumbling")
    Mute.unscoped.create(tenant_id=finished_match.tenant_id, user=carol, muted=bob)
    body = client_for(carol).get(f"/matches/{finished_match.pk}/replay/").content.decode()
    assert 'id="tab-chat"' in body and 'id="chat-log"' in body
    assert "&lt;b&gt;gg&lt;/b&gt; &amp; thanks" in body and "<b>gg</b>" not in body
    assert "what a finish" in body
    assert "removed by a moderator" not in body and "grumbling" not in body  # deleted; muted by carol
    assert "grumbling" in client_for(alice).get(f"/matches/{finished_match.pk}/replay/").content.decode()


def test_a_replay_without_chat_says_so(finished_match, alice, client_for):
    body = client_for(alice).get(f"/matches/{finished_match.pk}/replay/").content.decode()
    assert "Nobody chatted in this match." in body


def test_the_match_page_has_a_live_chat_tab_with_its_words(active_match, alice, client_for):
    response = client_for(alice).get(f"/matches/{active_match.pk}/")
    body = response.content.decode()
    assert 'id="tab-chat"' in body and 'id="chat-input"' in body and 'maxlength="500"' in body
    config = embedded_json(response, "chat-config")
    assert config["max_chars"] == 500
    assert [value for value, _ in config["reasons"]] == ["spam", "abuse", "cheating", "other"]
    assert config["strings"]["room_players"].startswith("Players' chat")
    # The history comes over the socket (chat_sync), never in the page: nothing said is in it.
    say(active_match, alice, "secret for the table")
    assert "secret for the table" not in client_for(alice).get(f"/matches/{active_match.pk}/").content.decode()


def test_the_lobby_has_its_chat(alice, client_for):
    body = client_for(alice).get("/").content.decode()
    assert "Lobby chat" in body and 'id="chat-input"' in body and "js/lobby_chat.js" in body
