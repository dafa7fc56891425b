"""Boards sent to another process (engine.data.pickled_board / unpickled_board): a game pickled for an executor's
worker carries its board without the caches the rules filled, and arrives on the worker's own equal board, so the
worker's caches stay warm from task to task and a bot made there with ``load_board()`` recognises the board (the
Drachenland twin plays from the table only on its own board)."""

from __future__ import annotations

import dataclasses
import pickle
import random
from concurrent.futures import ProcessPoolExecutor

import pytest

import dragonwidgets
from dragonwidgets.engine import CHANCE
from dragonwidgets.engine import data
from dragonwidgets.games.drachenland.board import load_board as drachenland_board
from dragonwidgets.games.emerald.board import load_board as emerald_board

GAMES = [("emerald", 3, emerald_board, "flights"), ("drachenland", 4, drachenland_board, "cache")]


def played(name: str, players: int, steps: int = 60):
    g = dragonwidgets.new_game(name, players=players, seed=2)
    rng = random.Random(2)
    for _ in range(steps):
        if g.is_over:
            break
        g.resolve_chance() if g.current_player == CHANCE else g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("name, players, load, cache", GAMES)
def test_a_pickled_game_arrives_on_the_same_board_without_sending_its_caches(name, players, load, cache):
    g = played(name, players)
    assert g.board is load() and getattr(g.board, cache)  # the rules have filled the board's cache
    sent = pickle.dumps(g.board)
    # the cache is not sent: the pickle is the same size as that of a board with an empty cache
    bare = dataclasses.replace(g.board)
    object.__setattr__(bare, cache, {})
    assert len(sent) == len(pickle.dumps(bare))
    back = pickle.loads(pickle.dumps(g))
    assert back.board is g.board and back.state_digest() == g.state_digest()


@pytest.mark.parametrize("name, players, load, cache", GAMES)
def test_a_board_of_its_own_arrives_equal_and_is_kept_so_the_next_arrives_on_the_same_object(name, players, load,
                                                                                              cache):
    other = dataclasses.replace(load(), source="elsewhere/board.json")
    first = pickle.loads(pickle.dumps(other))
    assert first == other and first is not load() and first.source == "elsewhere/board.json"
    assert pickle.loads(pickle.dumps(other)) is first


def _board_is_the_workers_own(game) -> tuple[bool, bool]:
    """(in a worker) whether the Drachenland game arrived on the worker's bundled board, and whether the twin
    made there recognises it (then it values from the table, not from an observation built per decision)."""
    from dragonwidgets.analysis.policies import make_policy

    twin = make_policy(game.name, "greedy", game.players)[0]
    return game.board is drachenland_board(), game.board is twin.board


def test_in_an_executors_worker_the_game_plays_on_the_workers_board_and_the_twin_recognises_it():
    g = played("drachenland", 4)
    with ProcessPoolExecutor(1) as pool:
        assert pool.submit(_board_is_the_workers_own, g).result() == (True, True)


def test_more_boards_than_are_kept_still_arrive_equal(monkeypatch):
    monkeypatch.setattr(data, "MAX_KNOWN_BOARDS", 2)
    monkeypatch.setattr(data, "_KNOWN_BOARDS", {})
    boards = [dataclasses.replace(emerald_board(), source=f"b{i}.json") for i in range(4)]
    back = [pickle.loads(pickle.dumps(b)) for b in boards]
    assert back == boards and len(data._KNOWN_BOARDS[type(boards[0])]) == 2  # the bundled one and b0
