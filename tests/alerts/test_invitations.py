"""Issue 13, point 3: "an invitation to a match by username or link". Only members of the
community can be invited, and a wrong name says nothing about who exists elsewhere; the
invitation link seats whoever opens it while a seat is free. Point 8: bad input is a 4xx and
changes nothing."""
import pytest

from gameplatform.alerts import mails, selectors
from gameplatform.alerts.models import MatchInvitation, MatchMail
from gameplatform.matches import services
from gameplatform.matches.models import Match, Seat
from gameplatform.players.models import Preferences

pytestmark = pytest.mark.django_db

UNKNOWN = "No member of Hexagora has that username."


@pytest.fixture
def table(race_engine, member, tenant):
    """An open 3-seat race created by alice."""
    return services.match_create(tenant=tenant, user=member, game="race", seats=3, title="Friday race")


def invite_page(client, match, **data):
    return client.post(f"/matches/{match.pk}/invite/", data)


def test_the_creator_invites_a_member_by_username(client, table, member, other_member, mailoutbox,
                                                 django_capture_on_commit_callbacks):
    client.force_login(member)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = invite_page(client, table, username="BOB")  # any case
    assert response.status_code == 302 and response["Location"] == f"/matches/{table.pk}/"
    invitation = MatchInvitation.objects.get()
    assert (invitation.user, invitation.invited_by, invitation.match) == (other_member, member, table)
    assert len(callbacks) == 2  # the socket alert and the mail task
    assert mails.invitation_mail(invitation_id=invitation.pk)
    mail = mailoutbox[0]
    assert mail.to == [other_member.email] and mail.subject == "[Hexagora] alice invites you: Race (test game) · Friday race"
    assert f"http://127.0.0.1:8000{selectors.invite_path(table.pk)}" in mail.body
    # bob's page lists it; inviting again changes nothing.
    client.force_login(other_member)
    assert "Friday race" in client.get("/your-turn/").content.decode()
    client.force_login(member)
    assert invite_page(client, table, username="bob").status_code == 302
    assert MatchInvitation.objects.count() == 1


@pytest.mark.parametrize("name", ["nobody", "owl", "suspended", ""])
def test_a_name_that_is_no_member_here_is_one_form_error(client, table, member, user_factory, other_tenant, name):
    user_factory("owl", tenant=other_tenant)  # exists, elsewhere only
    user_factory("suspended", is_active=False)
    client.force_login(member)
    response = invite_page(client, table, username=name)
    assert response.status_code == 400
    body = response.content.decode()
    expected = UNKNOWN if name else "Enter the username of a member of this community."
    assert expected in body
    assert not MatchInvitation.objects.exists()


def test_the_api_gives_the_same_answer_for_a_stranger_and_for_nobody(api_as, table, member, user_factory,
                                                                    other_tenant):
    user_factory("owl", tenant=other_tenant)
    answers = [api_as(member).post(f"/api/v1/matches/{table.pk}/invitations/", {"username": name}, format="json")
               for name in ("owl", "nobody-at-all")]
    assert [a.status_code for a in answers] == [400, 400]
    assert answers[0].json() == answers[1].json() == {"error": "unknown_player", "message": UNKNOWN,
                                                      "field": "username"}
    assert not MatchInvitation.objects.exists()


def test_the_api_invites(api_as, table, member, other_member):
    response = api_as(member).post(f"/api/v1/matches/{table.pk}/invitations/", {"username": "bob"}, format="json")
    assert response.status_code == 201
    assert response.json()["username"] == "bob" and response.json()["match"] == table.pk
    for body in ({}, {"username": ["bob"]}, {"username": "x" * 151}, {"username": "b\x00b"}, [], "bob"):
        answer = api_as(member).post(f"/api/v1/matches/{table.pk}/invitations/", body, format="json")
        assert answer.status_code == 400 and answer.json()["error"] == "invalid", body
        assert answer.json().get("field") in ("username", "non_field_errors", None)
    assert MatchInvitation.objects.count() == 1


def test_only_the_creator_of_an_open_match_with_a_free_seat_invites(client, table, member, other_member,
                                                                    user_factory):
    carol = user_factory("carol")
    client.force_login(other_member)
    assert invite_page(client, table, username="carol").status_code == 403
    assert client.get(f"/matches/{table.pk}/invite/").status_code == 403
    client.force_login(member)
    response = invite_page(client, table, username="alice")
    assert response.status_code == 409 and "You sit at this match already" in response.content.decode()
    services.match_join(tenant=table.tenant, user=carol, match_id=table.pk)
    assert invite_page(client, table, username="carol").status_code == 409
    Seat.objects.filter(match=table, user__isnull=True).update(bot_kind="random")
    response = invite_page(client, table, username="bob")
    assert response.status_code == 409 and "Every seat is taken." in response.content.decode()
    services.match_start(tenant=table.tenant, user=member, match_id=table.pk)
    response = invite_page(client, table, username="bob")
    assert response.status_code == 409 and "already started" in response.content.decode()
    assert not MatchInvitation.objects.exists()


def test_another_communitys_match_is_a_404(client, race_engine, user_factory, other_tenant, member):
    owl = user_factory("owl", tenant=other_tenant)
    theirs = services.match_create(tenant=other_tenant, user=owl, game="race", seats=2)
    client.force_login(member)
    assert invite_page(client, theirs, username="bob").status_code == 404
    assert client.get(selectors.invite_path(theirs.pk)).status_code == 404


def test_the_invitation_link_seats_the_visitor(client, table, member, other_member):
    link = selectors.invite_path(table.pk)
    client.force_login(member)
    assert link in client.get(f"/matches/{table.pk}/").content.decode()  # the open page shares it
    client.force_login(other_member)
    page = client.get(link)
    assert page.status_code == 200 and 'id="take-seat"' in page.content.decode()
    assert not Seat.objects.filter(match=table, user=other_member).exists()  # GET changes nothing
    response = client.post(link)
    assert response.status_code == 302 and response["Location"] == f"/matches/{table.pk}/"
    assert Seat.objects.filter(match=table, user=other_member).exists()
    again = client.post(link)
    assert again.status_code == 409 and "already have a seat" in again.content.decode()


@pytest.mark.parametrize("token", ["nonsense", "MQ:forged", "x" * 300])
def test_a_bad_or_foreign_token_is_a_404(client, table, member, other_member, token):
    other = services.match_create(tenant=table.tenant, user=member, game="race", seats=2)
    client.force_login(other_member)
    for url in (f"/matches/{table.pk}/invite/{token}/", f"/matches/{table.pk}/invite/{selectors.invite_token(other.pk)}/"):
        assert client.get(url).status_code == 404
        assert client.post(url).status_code == 404
    assert not Seat.objects.filter(user=other_member).exists()


def test_a_full_or_started_match_says_so_on_the_link(client, table, member, other_member):
    Seat.objects.filter(match=table, user__isnull=True).update(bot_kind="random")
    client.force_login(other_member)
    link = selectors.invite_path(table.pk)
    assert "Every seat is taken." in client.get(link).content.decode()
    response = client.post(link)
    assert response.status_code == 409
    services.match_start(tenant=table.tenant, user=member, match_id=table.pk)
    assert "already started" in client.get(link).content.decode()
    assert Match.unscoped.get(pk=table.pk).status == Match.Status.ACTIVE


def test_invitation_mail_follows_the_settings_and_the_hour(table, member, other_member, tenant, mailoutbox):
    from gameplatform.alerts.services import match_invite

    invitation = match_invite(tenant=tenant, user=member, match_id=table.pk, username="bob")
    Preferences.objects.create(user=other_member, email_notifications="daily_digest")
    assert not mails.invitation_mail(invitation_id=invitation.pk)
    Preferences.objects.filter(user=other_member).update(email_notifications="every_turn")
    assert mails.invitation_mail(invitation_id=invitation.pk)
    assert not mails.invitation_mail(invitation_id=invitation.pk)  # one mail per match an hour
    assert MatchMail.objects.filter(user=other_member, match=table).count() == 1
    assert len(mailoutbox) == 1
