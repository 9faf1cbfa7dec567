"""Rule variants: options checked by the game's engine, errors shown on the form."""
import pytest
from django.urls import reverse
from django.utils.html import escape

from gameplatform.matches import admin as match_admin
from gameplatform.matches.models import RuleVariant
from games.protocol import OptionsError
from games.registry import get_engine
from tests.mfa import admin_sign_in
from tests.tenants.factories import make_moderator, make_tenant, make_user

pytestmark = pytest.mark.django_db


def add_url():
    return reverse("admin:matches_rulevariant_add")


@pytest.fixture
def tenant():
    return make_tenant("alpha")


@pytest.fixture
def mod_client(client, tenant):
    admin_sign_in(client, make_moderator("moda", tenant))
    return client


def post(client, tenant, options, **extra):
    data = {"tenant": tenant.pk if tenant else "", "game": "hextopia", "name": "Jokers", "description": "",
            "options": options, "is_active": "on", **extra}
    return client.post(add_url(), data)


def engine_message(options) -> str:
    with pytest.raises(OptionsError) as info:
        get_engine("hextopia").validate_options(options)
    return f"{info.value.field}: {info.value.message}"


def test_valid_options_are_saved(mod_client, tenant):
    response = post(mod_client, tenant, '{"jokers": true}')
    assert response.status_code == 302
    variant = RuleVariant.objects.get()
    assert (variant.tenant, variant.options) == (tenant, {"jokers": True})


@pytest.mark.parametrize("options", ['{"jokers": "maybe"}', '{"colour": "blue"}'])
def test_engine_rejection_is_shown_on_the_field(mod_client, tenant, options):
    import json

    response = post(mod_client, tenant, options)
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors["options"]
    assert errors == [engine_message(json.loads(options))]
    assert escape(errors[0]) in response.content.decode()
    assert not RuleVariant.objects.exists()


@pytest.mark.parametrize(
    "options, message",
    [("[1, 2]", match_admin.OPTIONS_NOT_OBJECT), ('"jokers"', match_admin.OPTIONS_NOT_OBJECT), ("{not json", None)],
)
def test_malformed_options_are_form_errors(mod_client, tenant, options, message):
    response = post(mod_client, tenant, options)
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors["options"]
    if message:
        assert errors == [message]
    assert not RuleVariant.objects.exists()


def test_unknown_game_is_not_a_choice(mod_client, tenant):
    response = post(mod_client, tenant, "{}", game="chess")
    assert response.context["adminform"].form.errors["game"]


def test_moderator_cannot_make_or_change_global_variants(mod_client, tenant):
    response = post(mod_client, None, "{}")
    assert response.context["adminform"].form.errors["tenant"] == [match_admin.GLOBAL_VARIANT_SUPERUSER_ONLY]
    global_variant = RuleVariant.objects.create(tenant=None, game="hextopia", name="Classic", options={})
    url = reverse("admin:matches_rulevariant_change", args=[global_variant.pk])
    page = mod_client.get(url)
    assert page.status_code == 200 and "Classic" in page.content.decode()
    response = mod_client.post(url, {"tenant": tenant.pk, "game": "hextopia", "name": "Mine now", "options": "{}"})
    assert response.status_code == 403
    global_variant.refresh_from_db()
    assert (global_variant.tenant, global_variant.name) == (None, "Classic")


def test_superuser_makes_global_variants_and_sees_the_options_schema(client):
    admin_sign_in(client, make_user("root", is_superuser=True, is_staff=True))
    response = post(client, None, '{"jokers": false}')
    assert response.status_code == 302
    variant = RuleVariant.objects.get()
    assert variant.tenant is None
    page = client.get(reverse("admin:matches_rulevariant_change", args=[variant.pk])).content.decode()
    assert "JOKER variant" in page
