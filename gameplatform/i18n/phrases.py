"""Small phrases the platform builds around values, in the reader's language (issue 26,
point 4: "Points de victoire: 8" was glued in code as ``f"{title}: {value}"``, so French
never got its space before the colon; the lobby named a bot seat "strong bot" from the raw
kind while the table said "bot fort").

A text is never glued from pieces with English punctuation or word order, and an id is never
shown for its word: ``labelled`` words "<label>: <value>" through the catalogue (French
"Points de victoire : 8"); ``bot_name`` is every page's name of a bot seat.
"""
from __future__ import annotations

from django.utils.translation import gettext, pgettext


def labelled(label, value) -> str:
    """``"<label>: <value>"`` in the active language (French puts a space before the colon)."""
    return gettext("%(label)s: %(value)s") % {"label": label, "value": value}


def bot_kind_word(kind: str) -> str:
    """A bot kind ("strong", an engine's ``bots()`` key) as a word in the active language
    ("fort", "stark"): the catalogues' ``pgettext("bot kind", kind)``, gathered from every
    engine's bots by ``makemessages`` (``i18n.collect``)."""
    return pgettext("bot kind", kind)


def bot_name(kind: str) -> str:
    """The name of a seat a ``kind`` bot plays, in the active language: "strong bot", "bot
    fort", "stark-bot". The lobby's seat chips, the open match's seats and the table's seat
    list (``view_texts.localized_seats``) all say this."""
    return gettext("%(kind)s bot") % {"kind": bot_kind_word(kind)}
