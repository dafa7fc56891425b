"""Drachenland's faster twin of the greedy bot chooses exactly as the bot (dragonwidgets.analysis.twins.drachenland)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

import dragonwidgets
from dragonwidgets.analysis import policies
from dragonwidgets.analysis.rollouts import play_rollouts, rollout_key
from dragonwidgets.analysis.twins.drachenland import DrachenlandGreedyPolicy, _TableDecision
from dragonwidgets.games.drachenland.board import COLOURS
from dragonwidgets.games.drachenland.bots import GreedyBot


def decisions(players: int, seed: int, **options):
    """Yield ``(game, seat, view, legal, k)`` at every decision of a whole game the greedy bot plays (each
    decision's rng seed ``k``); the caller's choice is applied when the generator resumes."""
    g = dragonwidgets.new_game("drachenland", players=players, seed=seed, **options)
    rng = random.Random(seed)
    while not g.is_over:
        seat = g.current_player
        view, legal = g.observation(seat), g.legal_actions()
        chosen = yield g, seat, view, legal, rng.randrange(2**32)
        g.apply(chosen)


def play(players: int, seed: int, twins: list, **options) -> int:
    """Play a whole game with the greedy bot, asking ``twins[seat]`` at every decision too: its choice must be
    the bot's (same view, legal actions and rng seed). Return the number of decisions."""
    bot, n = GreedyBot(), 0
    steps = decisions(players, seed, **options)
    step = next(steps)
    while True:
        g, seat, view, legal, k = step
        mine = twins[seat].choose(view, legal, random.Random(k))
        theirs = bot.choose(view, legal, random.Random(k))
        assert mine.id == theirs.id, (seed, g.step, seat, [a.id for a in legal])
        n += 1
        try:
            step = steps.send(theirs)
        except StopIteration:
            return n


@pytest.mark.parametrize("players, seed, options", [
    (3, 1, {}),
    (4, 2, {}),
    (4, 3, {}),
    (3, 4, {"dice": "standard_d6", "variant_open_hoards": True, "march_without_die": False,
            "forced_stop_ends_movement": False}),
])
def test_twin_chooses_as_the_greedy_bot_at_every_decision_of_a_whole_game(players, seed, options):
    twins = [DrachenlandGreedyPolicy() for _ in range(players)]
    assert play(players, seed, twins, **options) > 200  # a whole game (play returns when it is over)


def test_one_twin_for_every_seat_of_several_games_values_every_action_as_the_bot():
    """One twin instance serves every seat of four games (3 and 4 players, different options) one after the
    other, so anything it keeps from one decision, seat or game to the next is asked again on other tables:
    each legal action's value must equal a fresh bot's, to the last bit, and so must the choice and the best
    volcano each adventurer could reach with each die."""
    twin = DrachenlandGreedyPolicy()
    asked = 0
    for players, seed, options in ((4, 5, {}), (3, 6, {"dice": "standard_d6"}), (4, 5, {}),
                                   (3, 7, {"diamonds_replace_eggs": True, "variant_open_hoards": True})):
        steps = decisions(players, seed, **options)
        step = next(steps)
        while True:
            g, seat, view, legal, k = step
            fresh = GreedyBot()
            assert [twin._value(view, a) for a in legal] == [fresh._value(view, a) for a in legal], (seed, g.step)
            # what the bot values dice and adventurers by, asked for every adventurer and die: the walks the
            # twin keeps across decisions (board.cache) must be those of this view's face-down volcanoes
            hoard, rings = view["hoards"][seat], set(view["rings"][seat])
            best = [twin._best(twin._for(view), c, die) for c in COLOURS for die in range(1, 7)]
            assert best == [fresh._best_with_die(view, hoard, rings, c, die) for c in COLOURS for die in range(1, 7)]
            mine = twin.choose(view, legal, random.Random(k))
            assert mine.id == fresh.choose(view, legal, random.Random(k)).id
            asked += len(legal)
            try:
                step = steps.send(mine)
            except StopIteration:
                break
    assert asked > 2000


def test_a_view_changed_after_a_decision_is_valued_afresh():
    """The twin keeps what it worked out for one view during one decision only: asked again about a copy of
    the view with the volcanoes' treasure, the hoard and the adventurer's space changed, it values the actions
    as the bot does for that copy."""
    steps = decisions(4, 8)
    step = next(steps)
    while not any(a.kind == "walk" and a.id.split()[1].startswith("V") for a in step[3]):
        step = steps.send(GreedyBot().choose(step[2], step[3], random.Random(step[4])))
    g, seat, view, legal, k = step
    twin, bot = DrachenlandGreedyPolicy(), GreedyBot()
    twin.choose(view, legal, random.Random(k))
    assert [twin._value(view, a) for a in legal] == [bot._value(view, a) for a in legal]
    other = {**view, "hoards": list(view["hoards"]), "adventurers": [dict(p) for p in view["adventurers"]],
             "volcanoes": {v: {**x, "eggs": x["eggs"] + 1, "gems": {gem: n + 2 for gem, n in x["gems"].items()}}
                           for v, x in view["volcanoes"].items()}}
    other["hoards"][seat] = {**view["hoards"][seat], "egg": view["hoards"][seat]["egg"] + 2, "ruby": 3}
    colour = view["action"]["adventurer"]
    target = next(a.id.split()[1] for a in legal if a.kind == "walk" and not a.id.split()[1].startswith("V"))
    other["adventurers"][seat] = {**view["adventurers"][seat], colour: target}
    values = [twin._value(other, a) for a in legal]
    assert values == [bot._value(other, a) for a in legal]
    assert values != [bot._value(view, a) for a in legal]  # the change matters: a stale memo would fail


def test_rollouts_with_the_twin_give_the_rollouts_of_the_bot(monkeypatch):
    """play_rollouts under the policy name "greedy": the same returns and scores with the twin as the bot."""
    g = dragonwidgets.new_game("drachenland", players=4, seed=9)
    rng = random.Random(9)
    bot = GreedyBot()
    for _ in range(60):
        g.apply(bot.choose(g.observation(g.current_player), g.legal_actions(), rng))
    seat, acts = g.current_player, g.legal_action_ids()
    known = g.determinize(seat, random.Random(0))
    keys = [rollout_key(0, k) for k in range(2)]
    monkeypatch.delitem(policies.FASTER_TWINS, ("drachenland", "greedy"), raising=False)
    assert not any(isinstance(b, DrachenlandGreedyPolicy) for b in policies.make_policy("drachenland", "greedy", 4))
    plain = play_rollouts(known, seat, acts, keys, "greedy")
    monkeypatch.setitem(policies.FASTER_TWINS, ("drachenland", "greedy"), "drachenland:DrachenlandGreedyPolicy")
    assert all(isinstance(b, DrachenlandGreedyPolicy) for b in policies.make_policy("drachenland", "greedy", 4))
    assert play_rollouts(known, seat, acts, keys, "greedy") == plain


#: every kind of action the twin values (take by what is taken), and a tie broken by the rng
KINDS = {"choose_adventurer", "walk", "march", "end_turn", "fate", "choose_die", "end_movement", "fly", "boat", "call",
         "take gems", "take diamond", "take egg", "take ring", "skip", "magic_hand", "done", "a tie"}


def test_the_twin_deciding_from_the_table_chooses_as_the_greedy_bot_from_the_observation():
    """``choose_in(game, seat, ...)`` (read from the table) against ``GreedyBot.choose(game.observation(seat),
    ...)``, same rng seed, at every decision of whole games: 2 to 4 players, both dice, open hoards, forced
    marches alone or not, a forced stop ending the movement or not, diamonds for eggs. One twin per seat of
    each game, as rollouts play them. Every kind of action is met, with ties among the best values."""
    bot, met = GreedyBot(), Counter()
    for players, seed, options in ((4, 11, {}), (2, 12, {}),
                                   (3, 13, {"dice": "standard_d6", "march_without_die": False}),
                                   (4, 14, {"variant_open_hoards": True, "forced_stop_ends_movement": False}),
                                   (3, 15, {"diamonds_replace_eggs": True, "variant_free_gems": True})):
        twins = [DrachenlandGreedyPolicy() for _ in range(players)]
        steps = decisions(players, seed, **options)
        step = next(steps)
        while True:
            g, seat, view, legal, k = step
            mine = twins[seat].choose_in(g, seat, legal, random.Random(k))
            theirs = bot.choose(view, legal, random.Random(k))
            assert mine.id == theirs.id, (players, seed, g.step, seat, [a.id for a in legal])
            assert g.observation(seat) == view  # the twin changed nothing it read
            met.update(" ".join(a.id.split()[:2]) if a.kind == "take" else a.kind for a in legal)
            values = [bot._value(view, a) for a in legal]
            met["a tie"] += values.count(max(values)) > 1
            try:
                step = steps.send(theirs)
            except StopIteration:
                break
    assert KINDS <= set(met), KINDS - set(met)


def test_a_redeal_of_what_the_seat_cannot_see_changes_neither_the_values_nor_the_twins_choice():
    """The twin reads the table itself, but only what the seat's observation shows: the same table with its
    face-down tokens and boxed token redealt (``_resample_hidden``) and the other seats' hoards (behind their
    screens) changed gives the same value of every action, to the last bit, and the same choice."""
    twin, asked, differ = DrachenlandGreedyPolicy(), 0, 0
    steps = decisions(4, 16)
    step = next(steps)
    while True:
        g, seat, view, legal, k = step
        other = g.clone(history=False)
        other._resample_hidden(seat, random.Random(asked))
        for i, hoard in enumerate(other.state.hoards):
            if i != seat:
                hoard.update({item: n + 1 + i for item, n in hoard.items()})
        other._legal_cache = None
        assert other.observation(seat) == view and other.legal_actions() == legal
        hidden = (other.state.token, other.state.boxed) != (g.state.token, g.state.boxed)
        differ += hidden
        assert twin._values(_TableDecision(other, seat), legal) == twin._values(_TableDecision(g, seat), legal)
        chosen = twin.choose_in(g, seat, legal, random.Random(k))
        assert twin.choose_in(other, seat, legal, random.Random(k)).id == chosen.id
        asked += 1
        try:
            step = steps.send(chosen)
        except StopIteration:
            break
    assert asked > 200 and differ > asked // 2  # the redeals changed the hidden tokens: the test could fail


def test_a_twin_on_another_board_object_decides_from_the_observation_as_the_bot():
    """``choose_in`` reads the table only when the game's board is the twin's own: on another (here a copy of
    the same board) it asks the observation, as the bot does (the bot walks on its own board)."""
    twin = DrachenlandGreedyPolicy(dataclasses.replace(GreedyBot().board))
    bot = GreedyBot()
    steps = decisions(3, 17)
    step = next(steps)
    for _ in range(150):
        g, seat, view, legal, k = step
        assert g.board is not twin.board
        mine = twin.choose_in(g, seat, legal, random.Random(k))
        assert mine.id == bot.choose(view, legal, random.Random(k)).id
        step = steps.send(mine)
