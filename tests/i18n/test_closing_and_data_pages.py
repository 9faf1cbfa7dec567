"""Issue 27, points 4 and 5, in the three languages: the close page, the members' notice,
Settings' "Your data" and the deletion page show no English in French or Swedish, and a
deleted player is named in the reader's language."""
from __future__ import annotations

import pytest
from django.test import Client

from gameplatform.tenants import closing

pytestmark = pytest.mark.django_db

ENGLISH = ("This community closes on", "matches in progress", "Download my data", "Delete my account",
           "Your data", "Close the community", "Closing the community", "Deleting your account", "Your password",
           "Back to Settings", "Being prepared")
WORDS = {"fr": ("Télécharger mes données", "Supprimer mon compte", "Fermer la communauté", "ferme le"),
         "sv": ("Ladda ner mina data", "Radera mitt konto", "Att stänga gemenskapen", "stänger")}


@pytest.mark.parametrize("language", ["fr", "sv"])
def test_no_english_on_the_new_pages(tenant, user_factory, language):
    owner = user_factory("owner", role="owner")
    client = Client()
    client.force_login(owner)
    client.cookies["django_language"] = language
    pages = [client.get(f"/communities/{tenant.slug}/close/").content.decode(),
             client.get("/settings/").content.decode(), client.get("/settings/delete/").content.decode()]
    closing.community_close(tenant=tenant, by=owner)
    pages.append(client.get("/").content.decode())
    text = "\n".join(pages)
    assert [phrase for phrase in ENGLISH if phrase in text] == []
    for phrase in WORDS[language]:
        assert phrase in text
