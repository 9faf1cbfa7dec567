"""Celery tasks of the alerts: they take ids, load, and call ``mails``. Sent by name after
commit (``services``, ``digest``); each checks again that its mail is still due, so a late,
repeated or stale task mails nothing."""
import datetime

from celery import shared_task

from . import mails


@shared_task(name="gameplatform.alerts.tasks.send_turn_mail", ignore_result=True)
def send_turn_mail(user_id, match_id, version):
    """The turn mail of ``user_id`` in ``match_id`` for the turn that began at ``version``
    (``mails.turn_mail``). Returns True when a mail went."""
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (user_id, match_id, version)):
        return False
    return mails.turn_mail(user_id=user_id, match_id=match_id, version=version)


@shared_task(name="gameplatform.alerts.tasks.send_invitation_mail", ignore_result=True)
def send_invitation_mail(invitation_id):
    """The mail of invitation ``invitation_id`` (``mails.invitation_mail``)."""
    if not isinstance(invitation_id, int) or isinstance(invitation_id, bool):
        return False
    return mails.invitation_mail(invitation_id=invitation_id)


@shared_task(name="gameplatform.alerts.tasks.send_digest", ignore_result=True)
def send_digest(user_id, day):
    """``user_id``'s daily digest of ``day`` ("YYYY-MM-DD", UTC) (``mails.digest_mail``)."""
    if not isinstance(user_id, int) or isinstance(user_id, bool) or not isinstance(day, str):
        return False
    try:
        today = datetime.date.fromisoformat(day)
    except ValueError:
        return False
    return mails.digest_mail(user_id=user_id, today=today)
