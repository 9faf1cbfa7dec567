"""No English in French and Swedish (issue 26, point 4): "every Hexcrement move says 'Bot 2 va à
tapis yellow, colonne 6, rangée 2'; the lobby's seat chips say 'strong bot', 'heuristic bot ·
lag A', 'random bot' while the table says 'bot fort' / 'stark-bot'; the French finished-match
button says 'Replay'; 'Alice ended their turn' for the user alice".

Every registered game plays a few random games through its engine; every step's events are
worded by the game's own describe.js (the live log's and the replay's words) for a spectator
and for seat 0, with the view that page would get (localized by the server in that language),
and the seat list and the game's panels are drawn (tests/js/texts_scan.mjs); the views' texts
are rendered too. In French and in Swedish none of it may hold an English colour, a bot kind or
"Replay", and a username is shown as it is written. The lobby's seat chips and the open
match page's seats name each bot kind as the table does.
"""
from __future__ import annotations

import html
import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from gameplatform.i18n.view_texts import localize_view, localized_seats
from gameplatform.matches.models import Match
from games import registry
from games.conformance import option_sets, random_steps, seat_layouts
from games.protocol import OptionsError, visible_events

ROOT = Path(settings.BASE_DIR)
LANGUAGES = ("fr", "sv")
PLAYOUTS = 2
MAX_STEPS = 1500
PEOPLE = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi"]
# English words a French or Swedish page must not show. Lower case, or capitalized at the
# start of a sentence; never upper case (HexBoard Words' words are English and shown so).
# orange, olive, indigo and magenta are French and Swedish words as well.
COLOURS = ("red", "green", "blue", "yellow", "white", "black", "purple", "brown", "pink", "grey", "gray", "teal",
           "slate")
BOTS = ("strong", "random", "heuristic", "greedy", "strong bot", "random bot", "heuristic bot", "greedy bot",
        "junior bot")
OTHER = ("Replay",)


def english_words(text: str) -> list[str]:
    """The English words of the lists above in ``text``, and any username not as written."""
    found = []
    for word in COLOURS + BOTS:
        for form in (word, word[:1].upper() + word[1:]):
            if re.search(rf"(?<![\w-]){re.escape(form)}(?![\w-])", text):
                found.append(form)
    found += [w for w in OTHER if re.search(rf"\b{w}\b", text)]
    found += [n.capitalize() for n in PEOPLE if re.search(rf"\b{n.capitalize()}\b", text)]
    return found


def test_the_scan_finds_english_words_and_changed_names():
    assert english_words("Bot 2 va à tapis yellow, colonne 6") == ["yellow"]
    assert english_words("Red dung · bot fort · Replay") == ["Red", "Replay"]
    assert english_words("Alice ended their turn") == ["Alice"]
    assert english_words("bouse rouge · RED · ORANGE · orange · bot Fort · strong-bot") == []


def _seats(engine, n: int) -> list[dict]:
    """The platform's seat list (``seat_public``) for ``n`` seats: people, then one of each bot kind."""
    kinds = list(engine.bots())
    seats = []
    for i in range(n):
        if i % 2:
            kind = kinds[(i // 2) % len(kinds)]
            seats.append({"index": i, "name": f"{kind} bot", "is_bot": True, "bot_kind": kind, "team": None,
                          "takeover": False})
        else:
            seats.append({"index": i, "name": PEOPLE[i], "is_bot": False, "bot_kind": "", "team": None,
                          "takeover": i == 2})
    return seats


def _perspective(engine, state, events, seat) -> dict:
    view = localize_view(engine.view(state, seat), engine.view_texts(state, seat))
    return {"seat": seat, "events": visible_events(events, seat), "view": view}


def _playouts(engine, language: str) -> tuple[list[dict], list[str], int]:
    """Random games of ``engine`` (the same in every language): their steps for describe.js,
    the views' localized texts, and the seat count of the first."""
    rng = random.Random(26)
    layouts = seat_layouts(engine)
    options = option_sets(engine, rng, PLAYOUTS)
    playouts, texts = [], []
    for k in range(PLAYOUTS):
        n, _name, layout = layouts[(k * len(layouts)) // PLAYOUTS]
        opts = next((o for o in options[k:] + options[:k] if _fits(engine, o, layout)), engine.validate_options({}))
        start = engine.setup(opts, layout, rng.randrange(2**40))
        with translation.override(language):
            steps = [{"actor": None, "perspectives": [_perspective(engine, start, engine.setup_events(start), s)
                                                      for s in (None, 0)]}]
            for step, (_seat, state, events) in enumerate(random_steps(engine, start, rng, MAX_STEPS)):
                actor = ("timeout", "takeover", None, None, None)[step % 5]
                steps.append({"actor": actor, "perspectives": [_perspective(engine, state, events, s) for s in (None, 0)]})
                texts += [text for p in steps[-1]["perspectives"] for text in _view_texts(p["view"], engine, state,
                                                                                           p["seat"])]
        playouts.append({"steps": steps, "seats": n})
    return playouts, texts, playouts[0]["seats"]


def _fits(engine, options: dict, layout) -> bool:
    try:
        engine.validate_seats(options, layout)
    except OptionsError:
        return False
    return True


def _view_texts(view: dict, engine, state, seat) -> list[str]:
    out = []
    for path in engine.view_texts(state, seat):
        node = view
        try:
            for key in path.split("."):
                node = node[int(key)] if isinstance(node, list) else node[key]
        except (KeyError, IndexError, ValueError, TypeError):
            continue
        if isinstance(node, str):
            out.append(node)
    return out


def _rendered(slug: str, language: str, tmp_path: Path) -> list[dict]:
    """Every text of the random games of ``slug`` in ``language``: describe.js's lines, the
    seat list, the hooks' texts and the views' texts, as ``{where, text}``."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js (node) on PATH")
    engine = registry.get_engine(slug)
    playouts, view_texts, n = _playouts(engine, language)
    with translation.override(language):
        seats = localized_seats(_seats(engine, max(p["seats"] for p in playouts)))
    catalogue = Client().get("/jsi18n/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    game = registry.GAMES[slug].split(".")[-1]
    source = tmp_path / f"{slug}-{language}.json"
    source.write_text(json.dumps({"catalogue": catalogue, "game": game, "gameData": engine.static_data(),
                                  "seats": seats, "playouts": playouts}), encoding="utf-8")
    run = subprocess.run([node, str(ROOT / "tests" / "js" / "texts_scan.mjs"), str(source)], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout) + [{"where": "view", "text": t} for t in view_texts]


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", registry.slugs())
def test_a_games_log_seats_and_views_hold_no_english(slug, language, tmp_path):
    texts = _rendered(slug, language, tmp_path)
    assert sum(1 for t in texts if t["text"]) > 50, "the games were worded"
    bad = {}
    for t in texts:
        for word in english_words(t["text"]):
            bad.setdefault(word, f"{t['where']}: {t['text']!r}")
    assert not bad, f"{slug} in {language}: English or a changed name:\n" + "\n".join(
        f"{word!r} in {where}" for word, where in bad.items())


def _chips(html_text: str, css: str) -> list[str]:
    return [html.unescape(re.sub(r"<[^>]+>", "", m)).strip()
            for m in re.findall(rf'<li class="chip {css}"[^>]*>(.*?)</li>', html_text, re.S)]


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_names_a_bot_seat_as_the_table_does(client, user_factory, match_factory, language):
    """The lobby's seat chips, the open match's seats and the table's seats (the snapshot the
    seat list draws) name each bot kind of every game alike, in the reader's language."""
    member = user_factory("alice")
    client.force_login(member)
    wanted, open_matches = {}, []
    for engine in registry.all_engines():
        kinds = list(engine.bots())[: engine.max_seats - 1]
        with translation.override(language):  # the table's name of each bot seat
            wanted.update({kind: localized_seats([{"is_bot": True, "bot_kind": kind, "name": f"{kind} bot"}])[0]["name"]
                           for kind in kinds})
        open_matches.append(match_factory(engine.slug, [member, *kinds], start=False))
        match_factory(engine.slug, [member, *([kinds[-1]] * (engine.min_seats - 1))])
    finished = match_factory("hextopia", [member, "random"])
    Match.unscoped.filter(pk=finished.pk).update(status=Match.Status.FINISHED)  # its replay button
    lobby = client.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    visible = html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<(script|style)\b.*?</\1>", "", lobby, flags=re.S)))
    assert not english_words(visible), english_words(visible)
    shown = {text.split(" · ")[0] for text in _chips(lobby, "chip-bot")}
    assert shown == set(wanted.values()), f"lobby chips {shown} (wanted {set(wanted.values())})"
    for text in shown:
        assert not english_words(text), text
    page = client.get(f"/matches/{open_matches[-1].pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    for kind in list(registry.get_engine(open_matches[-1].game).bots())[:2]:
        assert re.search(rf"<td>\s*{re.escape(wanted[kind])}\s*</td>", page), f"open match seat: {wanted[kind]}"
    table = Match.unscoped.filter(status=Match.Status.ACTIVE).first()
    snapshot = client.get(f"/matches/{table.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    seats = json.loads(html.unescape(re.search(r'id="match-snapshot" type="application/json">(.*?)</script>',
                                               snapshot, re.S).group(1)))["seats"]
    assert {s["name"] for s in seats if s["is_bot"]} <= set(wanted.values())
