"""Issue 27 item 14, in the browser: an exported page (``dragonwidgets.to_html``) opened offline, shown at a chance
step, invites no choice: its status says chance decides there and that → shows the outcome drawn (not "pick an
outcome or roll at random"), and its key help lists only the keys that step through the game (no "Enter choose",
no digits). Screenshot in ``$DW_SHOTS`` (default: tmp_path)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

import dragonwidgets
from dragonwidgets.engine import CHANCE

pytestmark = pytest.mark.browser


def test_item14_page_at_a_chance_step_offers_nothing_to_choose(chromium, tmp_path):
    game = dragonwidgets.new_game("emerald", players=3, seed=7, chance="manual")
    rng = random.Random(7)
    chance_step = None
    while game.history_length < 30:
        if game.current_player == CHANCE and chance_step is None:
            chance_step = game.step
        game.apply(rng.choice(game.legal_actions()))
    assert chance_step is not None
    game.goto(chance_step)  # the page opens at the step the game shows
    path = tmp_path / "chance.html"
    dragonwidgets.to_html(game, path, viewer="teacher")
    context = chromium.new_context(viewport={"width": 1300, "height": 950}, offline=True)
    context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(("file:", "blob:", "data:")) else r.abort())
    page = context.new_page()
    try:
        page.goto(path.as_uri())
        page.locator(".dw-root").wait_for()
        status = page.locator(".dw-status").text_content()
        keys = page.locator(".dw-keys").text_content()
        assert "Chance decides" in status and "→" in status, status
        assert "roll at random" not in status and "pick an outcome" not in status, status
        assert "Enter" not in keys and "1–9" not in keys and "←/→" in keys, keys
        shots = Path(os.environ.get("DW_SHOTS") or tmp_path)
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / "item14_page_chance_step.png"))
        page.keyboard.press("ArrowRight")  # the next step shows what chance drew
        page.wait_for_function(f"() => Number(document.querySelector('.dw-timeline-range').value) === {chance_step + 1}")
        assert page.locator(".dw-status").text_content() != status
    finally:
        context.close()
