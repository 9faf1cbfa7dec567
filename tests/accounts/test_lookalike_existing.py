"""Issue 24, point 6: accounts whose names already looked alike before the rule came keep
working. Migration 0004 fills the look-alike keys and marks the younger of each such pair
``username_lookalike_kept`` (exempt from the unique constraints of 0005); each keeps signing in
with its own name, and a name typed to find someone finds the account called exactly so."""
import pytest
from django.contrib.auth.hashers import make_password
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from accounts.models import User
from accounts.names import username_keys
from gameplatform.alerts import services as alerts
from gameplatform.chat import services as chat
from gameplatform.core.errors import ServiceError
from gameplatform.matches import services as matches
from gameplatform.tenants.models import Membership
from tests.tenants.factories import PASSWORD

BEFORE = [("accounts", "0003_throttle_counter")]
CYRILLIC_ALICE = "\u0430lice"  # аlice
FULL_WIDTH_ALICE = "\uff41\uff4c\uff49\uff43\uff45"  # ａｌｉｃｅ
# Created in this order before the rule: alice first, then three that look like her, and bob.
OLD_NAMES = ["alice", CYRILLIC_ALICE, FULL_WIDTH_ALICE, "AIice", "bob"]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


@pytest.fixture
def old_accounts(transactional_db):
    """The accounts of ``OLD_NAMES``, created with migration 0003's model, then migrated."""
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes("accounts")
    migrate(BEFORE)
    try:
        state = MigrationExecutor(connection).loader.project_state(BEFORE)
        OldUser = state.apps.get_model("accounts", "User")
        for name in OLD_NAMES:
            OldUser.objects.create(username=name, email=f"{len(name)}{name}@example.org",
                                   password=make_password(PASSWORD), is_active=True)
    finally:
        migrate(latest)
    return {user.username: user for user in User.objects.all()}


def test_the_migration_keeps_every_account_and_marks_the_younger_lookalikes(old_accounts):
    assert set(old_accounts) == set(OLD_NAMES)
    kept = {name for name, user in old_accounts.items() if user.username_lookalike_kept}
    assert kept == {CYRILLIC_ALICE, FULL_WIDTH_ALICE, "AIice"}
    for name, user in old_accounts.items():
        keys = username_keys(name)
        assert (user.username_skeleton, user.username_skeleton_cased) == (keys.folded, keys.written)


def test_each_old_lookalike_still_signs_in_with_its_own_name(old_accounts, client):
    for name in OLD_NAMES:
        response = client.post(reverse("account_login"), {"login": name, "password": PASSWORD})
        assert response.status_code == 302, name
        assert client.session["_auth_user_id"] == str(old_accounts[name].pk), name
        client.post(reverse("account_logout"))
        response = client.post("/api/v1/auth/token/", {"username": name, "password": PASSWORD},
                               content_type="application/json")
        assert response.status_code == 200, (name, response.content)


def test_new_lookalikes_are_still_refused_and_a_kept_account_can_take_a_distinct_name(old_accounts):
    from django.core.exceptions import ValidationError

    from tests.tenants.factories import make_user

    with pytest.raises(ValidationError):
        make_user("ALICE")
    impostor = old_accounts["AIice"]
    impostor.username = "aiden"
    impostor.full_clean()
    impostor.save()
    impostor.refresh_from_db()
    assert not impostor.username_lookalike_kept


def test_typed_names_find_the_account_called_exactly_so(old_accounts, tenant, race_engine):
    """alice invites "аlice": the invitation goes to the account called аlice, never to
    alice; /players/ and mutes likewise; a full-width name is its NFKC form."""
    for user in old_accounts.values():
        Membership.objects.create(user=user, tenant=tenant)
    alice, impostor = old_accounts["alice"], old_accounts[CYRILLIC_ALICE]
    match = matches.match_create(tenant=tenant, user=old_accounts["bob"], game="race", seats=3)
    invitation = alerts.match_invite(tenant=tenant, user=old_accounts["bob"], match_id=match.pk,
                                     username=CYRILLIC_ALICE)
    assert invitation.user == impostor
    invitation = alerts.match_invite(tenant=tenant, user=old_accounts["bob"], match_id=match.pk, username="alice")
    assert invitation.user == alice
    # ALICE is alice after case folding, but so is the old ａｌｉｃｅ after NFKC: two accounts,
    # so nobody (never a guess).
    with pytest.raises(ServiceError) as refused:
        alerts.match_invite(tenant=tenant, user=old_accounts["bob"], match_id=match.pk, username="ALICE")
    assert refused.value.code == "unknown_player"
    # The old full-width account is found by its exact name.
    assert alerts.match_invite(tenant=tenant, user=old_accounts["bob"], match_id=match.pk,
                               username=FULL_WIDTH_ALICE).user == old_accounts[FULL_WIDTH_ALICE]

    from gameplatform.web.profiles import player_get

    assert player_get(tenant=tenant, username=CYRILLIC_ALICE)[0] == impostor
    assert player_get(tenant=tenant, username="alice")[0] == alice
    assert chat.mute_set(tenant=tenant, user=old_accounts["bob"], username=CYRILLIC_ALICE, muted=True) == [CYRILLIC_ALICE]


def test_an_invitation_to_a_lookalike_of_a_member_finds_nobody(tenant, race_engine, user_factory):
    alice, bob = user_factory("alice"), user_factory("bob")
    match = matches.match_create(tenant=tenant, user=bob, game="race", seats=3)
    for name in (CYRILLIC_ALICE, "AIice", "a1ice"):
        with pytest.raises(ServiceError) as refused:
            alerts.match_invite(tenant=tenant, user=bob, match_id=match.pk, username=name)
        assert (refused.value.code, refused.value.field) == ("unknown_player", "username")
    assert alerts.match_invite(tenant=tenant, user=bob, match_id=match.pk, username=FULL_WIDTH_ALICE).user == alice
    with pytest.raises(ServiceError) as refused:
        chat.mute_set(tenant=tenant, user=bob, username=CYRILLIC_ALICE, muted=True)
    assert refused.value.code == "user_not_found"


def test_the_player_page_of_a_lookalike_is_not_found(client, tenant, user_factory):
    alice = user_factory("alice")
    client.force_login(user_factory("bob"))
    assert client.get(f"/players/{CYRILLIC_ALICE}/").status_code == 404
    page = client.get(f"/players/{FULL_WIDTH_ALICE}/")
    assert page.status_code == 200 and page.context["player"] == alice
    response = client.get(f"/api/v1/players/{FULL_WIDTH_ALICE}/")
    assert response.status_code == 200 and response.json()["username"] == "alice"
    assert client.get(f"/api/v1/players/{CYRILLIC_ALICE}/").status_code == 404
