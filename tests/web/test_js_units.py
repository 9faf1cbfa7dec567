"""The front end's DOM-free modules (static/js/hexgrid.js, seats.js, generic.js), and boards
drawn into a stand-in document (tests/js/mini_dom.mjs), under Node's own test runner:
``node --test tests/js/``. Skipped where Node.js is missing (the machines
of this project, CI's included, have Debian's node)."""
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_js_unit_tests_pass():
    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js (node) on PATH")
    files = sorted(str(p) for p in (ROOT / "tests" / "js").glob("*.test.mjs"))
    assert files
    run = subprocess.run([node, "--test", *files], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
