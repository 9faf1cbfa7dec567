"""French puts a space before : ; ! ? (issue 26, point 4: 'French "Points de victoire: 8" lacks
the space before the colon that other French strings have').

The French catalogues (the platform's and every game's) space them (a space, a no-break space
or a narrow one), and no text puts its punctuation in code where a translation cannot reach
it: the ES modules glue no ": " between two values (they use ``labelled`` of js/i18n.js), and
no Python message to people is an f-string (``i18n.phrases.labelled``, ngettext...).
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import polib
from django.conf import settings
from django.utils import translation

from gameplatform.web.matches import options_text
from games.registry import get_engine
from tests.i18n.test_js_literals import literals, modules

ROOT = Path(settings.BASE_DIR)
UNSPACED = re.compile(r"(?<=[^\s\u00a0\u202f])[:;!?](?=[\s\u00a0]|$)")
# Not French punctuation: addresses and code ("hexagora-seed:42", '"?"', {game!r}), fields
# and ratios ("%(rate)s:1", "4:1").
NOT_PROSE = re.compile(r"https?://\S+|<code>.*?</code>|\"[^\"]*\"|\{[^}]*\}|%\(\w+\)[sd]|\d+:\d+|\?\w+=")
# Python calls whose text reaches people: an f-string there is English glued in code.
SINKS = {"message_user", "error", "success", "info", "warning", "ValidationError", "ServiceError", "add_error",
         "error_body"}


def unspaced(text: str) -> list[str]:
    prose = NOT_PROSE.sub("0", text)
    return [prose[max(0, m.start() - 20):m.end() + 5] for m in UNSPACED.finditer(prose)]


def test_the_scan_finds_unspaced_punctuation():
    assert unspaced("Points de victoire: 8") == ["Points de victoire: 8"]
    assert unspaced("Voir http://x.org/?a=1 ; %(rate)s:1 ou 4:1 : « ? » {game!r} <code>seed:</code>") == []
    assert unspaced("Déjà fini!") == ["Déjà fini!"]


def test_every_french_text_spaces_its_punctuation():
    files = sorted((ROOT / "locale" / "fr").rglob("*.po")) + sorted(ROOT.glob("games/*/locale/fr/LC_MESSAGES/*.po"))
    left = []
    for path in files:
        for entry in polib.pofile(str(path)):
            for text in [entry.msgstr, *entry.msgstr_plural.values()]:
                left += [f"{path.relative_to(ROOT)}: {bit!r} in {text!r}" for bit in unspaced(text)]
    assert not left, "\n".join(left)


def test_an_options_line_in_french():
    """The issue's own example: a match's options in the lobby and at the table."""
    hexfolk = get_engine("hexfolk")
    options = {**hexfolk.validate_options({}), "victory_points": 8}
    with translation.override("fr"):
        assert options_text(hexfolk, options) == "Points de victoire : 8"
    assert options_text(hexfolk, options) == "Victory points: 8"


def glued(text: str) -> bool:
    """A template literal (``${...}`` as X) that puts : ; ! ? between values in code."""
    return bool(re.search(r"X\s?[:;!?](\s|$)", text) or re.match(r"\s*[:;!?]\s", text))


def test_no_module_glues_punctuation_between_values():
    assert glued("X: X") and glued(": X") and glued("X; X") and not glued("X:X") and not glued("card:X")
    left = [f"{p.relative_to(ROOT)}:{line}: {text!r}" for p in modules()
            for line, text, start, _end in literals(p.read_text(encoding="utf-8"))
            if p.read_text(encoding="utf-8")[start] == "`" and glued(text)]
    assert not left, "Word these through gettext (labelled of js/i18n.js for label: value):\n" + "\n".join(left)


def test_no_python_message_is_glued_in_code():
    left = []
    for path in sorted(ROOT.glob("gameplatform/**/*.py")) + sorted(ROOT.glob("accounts/**/*.py")):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = getattr(node, "func", None)
            name = getattr(name, "attr", None) or getattr(name, "id", None)
            if isinstance(node, ast.Call) and name in SINKS:
                # ServiceError(code, message, ...): its code is no text.
                args = [*node.args[1 if name == "ServiceError" else 0:], *(k.value for k in node.keywords)]
                if any(isinstance(a, ast.JoinedStr) or any(isinstance(x, ast.JoinedStr) for x in ast.walk(a))
                       for a in args):
                    left.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)[:100]}")
    assert not left, "A message to people built with an f-string (use gettext / labelled):\n" + "\n".join(left)
