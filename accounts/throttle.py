"""Password-guessing throttle: one policy for every password check.

Every place that checks a password (the site login through allauth, the admin login, ``POST
/api/v1/auth/token/``, the password change forms) goes through Django's ``authenticate()``,
where django-axes calls this module (``accounts.axes_handler``); password-reset requests call
it directly with their own counters (``Scope.RESET``). The policy, per window of
``AUTH_THROTTLE_WINDOW_SECONDS`` (15 minutes), counting failures:

- per account and client address: the ``AUTH_THROTTLE_ACCOUNT_ADDRESS_LIMIT``-th + 1 (6th)
  attempt is refused;
- per account from any address: likewise after ``AUTH_THROTTLE_ACCOUNT_LIMIT`` (5) failures,
  except for a client that shows a *device cookie* of that account (OWASP's "device cookies":
  a signed cookie set on every successful sign-in, ``accounts.devices``): it is limited only by
  its own counter (``AUTH_THROTTLE_DEVICE_LIMIT``), so failures from elsewhere never lock the
  owner out of their own device;
- per address across accounts: ``AUTH_THROTTLE_ADDRESS_LIMIT`` (20) stops password spraying.

A refused attempt never reaches the password check. An attempt is counted *before* the
password is checked (so concurrent guesses cannot all slip under the limit) and taken back when
the password was right; a success also clears the client's own counters (account and address,
or device). A password-reset link always works and clears every counter of its account
(``account_counters_clear``). When an account is refused, its owner gets one e-mail per window
(allauth's notification mail, ``account/email/login_throttled_*``).

Where the counts live (``store()``): the ``throttle`` cache (Redis, shared by every process)
when ``REDIS_URL`` is set, else the database (``ThrottleCounter``). Accounts are named by user
id whatever the login typed (username or e-mail, any case); an unknown login is counted under
its lower-cased text, so an unknown name behaves like a known one. The client address is
``gameplatform.core.clientip.client_ip`` (an IPv6 client counts by its /64).
"""
from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass, field
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import ngettext

from gameplatform.core.clientip import address_bucket, client_ip

from . import devices
from .models import ThrottleCounter
from .names import username_canonical
from .selectors import username_resolve

log = logging.getLogger(__name__)

REQUEST_ATTR = "_auth_throttle_attempts"
GENERATION_TTL_SECONDS = 24 * 3600  # far longer than a window: see account_counters_clear

THROTTLED = "too_many_attempts"


class Scope:
    """Which counters an attempt uses: password guesses, password-reset requests (their own
    counters, so asking for resets never blocks signing in), or second-factor codes (their
    own counters too, same limits: ``accounts.forms.ThrottledCodeMixin``)."""

    PASSWORD = "pw"
    RESET = "reset"
    MFA = "mfa"


class Reason:
    """Why an attempt was refused (the counter that was over its limit)."""

    DEVICE = "device"
    ACCOUNT_ADDRESS = "account_address"
    ACCOUNT = "account"
    ADDRESS = "address"


def window_seconds() -> int:
    return int(settings.AUTH_THROTTLE_WINDOW_SECONDS)


def throttled_message() -> str:
    """The refusal of a password (or reset) attempt over the limits, in the active language."""
    minutes = max(1, window_seconds() // 60)
    return ngettext(
        "Too many failed attempts: wait {minutes} minute, sign in on a device you have signed in "
        "with before, or reset your password by e-mail.",
        "Too many failed attempts: wait {minutes} minutes, sign in on a device you have signed in "
        "with before, or reset your password by e-mail.", minutes).format(minutes=minutes)


# --- the store ------------------------------------------------------------------------------


class CacheStore:
    """Counters in a Django cache (``settings.AUTH_THROTTLE_CACHE``; Redis in production, where
    ``add`` is SET NX and ``incr`` is INCRBY, both atomic across processes)."""

    def __init__(self, alias: str):
        from django.core.cache import caches

        self.cache = caches[alias]

    def hit(self, key: str, ttl: int) -> int:
        """Adds 1 to ``key`` (created with ``ttl`` seconds to live); returns the new count."""
        for _ in range(3):
            if self.cache.add(key, 1, timeout=ttl):
                return 1
            try:
                return self.cache.incr(key)
            except ValueError:  # expired between add and incr
                continue
        return 1

    def undo(self, key: str) -> None:
        try:
            if self.cache.decr(key) < 0:
                self.cache.delete(key)
        except ValueError:
            pass

    def get_many(self, keys: list[str]) -> dict[str, int]:
        found = self.cache.get_many(keys)
        return {key: int(found.get(key) or 0) for key in keys}

    def add(self, key: str, ttl: int) -> bool:
        """Sets ``key`` unless it exists; True if this call set it."""
        return bool(self.cache.add(key, 1, timeout=ttl))

    def delete(self, keys: list[str]) -> None:
        self.cache.delete_many(keys)

    def clear_all(self) -> None:
        """Every throttle key (tests). Deletes only this module's keys, never the whole cache."""
        client = getattr(self.cache, "_cache", None)
        if client is not None and hasattr(client, "get_client"):  # Redis
            redis = client.get_client(write=True)
            pattern = self.cache.make_key(f"{KEY_PREFIX}*")
            keys = list(redis.scan_iter(match=pattern, count=1000))
            if keys:
                redis.delete(*keys)
        else:
            self.cache.clear()


class DatabaseStore:
    """Counters in ``accounts.ThrottleCounter`` rows (embedded mode: one process, any
    database). Each change is one transaction holding the row lock."""

    @staticmethod
    def _model():
        return ThrottleCounter

    def hit(self, key: str, ttl: int) -> int:
        Counter = self._model()
        now = timezone.now()
        for _ in range(3):
            try:
                with transaction.atomic():
                    row = Counter.objects.select_for_update().filter(key=key).first()
                    if row is None:
                        Counter.objects.filter(expires_at__lte=now).delete()  # tidy up
                        Counter.objects.create(key=key, count=1, expires_at=now + timedelta(seconds=ttl))
                        return 1
                    if row.expires_at <= now:
                        row.count, row.expires_at = 1, now + timedelta(seconds=ttl)
                    else:
                        row.count += 1
                    row.save(update_fields=["count", "expires_at"])
                    return row.count
            except IntegrityError:  # another request created it first: count on it
                continue
        return 1

    def undo(self, key: str) -> None:
        self._model().objects.filter(key=key, count__gt=0, expires_at__gt=timezone.now()).update(count=F("count") - 1)

    def get_many(self, keys: list[str]) -> dict[str, int]:
        rows = dict(
            self._model().objects.filter(key__in=keys, expires_at__gt=timezone.now()).values_list("key", "count")
        )
        return {key: int(rows.get(key, 0)) for key in keys}

    def add(self, key: str, ttl: int) -> bool:
        Counter = self._model()
        now = timezone.now()
        with transaction.atomic():
            row = Counter.objects.select_for_update().filter(key=key).first()
            if row is not None and row.expires_at > now:
                return False
            Counter.objects.update_or_create(key=key, defaults={"count": 1, "expires_at": now + timedelta(seconds=ttl)})
            return True

    def delete(self, keys: list[str]) -> None:
        self._model().objects.filter(key__in=keys).delete()

    def clear_all(self) -> None:
        self._model().objects.all().delete()


class FailoverStore:
    """``CacheStore`` while Redis answers, ``DatabaseStore`` while it does not (issue 24, point
    3: the throttle never fails open). A call that meets a refused, dropped or timed-out Redis
    connection is made on the database instead, and so is every call of the next
    ``FAILOVER_SECONDS`` (module-wide, so a request does not wait on Redis at each count).
    Counts do not move between the two: during an outage they start again in the database,
    which every process shares, so the limits hold across processes."""

    def __init__(self, alias: str):
        self.primary = CacheStore(alias)
        self.fallback = DatabaseStore()

    def _call(self, name: str, *args):
        import time

        import redis.exceptions

        global _cache_down_until
        if time.monotonic() >= _cache_down_until:
            try:
                return getattr(self.primary, name)(*args)
            except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError) as exc:
                log.warning("sign-in throttle: Redis unavailable (%s); counting in the database", exc)
                _cache_down_until = time.monotonic() + FAILOVER_SECONDS
        return getattr(self.fallback, name)(*args)

    def hit(self, key: str, ttl: int) -> int:
        return self._call("hit", key, ttl)

    def undo(self, key: str) -> None:
        self._call("undo", key)

    def get_many(self, keys: list[str]) -> dict[str, int]:
        return self._call("get_many", keys)

    def add(self, key: str, ttl: int) -> bool:
        return self._call("add", key, ttl)

    def delete(self, keys: list[str]) -> None:
        self._call("delete", keys)
        self.fallback.delete(keys)  # what an outage counted goes too (a reset, a success)

    def clear_all(self) -> None:
        self.primary.clear_all()
        self.fallback.clear_all()


KEY_PREFIX = "auththrottle:"
# Seconds the throttle counts in the database after Redis failed, before trying Redis again.
FAILOVER_SECONDS = 2.0
_cache_down_until = 0.0


def store():
    """The configured store: ``FailoverStore`` (Redis, the database while Redis is away) when
    ``settings.AUTH_THROTTLE_CACHE`` names a cache (set with ``REDIS_URL``), else
    ``DatabaseStore``."""
    alias = getattr(settings, "AUTH_THROTTLE_CACHE", None)
    return FailoverStore(alias) if alias else DatabaseStore()


def _key(*parts: str) -> str:
    """A store key: the kind in clear, the identifying parts hashed (no address or account
    name is stored in clear, and every key has the same short length)."""
    kind, rest = parts[0], "\x1f".join(parts[1:])
    return f"{KEY_PREFIX}{kind}:{hashlib.sha256(rest.encode()).hexdigest()[:40]}"


# --- accounts -------------------------------------------------------------------------------


def account_of(login: str | None) -> tuple[str, int | None]:
    """``(account key, user id or None)`` for what a person typed as their login: the user's
    id when it designates one account, by username as sign-in finds it
    (``accounts.selectors.username_resolve``: any case or width) or by e-mail address (any
    case), else the text itself in NFKC and case-folded (``ＡＬＩＣＥ`` counts as ``alice``)."""
    text = (login or "").strip()
    User = get_user_model()
    if text:
        named = username_resolve(text)
        ids = {named.pk} if named is not None else set()
        if "@" in text:
            from allauth.account.models import EmailAddress

            lookup = Q(email__iexact=text) | Q(pk__in=EmailAddress.objects.filter(email__iexact=text).values("user_id"))
            ids.update(User.objects.filter(lookup).values_list("pk", flat=True)[:2])
        if len(ids) == 1:
            (only,) = ids
            return f"user:{only}", only
    return f"name:{username_canonical(text)}", None


def account_of_user(user) -> tuple[str, int]:
    return f"user:{user.pk}", user.pk


def _generation(account: str) -> str:
    """The account's counter generation: a reset link bumps it, so every counter of the
    account (per address and per device too) starts again from zero."""
    return str(store().get_many([_key("gen", account)])[_key("gen", account)])


def account_counters_clear(user) -> None:
    """Forgets every failure counted against ``user``'s account (a password reset through the
    e-mailed link: its owner proved they read the account's mail)."""
    account, _ = account_of_user(user)
    store().hit(_key("gen", account), GENERATION_TTL_SECONDS)
    log.info("sign-in throttle: counters of account %s cleared", account)


# --- attempts -------------------------------------------------------------------------------


@dataclass
class Attempt:
    """One password check (or reset request) being made by a request.

    ``counted``: the store keys this attempt added 1 to; ``own``: the keys that a success
    clears (this client's own); ``refused``: the ``Reason`` it was refused for, or None;
    ``outcome``: None while the password is being checked, then "failed" or "succeeded".
    """

    scope: str
    account: str
    user_id: int | None
    ip: str
    device: str | None
    counted: list[str] = field(default_factory=list)
    own: list[str] = field(default_factory=list)
    refused: str | None = None
    outcome: str | None = None


def attempts_of(request) -> list[Attempt]:
    """The attempts ``request`` made so far (the middleware finishes them)."""
    return getattr(request, REQUEST_ATTR, [])


def attempt_begin(request, *, login: str | None = None, user=None, scope: str = Scope.PASSWORD) -> Attempt:
    """Counts an attempt on the account named by ``login`` (or ``user``) from this client, and
    decides whether it may go on (``attempt.refused`` is None) or is refused (the password must
    then not be checked). The attempt is kept on the request for ``attempt_failed`` /
    ``attempt_succeeded`` (the middleware calls the latter for an attempt left open)."""
    account, user_id = account_of_user(user) if user is not None else account_of(login)
    ip = client_ip(request)
    device = devices.device_of(request, user_id) if user_id is not None else None
    attempt = Attempt(scope=scope, account=account, user_id=user_id, ip=ip, device=device)
    gen = _generation(account)
    ttl = window_seconds()
    s = store()
    if device:
        checks = [(_key(scope, "device", account, gen, device), settings.AUTH_THROTTLE_DEVICE_LIMIT, Reason.DEVICE)]
        attempt.own = [checks[0][0]]
    else:
        bucket = address_bucket(ip)
        checks = [
            (_key(scope, "acct-addr", account, gen, bucket), settings.AUTH_THROTTLE_ACCOUNT_ADDRESS_LIMIT,
             Reason.ACCOUNT_ADDRESS),
            (_key(scope, "acct", account, gen), settings.AUTH_THROTTLE_ACCOUNT_LIMIT, Reason.ACCOUNT),
            (_key(scope, "addr", bucket), settings.AUTH_THROTTLE_ADDRESS_LIMIT, Reason.ADDRESS),
        ]
        attempt.own = [checks[0][0]]
    for key, limit, reason in checks:
        count = s.hit(key, ttl)
        attempt.counted.append(key)
        if count > limit and attempt.refused is None:
            attempt.refused = reason
    if attempt.refused:
        attempt.outcome = "failed"
        log.warning(
            "sign-in throttle: %s attempt refused (%s over its limit) for account %s from %s",
            scope, attempt.refused, _account_label(attempt), ip,
        )
        _tell_owner(request, attempt)
    request.__dict__.setdefault(REQUEST_ATTR, []).append(attempt)
    return attempt


def attempt_failed(request, attempt: Attempt | None = None) -> None:
    """The password was wrong (or the attempt was refused): the counts stay."""
    attempt = attempt or _open_attempt(request)
    if attempt is not None and attempt.outcome is None:
        attempt.outcome = "failed"


def attempt_succeeded(request, attempt: Attempt | None = None) -> None:
    """The password was right: the attempt is taken back, the client's own counters cleared,
    and the response will carry a fresh device cookie for the account."""
    attempt = attempt or _open_attempt(request)
    if attempt is None or attempt.outcome is not None:
        return
    attempt.outcome = "succeeded"
    s = store()
    for key in attempt.counted:
        if key not in attempt.own:
            s.undo(key)
    s.delete(attempt.own)
    if attempt.user_id is not None and attempt.scope in (Scope.PASSWORD, Scope.MFA):
        devices.issue_later(request, attempt.user_id)


def request_throttled(request) -> bool:
    """True when an attempt of ``request`` was refused."""
    return any(a.refused for a in attempts_of(request))


def request_finish(request) -> None:
    """End of the request: an attempt still open was not reported as failed, so the password
    was right (``authenticate()`` sends a signal only on failure)."""
    for attempt in attempts_of(request):
        if attempt.outcome is None:
            attempt_succeeded(request, attempt)


def _open_attempt(request) -> Attempt | None:
    return next((a for a in reversed(attempts_of(request)) if a.outcome is None), None)


def _account_label(attempt: Attempt) -> str:
    # Unknown logins are logged hashed: a mistyped password pasted as a username is a secret.
    if attempt.user_id is not None:
        return attempt.account
    return "name#" + hashlib.sha256(attempt.account.encode()).hexdigest()[:12]


def _tell_owner(request, attempt: Attempt) -> None:
    """One e-mail per window to the owner of a refused account (none for unknown logins or
    an address-only refusal)."""
    if attempt.user_id is None or attempt.refused == Reason.ADDRESS:
        return
    if not store().add(_key("mail", attempt.account, _generation(attempt.account)), window_seconds()):
        return
    user = get_user_model().objects.filter(pk=attempt.user_id).first()
    if user is None:
        return
    from allauth.account.adapter import get_adapter

    try:
        get_adapter(request).send_notification_mail(
            "account/email/login_throttled",
            user,
            {
                "minutes": max(1, window_seconds() // 60),
                "reset_scope": attempt.scope == Scope.RESET,
                "code_scope": attempt.scope == Scope.MFA,
                "password_reset_url": request.build_absolute_uri("/accounts/password/reset/"),
            },
        )
    except Exception:  # a mail server down must not turn a refusal into a 500
        log.exception("sign-in throttle: the mail to the owner of account %s failed", attempt.account)


def password_check(request, user, password: str) -> bool:
    """True when ``password`` is ``user``'s, checked through ``authenticate()`` so that the
    throttle counts it like a sign-in (password change forms: the old password). A refused
    attempt is False without the password being looked at."""
    from django.contrib.auth import authenticate

    if request is None:
        return bool(user.check_password(password))
    found = authenticate(request, **{get_user_model().USERNAME_FIELD: user.get_username(), "password": password})
    return found is not None and found.pk == user.pk
