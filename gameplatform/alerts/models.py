"""The alerts' rows: invitations to a match (``MatchInvitation``) and what was mailed when
(``MatchMail``, ``DigestMail``).

Who is waited for lives on the seat itself (``matches.Seat.waiting_since`` and
``waiting_version``): derived data that ``services.waiting_sync`` rewrites from the match's
state in the transaction of every change, so it always says what ``engine.to_act`` says, and a
move costs at most one more statement.
"""
from django.conf import settings
from django.db import models
from django.utils.translation import gettext

from gameplatform.matches.models import Match


class MatchInvitation(models.Model):
    """``user`` (a member of the match's community) was invited to the open ``match`` by
    ``invited_by``. Shown on their /your-turn/ page while the match is open and they hold no
    seat in it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="alerts_one_invitation_per_person")]

    def __str__(self) -> str:
        return gettext("%(user)s invited to %(match)s") % {"user": self.user, "match": self.match}


class MatchMail(models.Model):
    """The last mail about ``match`` to ``user`` (a turn or an invitation): the next one may
    go an hour after ``sent_at`` (``mails.match_mail_claim``)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    sent_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="alerts_one_mail_row_per_match")]

    def __str__(self) -> str:
        return f"mail to {self.user_id} about {self.match_id} at {self.sent_at:%Y-%m-%d %H:%M}"


class DigestMail(models.Model):
    """The day (UTC) ``user``'s last daily digest went out: one a day at most."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
                                related_name="+")
    sent_on = models.DateField()

    def __str__(self) -> str:
        return f"digest to {self.user_id} on {self.sent_on}"
