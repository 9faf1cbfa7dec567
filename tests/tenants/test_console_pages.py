"""The owner's console in the site (issue 27, point 2): who opens which tab, every URL and POST
tried across communities (point 7: "an owner or moderator can never act on another
community"), and the tabs' actions end to end. Refusals are 403/404 pages or messages, never 500."""
import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from gameplatform.chat.models import ChatMessage, Report
from gameplatform.matches.models import RuleVariant
from gameplatform.tenants.models import AuditEntry, Invitation, Membership
from tests.tenants.factories import make_member, make_tenant, make_user

pytestmark = pytest.mark.django_db
Role = Membership.Role
Action = AuditEntry.Action

GET_TABS = ["console:home", "console:settings", "console:games", "console:members", "console:ownership",
            "console:invitations", "console:reports", "console:audit"]
OWNER_TABS = {"console:settings", "console:games", "console:ownership"}


def texts(response):
    return [str(m) for m in get_messages(response.wsgi_request)]


@pytest.fixture
def world():
    """Community A (open) owned by ``boss``, with moderator ``mod`` and player ``pat``;
    community B (open) where ``boss`` is a mere player, owned by ``bea``; and an invite-only
    community C where ``boss`` is nobody."""
    a, b, c = make_tenant("comm-a", name="Comm A"), make_tenant("comm-b", name="Comm B"), make_tenant(
        "comm-c", name="Comm C", is_open=False)
    boss, mod, pat, bea = make_user("boss"), make_user("mod"), make_user("pat"), make_user("bea")
    make_member(boss, a, Role.OWNER)
    make_member(mod, a, Role.MODERATOR)
    make_member(pat, a, Role.PLAYER)
    make_member(bea, b, Role.OWNER)
    make_member(boss, b, Role.PLAYER)
    make_member(pat, b, Role.PLAYER)
    make_member(bea, c, Role.OWNER)
    return {"a": a, "b": b, "c": c, "boss": boss, "mod": mod, "pat": pat, "bea": bea}


def _post_urls(tenant, membership_pk, invitation_pk, variant_pk, report_pk):
    slug = tenant.slug
    return [
        (reverse("console:settings", args=[slug]), {"name": "Taken", "is_open": "open", "language": "en",
                                                     "vacation_days_per_year": "3"}),
        (reverse("console:games_save", args=[slug]), {"games": ["hextopia"]}),
        (reverse("console:variant_create", args=[slug]), {"game": "hextopia", "name": "X", "options": "{}"}),
        (reverse("console:variant_edit", args=[slug, variant_pk]), {"game": "hextopia", "name": "Y"}),
        (reverse("console:variant_retire", args=[slug, variant_pk]), {}),
        (reverse("console:member_act", args=[slug, membership_pk]), {"action": "ban"}),
        (reverse("console:member_act", args=[slug, membership_pk]), {"action": "moderator"}),
        (reverse("console:member_act", args=[slug, membership_pk]), {"action": "remove"}),
        (reverse("console:ownership_offer", args=[slug]), {"user": "1"}),
        (reverse("console:ownership_cancel", args=[slug]), {}),
        (reverse("console:invitation_create", args=[slug]), {}),
        (reverse("console:invitation_revoke", args=[slug, invitation_pk]), {}),
        (reverse("console:report_act", args=[slug, report_pk]), {"action": "ban"}),
    ]


def _b_objects(world):
    b = world["b"]
    pat_in_b = Membership.objects.get(tenant=b, user=world["pat"])
    invitation = Invitation.objects.create(tenant=b, created_by=world["bea"])
    variant = RuleVariant.objects.create(tenant=b, game="hextopia", name="B's own")
    message = ChatMessage.unscoped.create(tenant=b, author=world["pat"], text="hello")
    report = Report.unscoped.create(tenant=b, message=message, reporter=world["bea"], reason="spam")
    return pat_in_b, invitation, variant, report


def test_owner_of_a_and_player_in_b_can_do_nothing_on_bs_console(client, world):
    """Issue 27, point 7: "an owner or moderator can never act on another community (tested
    with a person who is owner of one and player in another)": every tab 403, every POST
    403, and nothing changed nor recorded in B."""
    b = world["b"]
    pat_in_b, invitation, variant, report = _b_objects(world)
    client.force_login(world["boss"])
    for name in GET_TABS:
        assert client.get(reverse(name, args=[b.slug])).status_code == 403, name
    before = (b.name, b.games, AuditEntry.unscoped.filter(tenant=b).count())
    for url, data in _post_urls(b, pat_in_b.pk, invitation.pk, variant.pk, report.pk):
        assert client.post(url, data).status_code == 403, url
    b.refresh_from_db()
    pat_in_b.refresh_from_db()
    variant.refresh_from_db()
    report.refresh_from_db()
    assert (b.name, b.games, AuditEntry.unscoped.filter(tenant=b).count()) == before
    assert pat_in_b.role == Role.PLAYER and pat_in_b.banned_at is None
    assert variant.is_active and variant.name == "B's own"
    assert Invitation.objects.filter(pk=invitation.pk).exists() and report.status == Report.Status.OPEN


def test_as_owner_of_a_the_ids_of_bs_rows_are_not_found_on_as_console(client, world):
    """Point 7: B's membership, invitation, variant and report named on A's own console: 404 or
    a refusal, and B untouched."""
    a = world["a"]
    pat_in_b, invitation, variant, report = _b_objects(world)
    client.force_login(world["boss"])
    for url, data in _post_urls(a, pat_in_b.pk, invitation.pk, variant.pk, report.pk):
        if "variants/" in url and str(variant.pk) in url or "members/" in url or "invitations/" in url and \
                "revoke" in url or "reports/" in url:
            response = client.post(url, data)
            assert response.status_code in (302, 404), url
    pat_in_b.refresh_from_db()
    variant.refresh_from_db()
    report.refresh_from_db()
    assert pat_in_b.banned_at is None and pat_in_b.role == Role.PLAYER
    assert variant.is_active and variant.name == "B's own" and report.status == Report.Status.OPEN
    assert Invitation.objects.filter(pk=invitation.pk).exists()
    assert not AuditEntry.unscoped.filter(tenant=world["b"]).exists()


def test_invite_only_community_is_not_revealed(client, world):
    """Point 2: "nobody sees an invite-only community they are not in": 404, not 403."""
    client.force_login(world["boss"])
    for name in GET_TABS:
        assert client.get(reverse(name, args=[world["c"].slug])).status_code == 404, name
    assert client.post(reverse("console:invitation_create", args=[world["c"].slug])).status_code == 404


def test_player_and_anonymous_are_refused(client, world):
    """Point 2: a player gets 403 on every tab; a signed-out visitor is sent to sign in."""
    a = world["a"]
    for name in GET_TABS:
        assert client.get(reverse(name, args=[a.slug])).status_code == 302
    client.force_login(world["pat"])
    for name in GET_TABS:
        assert client.get(reverse(name, args=[a.slug])).status_code == 403, name


def test_moderator_sees_their_tabs_only(client, world):
    """Point 2: "moderators get Members, Invitations, Reports, Audit log; owners everything"."""
    a = world["a"]
    client.force_login(world["mod"])
    for name in GET_TABS:
        status = client.get(reverse(name, args=[a.slug])).status_code
        if name == "console:home":
            assert status == 302
        else:
            assert status == (403 if name in OWNER_TABS else 200), name
    response = client.get(reverse("console:members", args=[a.slug]))
    assert b"Make moderator" not in response.content


def test_owner_opens_every_tab(client, world):
    """Point 2: the owner opens every tab of their community's console."""
    client.force_login(world["boss"])
    for name in GET_TABS[1:]:
        assert client.get(reverse(name, args=[world["a"].slug])).status_code == 200, name


def test_owner_appoints_and_removes_a_moderator_from_members(client, world):
    """Point 2: "the owner appoints/removes moderators"; point 3: each is a ``role`` entry."""
    a, pat = world["a"], world["pat"]
    membership = Membership.objects.get(tenant=a, user=pat)
    client.force_login(world["boss"])
    url = reverse("console:member_act", args=[a.slug, membership.pk])
    assert client.post(url, {"action": "moderator", "reason": "helpful"}).status_code == 302
    membership.refresh_from_db()
    assert membership.role == Role.MODERATOR
    client.post(url, {"action": "player"})
    membership.refresh_from_db()
    assert membership.role == Role.PLAYER
    entries = list(AuditEntry.unscoped.filter(tenant=a, action=Action.ROLE).order_by("pk"))
    assert [e.details["role"] for e in entries] == [["player", "moderator"], ["moderator", "player"]]
    assert entries[0].reason == "helpful" and entries[0].actor == world["boss"] and entries[0].target == pat


def test_moderator_acts_on_players_only(client, world):
    """Point 2: moderators act "on players only, as ``check_may_sanction`` says"; the refusal
    is a message, nothing changes."""
    a = world["a"]
    client.force_login(world["mod"])
    boss_row = Membership.objects.get(tenant=a, user=world["boss"])
    response = client.post(reverse("console:member_act", args=[a.slug, boss_row.pk]), {"action": "ban"})
    assert response.status_code == 302 and texts(response)
    boss_row.refresh_from_db()
    assert boss_row.banned_at is None
    pat_row = Membership.objects.get(tenant=a, user=world["pat"])
    client.post(reverse("console:member_act", args=[a.slug, pat_row.pk]), {"action": "timeout", "seconds": "86400"})
    pat_row.refresh_from_db()
    assert pat_row.timeout_until is not None
    response = client.post(reverse("console:member_act", args=[a.slug, pat_row.pk]), {"action": "moderator"})
    pat_row.refresh_from_db()
    assert pat_row.role == Role.PLAYER


def test_settings_tab_saves_and_the_lobby_starts_from_the_default_clock(client, world):
    """Point 2: settings incl. "default clock for new matches"; the lobby's form starts from it."""
    a = world["a"]
    client.force_login(world["boss"])
    response = client.post(reverse("console:settings", args=[a.slug]), {
        "name": "Comm A2", "description": "Hex fans", "is_open": "invite", "language": "sv",
        "vacation_days_per_year": "21", "time_control": "correspondence", "days_per_move": "5",
        "turn_seconds": "60"})
    assert response.status_code == 302, texts(response)
    a.refresh_from_db()
    assert (a.name, a.is_open, a.language, a.vacation_days_per_year) == ("Comm A2", False, "sv", 21)
    assert a.default_clock == {"time_control": "correspondence", "days_per_move": 5}
    entry = AuditEntry.unscoped.get(tenant=a, action=Action.SETTINGS)
    assert entry.details["name"] == ["Comm A", "Comm A2"] and entry.details["is_open"] == [True, False]
    from gameplatform.matches.forms import MatchCreateForm
    form = MatchCreateForm(tenant=a)
    assert form["time_control"].initial == "correspondence" and form["days_per_move"].initial == 5


def test_settings_tab_refuses_bad_input_with_400(client, world):
    """"Bad input never crashes and never changes state": a 400 page naming the field."""
    a = world["a"]
    client.force_login(world["boss"])
    response = client.post(reverse("console:settings", args=[a.slug]), {
        "name": "", "is_open": "maybe", "language": "xx", "vacation_days_per_year": "999"})
    assert response.status_code == 400
    a.refresh_from_db()
    assert a.name == "Comm A" and not AuditEntry.unscoped.filter(tenant=a).exists()


def test_games_tab_variants_create_edit_retire(client, world):
    """Point 2: the games on offer and the community's variants, options checked by the game."""
    a = world["a"]
    client.force_login(world["boss"])
    client.post(reverse("console:games_save", args=[a.slug]), {"games": ["hextopia"]})
    a.refresh_from_db()
    assert a.games == ["hextopia"]
    # The lobby offers only those games, and the service refuses the others.
    from gameplatform.core.errors import ServiceError
    from gameplatform.matches import services
    from gameplatform.matches.forms import MatchCreateForm
    from games.registry import slugs
    assert [slug for slug, _name in MatchCreateForm(tenant=a).fields["game"].choices] == ["hextopia"]
    other = next(slug for slug in slugs() if slug != "hextopia")
    with pytest.raises(ServiceError) as err:
        services.match_create(tenant=a, user=world["boss"], game=other, seats=2)
    assert (err.value.code, err.value.field) == ("game_not_offered", "game")
    response = client.post(reverse("console:variant_create", args=[a.slug]),
                           {"game": "hextopia", "name": "Quick", "options": '{"no_such_option": 1}'})
    assert response.status_code == 302 and not RuleVariant.objects.filter(tenant=a).exists()
    client.post(reverse("console:variant_create", args=[a.slug]), {"game": "hextopia", "name": "Quick", "options": "{}"})
    variant = RuleVariant.objects.get(tenant=a)
    client.post(reverse("console:variant_edit", args=[a.slug, variant.pk]),
                {"game": "hextopia", "name": "Quicker", "options": "{}"})
    client.post(reverse("console:variant_retire", args=[a.slug, variant.pk]))
    variant.refresh_from_db()
    assert variant.name == "Quicker" and not variant.is_active
    actions = list(AuditEntry.unscoped.filter(tenant=a, subject=f"variant:{variant.pk}").values_list("action", flat=True))
    assert sorted(actions) == sorted([Action.VARIANT_CREATE, Action.VARIANT_EDIT, Action.VARIANT_RETIRE])


def test_ownership_offer_accept_from_the_community_page(client, world):
    """Point 2: the owner offers it, the member sees the offer on the community's page and
    accepts; the old owner becomes moderator."""
    a, boss, pat = world["a"], world["boss"], world["pat"]
    client.force_login(boss)
    client.post(reverse("console:ownership_offer", args=[a.slug]), {"user": str(pat.pk)})
    client.force_login(pat)
    page = client.get(reverse("tenants:detail", args=[a.slug]))
    assert b"ownership-offer" in page.content
    client.force_login(world["mod"])
    assert client.post(reverse("console:ownership_accept", args=[a.slug])).status_code == 302
    assert Membership.objects.get(tenant=a, user=world["mod"]).role == Role.MODERATOR
    client.force_login(pat)
    client.post(reverse("console:ownership_accept", args=[a.slug]))
    assert Membership.objects.get(tenant=a, user=pat).role == Role.OWNER
    assert Membership.objects.get(tenant=a, user=boss).role == Role.MODERATOR


def test_invitations_and_reports_tabs(client, world):
    """Point 2: invitations made and revoked, a report dismissed, from the console."""
    a = world["a"]
    client.force_login(world["mod"])
    client.post(reverse("console:invitation_create", args=[a.slug]))
    invitation = Invitation.objects.get(tenant=a)
    client.post(reverse("console:invitation_revoke", args=[a.slug, invitation.pk]))
    assert not Invitation.objects.filter(tenant=a).exists()
    message = ChatMessage.unscoped.create(tenant=a, author=world["pat"], text="spam spam")
    report = Report.unscoped.create(tenant=a, message=message, reporter=world["boss"], reason="spam")
    assert b"spam spam" in client.get(reverse("console:reports", args=[a.slug])).content
    client.post(reverse("console:report_act", args=[a.slug, report.pk]), {"action": "delete"})
    message.refresh_from_db()
    assert message.deleted_at is not None


def test_audit_tab_lists_this_communitys_entries_only_and_filters(client, world):
    """Point 3: the log "the community's moderators and owners read ... never another's";
    filtered by action and paginated."""
    from gameplatform.tenants.audit import audit_record
    a, b = world["a"], world["b"]
    for i in range(30):
        audit_record(tenant=a, actor=world["boss"], action=Action.SETTINGS, details={"name": [str(i), "x"]})
    audit_record(tenant=a, actor=world["boss"], action=Action.BAN, target=world["pat"], reason="A-ban")
    audit_record(tenant=b, actor=world["bea"], action=Action.BAN, target=world["pat"], reason="B-secret")
    client.force_login(world["mod"])
    response = client.get(reverse("console:audit", args=[a.slug]))
    assert response.status_code == 200 and b"B-secret" not in response.content
    assert len(response.context["page"].object_list) == 25
    response = client.get(reverse("console:audit", args=[a.slug]), {"action": "ban"})
    assert b"A-ban" in response.content and b"B-secret" not in response.content
    assert client.get(reverse("console:audit", args=[a.slug]), {"page": "2", "action": "nonsense"}).status_code == 200


@pytest.mark.parametrize("language, words, english", [
    ("fr", ["Journal d'audit", "Membres", "Propriété", "Paramètres"], ["Audit log", "Games &amp; variants"]),
    ("sv", ["Granskningslogg", "Medlemmar", "Ägarskap", "Inställningar"], ["Audit log", "Games &amp; variants"]),
])
def test_the_console_in_french_and_swedish(client, world, settings, language, words, english):
    """Point 2: "in the three languages": every tab in the reader's language."""
    from gameplatform.tenants.audit import audit_record
    audit_record(tenant=world["a"], actor=world["boss"], action=Action.BAN, target=world["pat"])
    client.force_login(world["boss"])
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    for name in GET_TABS[1:]:
        response = client.get(reverse(name, args=[world["a"].slug]), HTTP_ACCEPT_LANGUAGE=language)
        page = response.content.decode()
        assert response.status_code == 200 and f'lang="{language}"' in page, name
        for word in words:
            assert word in page or word.replace("'", "&#x27;") in page, (name, word)
        for word in english:
            assert word not in page, (name, word)


def test_the_settings_tab_links_to_closing_the_community(client, world):
    """Issue 27, point 4 from the console: the owner's Settings tab leads to the close page."""
    from django.urls import reverse

    client.force_login(world["boss"])
    a = world["a"]
    page = client.get(reverse("console:settings", args=[a.slug])).content.decode()
    assert f'href="{reverse("tenants:close", args=[a.slug])}"' in page
