"""Engines are pure Python: importing the registry and every engine never imports Django."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

GAMES_DIR = Path(__file__).resolve().parents[2] / "games"

PROBE = """
import importlib, json, pkgutil, sys
import games
import games.registry
found = []
for info in pkgutil.iter_modules(games.__path__):
    if not info.ispkg:
        continue
    name = f"games.{info.name}.engine"
    if importlib.util.find_spec(name) is None:
        continue
    package = importlib.import_module(name)
    found.append(name)
    # every module of the engine package, not only what its __init__ happens to import
    for sub in pkgutil.walk_packages(package.__path__, prefix=name + "."):
        importlib.import_module(sub.name)
for slug in games.registry.slugs():
    games.registry.get_engine(slug)
print(json.dumps({"engines": sorted(found), "django": [m for m in sys.modules if m.split(".")[0] == "django"]}))
"""


def engine_packages() -> list[str]:
    return sorted(f"games.{p.parent.name}.engine" for p in GAMES_DIR.glob("*/engine") if p.is_dir())


def test_registry_and_engines_import_without_django():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=GAMES_DIR.parent, env=env,
                         capture_output=True, text=True, check=True)
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report["engines"] == engine_packages() and "games.hextopia.engine" in report["engines"]
    assert report["django"] == []
