"""No English left in the ES modules (issue 13, point 7): every text a player reads in the
games' and the platform's static JavaScript goes through the JS catalogue (gettext, ngettext,
pgettext of static/js/i18n.js), so ``make messages`` extracts it and test_catalogues asks for
its French and Swedish. The scan reads each module's string and template literals outside
comments; a literal that reads like words (two words, or one capitalised word) and is not
the message of a gettext call fails here, unless the allow-list below says why it may stay."""
from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)

# The message argument(s) of a catalogue call start right after one of these.
CALL = re.compile(r"\b(?:gettext|ngettext|pgettext|npgettext)\(\s*$")
# Literals that are no words for a reader: class names, selectors, SVG attributes, and the
# fallbacks of texts the server translates and hands over in the page's config (chat.js
# `this.text(key, fallback)`, clocks.js `words.vacation || fallback`).
NOT_TEXT_AFTER = re.compile(
    r"(?:\bclass:\s*(?:[^,{}]*\?\s*[^,{}]*:\s*)?|className\s*\+?=\s*|(?:querySelector(?:All)?|closest|matches|matchMedia)\??\.?\(\s*|\.style\.\w+\s*=\s*|\bstyle:\s*"
    r"|\bthis\.text\([^()]*,\s*|\bwords\.\w+\s*\|\|\s*)$"
)
WORDS = re.compile(r"\b[A-Za-z]{2,}[,.:;!?]? +[A-Za-z]{2,}\b|\b[A-Z][a-z]{2,}\b")
# Key names (KeyboardEvent.key), HTTP headers, the games' own names.
NAMES = {"Enter", "Escape", "Home", "End", "Content-Type", "HEXTOPIA"}
# (module, literal): why each may stay.
ALLOWED = {
    # The chat's report reasons before the server's config arrives (the config's are translated).
    ("static/js/chat.js", "Spam"), ("static/js/chat.js", "Abuse"), ("static/js/chat.js", "Cheating"),
    ("static/js/chat.js", "Other"),
    # A rewrite of the server's (translated) move label in English; in another language the
    # pattern does not match and the label stays as the server wrote it.
    ("games/hextopia/static/hextopia/play.js", "a $1 piece from HOME"),
}


def literals(src: str):
    """(line, text, start, end) of each string and template literal outside comments; a
    template's ${...} parts are scanned as code, and stand as X in its text."""
    found = []
    n = len(src)

    def scan(i: int, in_template: bool = False) -> int:
        depth = 0
        while i < n:
            c = src[i]
            if src.startswith("//", i):
                i = src.find("\n", i)
                i = n if i < 0 else i
            elif src.startswith("/*", i):
                j = src.find("*/", i + 2)
                i = n if j < 0 else j + 2
            elif c in "\"'":
                j = i + 1
                while j < n and src[j] != c:
                    j += 2 if src[j] == "\\" else 1
                found.append((src.count("\n", 0, i) + 1, src[i + 1:j], i, j + 1))
                i = j + 1
            elif c == "`":
                start, j, text = i, i + 1, []
                while j < n and src[j] != "`":
                    if src[j] == "\\":
                        text.append(src[j:j + 2])
                        j += 2
                    elif src.startswith("${", j):
                        j = scan(j + 2, in_template=True)
                        text.append("X")
                    else:
                        text.append(src[j])
                        j += 1
                found.append((src.count("\n", 0, start) + 1, "".join(text), start, j + 1))
                i = j + 1
            else:
                if in_template and c == "{":
                    depth += 1
                elif in_template and c == "}":
                    if not depth:
                        return i + 1
                    depth -= 1
                i += 1
        return i

    scan(0)
    found.sort(key=lambda x: x[2])
    return found


def untranslated(path: Path, root: Path = ROOT) -> list[tuple[int, str]]:
    """The literals of the module at `path` (under `root`) that read like words and are not
    translated."""
    src = path.read_text(encoding="utf-8")
    rel = path.relative_to(root).as_posix()
    out = []
    prev_end, prev_message = -1, False
    for line, text, start, end in literals(src):
        before = src[max(0, start - 80):start]
        message = bool(CALL.search(before))
        if not message and prev_message and re.fullmatch(r"\s*,\s*", src[prev_end:start]):
            message = True  # ngettext's plural, pgettext's message after its context
        prev_end, prev_message = end, message
        if message or NOT_TEXT_AFTER.search(before) or text in NAMES or text.lstrip().startswith("<"):
            continue
        if (rel, text) in ALLOWED or not WORDS.search(text.replace("X", " ")):
            continue
        out.append((line, text))
    return out


def modules() -> list[Path]:
    """The site's own ES modules: static/js and each game's static folder."""
    paths = list((ROOT / "static").rglob("*.js")) + list((ROOT / "games").glob("*/static/**/*.js"))
    return sorted(p for p in paths if "vendor" not in p.parts)


def test_the_scan_finds_english_outside_gettext(tmp_path):
    module = tmp_path / "m.js"
    module.write_text(
        '// "Not this comment"\n'
        'const a = gettext("Roll the dice"), b = ngettext("%(n)s card", "%(n)s cards", n);\n'
        'const c = pgettext("Hexfolk resource", "lumber"), d = h("p", { class: "small muted" });\n'
        'const e = button("Cancel"), f = `Turn ${n}: your move`, g = `x${gettext("Fine words")}`;\n',
        encoding="utf-8",
    )
    assert untranslated(module, tmp_path) == [(4, "Cancel"), (4, "Turn X: your move")]


def test_no_english_literal_outside_the_catalogue():
    files = modules()
    assert any(p.parts[-2] == "hexfolk" for p in files)
    left = [f"{p.relative_to(ROOT)}:{line}: {text!r}" for p in files for line, text in untranslated(p)]
    assert not left, "Put these through gettext / ngettext (or explain them in ALLOWED):\n" + "\n".join(left)


def test_no_english_in_style_sheets():
    """A CSS ``content`` cannot be translated: words a reader sees come from an attribute the page
    fills from the catalogue (``content: attr(data-more-below)``, set by the template)."""
    sheets = sorted((ROOT / "static").rglob("*.css")) + sorted((ROOT / "games").glob("*/static/**/*.css"))
    content = re.compile(r"content:([^;}]*)")

    def wordy(line: str) -> bool:
        return any(re.search(r"[A-Za-z]{2,}", text) for value in content.findall(line) for text in re.findall(r'"([^"]*)"', value))

    left = [f"{p.relative_to(ROOT)}:{n}" for p in sheets if "vendor" not in p.parts
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if wordy(line)]
    assert not left, left
