"""``manage.py startgame NAME``: the skeleton of a new game, ready for docs/adding-a-game.md.

Creates ``games/<package>/`` (app, RULES.md, engine package with a small placeholder game that
already passes the conformance suite, its rules page in English, French and Swedish, its
engine texts' module and its French and Swedish catalogues in ``locale/``),
``tests/games/<package>/`` and ``bench/<package>_engine.py`` from
``gameplatform/matches/game_template/``, and adds the game's line to ``games/registry.py``
(``--no-register`` leaves that to you): nothing else shared changes. ``NAME`` is the display
name, e.g. "Hexal Classic"; ``--slug`` defaults to it in lower case with dashes
("hexal-classic"), the package to the slug with underscores. Refuses to overwrite anything.
"""
from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

TEMPLATE = Path(__file__).resolve().parents[2] / "game_template"
SLUG_RE = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
# Where a template folder goes, relative to the project root: these two to the project's tests
# and benches, any other into the game's folder (games/<package>/engine, .../locale/fr/LC_MESSAGES).
DESTINATIONS = {"tests": "tests/games/{pkg}", "bench": "bench"}
REGISTRY_LINE = '    "{slug}": "games.{pkg}",\n'


def skeleton_files(name: str, slug: str) -> dict[str, str]:
    """Relative path -> text of every file of the skeleton for ``name``/``slug``."""
    pkg = slug.replace("-", "_")
    words = {"{{name}}": name, "{{slug}}": slug, "{{pkg}}": pkg,
             "{{Class}}": "".join(part.capitalize() for part in pkg.split("_"))}
    out = {}
    for path in sorted(TEMPLATE.rglob("*-tpl")):
        rel = path.relative_to(TEMPLATE)
        parent = rel.parent.as_posix().replace("{{pkg}}", pkg)
        game_folder = f"games/{pkg}" if parent == "." else f"games/{pkg}/{parent}"
        folder = DESTINATIONS[parent].format(pkg=pkg) if parent in DESTINATIONS else game_folder
        filename = rel.name.removesuffix("-tpl")
        if folder == "bench":
            filename = f"{pkg}_{filename}"
        text = path.read_text(encoding="utf-8")
        for key, value in words.items():
            text = text.replace(key, value)
        out[f"{folder}/{filename}"] = text
    return out


def register(registry_file: Path, slug: str) -> None:
    """Adds ``slug`` to ``GAMES`` in ``registry_file`` (before its closing brace)."""
    text = registry_file.read_text(encoding="utf-8")
    match = re.search(r"GAMES: dict\[str, str\] = \{\n(.*?)\n\}", text, re.S)
    if match is None:
        raise CommandError(f"GAMES not found in {registry_file}: add the line yourself")
    if f'"{slug}"' in match.group(1):
        return
    line = REGISTRY_LINE.format(slug=slug, pkg=slug.replace("-", "_"))
    registry_file.write_text(text[:match.end(1) + 1] + line + text[match.end(1) + 1:], encoding="utf-8")


class Command(BaseCommand):
    help = "Create the skeleton of a new game (docs/adding-a-game.md)."

    def add_arguments(self, parser):
        parser.add_argument("name", help='the name shown to people, e.g. "Hexal Classic"')
        parser.add_argument("--slug", help="URL id (default: the name in lower case with dashes)")
        parser.add_argument("--root", default=str(settings.BASE_DIR), help="project root (default: this project)")
        parser.add_argument("--no-register", action="store_true", help="do not add the line to games/registry.py")

    def handle(self, *args, name: str, slug: str | None, root: str, no_register: bool, **options):
        name = name.strip()
        slug = slug or re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
        if not name or not SLUG_RE.match(slug):
            raise CommandError("the slug must be lower-case letters and digits joined by dashes, e.g. hexal-classic")
        base = Path(root)
        files = skeleton_files(name, slug)
        existing = [rel for rel in files if (base / rel).exists()]
        if existing:
            raise CommandError(f"refusing to overwrite: {', '.join(existing)}")
        for rel, text in files.items():
            path = base / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            self.stdout.write(f"created {rel}")
        if not no_register:
            register(base / "games" / "registry.py", slug)
            self.stdout.write(f'registered "{slug}" in games/registry.py')
        self.stdout.write(f"Next: docs/adding-a-game.md; run the conformance suite: make test "
                          f'PYTEST_ARGS="tests/games/test_conformance.py -k {slug}"')
