"""axe-core in the browser tests: run Deque's accessibility engine on part of a page, switch JupyterLab's theme.

axe-core comes from npm (``package.json``'s dev dependencies; ``pip install -e .`` runs ``npm install``) and is
injected into the page with Playwright's ``add_script_tag``. In JupyterLab axe skips its contrast checks
silently unless the page's body has a height (JupyterLab's ``<body>`` has none and hides its overflow): the
script gives it one (``test_accessibility.py::test_axe_reports_a_planted_low_contrast_text`` proves the contrast
checks run).
"""

from __future__ import annotations

import time

from lab_harness import REPO

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
LIGHT, DARK = "JupyterLab Light", "JupyterLab Dark"
SERIOUS = ("serious", "critical")

# Run axe on the elements matching `selector`; return its violations, each with its nodes'
# selectors and failure summaries (what the tests print and assert on).
_AXE_JS = """
async (selector) => {
  document.body.style.height = '100vh';  // without a height axe skips colour contrast silently
  const result = await axe.run({include: [[selector]]}, {resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary,
                              html: n.html.slice(0, 160)})),
  }));
}
"""


def run_axe(page, selector: str) -> list[dict]:
    """Return axe's violations inside ``selector`` (axe is injected into the page once)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(_AXE_JS, selector)


def serious(violations: list[dict]) -> list[dict]:
    """The violations whose impact is serious or critical."""
    return [v for v in violations if v["impact"] in SERIOUS]


def describe(violations: list[dict]) -> str:
    """A readable list of violations and the elements that fail them."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])} element(s)): {v['help']}")
        for n in v["nodes"][:6]:
            lines.append(f"    {n['target']}: {n['summary'].splitlines()[-1].strip() if n['summary'] else ''}")
            lines.append(f"        {n['html']}")
    return "\n".join(lines)


def set_theme(page, theme: str) -> None:
    """Switch JupyterLab's theme and wait until the page shows it."""
    page.evaluate("t => window.jupyterapp.commands.execute('apputils:change-theme', {theme: t})", theme)
    page.wait_for_function("t => document.body.dataset.jpThemeName === t", arg=theme)
    time.sleep(0.3)  # the theme's stylesheet is applied after the body's attribute changes
