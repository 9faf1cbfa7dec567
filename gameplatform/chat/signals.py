"""A suspension closes the person's open sockets at once, whatever route set it
(``accounts.services.user_suspend``, the admin's user form, the shell)."""
from django.contrib.auth import get_user_model
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.utils.translation import gettext as _

from . import realtime, services


@receiver(post_save, sender=get_user_model(), dispatch_uid="chat-suspension-closes-sockets")
def close_sockets_of_suspended(sender, instance, created, update_fields=None, **kwargs):
    """After the commit that saves an inactive account, its sockets of every community get
    ``user.revoked`` (closed with 4403). Saving other fields of an active account sends
    nothing."""
    if created or instance.is_active:
        return
    if update_fields is not None and "is_active" not in update_fields:
        return
    realtime.after_commit([services.revoke_event(user_id=instance.pk, tenant_id=None, code="suspended",
                                                 message=_(services.SUSPENDED_SOCKET))])
