"""Issue 13, point 3: "email for asynchronous matches (per user: every turn, a daily digest, or
off; signed one-click unsubscribe link; never more than one mail per match per hour), sent by
Celery tasks". Mails land in Django's locmem outbox; the tasks run in a real worker where the
test says so."""
import datetime
import re
from datetime import timedelta

import pytest
from django.utils import timezone

from gameplatform.alerts import digest, mails, selectors
from gameplatform.alerts.models import DigestMail, MatchMail
from gameplatform.core import sweeps
from gameplatform.matches.models import Match, Seat
from gameplatform.players.models import Preferences
from gameplatform.tenants.models import Membership

from .conftest import play, to_act

MORNING = datetime.datetime(2026, 5, 4, 8, 30, tzinfo=datetime.UTC)


def prefer(user, **fields):
    Preferences.objects.update_or_create(user=user, defaults=fields)


def turn_of(user, match) -> Seat:
    return Seat.objects.get(user=user, match=match, waiting_since__isnull=False)


@pytest.fixture
def race(race_engine, match_factory, member, other_member):
    """An asynchronous race (no turn limit) of alice and bob; (match, {seat: user}, person to act)."""
    match = match_factory("race", [member, other_member])
    users = {0: member, 1: other_member}
    return match, users, users[to_act(match)[0]]


# --- the turn mail ------------------------------------------------------------------------------


@pytest.mark.celery_worker
def test_the_turn_mail_goes_through_the_worker(race_engine, worker_factory, match_factory, member, other_member,
                                              settings, mailoutbox, wait_for):
    settings.ALERTS_TURN_MAIL_DELAY_SECONDS = 0
    with worker_factory():
        match = match_factory("race", [member, other_member])
        person = {0: member, 1: other_member}[to_act(match)[0]]
        mail = wait_for(lambda: mailoutbox and mailoutbox[0], timeout=20)
    assert mail.to == [person.email]
    assert mail.subject == "[Hexagora] Your turn: Race (test game)"
    assert f"http://127.0.0.1:8000/matches/{match.pk}/" in mail.body
    token = selectors.unsubscribe_token(person)
    link = f"http://127.0.0.1:8000/alerts/unsubscribe/{token}/"
    assert link in mail.body
    assert mail.extra_headers["List-Unsubscribe"] == f"<{link}>"
    assert mail.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert MatchMail.objects.filter(user=person, match=match).exists()


@pytest.mark.django_db
def test_a_turn_mail_is_sent_once_an_hour_per_match(race, waiting_match, mailoutbox):
    match, users, person = race
    version = turn_of(person, match).waiting_version
    assert mails.turn_mail(user_id=person.pk, match_id=match.pk, version=version)
    # Both play; the person's turn comes again within the hour: no second mail about this match.
    play(match, users)
    play(match, users)
    again = turn_of(person, match).waiting_version
    assert again > version
    assert not mails.turn_mail(user_id=person.pk, match_id=match.pk, version=again)
    # Another match is another mail.
    other = waiting_match(person)
    assert mails.turn_mail(user_id=person.pk, match_id=other.pk, version=turn_of(person, other).waiting_version)
    assert len(mailoutbox) == 2
    # An hour later the match may mail again.
    MatchMail.objects.filter(match=match).update(sent_at=timezone.now() - timedelta(minutes=61))
    assert mails.turn_mail(user_id=person.pk, match_id=match.pk, version=again)
    assert len(mailoutbox) == 3


@pytest.mark.django_db
def test_no_turn_mail_once_the_person_has_played(race, mailoutbox):
    match, users, person = race
    version = turn_of(person, match).waiting_version
    play(match, users)
    assert not mails.turn_mail(user_id=person.pk, match_id=match.pk, version=version)
    assert mailoutbox == [] and not MatchMail.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("choice", ["daily_digest", "off"])
def test_no_turn_mail_unless_the_settings_say_every_turn(race, mailoutbox, choice):
    match, _, person = race
    prefer(person, email_notifications=choice)
    assert not mails.turn_mail(user_id=person.pk, match_id=match.pk, version=turn_of(person, match).waiting_version)
    assert mailoutbox == []


@pytest.mark.django_db
def test_live_matches_get_no_turn_mail_task(race_engine, match_factory, member, other_member, monkeypatch,
                                            django_capture_on_commit_callbacks):
    from gameplatform.alerts import services as alert_services

    sent = []
    monkeypatch.setattr(alert_services, "task_send", lambda name, args, **kw: sent.append((name, tuple(args))))
    with django_capture_on_commit_callbacks(execute=True):
        live = match_factory("race", [member, other_member], turn_seconds=600)
    assert sent == []
    assert not alert_services.is_asynchronous(live)
    with django_capture_on_commit_callbacks(execute=True):
        correspondence = match_factory("race", [member, other_member], turn_seconds=86400)
    person = Seat.objects.get(waiting_since__isnull=False, match=correspondence).user_id
    assert sent == [(alert_services.TURN_MAIL_TASK, (person, correspondence.pk, correspondence.version))]


@pytest.mark.django_db
def test_no_turn_mail_on_vacation_or_without_an_address(race, mailoutbox):
    match, _, person = race
    version = turn_of(person, match).waiting_version
    today = timezone.localdate()
    Membership.objects.filter(user=person).update(vacation_started=today, vacation_until=today + timedelta(days=3))
    assert not mails.turn_mail(user_id=person.pk, match_id=match.pk, version=version)
    Membership.objects.filter(user=person).update(vacation_started=None, vacation_until=None)
    type(person).objects.filter(pk=person.pk).update(email="")
    assert not mails.turn_mail(user_id=person.pk, match_id=match.pk, version=version)
    assert mailoutbox == []


@pytest.mark.django_db
def test_a_community_on_its_own_domain_is_linked_there(race_engine, match_factory, user_factory, other_tenant,
                                                        settings, mailoutbox):
    settings.SITE_URL = "https://play.example.org"
    ann, bea = user_factory("ann", tenant=other_tenant), user_factory("bea", tenant=other_tenant)
    match = match_factory("race", [ann, bea], tenant=other_tenant)
    person = Seat.objects.get(waiting_since__isnull=False, match=match).user
    assert mails.turn_mail(user_id=person.pk, match_id=match.pk, version=match.version)
    mail = mailoutbox[0]
    assert mail.subject == "[Hexagora · Elsewhere] Your turn: Race (test game)"
    assert f"https://elsewhere.test/matches/{match.pk}/" in mail.body
    assert "https://elsewhere.test/alerts/unsubscribe/" in mail.extra_headers["List-Unsubscribe"]


# --- the daily digest ---------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_digest_is_due_once_a_day_from_its_hour(race, user_factory, settings):
    match, _, person = race
    prefer(person, email_notifications="daily_digest")
    prefer(user_factory("reader"), email_notifications="daily_digest")  # nothing waits for them
    settings.ALERTS_DIGEST_HOUR = 7
    assert digest.digest_due_users(now=MORNING.replace(hour=6)) == []
    assert digest.digest_due_users(now=MORNING) == [person.pk]
    DigestMail.objects.create(user=person, sent_on=MORNING.date())
    assert digest.digest_due_users(now=MORNING) == []
    assert digest.digest_due_users(now=MORNING + timedelta(days=1)) == [person.pk]


@pytest.mark.django_db
def test_the_digest_lists_waiting_matches_and_invitations_of_every_community(
    race_engine, match_factory, user_factory, tenant, other_tenant, mailoutbox
):
    from gameplatform.alerts.services import match_invite
    from gameplatform.matches import services

    ann = user_factory("ann")
    Membership.objects.create(user=ann, tenant=other_tenant)
    prefer(ann, email_notifications="daily_digest")
    bea = user_factory("bea", tenant=other_tenant)
    there = match_factory("race", [bea, ann], tenant=other_tenant)
    if to_act(there) != [1]:
        play(there, {0: bea})
    cid = user_factory("cid")
    invite = services.match_create(tenant=tenant, user=cid, game="race", seats=2, title="Open table")
    match_invite(tenant=tenant, user=cid, match_id=invite.pk, username="ann")
    assert mails.digest_mail(user_id=ann.pk, today=MORNING.date())
    assert not mails.digest_mail(user_id=ann.pk, today=MORNING.date())  # once a day
    mail = mailoutbox[0]
    assert mail.subject == "[Hexagora] 1 match waits for you"
    assert "== Elsewhere ==" in mail.body and "== Hexagora ==" in mail.body
    assert f"http://elsewhere.test:8000/matches/{there.pk}/" in mail.body
    assert f"http://127.0.0.1:8000/matches/{invite.pk}/" in mail.body and "Open table" in mail.body
    assert "List-Unsubscribe" in mail.extra_headers


@pytest.mark.celery_worker
def test_the_sweep_sends_the_digest_through_the_worker(race_engine, worker_factory, match_factory, member,
                                                      other_member, settings, mailoutbox, wait_for):
    settings.ALERTS_DIGEST_HOUR = 0
    prefer(member, email_notifications="daily_digest")
    prefer(other_member, email_notifications="daily_digest")
    match = match_factory("race", [member, other_member])
    person = Seat.objects.get(waiting_since__isnull=False, match=match).user
    with worker_factory():
        assert sweeps.sweep_if_due(interval=60) is not None  # the workers' sweep, with the digest check
        mail = wait_for(lambda: mailoutbox and mailoutbox[0], timeout=20)
        assert digest.digest_sweep(force=True) == 0  # today's went: nobody is due
    assert mail.to == [person.email] and len(mailoutbox) == 1
    assert re.search(rf"/matches/{match.pk}/", mail.body)
    assert DigestMail.objects.get(user=person).sent_on == timezone.now().astimezone(datetime.UTC).date()
    assert Match.unscoped.get(pk=match.pk).status == Match.Status.ACTIVE
