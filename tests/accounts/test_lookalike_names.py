"""Issue 24, point 6: "names that cannot impersonate". Usernames are stored in NFKC and
compared by their UTS #39 skeleton, ignoring case (accounts/names.py), on sign-up, in the
admin and wherever an account is created; a name mixing scripts is refused; a name typed to
find someone (sign-in, invitation, player page, mute) never finds a look-alike."""
import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import translation

from accounts.models import User
from accounts.names import (
    LOOKALIKE_MESSAGE,
    username_keys,
    username_scripts,
    username_skeleton,
    username_skeleton_cased,
    validate_username_scripts,
)
from accounts.selectors import username_resolve
from tests.mfa import admin_sign_in
from tests.tenants.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

CYRILLIC_A = "\u0430"  # а
GREEK_OMICRON = "\u03bf"  # ο
# One script each (so only the look-alike rule can refuse them): Cyrillic с, о, р, е.
CYRILLIC_COPE = "\u0441\u043e\u0440\u0435"  # "соре", looks like "cope"


def keys_equal(a: str, b: str) -> bool:
    ka, kb = username_keys(a), username_keys(b)
    return ka.folded == kb.folded or ka.written == kb.written


@pytest.mark.parametrize(("name", "lookalike"), [
    ("alice", f"{CYRILLIC_A}lice"),  # Cyrillic а
    ("bob", f"b{GREEK_OMICRON}b"),  # Greek ο
    ("alice", "\uff41\uff4c\uff49\uff43\uff45"),  # full-width ａｌｉｃｅ
    ("mary", "rnary"),  # rn against m: confusables.txt maps m to rn
    ("alice", "ALICE"),  # case
    ("Alice", "AIice"),  # a capital I written for a small l
    ("alice", "AIice"),
    ("bob", "b0b"),  # digit zero for o
    ("cope", CYRILLIC_COPE),  # a whole name in another script
    ("user1", "userl"),
])
def test_lookalikes_share_a_key(name, lookalike):
    assert keys_equal(name, lookalike)


@pytest.mark.parametrize(("name", "other"), [
    ("alice", "alicia"), ("cafe", "café"), ("aiice", "alice"), ("bob", "rob"), ("ann", "anna"),
])
def test_different_names_do_not(name, other):
    assert not keys_equal(name, other)


def test_the_skeleton_is_uts39s_with_case_folding():
    assert username_skeleton("m") == username_skeleton("rn") == "rn"
    assert username_skeleton("ＡＬＩＣＥ") == username_skeleton(f"{CYRILLIC_A}lice") == "alice"
    assert username_skeleton("AIice") == "aiice" and username_skeleton_cased("AIice") == "alice"
    assert len(username_keys("x" * 150).folded) == 64  # a digest, whatever the skeleton's length


@pytest.mark.parametrize("name", [f"{CYRILLIC_A}lice", f"b{GREEK_OMICRON}b", "Pаvel", "adminΑ"])
def test_a_name_mixing_scripts_is_refused_naming_the_stray_letters(name):
    with pytest.raises(ValidationError) as refused:
        validate_username_scripts(name)
    (error,) = refused.value.error_list
    assert error.code == "username_mixed_scripts"
    message = error.message % error.params
    assert message.startswith("Username: use the letters of one alphabet only.")
    stray = sorted(set(name) - set("alicebPvedmn"))
    assert error.params["letters"] == ", ".join(f"{char} (U+{ord(char):04X})" for char in stray)
    assert message.endswith(error.params["letters"])


@pytest.mark.parametrize("name", [
    "alice", "павел", "ελληνικα", "日本語ひらがなカタカナ", "한국어漢字", "bob_42.x@home", "ｂｏｂ",
])
def test_one_script_or_a_language_s_own_mix_is_fine(name):
    validate_username_scripts(name)
    assert len(username_scripts(name) - {"HAN", "HIRAGANA", "KATAKANA", "HANGUL"}) <= 1


def test_the_messages_are_translated():
    with translation.override("fr"):
        assert str(LOOKALIKE_MESSAGE).startswith("Nom d’utilisateur")
        with pytest.raises(ValidationError) as refused:
            validate_username_scripts(f"{CYRILLIC_A}lice")
        assert refused.value.messages[0].startswith("Nom d’utilisateur")


# --- sign-up (allauth) ------------------------------------------------------------------------


def sign_up(client, username: str, email: str = "new@example.org"):
    return client.post(reverse("account_signup"), {
        "email": email, "username": username, "password1": PASSWORD, "password2": PASSWORD,
    })


@pytest.mark.parametrize(("existing", "attempt", "message"), [
    ("alice", f"{CYRILLIC_A}lice", "Username: use the letters of one alphabet only."),
    ("bob", f"b{GREEK_OMICRON}b", "Username: use the letters of one alphabet only."),
    ("alice", "ａｌｉｃｅ", "A user with that username already exists."),  # NFKC: the same name
    ("alice", "ALICE", "A user with that username already exists."),
    ("mary", "rnary", "Username: this name looks like the name of an existing account"),
    ("alice", "AIice", "Username: this name looks like the name of an existing account"),
    ("cope", CYRILLIC_COPE, "Username: this name looks like the name of an existing account"),
])
def test_sign_up_refuses_a_lookalike_on_the_username_field(client, existing, attempt, message):
    make_user(existing)
    response = sign_up(client, attempt)
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert list(errors) == ["username"] and errors["username"][0].startswith(message), errors
    assert User.objects.count() == 1


def test_sign_up_stores_the_nfkc_name(client):
    assert sign_up(client, "ｂｏｂ").status_code == 302
    user = User.objects.get()
    assert user.username == "bob" and user.username_skeleton == username_keys("bob").folded


def test_sign_up_refuses_a_name_nfkc_makes_too_long(client):
    response = sign_up(client, "\u337f" * 40)  # ㍿ is 4 letters in NFKC (株式会社): 160 > 150
    assert response.status_code == 200 and "username" in response.context["form"].errors
    assert not User.objects.exists()


# --- the admin ------------------------------------------------------------------------------


@pytest.fixture
def superuser_client(client):
    admin_sign_in(client, make_user("root", is_staff=True, is_superuser=True))
    return client


def change_form(user) -> dict:
    return {
        "username": user.username, "display_name": "", "first_name": "", "last_name": "", "email": user.email,
        "is_active": "on", "date_joined_0": "2026-01-01", "date_joined_1": "10:00:00",
        "initial-date_joined_0": "2026-01-01", "initial-date_joined_1": "10:00:00",
        "memberships-TOTAL_FORMS": "0", "memberships-INITIAL_FORMS": "0",
    }


@pytest.mark.parametrize(("new_name", "message"), [
    ("AIice", "Username: this name looks like the name of an existing account"),
    ("ａｌｉｃｅ", "A user with that username already exists."),
    (f"{CYRILLIC_A}lice", "Username: use the letters of one alphabet only."),
    ("Alice", "Username: this name looks like the name of an existing account"),
])
def test_the_admin_refuses_a_lookalike_rename(superuser_client, new_name, message):
    alice, bob = make_user("alice"), make_user("bob")
    url = reverse("admin:accounts_user_change", args=[bob.pk])
    response = superuser_client.post(url, {**change_form(bob), "username": new_name})
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert errors["username"][0].startswith(message), errors
    bob.refresh_from_db()
    assert bob.username == "bob" and alice.username == "alice"


def test_the_admin_renames_to_a_distinct_name_and_keeps_its_own_case(superuser_client):
    bob = make_user("bob")
    url = reverse("admin:accounts_user_change", args=[bob.pk])
    assert superuser_client.post(url, {**change_form(bob), "username": "Bob"}).status_code == 302
    assert superuser_client.post(url, {**change_form(bob), "username": "robert"}).status_code == 302
    bob.refresh_from_db()
    assert bob.username == "robert" and bob.username_skeleton == username_keys("robert").folded


def test_the_admin_refuses_to_add_a_lookalike(superuser_client):
    make_user("mary")
    response = superuser_client.post(reverse("admin:accounts_user_add"), {
        "username": "rnary", "password1": PASSWORD, "password2": PASSWORD, "usable_password": "true",
    })
    assert response.status_code == 200
    assert response.context["adminform"].form.errors["username"][0].startswith("Username: this name looks like")
    assert not User.objects.filter(username="rnary").exists()


# --- every other way in ---------------------------------------------------------------------


def test_create_user_refuses_a_lookalike_and_the_database_refuses_a_race():
    make_user("alice")
    with pytest.raises(ValidationError) as refused:
        make_user("AIice")
    assert refused.value.message_dict["username"][0].startswith("Username: this name looks like")
    # Two sign-ups checked at the same moment: the second insert fails in the database.
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="ALICE")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="AIice")


def test_createsuperuser_refuses_a_lookalike(monkeypatch):
    from django.core.management import CommandError, call_command

    make_user("alice")
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", PASSWORD)
    with pytest.raises(CommandError, match="this name looks like"):
        call_command("createsuperuser", "--noinput", username="AIice", email="x@example.org")
    with pytest.raises(CommandError, match="one alphabet"):
        call_command("createsuperuser", "--noinput", username=f"{CYRILLIC_A}dmin", email="x@example.org")
    assert list(User.objects.values_list("username", flat=True)) == ["alice"]


def test_seed_demo_reports_a_lookalike_instead_of_creating_it():
    from django.core.management import CommandError

    from gameplatform.web.management.commands.seed_demo import Command

    make_user("AIice")
    with pytest.raises(CommandError, match="alice: cannot be created: the existing account.s. AIice look like it"):
        Command()._user("alice")
    assert Command()._user("bob").username == "bob"


# --- finding the account a typed name means -------------------------------------------------


def test_resolve_finds_exact_then_nfkc_and_case_never_a_lookalike():
    alice = make_user("alice")
    assert username_resolve("alice") == alice
    assert username_resolve("ＡＬＩＣＥ") == alice and username_resolve("Alice") == alice
    assert username_resolve(f"{CYRILLIC_A}lice") is None  # looks like alice: is not alice
    assert username_resolve("AIice") is None and username_resolve("rnary") is None
    for junk in ("", "x" * 151, "a\x00", "\ud800", None, 3):
        assert username_resolve(junk) is None


def test_sign_in_with_a_full_width_or_other_case_name(client):
    alice = make_user("alice")
    for login in ("ａｌｉｃｅ", "ALICE"):
        response = client.post(reverse("account_login"), {"login": login, "password": PASSWORD})
        assert response.status_code == 302 and client.session["_auth_user_id"] == str(alice.pk)
        client.post(reverse("account_logout"))
    response = client.post(reverse("account_login"), {"login": f"{CYRILLIC_A}lice", "password": PASSWORD})
    assert response.status_code == 200 and "_auth_user_id" not in client.session


def test_the_throttle_counts_a_full_width_login_against_the_account():
    from accounts.throttle import account_of

    alice = make_user("alice")
    assert account_of("ＡＬＩＣＥ") == (f"user:{alice.pk}", alice.pk)
    assert account_of("ＮＯＢＯＤＹ") == account_of("nobody") == ("name:nobody", None)


@pytest.mark.django_db
def test_a_bulk_insert_fills_the_lookalike_keys():
    """``User.objects.bulk_create`` (the latency bench, the fault test) keys every account as
    ``save`` does, so distinct names insert and a look-alike pair is refused."""
    User.objects.bulk_create([User(username="bulk-one"), User(username="bulk-two")])
    one = User.objects.get(username="bulk-one")
    assert (one.username_skeleton, one.username_skeleton_cased) == (
        username_keys("bulk-one").folded, username_keys("bulk-one").written)
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.bulk_create([User(username="bulk-0ne")])
