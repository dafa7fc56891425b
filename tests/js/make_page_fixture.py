"""Write tests/js/fixtures/page.json: the data of a page ``dragonwidgets.to_html`` wrote, and what the live
widget showed at some of its steps.

A 3-player Emerald game of 40 entries (the dragon die drawn by chance after some decisions), exported for
seat 1 with a keyframe every 16 steps; ``header`` is the page's ``dw-data`` script (its ``data`` the
payload, zlib and base64); ``expected`` maps a step to the traits an ``EmeraldWidget`` on the game, every
seat a person, seat 1's view, holds after ``goto(step)``. ``tests/js/page.test.js`` decodes the data with
``js/page.js`` and must show those traits at those steps.

    python tests/js/make_page_fixture.py
"""

from __future__ import annotations

import json
import random
import re
import tempfile
from pathlib import Path

import dragonwidgets
from dragonwidgets import EmeraldWidget
from dragonwidgets.widgets import page

OUT = Path(__file__).with_name("fixtures") / "page.json"
STEPS = (0, 1, 15, 16, 17, 33, 40)
SHOWN = ("observation", "legal_actions", "log", "text", "status", "player_names", "history_length", "view_seat")


def main() -> None:
    game = dragonwidgets.new_game("emerald", players=3, seed=11)
    rng = random.Random(11)
    while game.history_length < 40:
        game.apply(rng.choice(game.legal_actions()))
    game.goto(20)
    page.KEYFRAME_EVERY = 16
    with tempfile.TemporaryDirectory() as folder:
        text = page.to_html(game, Path(folder) / "page.html", viewer=1).read_text(encoding="utf-8")
    header = re.search(r'<script type="application/json" id="dw-data">(.*?)</script>', text, re.S).group(1)
    live = EmeraldWidget(game=game, seats=["human"] * 3, viewer="1", playing=False)
    expected = {}
    for step in STEPS:
        live.goto(step)
        state = live.get_state()
        expected[str(step)] = {name: state[name] for name in SHOWN}
    OUT.write_text(json.dumps({"header": json.loads(header), "expected": expected}, separators=(",", ":")) + "\n")
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
