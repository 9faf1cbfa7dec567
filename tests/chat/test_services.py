"""chat.services and chat.limits, without sockets: input, limits, who may moderate whom, and
what a ban does to membership (issue 13, points 5, 6 and 8)."""
from datetime import timedelta

import pytest
from django.utils import timezone

from gameplatform.chat import services
from gameplatform.chat.limits import rate_take
from gameplatform.chat.models import ChatMessage, Report
from gameplatform.core.errors import ServiceError
from gameplatform.tenants import moderation
from gameplatform.tenants import services as tenant_services
from gameplatform.tenants.models import AuditEntry, Invitation, Membership
from tests.tenants.factories import make_hextopia_match, make_member, make_moderator, make_tenant, make_user

pytestmark = pytest.mark.django_db
Role = Membership.Role


def refused(call, **kwargs) -> ServiceError:
    with pytest.raises(ServiceError) as info:
        call(**kwargs)
    return info.value


@pytest.mark.parametrize("raw, clean", [
    ("  hello  ", "hello"), ("a\r\nb\rc", "a\nb\nc"), ("tab\there", "tab here"), ("x\x00y\x07z", "xyz"),
    ("rtl\u202eoverride\u200bzero", "rtloverridezero"), ("<b>kept</b> & 'quoted'", "<b>kept</b> & 'quoted'"),
    ("é😀ñ", "é😀ñ"),
])
def test_text_is_normalised_not_escaped(raw, clean):
    assert services.text_clean(raw) == clean


@pytest.mark.parametrize("raw, code", [(None, "missing_field"), (5, "invalid_text"), ("", "invalid_text"),
                                       (" \n\t ", "invalid_text"), ("x" * 501, "text_too_long")])
def test_bad_text_is_refused_naming_the_field(raw, code):
    error = refused(services.text_clean, text=raw)
    assert (error.code, error.status, error.field) == (code, 400, "text")


def test_the_rate_is_a_sliding_window():
    now = 1_000_000.0
    assert [rate_take(scope="t", key=1, limit=5, window=10, now=now + i) for i in range(5)] == [None] * 5
    assert rate_take(scope="t", key=1, limit=5, window=10, now=now + 5) == 5  # the first leaves at +10
    assert rate_take(scope="t", key=2, limit=5, window=10, now=now + 5) is None  # per key
    assert rate_take(scope="t", key=1, limit=5, window=10, now=now + 10) is None


@pytest.fixture
def world():
    a, b = make_tenant("alpha"), make_tenant("beta", is_open=False)
    people = {
        "owner": make_moderator("owner", a, Role.OWNER), "owner2": make_moderator("owner2", a, Role.OWNER),
        "mod": make_moderator("mod", a), "mod2": make_moderator("mod2", a),
        "mod_b": make_moderator("mod_b", b), "root": make_user("root", is_superuser=True, is_staff=True),
        "alice": make_user("alice"), "bob": make_user("bob"),
    }
    make_member(people["alice"], a)
    make_member(people["bob"], a)
    make_member(people["alice"], b)
    return a, b, people


def ms(user, tenant):
    return Membership.objects.select_related("user", "tenant").get(user=user, tenant=tenant)


@pytest.mark.parametrize("by, target, code", [
    ("mod", "alice", None), ("mod", "mod2", "act_on_staff"), ("owner", "mod", None), ("owner", "owner2", "act_on_staff"),
    ("root", "owner", None), ("mod", "mod", "act_on_self"), ("alice", "bob", "not_moderator"),
    ("mod_b", "alice", "not_moderator"),
])
def test_who_may_sanction_whom(world, by, target, code):
    a, _, p = world
    call = lambda: moderation.check_may_sanction(by=p[by], membership=ms(p[target], a))  # noqa: E731
    if code is None:
        call()
    else:
        with pytest.raises(ServiceError) as info:
            call()
        assert (info.value.code, info.value.status) == (code, 403)


def test_a_banned_moderator_moderates_no_more(world):
    a, _, p = world
    moderation.member_ban(membership=ms(p["mod"], a), by=p["owner"])
    assert refused(moderation.member_timeout, membership=ms(p["alice"], a), by=p["mod"], seconds=3600).code == \
        "not_moderator"


def test_a_ban_keeps_the_row_so_an_open_community_never_readmits(world):
    a, b, p = world
    moderation.member_ban(membership=ms(p["alice"], a), by=p["mod"], reason="spam")
    for call in (tenant_services.membership_require, tenant_services.membership_join):
        assert refused(call, user=p["alice"], tenant=a).code == "banned"
    assert Membership.objects.filter(user=p["alice"], tenant=a).count() == 1
    # Her other community is not touched.
    assert tenant_services.membership_require(user=p["alice"], tenant=b).tenant == b
    moderation.member_unban(membership=ms(p["alice"], a), by=p["mod"])
    assert tenant_services.membership_require(user=p["alice"], tenant=a).banned_at is None
    actions = list(AuditEntry.objects.for_tenant(a).values_list("action", "reason"))
    assert sorted(actions) == [("ban", "spam"), ("unban", "")]


def test_an_invitation_does_not_undo_a_ban(world):
    _, b, p = world
    moderation.member_ban(membership=ms(p["alice"], b), by=p["mod_b"])
    invitation = Invitation.objects.create(tenant=b)
    assert refused(tenant_services.membership_join_by_invite, user=p["alice"], code=invitation.code).code == "banned"
    invitation.refresh_from_db()
    assert invitation.used_at is None


@pytest.mark.parametrize("seconds", [0, 59, 30 * 24 * 3600 + 1, "3600", 3600.0, True, None])
def test_a_bad_time_out_changes_nothing(world, seconds):
    a, _, p = world
    error = refused(moderation.member_timeout, membership=ms(p["alice"], a), by=p["mod"], seconds=seconds)
    assert (error.code, error.field) == ("invalid_seconds", "seconds")
    assert ms(p["alice"], a).timeout_until is None and not AuditEntry.unscoped.exists()


def test_a_timed_out_member_cannot_post_until_it_ends(world):
    a, _, p = world
    moderation.member_timeout(membership=ms(p["alice"], a), by=p["mod"], seconds=60)
    assert refused(services.message_post, tenant=a, user=p["alice"], text="hi").code == "timed_out"
    Membership.objects.filter(user=p["alice"], tenant=a).update(timeout_until=timezone.now() - timedelta(seconds=1))
    assert services.message_post(tenant=a, user=p["alice"], text="back").text == "back"


def test_posting_refusals_store_nothing(world):
    a, b, p = world
    match_b = make_hextopia_match(b, [p["alice"], None, None, None])
    assert refused(services.message_post, tenant=a, user=p["alice"], text="x", match_id=match_b.pk).status == 404
    assert refused(services.message_post, tenant=b, user=p["bob"], text="x").code == "not_member"
    moderation.member_ban(membership=ms(p["bob"], a), by=p["mod"])
    assert refused(services.message_post, tenant=a, user=p["bob"], text="x").code == "banned"
    assert not ChatMessage.unscoped.exists()


def test_reports(world):
    a, _, p = world
    said = services.message_post(tenant=a, user=p["bob"], text="buy gold")
    first = services.report_create(tenant=a, user=p["alice"], message_id=said.pk, reason="spam")
    assert services.report_create(tenant=a, user=p["alice"], message_id=said.pk, reason="abuse") == first
    assert refused(services.report_create, tenant=a, user=p["bob"], message_id=said.pk, reason="spam").code == \
        "report_own"
    services.message_delete(message=said, by=p["mod"])
    assert refused(services.report_create, tenant=a, user=p["mod2"], message_id=said.pk, reason="spam").code == \
        "message_not_found"
    assert Report.objects.for_tenant(a).get().status == "resolved"


def test_deleting_is_for_moderators_of_that_community(world):
    a, _, p = world
    said = services.message_post(tenant=a, user=p["bob"], text="hm")
    for who in ("alice", "mod_b"):
        assert refused(services.message_delete, message=said, by=p[who]).code == "not_moderator"
    said.refresh_from_db()
    assert said.deleted_at is None
