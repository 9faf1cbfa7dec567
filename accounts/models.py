"""The custom user model (in the first migration, so it can grow without a painful swap)."""
from django.contrib.auth.models import AbstractUser
from django.contrib.auth.models import UserManager as DjangoUserManager
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext, gettext_noop

from .names import LOOKALIKE, LOOKALIKE_MESSAGE, username_keys, username_resolve_in, validate_username_scripts

DELETED_PLAYER = gettext_noop("deleted player")
KEY_FIELDS = ("username_skeleton", "username_skeleton_cased", "username_lookalike_kept")


def _username_field() -> models.CharField:
    """Django's username field (same label, help text, length, uniqueness) with the one-script
    rule added to its validators, which every form and ``createsuperuser`` run."""
    _name, _path, args, kwargs = AbstractUser._meta.get_field("username").deconstruct()
    kwargs["validators"] = [*kwargs["validators"], validate_username_scripts]
    return models.CharField(*args, **kwargs)


class UserManager(DjangoUserManager):
    def get_by_natural_key(self, username):
        """The account ``username`` names as people type it (``names.username_resolve_in``:
        exact, else the one account equal after NFKC and case folding); Django's ModelBackend
        signs in with it, ``createsuperuser`` checks names with it."""
        user = username_resolve_in(self.get_queryset(), username)
        if user is None:
            raise self.model.DoesNotExist
        return user

    def bulk_create(self, objs, *args, **kwargs):
        """Django's, with each account's look-alike keys filled first (``User.save`` fills
        them one by one; a bulk insert does not call it). Raises IntegrityError, as
        ``bulk_create`` does, when two of them, or one and an existing account, look alike."""
        objs = list(objs)
        for user in objs:
            keys = username_keys(user.username)
            user.username_skeleton, user.username_skeleton_cased = keys.folded, keys.written
        return super().bulk_create(objs, *args, **kwargs)

    def _create_user_object(self, username, email, password, **extra_fields):
        """Django's (NFKC-normalized username), refusing a look-alike of an existing account
        with ``ValidationError`` (``createsuperuser`` prints it; ``seed_demo`` reports it)."""
        user = super()._create_user_object(username, email, password, **extra_fields)
        if user.username_lookalikes().exists():
            raise ValidationError({"username": [ValidationError(LOOKALIKE_MESSAGE, code=LOOKALIKE)]})
        return user


class User(AbstractUser):
    """A Hexagora account. ``is_active=False`` (suspended in the admin) blocks login and acting.

    ``display_name`` is shown at the table; it falls back to the username.

    ``username_skeleton`` / ``username_skeleton_cased`` are the look-alike keys of the username
    (``accounts.names.username_keys``), kept by ``save``; no two accounts share one, the
    database says so (partial unique constraints), except accounts that already did when the
    rule came (``username_lookalike_kept``, set by migration 0004: they keep signing in).
    """

    username = _username_field()
    display_name = models.CharField(max_length=40, blank=True)
    username_skeleton = models.CharField(max_length=64, default="", editable=False, db_index=True)
    username_skeleton_cased = models.CharField(max_length=64, default="", editable=False, db_index=True)
    username_lookalike_kept = models.BooleanField(
        default=False, editable=False,
        help_text="Looked like an older account's name before look-alike names were refused; a rename clears it.",
    )

    # Set when the person deleted their account (issue 27, point 5; ``accounts.deletion``):
    # the row stays as the record of who sat in finished matches, shown as "deleted player".
    deleted_at = models.DateTimeField(null=True, blank=True, editable=False)

    objects = UserManager()

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"
        constraints = [
            models.UniqueConstraint(
                fields=["username_skeleton"], condition=Q(username_lookalike_kept=False),
                name="accounts_user_skeleton_unique",
            ),
            models.UniqueConstraint(
                fields=["username_skeleton_cased"], condition=Q(username_lookalike_kept=False),
                name="accounts_user_skeleton_cased_unique",
            ),
        ]

    def __str__(self) -> str:
        return self.public_name

    @property
    def public_name(self) -> str:
        """The name other players see; "deleted player" (translated) once the account is
        deleted."""
        if self.deleted_at is not None:
            return gettext(DELETED_PLAYER)
        return self.display_name or self.username

    def username_lookalikes(self):
        """The other accounts whose username looks like this one's (either key equal)."""
        keys = username_keys(self.username)
        found = type(self)._default_manager.filter(
            Q(username_skeleton=keys.folded) | Q(username_skeleton_cased=keys.written)
        )
        return found.exclude(pk=self.pk) if self.pk is not None else found

    def validate_unique(self, exclude=None):
        """Django's checks, plus: the username may not look like another account's
        (``LOOKALIKE_MESSAGE`` on the ``username`` field); the admin's forms run it."""
        errors = {}
        try:
            super().validate_unique(exclude=exclude)
        except ValidationError as exc:
            errors = exc.update_error_dict(errors)
        if (exclude is None or "username" not in exclude) and "username" not in errors and self.username:
            if self.username_lookalikes().exists():
                errors["username"] = [ValidationError(LOOKALIKE_MESSAGE, code=LOOKALIKE)]
        if errors:
            raise ValidationError(errors)

    def save(self, *args, **kwargs):
        """Keeps the look-alike keys in step with ``username``; a new name clears
        ``username_lookalike_kept``."""
        update_fields = kwargs.get("update_fields")
        if update_fields is None or "username" in update_fields:
            keys = username_keys(self.username)
            if (keys.folded, keys.written) != (self.username_skeleton, self.username_skeleton_cased):
                self.username_skeleton, self.username_skeleton_cased = keys.folded, keys.written
                self.username_lookalike_kept = False
                if update_fields is not None:
                    kwargs["update_fields"] = {*update_fields, *KEY_FIELDS}
        super().save(*args, **kwargs)


class ThrottleCounter(models.Model):
    """A sign-in throttle counter in the database (``accounts.throttle.DatabaseStore``, used
    without Redis): ``count`` until ``expires_at``. ``key`` is hashed (no address or login)."""

    key = models.CharField(max_length=100, primary_key=True)
    count = models.IntegerField(default=0)
    expires_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.key}={self.count}"
