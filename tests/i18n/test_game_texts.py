"""A few texts of each game as the site serves them in French and Swedish (issue 25, point 4):
written when every translation was in ``locale/``, and unchanged since the games' texts moved
to their own catalogues (``games/<package>/locale/``). Python texts through gettext and the
platform's ``engine_text``, the ES modules' through ``/jsi18n/``. Hexfolk's "Summary" is there
because the admin's Swedish catalogue says it otherwise ("Översikt")."""
from __future__ import annotations

import json

import pytest
from django.test import Client
from django.utils import translation

from gameplatform.i18n.engine_texts import engine_text

# (game, how, English, French, Swedish); how: gettext, pgettext (context|text), ngettext (n=2).
PYTHON_TEXTS = [
    ("hextopia", "engine_text", "A KING only moves a piece from HOME to START.",
     "Un ROI ne fait que sortir un pion de la MAISON vers le DÉPART.",
     "En KUNG flyttar bara en pjäs från HEMMA till START."),
    ("hextopia", "gettext", "sitting out", "passe la main", "står över"),
    ("hexcrement", "engine_text", "Roll your die first: your move depends on the roll.",
     "Lancez d’abord votre dé : votre déplacement dépend du lancer.", "Slå din tärning först: ditt drag beror på slaget."),
    ("hexal", "pgettext", "Hexal colour|red", "rouge", "röd"),
    ("hexfolk", "gettext", "Place a road", "Placer une route", "Placera en väg"),
    ("hexfolk", "gettext", "Summary", "Résumé", "Sammanfattning"),
    ("hexboard-words", "ngettext", "{n} word-card|{n} word-cards", "{n} cartes-mots", "{n} ordkort"),
]
SCRIPT_TEXTS = [
    ("hextopia", "HOME", "MAISON", "HEMMA"),
    ("hexcrement", "Somebody", "Quelqu’un", "Någon"),
    ("hexal", "The %(card)s fits none of its places.", "La carte %(card)s ne va sur aucune de ses places.",
     "%(card)s passar inte på någon av dess platser."),
    ("hexfolk", "Island", "Île", "Ö"),
    ("hexboard-words", "No tiles face up", "Aucune tuile face visible", "Inga brickor med framsidan upp"),
]


def _rendered(how: str, english: str) -> str:
    if how == "engine_text":
        return engine_text(english)
    if how == "pgettext":
        return translation.pgettext(*english.split("|"))
    if how == "ngettext":
        return translation.ngettext(*english.split("|"), 2)
    return translation.gettext(english)


@pytest.mark.parametrize(("game", "how", "english", "fr", "sv"), PYTHON_TEXTS,
                         ids=[f"{c[0]}-{c[2][:20]}" for c in PYTHON_TEXTS])
def test_a_games_python_texts_in_french_and_swedish(game, how, english, fr, sv):
    for language, wanted in (("fr", fr), ("sv", sv), ("en", english.split("|")[-1])):
        with translation.override(language):
            assert _rendered(how, english) == wanted, (game, language)


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "english", "fr", "sv"), SCRIPT_TEXTS, ids=[c[0] for c in SCRIPT_TEXTS])
def test_a_games_module_texts_in_french_and_swedish(game, english, fr, sv):
    for language, wanted in (("fr", fr), ("sv", sv)):
        served = Client().get("/jsi18n/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert f"{json.dumps(english)}: {json.dumps(wanted)}" in served, (game, language)
