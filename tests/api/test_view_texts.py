"""The engines' view texts over REST, in the reader's language (docs/contracts.md,
"Translations"): the snapshot, the legal actions' page and the replay steps."""
import pytest

from gameplatform.bots.services import match_play_out
from gameplatform.matches.models import Match
from tests.api.support import url

pytestmark = pytest.mark.django_db


def test_the_snapshot_speaks_the_readers_language(hextopia_table):
    match_id, clients = hextopia_table
    english = clients[0].get(url(match_id, "view/")).json()
    french = clients[0].get(url(match_id, "view/"), HTTP_ACCEPT_LANGUAGE="fr").json()
    swedish = clients[1].get(url(match_id, "view/"), HTTP_ACCEPT_LANGUAGE="sv").json()
    assert english["view"]["phase_text"] == "Deal 1, hand 1" and "texts" not in english
    assert french["view"]["phase_text"] == "Donne 1, main 1" and "texts" not in french
    assert swedish["view"]["phase_text"] == "Giv 1, hand 1"
    assert [s["summary"] for s in french["view"]["seats"]] == [
        s["summary"].replace("cards", "cartes").replace("dealer", "donneur") for s in english["view"]["seats"]]
    actor = english["view"]["to_act"][0]
    moves = clients[actor].get(url(match_id, "view/"), HTTP_ACCEPT_LANGUAGE="fr").json()["view"]["moves"]
    assert moves and not any(" move " in m["label"] or "Discard" in m["label"] for m in moves)
    assert all(m["label"].startswith("Défausser") or
               m["label"].split(" : ", 1)[-1].startswith(("déplacer", "reculer", "échanger", "renvoyer"))
               for m in moves)


def test_replay_steps_and_bot_names_speak_the_readers_language(match_factory, api_client, member):
    match = match_factory("hexcrement", ["random", "random"], creator=member)
    match_play_out(match_id=match.pk, max_actions=5000)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    client = api_client(member)
    english = client.get(url(match.pk, "replay/steps/") + "?start=1&count=3").json()
    french = client.get(url(match.pk, "replay/steps/") + "?start=1&count=3", HTTP_ACCEPT_LANGUAGE="fr").json()
    again = client.get(url(match.pk, "replay/steps/") + "?start=1&count=3").json()  # from the cache
    assert again == english
    for en, fr in zip(english["steps"], french["steps"], strict=True):
        assert "texts" not in en and "texts" not in fr
        assert fr["view"]["phase_text"] != en["view"]["phase_text"]
        assert {s["colour_name"] for s in fr["view"]["seats"]} <= {"rouge", "orange", "jaune", "vert", "bleu", "violet"}
    snap = client.get(url(match.pk, "view/"), HTTP_ACCEPT_LANGUAGE="fr").json()
    assert snap["seats"][1]["name"] == "bot hasard"  # as the lobby and the seat list say it (issue 26, point 4)
    assert client.get(url(match.pk, "view/")).json()["seats"][1]["name"] == "random bot"
