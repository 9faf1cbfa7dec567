"""Issue 13, point 7: the page's language. Visitors: the header's chooser (a cookie) or the
browser's Accept-Language; signed-in people: their stored choice (``Preferences.language``),
which the chooser saves. Engine rule errors and service errors reach people in their language."""
import pytest
from django.test import Client
from django.utils import translation

from gameplatform.core.errors import ServiceError
from gameplatform.matches import services
from gameplatform.players.models import Preferences

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_visitor_gets_the_browsers_language():
    page = Client().get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9,en;q=0.5")
    html = page.content.decode()
    assert page.status_code == 200
    assert '<html lang="fr">' in html
    assert ">Communautés</a>" in html and ">S’inscrire</a>" in html


def test_the_chooser_remembers_a_visitors_choice_in_a_cookie():
    client = Client()
    answer = client.post("/i18n/setlang/", {"language": "sv", "next": "/accounts/login/"})
    assert answer.status_code == 302 and answer["Location"] == "/accounts/login/"
    assert client.cookies["django_language"].value == "sv"
    html = client.get("/accounts/login/").content.decode()
    assert '<html lang="sv">' in html and ">Gemenskaper</a>" in html
    assert not Preferences.objects.exists()


def test_the_chooser_saves_a_signed_in_persons_choice(user_factory):
    ann = user_factory("ann")
    signed_in(ann).post("/i18n/setlang/", {"language": "fr", "next": "/"})
    assert Preferences.objects.get(user=ann).language == "fr"
    # Another device, no cookie, an English browser: the stored choice wins.
    html = signed_in(ann).get("/settings/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="fr">' in html and ">Paramètres</a>" in html


def test_the_stored_choice_beats_the_cookie(user_factory):
    ann = user_factory("ann")
    Preferences.objects.create(user=ann, language="sv")
    client = signed_in(ann)
    client.cookies["django_language"] = "fr"
    assert '<html lang="sv">' in client.get("/").content.decode()


def test_without_a_stored_choice_the_cookie_decides(user_factory):
    client = signed_in(user_factory("ann"))
    client.cookies["django_language"] = "fr"
    assert '<html lang="fr">' in client.get("/").content.decode()


@pytest.mark.parametrize("language", ["de", "", "fr-xx"])
def test_an_unknown_language_is_refused_and_nothing_is_saved(user_factory, language):
    ann = user_factory("ann")
    client = signed_in(ann)
    answer = client.post("/i18n/setlang/", {"language": language, "next": "/"})
    assert answer.status_code == 400
    assert "language" in answer.content.decode()
    assert "django_language" not in answer.cookies
    assert not Preferences.objects.exists()


def test_the_chooser_takes_only_post():
    assert Client().get("/i18n/setlang/?language=fr").status_code == 405


def test_the_chooser_never_redirects_off_site():
    answer = Client().post("/i18n/setlang/", {"language": "fr", "next": "https://evil.example/"})
    assert answer.status_code == 302 and not answer["Location"].startswith("https://evil")


def test_every_page_has_the_chooser_and_the_script_catalogue():
    html = Client().get("/accounts/login/").content.decode()
    assert 'action="/i18n/setlang/"' in html
    assert '<option value="sv" lang="sv">Svenska</option>' in html
    assert 'src="/jsi18n/?l=en"' in html


def test_the_script_catalogue_follows_the_language():
    fr = Client().get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert fr.startswith("'use strict'") or "django.gettext" in fr
    assert "django.catalog" in fr or "catalog" in fr


@pytest.mark.parametrize("language", ["fr", "sv"])
def test_the_script_catalogue_serves_every_games_module_texts(language):
    """``/jsi18n/`` holds each game's ``djangojs`` catalogue (games/<package>/locale/), the
    platform's, and not the admin's (its calendar's month names)."""
    import json

    from gameplatform.i18n import catalogues

    served = Client().get("/jsi18n/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    catalogue = {owner: folder / language / "LC_MESSAGES" / "djangojs.po"
                 for owner, folder in catalogues.locale_dirs().items()}
    with_modules = {owner: path for owner, path in catalogue.items() if path.exists()}
    assert {"platform", "hexfolk", "hexal"} <= set(with_modules)
    for owner, path in with_modules.items():
        texts = [t for t in catalogues.translations(path).values() if isinstance(t, str)]
        assert texts and all(json.dumps(t) in served for t in texts[:5]), owner
    assert json.dumps({"fr": "Janvier", "sv": "januari"}[language]) not in served


def test_an_engine_rule_error_is_translated_at_the_platform(match_factory, user_factory, tenant):
    """Hextopia's "It is not your turn." (games/hextopia/engine/errors.py) in French and Swedish."""
    ann, bob = user_factory("ann"), user_factory("bob")
    match = match_factory("hextopia", [ann, bob])
    engine_state = services.match_rebuild_state(match) if hasattr(services, "match_rebuild_state") else None
    del engine_state
    from gameplatform.matches.selectors import match_snapshot, seat_of

    waiting = next(u for u in (ann, bob)
                   if seat_of(match=match, user=u).index not in match_snapshot(match=match, seat=0)["view"]["to_act"])
    expected = {"en": "It is not your turn.", "fr": "Ce n’est pas votre tour.", "sv": "Det är inte din tur."}
    for language, text in expected.items():
        with translation.override(language):
            with pytest.raises(ServiceError) as refused:
                services.submit_action(match_id=match.pk, tenant=tenant, user=waiting,
                                       action={"type": "discard", "card": "2S"}, expected_version=match.version)
        assert refused.value.code == "not_your_turn"
        assert refused.value.message == text


def test_options_errors_are_translated_with_their_fields(user_factory, tenant):
    ann = user_factory("ann")
    with translation.override("fr"), pytest.raises(ServiceError) as refused:
        services.match_create(tenant=tenant, user=ann, game="hextopia", seats=9)
    assert refused.value.message == "Hextopia se joue de 2 à 6 joueurs."


def test_the_settings_form_offers_the_shown_language_until_one_is_saved(user_factory):
    """A person who picked French before signing in (cookie only) sees French selected on the
    settings page, so saving other settings keeps the site in French."""
    ann = user_factory("ann")
    client = signed_in(ann)
    client.cookies["django_language"] = "fr"
    html = client.get("/settings/").content.decode()
    assert '<option value="fr" selected>' in html


def test_signing_in_speaks_the_stored_language_at_once(user_factory):
    """The sign-in request itself switches to the stored choice: its "signed in" message and
    the page it leads to are in French, from an English browser without a cookie."""
    from tests.conftest import PASSWORD

    ann = user_factory("ann")
    Preferences.objects.create(user=ann, language="fr")
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    answer = client.post("/accounts/login/", {"login": "ann", "password": PASSWORD}, follow=True)
    html = answer.content.decode()
    assert answer.status_code == 200 and '<html lang="fr">' in html
    assert "Connexion avec ann réussie." in html
