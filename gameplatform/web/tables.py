"""What the lobby and the table say about a match in words: its clock ("2 minutes per turn"),
its options that differ from the defaults, a game's quick start (its shortest variant) and
what its result's scores count (``engine.score_column``)."""
from __future__ import annotations

from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from gameplatform.i18n.engine_texts import engine_text
from gameplatform.i18n.phrases import labelled
from gameplatform.matches.forms import TURN_TIME_CHOICES
from gameplatform.matches.models import Match
from games.protocol import ScoreColumn

# Seconds -> label, from the lobby's choices ("Unlimited" for None).
_TURN_LABELS = {int(v): label for _, group in TURN_TIME_CHOICES[1:] for v, label in group}


def turn_time_label(seconds: int | None) -> str:
    """"Unlimited", "2 minutes", "1 day"...; an unusual value is shown in seconds (in the
    active language)."""
    if not seconds:
        return str(_("Unlimited"))
    label = _TURN_LABELS.get(int(seconds))
    return str(label) if label is not None else str(_("{seconds} s")).format(seconds=seconds)


def clock_label(match: Match) -> str:
    """The match's time control in words: "2 minutes per turn", "Unlimited per turn",
    "Fischer clock: 10 min + 5 s per turn", "3 days per move"."""
    if match.time_control == Match.TimeControl.FISCHER:
        return gettext("Fischer clock: %(minutes)s min + %(seconds)s s per turn") % {
            "minutes": match.bank_minutes, "seconds": match.increment_seconds}
    if match.time_control == Match.TimeControl.CORRESPONDENCE:
        return ngettext("%(days)s day per move", "%(days)s days per move", match.days_per_move or 0) % {
            "days": match.days_per_move}
    return gettext("%(time)s per turn") % {"time": turn_time_label(match.turn_seconds)}


def options_text(engine, options: dict | None) -> str:
    """The match's options that differ from the game's defaults, in words from the engine's
    options_schema (a switch that is on by its title alone, "Robber off"; one turned off as
    "no <title>"; other values with the engine's labels): "Victory points: 12, Robber off";
    "" when everything is the default."""
    if not options:
        return ""
    props = (engine.options_schema() or {}).get("properties", {}) if engine else {}
    labels = engine.option_value_labels() if engine else {}
    parts = []
    # In the schema's order (a database may hand the stored options back in its own order).
    order = {name: i for i, name in enumerate(props)}
    defaults = {n: p.get("default") for n, p in props.items()}
    for name, value in sorted(options.items(), key=lambda kv: order.get(kv[0], len(order))):
        prop = props.get(name, {})
        if "default" in prop and value == prop["default"]:
            continue
        if engine is not None and _sets_clock(engine, defaults, name, value):
            continue  # shown as the time per turn already
        title = engine_text(prop.get("title") or name.replace("_", " ").capitalize())
        if isinstance(value, bool):
            parts.append(title if value else str(_("no {title}")).format(title=f"{title[:1].lower()}{title[1:]}"))
        else:
            shown = engine_text(labels.get(name, {}).get(str(value), str(value)))
            parts.append(labelled(title, shown))
    return ", ".join(parts)


def _sets_clock(engine, defaults: dict, name: str, value) -> bool:
    """Is option ``name`` the one by which the game's rules set the turn time (the page shows
    that time as "per turn" already)?"""
    try:
        base = engine.clock_seconds(defaults)
        return base is not None and engine.clock_seconds({**defaults, name: value}) != base
    except (KeyError, TypeError, ValueError):
        return False




def quick_starts(engines) -> list[dict]:
    """The lobby's "Play against bots now", one entry per game: ``{"engine", "text"}``, the
    text naming its quick start (``engine.quick_start_options()``, the game's shortest
    variant) in words, "" when that is the defaults."""
    return [{"engine": e, "text": options_text(e, e.validate_options(e.quick_start_options()))} for e in engines]


def score_column(engine, options: dict | None) -> dict:
    """The result table's score column of a match with ``options`` (``engine.score_column``)
    in the active language: ``{"label", "note", "higher_is_better"}``."""
    column = engine.score_column(options or {}) if engine is not None else ScoreColumn()
    return {"label": engine_text(column.label), "note": engine_text(column.note) if column.note else "",
            "higher_is_better": column.higher_is_better}
