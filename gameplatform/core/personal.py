"""A person's own data (issue 27, point 5): the sections of "Download my data", each written
by the app that owns the rows, and gathered without any app importing another.

Apps register in ``ready()``: ``export_section_register("matches", fn)`` where ``fn(user)``
returns that person's part as JSON-able data (only what is theirs or what they could see:
never another person's hidden information). ``personal_data_collect(user)`` calls them all,
in registration order. Deleting an account is the event ``core.events.AccountDeleted``.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

SectionFn = Callable[[Any], Any]
_sections: dict[str, SectionFn] = {}

# The shape's version, in every export (``{"format": EXPORT_FORMAT, ...}``).
EXPORT_FORMAT = 1


def export_section_register(name: str, fn: SectionFn) -> None:
    """Adds section ``name`` (once per name; the first registration wins)."""
    _sections.setdefault(name, fn)


def export_section_names() -> list[str]:
    """The registered sections' names, in order."""
    return list(_sections)


def personal_data_collect(user: Any) -> dict[str, Any]:
    """``{"format": 1, <section>: fn(user), ...}`` for every registered section."""
    out: dict[str, Any] = {"format": EXPORT_FORMAT}
    for name, fn in list(_sections.items()):
        out[name] = fn(user)
    return out
