"""The REST API of a community's moderators and owners (issue 27, point 7: "The REST API offers
the same (... manage members, read the audit log) with the same permissions, in the OpenAPI
schema"): members, role, ban, unban, time-out, removal, audit log; tried across communities
with a person who is owner of one and player in another."""
import pytest

from gameplatform.tenants.audit import audit_record
from gameplatform.tenants.models import AuditEntry, Membership
from tests.tenants.factories import make_member, make_tenant, make_user

pytestmark = pytest.mark.django_db
Role = Membership.Role
Action = AuditEntry.Action


@pytest.fixture
def world():
    a, b, c = make_tenant("api-a"), make_tenant("api-b"), make_tenant("api-c", is_open=False)
    boss, mod, pat, bea = make_user("boss"), make_user("mod"), make_user("pat"), make_user("bea")
    make_member(boss, a, Role.OWNER)
    make_member(mod, a, Role.MODERATOR)
    make_member(pat, a)
    make_member(bea, b, Role.OWNER)
    make_member(boss, b)
    make_member(pat, b)
    make_member(bea, c, Role.OWNER)
    make_member(pat, c)
    return {"a": a, "b": b, "c": c, "boss": boss, "mod": mod, "pat": pat, "bea": bea}


def base(tenant):
    return f"/api/v1/communities/{tenant.slug}"


def post(client, url, body):
    return client.post(url, body, format="json")


def test_members_list_for_moderators_only(api_client, world):
    """Point 7: members "with the same permissions" as the console: moderators yes, players 403."""
    response = api_client(world["mod"]).get(f"{base(world['a'])}/memberships/")
    assert response.status_code == 200
    rows = response.json()["results"]
    assert [r["username"] for r in rows] == ["boss", "mod", "pat"] and rows[0]["role"] == "owner"
    assert api_client(world["pat"]).get(f"{base(world['a'])}/memberships/").json()["error"] == "not_moderator"
    assert api_client().get(f"{base(world['a'])}/memberships/").status_code == 401


def test_owner_of_a_and_player_in_b_can_do_nothing_on_b(api_client, world):
    """Point 7: "an owner or moderator can never act on another community (tested with a person
    who is owner of one and player in another)"."""
    client, b = api_client(world["boss"]), world["b"]
    assert client.get(f"{base(b)}/memberships/").status_code == 403
    assert client.get(f"{base(b)}/audit/").status_code == 403
    for action, body in (("role", {"role": "moderator"}), ("ban", {}), ("unban", {}), ("timeout", {"seconds": 60}),
                         ("remove", {})):
        response = post(client, f"{base(b)}/memberships/pat/{action}/", body)
        assert response.status_code == 403, action
    pat_in_b = Membership.objects.get(tenant=b, user=world["pat"])
    assert (pat_in_b.role, pat_in_b.banned_at, pat_in_b.timeout_until) == (Role.PLAYER, None, None)
    assert not AuditEntry.objects.for_tenant(b).exists()


def test_invite_only_community_is_a_404_for_outsiders(api_client, world):
    """Point 7 / point 2: nobody learns of an invite-only community they are not in."""
    client = api_client(world["boss"])
    assert client.get(f"{base(world['c'])}/memberships/").status_code == 404
    assert post(client, f"{base(world['c'])}/memberships/pat/ban/", {}).status_code == 404
    assert client.get("/api/v1/communities/no-such/audit/").status_code == 404


def test_owner_changes_a_role_and_moderator_times_out_and_bans(api_client, world):
    """Point 7: manage members through the API; each action in the audit log (point 3)."""
    a = world["a"]
    response = post(api_client(world["boss"]), f"{base(a)}/memberships/pat/role/", {"role": "moderator", "reason": "r"})
    assert response.status_code == 200 and response.json()["role"] == "moderator"
    post(api_client(world["boss"]), f"{base(a)}/memberships/pat/role/", {"role": "player"})
    client = api_client(world["mod"])
    assert post(client, f"{base(a)}/memberships/pat/role/", {"role": "moderator"}).json()["error"] == "not_owner"
    assert post(client, f"{base(a)}/memberships/pat/timeout/", {"seconds": 3600}).json()["timeout_until"]
    assert post(client, f"{base(a)}/memberships/pat/ban/", {"reason": "spam"}).json()["banned"] is True
    assert post(client, f"{base(a)}/memberships/pat/unban/", {}).json()["banned"] is False
    assert post(client, f"{base(a)}/memberships/boss/ban/", {}).json()["error"] == "act_on_staff"
    assert post(client, f"{base(a)}/memberships/pat/remove/", {}).status_code == 200
    assert not Membership.objects.filter(tenant=a, user=world["pat"]).exists()
    actions = list(AuditEntry.objects.for_tenant(a).order_by("pk").values_list("action", flat=True))
    assert actions == [Action.ROLE, Action.ROLE, Action.TIMEOUT, Action.BAN, Action.UNBAN, Action.MEMBER_REMOVE]


def test_strict_inputs(api_client, world):
    """Strict input checking "as the other endpoints": unknown fields and wrong types are a
    400 naming the field; nothing changes."""
    client, a = api_client(world["boss"]), world["a"]
    for body, field in (({"role": "moderator", "colour": "red"}, "colour"), ({"role": "owner"}, "role"),
                        ({"role": 1}, "role"), ({"seconds": "60"}, "seconds")):
        action = "timeout" if "seconds" in body else "role"
        response = post(client, f"{base(a)}/memberships/pat/{action}/", body)
        assert (response.status_code, response.json()["field"]) == (400, field), body
    assert post(client, f"{base(a)}/memberships/nobody/ban/", {}).json()["error"] == "not_member"
    assert not AuditEntry.objects.for_tenant(a).exists()


def test_audit_log_for_moderators_never_another_communitys(api_client, world):
    """Point 3/7: `GET .../audit/` for the community's moderators and owners; 403 otherwise;
    another community's entries never."""
    a, b = world["a"], world["b"]
    audit_record(tenant=a, actor=world["boss"], action=Action.SETTINGS, details={"name": ["x", "y"]})
    audit_record(tenant=a, actor=None, action=Action.SEAT_TO_BOT, target=world["pat"], subject="match:3")
    audit_record(tenant=b, actor=world["bea"], action=Action.BAN, target=world["pat"], reason="B only")
    response = api_client(world["mod"]).get(f"{base(a)}/audit/")
    assert response.status_code == 200
    rows = response.json()["results"]
    assert [r["action"] for r in rows] == ["seat_to_bot", "settings"]
    assert rows[0]["actor"] is None and rows[0]["target"] == "pat" and rows[0]["subject"] == "match:3"
    assert api_client(world["mod"]).get(f"{base(a)}/audit/", {"action": "settings"}).json()["count"] == 1
    assert api_client(world["mod"]).get(f"{base(a)}/audit/", {"action": "nope"}).status_code == 400
    assert api_client(world["pat"]).get(f"{base(a)}/audit/").status_code == 403


def test_routes_are_in_the_schema(api_client):
    """Point 7: "in the OpenAPI schema"."""
    paths = api_client().get("/api/schema/?format=json").json()["paths"]
    for tail in ("memberships/", "memberships/{username}/role/", "memberships/{username}/ban/", "memberships/{username}/unban/",
                 "memberships/{username}/timeout/", "memberships/{username}/remove/", "audit/"):
        assert f"/api/v1/communities/{{slug}}/{tail}" in paths, tail
