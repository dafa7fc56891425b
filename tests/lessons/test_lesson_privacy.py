"""A seat's lesson holds nothing that seat may not see (issue 28): a LessonRun of a seat shows that seat's
observation, its own legal actions, the log and the played steps as it reads them, and no hidden name."""

from __future__ import annotations

import json
import random

import pytest

import dragonwidgets
from dragonwidgets import Lesson
from dragonwidgets.engine.game import Game
from dragonwidgets.lessons.board import board_elements, board_names
from dragonwidgets.lessons.privacy import hidden_names
from lesson_cases import chapter_from, emerald_other_hand, played


def _walkthrough_from(game: Game, seat: int, steps: int = 12, reveal_at: int | None = None) -> Lesson:
    """A walkthrough for ``seat`` replaying ``steps`` entries of a random continuation of ``game``."""
    line = game.clone()
    rng = random.Random(7)
    actions = []
    while len(actions) < steps and not line.is_over:
        action = rng.choice(line.legal_actions()).id
        actions.append(action)
        line.apply(action)
    lesson = chapter_from(game, seat=seat)
    for i, action in enumerate(actions):
        lesson.step(action, reveal=i == reveal_at)
    return lesson


def _hidden_in(view: dict, game: Game, seat: int) -> list[str]:
    text = json.dumps(view)
    return [name for name in hidden_names(game, seat) if f'"{name}"' in text or f"/{name}" in text]


@pytest.mark.parametrize("make, seat", [
    (emerald_other_hand, 0),
    (lambda: played("draghan", 2, 3, lambda g: g.step >= 10 and g.current_player == 1), 1),
    (lambda: played("chasse_au_dragon", 3, 2, lambda g: g.step >= 20 and g.current_player == 2), 2),
    (lambda: played("drachenland", 3, 1, lambda g: g.step >= 15 and g.current_player == 0), 0),
])
def test_a_seats_run_shows_only_that_seats_view_at_every_answer(make, seat):
    game = make()
    run = _walkthrough_from(game, seat, steps=16).run()
    truth = game.clone()  # the true table, played along the run
    line = iter(run.chapter.steps)

    def follow(played: list) -> None:
        for p in played:
            events = truth.apply(next(line).action)
            assert tuple(t for t in (e.text_for(seat) for e in events) if t) == tuple(p["texts"])

    follow(run.view()["played"])
    answers = 0
    while not run.done:
        view = run.view()
        assert view["observation"] == truth.observation(seat)
        assert view["legal_actions"] and all(a["player"] == seat for a in view["legal_actions"])
        assert view["log"] == truth.log(viewer=seat, last=20)
        assert _hidden_in(view, truth, seat) == []
        follow([p.to_dict() for p in run.answer(view["expected"]).played])
        answers += 1
    assert answers >= 1 and truth.step == game.step + len(run.chapter.steps)


def test_a_step_that_reveals_shows_its_events_as_the_full_table_reads_them():
    game = emerald_other_hand()
    line = game.clone()
    rng = random.Random(3)
    while True:  # a step of another seat whose events seat 0 reads otherwise than the table
        action = rng.choice(line.legal_actions())
        events = line.apply(action)
        if action.player not in (0, -1) and any(e.text_for(0) != e.text_for(None) for e in events):
            break
    actions = [e.action.id for e in line.history[game.history_length:]]
    for reveal, viewer in ((False, 0), (True, None)):
        lesson = chapter_from(game, seat=0)
        for i, a in enumerate(actions):
            lesson.step(a, reveal=reveal and i == len(actions) - 1)
        run = lesson.run()
        texts: list[tuple[str, ...]] = [p.texts for p in _played_all(run)]
        assert texts[-1] == tuple(t for t in (e.text_for(viewer) for e in events) if t)


def _played_all(run) -> list:
    """Answer the run's steps with the line's actions; return every step it played."""
    out = [type("P", (), {"texts": tuple(p["texts"])})() for p in run.view()["played"]]
    while not run.done:
        out += list(run.answer(run.view()["expected"]).played)
    return out


def test_emerald_board_names_hide_another_seats_hand_cards_but_not_its_own():
    game = emerald_other_hand()
    theirs = {n for n in board_elements(game, None) if n.startswith("hand/1/")}
    assert theirs and not theirs & board_names(game, 0) and theirs <= board_names(game, 1)


@pytest.mark.parametrize("name, players", [("emerald", 3), ("drachenland", 3), ("chasse_au_dragon", 3), ("draghan", 2)])
def test_every_action_target_is_a_board_element_name(name, players):
    """The board's names are the ids the actions target (the front end's data-target contract)."""
    for seed in range(2):
        game = dragonwidgets.new_game(name, players=players, seed=seed, chance="manual" if seed else "auto")
        rng = random.Random(seed)
        for _ in range(250):
            if game.is_over:
                break
            full = board_elements(game, None)
            for action in game.legal_actions():
                assert set(action.targets) <= full, (action.id, set(action.targets) - full)
            for seat in range(players):
                assert board_elements(game, seat) <= full  # a seat sees no element the table lacks
            game.apply(rng.choice(game.legal_actions()))
