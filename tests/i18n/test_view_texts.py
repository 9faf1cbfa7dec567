"""The engines' view texts reach a seat in its language (docs/contracts.md, "Translations").

For every registered game, random moves; at every few steps, for every seat and the
spectator: every player text of the view (the envelope's ``phase_text``, seat ``summary``
and ``colour_name``, and any other string of words) is marked by the engine's
``view_texts``, every msgid it uses has a French and a Swedish entry, and with French
active the localized view holds the French rendering, not the English.
"""
import random

import pytest
from django.utils import translation
from django.utils.translation import trans_real

from gameplatform.i18n.view_texts import SOURCE_LANGUAGE, localize_view, localized
from games import registry
from games.conformance import option_sets, seat_layouts
from games.texts import InContext, Plural, at_path, msgids, plural, render, text

STEPS = 120  # actions per game
EVERY = 4  # views checked every that many actions
ENVELOPE_TEXTS = ("phase_text",)
SEAT_TEXTS = ("summary", "colour_name")


def _has_entry(lang: str, msgid) -> bool:
    catalog = trans_real.translation(lang)._catalog
    if isinstance(msgid, Plural):
        return (msgid.singular, 0) in catalog and (msgid.singular, 1) in catalog
    if isinstance(msgid, InContext):
        return f"{msgid.context}\x04{msgid.message}" in catalog
    return msgid in catalog


def _wordy(value) -> bool:
    """A string of words a person reads (not a code, slug, card or single word of data)."""
    return isinstance(value, str) and " " in value.strip() and sum(c.isalpha() for c in value) >= 3


def _strings(obj, path=""):
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield from _strings(value, f"{path}.{key}" if path else str(key))
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            yield from _strings(value, f"{path}.{i}")
    elif isinstance(obj, str):
        yield path, obj


def _texts_needed(view: dict) -> set[str]:
    """Paths of the view that hold a player text: the envelope's and every string of words."""
    paths = {p for p in ENVELOPE_TEXTS if view.get(p)}
    paths |= {f"seats.{i}.{key}" for i, seat in enumerate(view["seats"]) for key in SEAT_TEXTS if seat.get(key)}
    paths |= {p for p, value in _strings(view) if _wordy(value)}
    return paths


def _check(engine, state, seat, seen: set):
    view = engine.view(state, seat)
    texts = engine.view_texts(state, seat)
    missing = _texts_needed(view) - set(texts)
    assert not missing, f"{engine.slug}: texts not marked by view_texts: {[(p, at_path(view, p)) for p in missing]}"
    with translation.override("fr"):
        french = localize_view(view, texts)
        for path, spec in texts.items():
            for msgid in msgids(spec):
                if msgid in seen:
                    continue
                for lang in ("fr", "sv"):
                    assert _has_entry(lang, msgid), f"{engine.slug}: no {lang} entry for {msgid!r} ({path})"
                seen.add(msgid)
            shown = at_path(french, path)
            assert shown == render(spec, translation.gettext, translation.ngettext, translation.pgettext)
            if _translated_differently(spec):
                assert shown != at_path(view, path), f"{engine.slug}: {path} is still English: {shown!r}"
    assert view == engine.view(state, seat), "localize_view changed the engine's view"
    # In English the view is what its texts render to through Django's English catalogue, so
    # ``localized`` may hand it on as it is (issue 29: no rendering per English socket).
    with translation.override(SOURCE_LANGUAGE):
        assert localize_view(view, texts) == view, f"{engine.slug}: an English reader would see other texts"
        assert localized({"view": view, "texts": texts})["view"] is view


def _translated_differently(spec) -> bool:
    """Whether every msgid of ``spec`` reads differently in French (then so does the text)."""
    with translation.override("fr"):
        for msgid in msgids(spec):
            if isinstance(msgid, Plural):
                same = translation.ngettext(msgid.singular, msgid.plural, 2) == msgid.plural
            elif isinstance(msgid, InContext):
                same = translation.pgettext(msgid.context, msgid.message) == msgid.message
            else:
                same = translation.gettext(msgid) == msgid
            if same:
                return False
    return True


@pytest.mark.parametrize("slug", registry.slugs())
def test_every_view_text_reaches_a_french_seat_in_french(slug):
    engine = registry.get_engine(slug)
    rng = random.Random(13)
    seen: set = set()
    layouts = seat_layouts(engine)
    opts_list = option_sets(engine, rng, 3)
    played = 0
    for k, (n, _name, layout) in enumerate(layouts[:: max(1, len(layouts) // 3)]):
        options = opts_list[k % len(opts_list)]
        try:
            engine.validate_seats(options, layout)
        except Exception:
            options = engine.validate_options({})
        state = engine.setup(options, layout, rng.randrange(2**40))
        for step in range(STEPS):
            acting = engine.to_act(state)
            if step % EVERY == 0 or not acting:
                for seat in (None, *range(n)):
                    _check(engine, state, seat, seen)
            if not acting:
                break
            seat = rng.choice(acting)
            state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
            played += 1
    assert played and seen


def test_localize_view_copies_only_the_paths_and_drops_texts():
    view = {"phase_text": "Game over", "seats": [{"summary": "1 card", "colour": "#fff"}], "board": [1]}
    texts = {"phase_text": text("Game over"), "seats.0.summary": plural(Plural("{n} card", "{n} cards"), 1),
             "nowhere.0": text("Game over")}
    with translation.override("fr"):
        out = localized({"view": view, "texts": texts, "version": 3})
    assert out == {"view": {"phase_text": "Partie terminée", "seats": [{"summary": "1 carte", "colour": "#fff"}],
                            "board": [1]}, "version": 3}
    assert view["phase_text"] == "Game over" and view["seats"][0]["summary"] == "1 card"
    assert out["view"]["board"] is view["board"]


def test_a_translation_with_wrong_fields_falls_back_to_english():
    spec = text("Deal {deal}, hand {hand}", deal=1, hand=2)
    assert render(spec, lambda m: "Donne {nope}") == "Deal 1, hand 2"
    assert render(spec) == "Deal 1, hand 2"
