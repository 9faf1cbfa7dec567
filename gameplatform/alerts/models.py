"""The alerts' rows: who is waited for (``Waiting``), invitations to a match
(``MatchInvitation``) and what was mailed when (``MatchMail``, ``DigestMail``).

``Waiting`` is derived data: ``services.waiting_sync`` rewrites a match's rows from its state
in the transaction of every change, so they always say what ``engine.to_act`` says.
"""
from django.conf import settings
from django.db import models

from gameplatform.matches.models import Match, Seat
from gameplatform.tenants.models import Tenant


class Waiting(models.Model):
    """The person at ``seat`` is to act in the active ``match`` (in ``engine.to_act``, and no
    bot plays the seat for them) since ``since``, the change that made it so being version
    ``since_version``. ``user`` and ``tenant`` are copies of the seat's and the match's, so the
    header's count is one indexed query."""

    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, primary_key=True, related_name="+")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+")
    since = models.DateTimeField()
    since_version = models.PositiveIntegerField()

    class Meta:
        indexes = [models.Index(fields=["user", "tenant"], name="alerts_waiting_user_tenant")]

    def __str__(self) -> str:
        return f"{self.user_id} to act in {self.match_id}"


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
        return f"{self.user_id} invited to {self.match_id}"


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
