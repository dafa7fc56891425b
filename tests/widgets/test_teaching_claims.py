"""The teaching notebooks' prose against the figures stored beside it.

Each question of a teaching notebook ends with "What a larger run says": figures from a run larger than the
stored one. After a change to a game's cards or bots those figures must be measured again; a paragraph left
from before the change contradicts the small run printed just above it, and a student reading both is lost.
These tests read the stored notebook (no game is played) and check that the larger run's figures agree with
the small run's (Draghan's deck was rebalanced, the planner travels at the first portal: the rounds and the
bots' paragraphs had kept the old figures, 13-14 rounds for won games beside a small run of 3 to 9 rounds).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

TEACHING = Path(__file__).resolve().parents[2] / "notebooks" / "teaching"


def _cells(game: str) -> list[tuple[str, str]]:
    """Return ``(markdown text or code output text, cell type)`` of the stored notebook, in order."""
    book = json.loads((TEACHING / f"{game}.ipynb").read_text(encoding="utf-8"))
    out = []
    for cell in book["cells"]:
        if cell["cell_type"] == "markdown":
            out.append(("".join(cell["source"]), "markdown"))
        else:
            text = "".join("".join(o.get("text", "")) for o in cell.get("outputs", []))
            out.append((text, "code"))
    return out


def _text(game: str) -> str:
    return "\n".join(t for t, kind in _cells(game) if kind == "markdown")


def _outputs(game: str) -> str:
    return "\n".join(t for t, kind in _cells(game) if kind == "code")


def test_draghan_rounds_of_the_larger_run_lie_within_the_rounds_printed_by_the_small_run():
    """DG-ROUND-1, DG-END-1..4: the averages quoted for won and lost games lie between the fewest and the
    most rounds the stored run printed for games of that outcome."""
    printed = re.findall(r"team of \d, +(won|lost): +\d+ games, .*from (\d+) to (\d+)", _outputs("draghan"))
    assert printed, "the rounds cell printed no line per team and outcome"
    claim = re.search(r"won games lasted ([\d.]+)(?: to ([\d.]+))? rounds on average and lost\s+games "
                      r"([\d.]+)(?: to ([\d.]+))?", _text("draghan"))
    assert claim, "the rounds paragraph quotes no average for won and lost games"
    quoted = {"won": [float(x) for x in claim.group(1, 2) if x],
              "lost": [float(x) for x in claim.group(3, 4) if x]}
    for outcome, averages in quoted.items():
        fewest = min(int(a) for o, a, _ in printed if o == outcome)
        most = max(int(b) for o, _, b in printed if o == outcome)
        for average in averages:
            assert fewest <= average <= most, (
                f"the larger run's {outcome} games last {average} rounds on average, the stored run's "
                f"{outcome} games {fewest} to {most} rounds: measure again (tools/make_teaching_notebooks.py)")


def test_draghan_planner_team_of_two_has_one_win_rate_in_questions_1_and_3():
    """DG-END-1: question 3's planner team of two plays the games of question 1's team of two (same bots,
    same seed), so the two larger-run win rates quoted for it must agree within their 95 % intervals."""
    text = _text("draghan")
    q1 = re.search(r"a team of two wins ([\d.]+) % of its\s+games \(95 % interval (\d+)–(\d+) %\)", text)
    q3 = re.search(r"`planner` teams of two\s+win ([\d.]+) % \(95 % interval (\d+)–(\d+) %[;)]", text)
    assert q1 and q3, "a larger-run paragraph no longer quotes the planner team of two"
    low1, high1 = float(q1.group(2)), float(q1.group(3))
    low3, high3 = float(q3.group(2)), float(q3.group(3))
    assert low1 <= high3 and low3 <= high1, (
        f"question 1 quotes {q1.group(1)} % ({low1:g}-{high1:g}) for the planner team of two, question 3 "
        f"{q3.group(1)} % ({low3:g}-{high3:g}): one of them comes from an older deck or bot")
