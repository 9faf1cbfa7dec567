"""Usernames that cannot pass for one another (README "Accounts", docs/contracts.md "Usernames").

A username is stored in Unicode NFKC (``ａｌｉｃｅ`` is kept as ``alice``) and compared by two
keys (``username_keys``), each the UTS #39 confusable skeleton of the name, settled to a fixed
point with case folding (``_settle``):

- ``folded``: the skeleton of the case-folded name: ``alice``, ``ALICE``, ``аlice`` (Cyrillic а),
  ``bοb`` (Greek ο), ``b0b`` and ``rn``/``m`` pairs share it;
- ``written``: the skeleton of the name as written, then folded: ``AIice`` (capital I) and
  ``Alice`` share it, though their folded forms ``aiice`` and ``alice`` differ.

A new or renamed account may not share either key with another account, and its letters must
come from one script (``username_scripts_check``). Stored keys are SHA-256 digests of the
skeletons (``User.username_skeleton`` / ``username_skeleton_cased``): fixed length for the
index however far a skeleton expands.

The skeletons, NFKC and script checks are ``gameplatform.core.confusables``' (shared with
community names and slugs, ``tenants.services.community_create``); this module keeps the
username rules, keys and messages.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from gameplatform.core import confusables
from gameplatform.core.confusables import (  # noqa: F401  (the names this module always offered)
    BIDI_MARKS,
    NEUTRAL_SCRIPTS,
    SCRIPT_FAMILIES,
    SETTLE_ROUNDS,
    _prototypes,
    _settle,
)

MIXED_SCRIPTS = "username_mixed_scripts"
MIXED_SCRIPTS_MESSAGE = _(
    "Username: use the letters of one alphabet only. This name mixes alphabets (such as Latin "
    "and Cyrillic) and could pass for another name; these letters do not belong with the rest: "
    "%(letters)s"
)
LOOKALIKE = "username_lookalike"
LOOKALIKE_MESSAGE = _(
    "Username: this name looks like the name of an existing account (the same letters in "
    "another case, font or alphabet). Choose a name that cannot be mistaken for another."
)


def username_normalize(name: str) -> str:
    """``name`` in Unicode NFKC, the form a username is stored in (Django's own
    ``AbstractBaseUser.normalize_username``): full-width and other compatibility forms become
    the plain letters."""
    return confusables.normalize(name)


def username_canonical(name: str) -> str:
    """NFKC then case folding: two names equal in this form are the same name to a person who
    types it (``Alice``, ``ALICE``, ``ａｌｉｃｅ``)."""
    return confusables.canonical(name)


def username_skeleton(name: str) -> str:
    """The skeleton of ``name`` ignoring case (the ``folded`` key, in clear): ``аlice``,
    ``ＡＬＩＣＥ`` and ``alice`` all give ``alice``; ``m`` gives ``rn``."""
    return confusables.skeleton(name)


def username_skeleton_cased(name: str) -> str:
    """The skeleton of ``name`` as written, then folded (the ``written`` key, in clear):
    ``AIice`` gives ``alice`` (a capital I looks like a small l)."""
    return confusables.skeleton_cased(name)


def _digest(skeleton: str) -> str:
    return hashlib.sha256(skeleton.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class UsernameKeys:
    """What is stored and compared: SHA-256 hex digests (64 characters) of the two skeletons."""

    folded: str
    written: str


def username_keys(name: str) -> UsernameKeys:
    """The stored keys of ``name`` (``User.username_skeleton``, ``User.username_skeleton_cased``)."""
    return UsernameKeys(folded=_digest(username_skeleton(name)), written=_digest(username_skeleton_cased(name)))


def username_scripts(name: str) -> set[str]:
    """The scripts (Unicode Scripts.txt names, e.g. ``LATIN``) of the letters of ``name``,
    neutral ones (digits, punctuation, combining marks) left out."""
    return confusables.scripts(name)


def username_scripts_ok(name: str) -> bool:
    """One script, or scripts one language writes together (``SCRIPT_FAMILIES``)."""
    return confusables.scripts_ok(name)


def validate_username_scripts(name) -> None:
    """A model field validator: raises ``ValidationError`` (code ``username_mixed_scripts``,
    naming the letters outside the name's main script with their code points, e.g.
    ``а (U+0430)``) for a name that mixes scripts."""
    if not isinstance(name, str) or username_scripts_ok(name):
        return
    letters = confusables.stray_letters(name)
    raise ValidationError(MIXED_SCRIPTS_MESSAGE, code=MIXED_SCRIPTS, params={"letters": letters})


MAX_USERNAME = 150
# Accounts sharing one skeleton are few (the database refuses new ones); a bound all the same.
MAX_CANDIDATES = 20


def _typable(name) -> bool:
    if not isinstance(name, str) or not 0 < len(name) <= MAX_USERNAME or "\x00" in name:
        return False
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: no account is called so
        return False
    return True


def username_resolve_in(queryset, name, *, path: str = ""):
    """The object of ``queryset`` whose account ``name`` designates: the one called exactly
    so; else the one account whose name is the same after NFKC and case folding; else None
    (two such accounts: None, never a guess). ``path`` leads from the object to its user
    (``"user__"`` for memberships). The skeleton index only narrows the candidates; a
    look-alike in another alphabet never decides. A name that is not 1 to 150 characters of
    text finds nothing. (No model import here: ``models`` uses it for sign-in.)"""
    if not _typable(name):
        return None
    found = queryset.filter(**{f"{path}username": name}).first()
    if found is not None:
        return found
    canonical = username_canonical(name)
    candidates = queryset.filter(**{f"{path}username_skeleton": username_keys(name).folded})
    if path:
        candidates = candidates.select_related(path.removesuffix("__"))
    same = [
        obj for obj in candidates[:MAX_CANDIDATES]
        if username_canonical((getattr(obj, path.removesuffix("__")) if path else obj).username) == canonical
    ]
    return same[0] if len(same) == 1 else None
