"""Issue 27, item 14 (three of its parts): texts that said the wrong thing.

- Draghan's log credited a new round's events to whoever ended the last round ("Wizard — Round 1: the Elf
  turns up Sacred Spring"): the active character turns up the location (DG-LOC-1), so the row is theirs.
- The exported page (``dragonwidgets.to_html``), at a chance step, invited the reader to "pick an outcome or
  roll at random", which a page that replays a recorded game cannot do.
- The welcome notebook's ``game.explain(...)`` cell showed a quoted string with literal ``\\n``: it prints.
"""

from __future__ import annotations

import json
import pathlib
import random

import dragonwidgets
from dragonwidgets import DraghanWidget
from dragonwidgets.engine import CHANCE
from dragonwidgets.widgets.page import page_traits, read_page, to_html

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[2] / "notebooks"


def _draghan_played(seed: int, steps: int):
    game = dragonwidgets.new_game("draghan", players=3, seed=seed)
    rng = random.Random(seed)
    while not game.is_over and game.history_length < steps:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_item14_draghan_log_credits_the_character_who_turns_up_the_location():
    """DG-LOC-1: the active character turns up the round's location; its row (and the rows of what that round's
    start brings: healing, encounters revealed, the market, a thief) carry that character's name, not the name of
    whoever ended the round before."""
    game = _draghan_played(seed=1, steps=60)
    rows = [r for r in game.log(None) if r["kind"] == "location"]
    assert len(rows) >= 5, "too few rounds to check"
    for row in rows:
        turner = row["text"].split(": the ", 1)[1].split(" turns up ", 1)[0]
        assert row["name"] == turner, row
    # a round whose location was turned up by someone other than the seat that ended the round before
    assert any(row["player"] != CHANCE and game.player_name(row["player"]) != row["name"] for row in rows)
    # what follows the location in the same entry is the new round's (its revealed encounters)
    log = game.log(None)
    for i, row in enumerate(log):
        if row["kind"] == "location" and i + 1 < len(log) and log[i + 1]["step"] == row["step"]:
            assert log[i + 1]["name"] == row["name"], (row, log[i + 1])
    # the widget's log (a seat's view, its last rows) says the same
    w = DraghanWidget(game=game, viewer="0", seats=["human"] * 3, playing=False)
    shown = [r for r in w.log if r["kind"] == "location"]
    assert shown and all(r["text"].split(": the ", 1)[1].startswith(r["name"] + " ") for r in shown)


def test_item14_draghan_log_tail_credits_like_the_whole_log():
    """``log(last=n)`` reads the history backwards; its rows carry the same names as the whole log's."""
    game = _draghan_played(seed=3, steps=80)
    whole = game.log(1)
    for n in (1, 5, 17, 60):
        assert game.log(1, last=n) == whole[-n:]


def _at_chance(name: str, seed: int):
    """A game of seeded random play stopped at a chance node whose outcome the teacher could pick, with the
    history going on after it (the page's step there is not its last)."""
    game = dragonwidgets.new_game(name, players=3, seed=seed, chance="manual")
    rng = random.Random(seed)
    chance_steps = []
    while not game.is_over and game.history_length < 40:
        if game.current_player == CHANCE:
            chance_steps.append(game.step)
        game.apply(rng.choice(game.legal_actions()))
    assert chance_steps, "no chance node in the game"
    return game, chance_steps


def test_item14_page_at_a_chance_step_invites_no_choice(tmp_path):
    """A page replays a recorded game: at a chance step its status says chance decides there and that the next
    step shows what was drawn; it never offers to pick an outcome or roll."""
    for name in ("emerald", "chasse_au_dragon", "drachenland", "draghan"):
        game, chance_steps = _at_chance(name, seed=7)
        for viewer in ("teacher", "0"):
            payload = read_page(to_html(game, tmp_path / f"{name}-{viewer}.html", viewer=viewer))
            for step in chance_steps:
                status = page_traits(payload, step)["status"]
                assert "roll at random" not in status and "pick" not in status, (name, viewer, step, status)
                assert "Chance decides" in status and "→" in status, status
            last = page_traits(payload, len(payload["steps"]) - 1)["status"]
            assert "roll at random" not in last and "pick" not in last, last


def test_item14_page_stopped_at_a_chance_node_says_the_record_ends_there(tmp_path):
    game, _ = _at_chance("emerald", seed=7)
    while game.current_player != CHANCE:
        game.apply(game.legal_actions()[0])
    assert game.step == game.history_length  # nothing after: the record stops at the chance node
    payload = read_page(to_html(game, tmp_path / "end.html"))
    status = page_traits(payload, len(payload["steps"]) - 1)["status"]
    assert "roll at random" not in status and "pick" not in status and "the recorded game stops here" in status, status


def test_item14_welcome_notebook_prints_the_explanation():
    """The welcome notebook's ``explain`` cell prints the sentence (no quoted string with literal ``\\n``)."""
    book = json.loads((NOTEBOOKS / "welcome.ipynb").read_text())
    cells = [c for c in book["cells"] if c["cell_type"] == "code" and ".explain(" in "".join(c["source"])]
    assert cells, "the welcome notebook has no explain cell"
    for cell in cells:
        source = "".join(cell["source"])
        assert "print(" in source, source
        texts = ["".join(o.get("text", "")) for o in cell["outputs"] if o["output_type"] == "stream"]
        results = [o for o in cell["outputs"] if o["output_type"] == "execute_result"]
        assert texts and not results, cell["outputs"]
        assert "\\n" not in "".join(texts) and texts[0].strip(), texts
