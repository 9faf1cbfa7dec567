"""axe-core in the browser tests (issue 31, point 3): the npm package's script (package.json,
installed by ``make test`` with ``npm ci``) injected into a page, and its violations.

``violations(page)`` -> ``[{"id", "impact", "help", "nodes": [selectors]}]``;
``assert_accessible(page, where, every=False)``: nothing at the serious or critical level, or
nothing at all with ``every``. Skips (saying why) where the package is not installed: a
newcomer's machine without npm.
"""
from __future__ import annotations

from pathlib import Path

import pytest

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")

RUN_JS = """async () => {
  const r = await axe.run(document, {resultTypes: ["violations"]});
  return r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 6).map((n) => n.target.join(" "))}));
}"""


def violations(page) -> list[dict]:
    """axe-core's violations on ``page`` as it is now (the script injected once per document)."""
    if not AXE.exists():
        pytest.skip("axe-core is not installed (make test runs npm ci; npm is missing)")
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_JS)


def assert_accessible(page, where: str, every: bool = False) -> None:
    found = violations(page)
    bad = found if every else [v for v in found if v["impact"] in SERIOUS]
    assert not bad, f"{where}: " + "; ".join(f"{v['id']} ({v['impact']}): {v['help']} at {v['nodes']}" for v in bad)
