"""Issue 13, point 2: one's own settings page (/settings/): language (en, fr, sv), colour-blind
palette (read by the games' UIs from the match page's config as ``colour_blind``), notification
choices, and vacation (days per year set by the community, default 14; the member's own "on
vacation until" date). Point 8: bad input is a 400 naming the field and changes nothing."""
import datetime
import re

import pytest
from django.utils import timezone

from gameplatform.core.errors import ServiceError
from gameplatform.matches import services
from gameplatform.players import selectors
from gameplatform.players.models import Preferences
from gameplatform.players.services import settings_update, vacation_set
from gameplatform.tenants import selectors as tenant_selectors
from gameplatform.tenants.models import Membership, Tenant
from tests.web.helpers import embedded_json

pytestmark = pytest.mark.django_db

TODAY = datetime.date(2026, 3, 10)


@pytest.fixture
def ann(user_factory):
    return user_factory("ann")


def form(**changes):
    data = {"language": "en", "email_notifications": "every_turn", "vacation_until": ""}
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def membership(user, tenant):
    return Membership.objects.select_related("tenant").get(user=user, tenant=tenant)


def test_defaults_without_a_row(ann, tenant):
    assert Tenant._meta.get_field("vacation_days_per_year").default == 14
    assert selectors.settings_get(user=ann, tenant=tenant) == {
        "language": "en", "colour_blind": False, "high_contrast": False, "email_notifications": "every_turn",
        "browser_notifications": False, "vacation_until": None, "vacation_days_per_year": 14,
        "vacation_days_left": 14,
    }
    assert not Preferences.objects.exists()


def test_the_page_saves_every_setting(ann, client_for, tenant):
    client = client_for(ann)
    page = client.get("/settings/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="language"' in html and "Svenska" in html and "Français" in html
    assert "gives 14 vacation days a year" in html
    until = timezone.localdate() + datetime.timedelta(days=2)
    response = client.post("/settings/", form(language="sv", colour_blind="on", email_notifications="daily_digest",
                                              browser_notifications="on", vacation_until=until.isoformat()))
    assert response.status_code == 302 and response["Location"] == "/settings/"
    prefs = Preferences.objects.get(user=ann)
    assert (prefs.language, prefs.colour_blind, prefs.email_notifications, prefs.browser_notifications) == (
        "sv", True, "daily_digest", True)
    assert membership(ann, tenant).vacation_until == until
    html = client.get("/settings/").content.decode()
    assert "Your settings are saved." in html and "<strong id=\"vacation-left\">11</strong>" in html


@pytest.mark.parametrize("changes, field", [
    ({"language": "de"}, "language"),
    ({"email_notifications": "hourly"}, "email_notifications"),
    ({"vacation_until": "soon"}, "vacation_until"),
    ({"vacation_until": "2001-01-01"}, "vacation_until"),
    ({"vacation_until": (datetime.date.today() + datetime.timedelta(days=30)).isoformat()}, "vacation_until"),
    ({"language": None}, "language"),
])
def test_bad_input_is_a_400_naming_the_field_and_saves_nothing(ann, client_for, tenant, changes, field):
    response = client_for(ann).post("/settings/", form(colour_blind="on", **changes))
    assert response.status_code == 400
    assert field in response.context["form"].errors
    label = str(response.context["form"].fields[field].label)
    assert f"Nothing was saved: please correct {label}." in response.content.decode()
    assert not Preferences.objects.exists()
    assert membership(ann, tenant).vacation_until is None


def test_the_match_page_config_carries_colour_blind(ann, user_factory, client_for, tenant):
    ben = user_factory("ben")
    match = services.match_create(tenant=tenant, user=ann, game="hextopia", seats=2)
    services.match_join(tenant=tenant, user=ben, match_id=match.pk)
    services.match_start(tenant=tenant, user=ann, match_id=match.pk)
    client = client_for(ann)
    assert embedded_json(client.get(f"/matches/{match.pk}/"), "match-config")["colour_blind"] is False
    settings_update(user=ann, tenant=tenant, colour_blind=True)
    page = client.get(f"/matches/{match.pk}/")
    assert embedded_json(page, "match-config")["colour_blind"] is True
    body_class = re.search(r'<body class="([^"]*)"', page.content.decode()).group(1)
    assert "colour-blind" in body_class.split()
    assert embedded_json(client_for(ben).get(f"/matches/{match.pk}/"), "match-config")["colour_blind"] is False


def test_the_service_refuses_unknown_and_wrong_values_and_changes_nothing(ann, tenant):
    for changes, field in [({"theme": "dark"}, "theme"), ({"colour_blind": "yes"}, "colour_blind"),
                           ({"browser_notifications": 1}, "browser_notifications"), ({"language": 3}, "language"),
                           ({"language": "fr", "vacation_until": "2026-01-01"}, "vacation_until")]:
        with pytest.raises(ServiceError) as err:
            settings_update(user=ann, tenant=tenant, **changes)
        assert (err.value.status, err.value.code, err.value.field) == (400, "invalid_setting", field)
    assert not Preferences.objects.exists()


def test_a_non_member_has_no_settings_here(user_factory, other_tenant, client_for):
    outsider = user_factory("out", tenant=None)
    response = client_for(outsider, host="elsewhere.test").get("/settings/")
    assert response.status_code == 403
    with pytest.raises(ServiceError) as err:
        settings_update(user=outsider, tenant=other_tenant, language="fr")
    assert err.value.code == "not_member"


# --- vacation days ----------------------------------------------------------------------------


def test_a_vacation_reserves_its_days_and_ending_it_early_gives_the_rest_back(ann, tenant):
    m = membership(ann, tenant)
    vacation_set(membership=m, until=TODAY + datetime.timedelta(days=4), today=TODAY)  # 5 days
    assert tenant_selectors.vacation_days_left(membership=m, today=TODAY) == 9
    assert tenant_selectors.on_vacation(membership=m, today=TODAY + datetime.timedelta(days=4))
    assert not tenant_selectors.on_vacation(membership=m, today=TODAY + datetime.timedelta(days=5))
    later = TODAY + datetime.timedelta(days=2)
    vacation_set(membership=m, until=None, today=later)  # back after 2 days
    m = membership(ann, tenant)
    assert (m.vacation_until, m.vacation_days_used) == (None, 2)
    assert tenant_selectors.vacation_days_left(membership=m, today=later) == 12


def test_the_allowance_is_the_communitys_and_cannot_be_exceeded(ann, tenant):
    tenant.vacation_days_per_year = 3
    tenant.save()
    m = membership(ann, tenant)
    with pytest.raises(ServiceError) as err:
        vacation_set(membership=m, until=TODAY + datetime.timedelta(days=3), today=TODAY)  # 4 days
    assert err.value.field == "vacation_until" and "3 vacation days left" in err.value.message
    vacation_set(membership=m, until=TODAY + datetime.timedelta(days=2), today=TODAY)
    assert tenant_selectors.vacation_days_left(membership=membership(ann, tenant), today=TODAY) == 0
    tenant.vacation_days_per_year = 0
    tenant.save()
    with pytest.raises(ServiceError) as err:
        vacation_set(membership=membership(ann, tenant), until=TODAY + datetime.timedelta(days=5), today=TODAY)
    assert err.value.message == "This community gives no vacation days."


def test_moving_the_end_keeps_the_days_taken(ann, tenant):
    m = membership(ann, tenant)
    vacation_set(membership=m, until=TODAY + datetime.timedelta(days=9), today=TODAY)  # 10 days
    day3 = TODAY + datetime.timedelta(days=3)
    vacation_set(membership=membership(ann, tenant), until=day3 + datetime.timedelta(days=1), today=day3)
    m = membership(ann, tenant)
    assert (m.vacation_started, m.vacation_days_used) == (day3, 3)
    assert tenant_selectors.vacation_days_left(membership=m, today=day3) == 14 - 3 - 2
    vacation_set(membership=m, until=m.vacation_until, today=day3)  # the same end: no change
    assert membership(ann, tenant).vacation_days_used == 3


def test_a_new_year_brings_new_days(ann, tenant):
    m = membership(ann, tenant)
    vacation_set(membership=m, until=TODAY + datetime.timedelta(days=13), today=TODAY)
    assert tenant_selectors.vacation_days_left(membership=membership(ann, tenant), today=TODAY) == 0
    next_year = datetime.date(2027, 1, 5)
    assert tenant_selectors.vacation_days_left(membership=membership(ann, tenant), today=next_year) == 14
    vacation_set(membership=membership(ann, tenant), until=next_year + datetime.timedelta(days=6), today=next_year)
    m = membership(ann, tenant)
    assert (m.vacation_year, m.vacation_days_used) == (2027, 0)
    assert tenant_selectors.vacation_days_left(membership=m, today=next_year) == 7


def test_vacation_is_per_community(ann, tenant, other_tenant):
    Membership.objects.create(user=ann, tenant=other_tenant)
    vacation_set(membership=membership(ann, tenant), until=TODAY + datetime.timedelta(days=1), today=TODAY)
    assert membership(ann, other_tenant).vacation_until is None
    assert tenant_selectors.vacation_days_left(membership=membership(ann, other_tenant), today=TODAY) == 14


def test_high_contrast_is_saved_and_marks_every_page(ann, client_for, member, other_member, match_factory):
    """Issue 31, point 4: "a high-contrast choice in Settings (beside the colour-blind palette)
    that every game's table honours": saved by the form, it puts ``high-contrast`` on the body
    of every page (site.css draws pages and every board from it)."""
    client = client_for(ann)
    assert 'name="high_contrast"' in client.get("/settings/").content.decode()
    assert client.post("/settings/", form(language="en", high_contrast="on", email_notifications="off")).status_code == 302
    assert Preferences.objects.get(user=ann).high_contrast is True
    for path in ("/", "/settings/", "/games/keyboard/"):
        assert re.search(r'<body class="[^"]*\bhigh-contrast\b', client.get(path).content.decode()), path
    match = match_factory("hexfolk", [member, other_member])
    Preferences.objects.update_or_create(user=member, defaults={"high_contrast": True})
    page = client_for(member).get(f"/matches/{match.pk}/").content.decode()
    assert re.search(r'<body class="table-page[^"]*\bhigh-contrast\b', page)
