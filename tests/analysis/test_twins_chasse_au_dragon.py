"""La Chasse au Dragon's greedy twin (:mod:`dragonwidgets.analysis.twins.chasse_au_dragon`): its cheap view is the
seat's observation, built field by field, and it chooses exactly as the greedy bot at every decision."""

from __future__ import annotations

import random
from typing import Any

import pytest

import dragonwidgets
from dragonwidgets.analysis.rollouts import play_to_end
from dragonwidgets.analysis.twins import LazyView
from dragonwidgets.analysis.twins.chasse_au_dragon import ChasseGreedyPolicy, LazyBoards, cheap_view, target_in
from dragonwidgets.engine.actions import CHANCE
from dragonwidgets.games.chasse_au_dragon.bots import GreedyBot, wanted_depth
from dragonwidgets.games.chasse_au_dragon.observation import observation_fields, observe

GAMES = [(2, 3), (3, 1), (3, 4), (4, 2)]  # (players, seed)
#: (players, seed, options): the games above, and others with options changed (raids, camps chosen, no selling
#: without replacement, base equipment scored), 2 to 6 players
OPTION_GAMES: list[tuple[int, int, dict[str, Any]]] = [(p, s, {}) for p, s in GAMES] + [
    (3, 4, {"dragon_raids": True}), (4, 2, {"camp_placement": "choose"}),
    (5, 6, {"allow_sell_without_replacement": False, "dragon_raids": True}), (6, 8, {"base_equipment_score": 4})]
SECRET_ZONES = ("backpack", "vault", "cage", "dungeon", "quarters", "wealth")


def greedy_game(players: int, seed: int, **options):
    """Yield a seeded game of greedy bots at each of its steps, then at its end."""
    g = dragonwidgets.new_game("chasse_au_dragon", players=players, seed=seed, **options)
    bot, rng = GreedyBot(), random.Random(seed)
    while True:
        yield g
        if g.is_over:
            return
        seat = g.current_player
        if seat == CHANCE:
            g.resolve_chance()
        else:
            g.apply(bot.choose(g.observation(seat), g.legal_actions(), rng))


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_cheap_view_read_whole_is_the_observation_of_every_seat_at_every_step(players, seed):
    """(a) Every key and value, in the observation's order, for the seat to move and every other seat; and the
    game's own ``observe`` is the same as its fields built one by one (the teacher's view too)."""
    steps = 0
    for g in greedy_game(players, seed):
        steps += 1
        for seat in range(players):
            view, obs = cheap_view(g, seat), g.observation(seat)
            assert isinstance(view, LazyView) and list(view) == list(obs)
            assert dict(view) == obs
        teacher = {key: build() for key, build in observation_fields(g, None).items()}
        assert list(teacher) == list(observe(g, None)) and teacher == observe(g, None)
    assert steps > 100 and g.is_over and cheap_view(g, 0)["outcome"]["winners"] == g.winners()


def test_cheap_view_builds_a_field_only_when_read():
    g = dragonwidgets.new_game("chasse_au_dragon", players=3, seed=1)
    view = cheap_view(g, g.current_player)
    view["round"]
    assert list(view._built) == ["round"]  # the rest (boards, piles, reach...) not built
    assert view["boards"] is view["boards"]  # built once, then kept
    boards = view["boards"]
    assert isinstance(boards, LazyBoards) and boards._built == [None, None, None]
    mine = boards[g.current_player]
    assert [b is None for b in boards._built] == [i != g.current_player for i in range(3)]  # only the one read
    assert boards[g.current_player] is mine and boards == g.observation(g.current_player)["boards"]
    with pytest.raises(IndexError):
        boards[3]


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_twin_target_is_the_greedy_bots_target_at_every_decision_of_whole_games(players, seed):
    """The twin walks the squares best first and stops early; the target (the pile it heads for, or its camp)
    is the bot's own, equal scores included, for the deciding seat at every decision where it stands on the
    board."""
    checked = 0
    for g in greedy_game(players, seed):
        seat = g.current_player
        if seat is None or seat == CHANCE:
            continue
        obs = g.observation(seat)
        if obs["positions"][seat] is None:
            continue
        assert target_in(g.state, seat) == GreedyBot()._target(obs)
        checked += 1
    assert checked > 100


def test_twin_target_breaks_equal_scores_as_the_bot_the_first_pile_by_square():
    """Two piles at one step from the adventurer, at the depth it wants: of equal sizes (equal scores) the bot and
    the twin head for the first by square; one card more on the other makes that one the target."""
    g = dragonwidgets.new_game("chasse_au_dragon", players=3, seed=1)
    s = g.state
    seat = s.active
    s.positions[seat] = (0, 3)  # on the edge; (1, 2) and (1, 4) are one king step away, both at depth 1
    assert wanted_depth(s.boards[seat].power(), s.round) == 1 and not s.boards[seat].backpack
    for sq, pile in s.piles.items():
        pile[:] = ["goblin"] * 3 if sq in ((1, 2), (1, 4)) else []
    assert target_in(s, seat) == GreedyBot()._target(g.observation(seat)) == (1, 2)
    s.piles[1, 4].append("orc")
    assert target_in(s, seat) == GreedyBot()._target(g.observation(seat)) == (1, 4)


@pytest.mark.parametrize(("players", "seed", "options"), OPTION_GAMES)
def test_twin_choose_in_chooses_as_the_greedy_bot_at_every_decision_of_whole_games(players, seed, options):
    """(b) One twin for every seat (nothing of one decision may leak into the next): the same action id as
    ``GreedyBot().choose(game.observation(seat), ...)`` with the same rng seed, and the rng left in the same state
    (the same draws)."""
    twin, draw = ChasseGreedyPolicy(), random.Random(seed)
    decisions = 0
    g = None
    for g in greedy_game(players, seed, **options):
        seat = g.current_player
        if seat is None or seat == CHANCE:
            continue
        legal = g.legal_actions()
        k = draw.randrange(2**32)
        mine_rng, bot_rng = random.Random(k), random.Random(k)
        mine = twin.choose_in(g, seat, legal, mine_rng)
        assert mine.id == GreedyBot().choose(g.observation(seat), legal, bot_rng).id
        assert mine_rng.getstate() == bot_rng.getstate()
        decisions += 1
    assert decisions > 100 and g is not None and g.is_over


def test_twin_values_are_the_greedy_bots_float_for_float_in_every_kind_of_decision():
    """``values_in`` is ``[GreedyBot()._value(observation, a) for a in legal]``, the same floats (the bot's noise
    is a millionth: a value off by a rounding would not show in the choices), at every decision of the games of
    ``OPTION_GAMES``; and those games meet every kind of decision and answer the twin values (all but ``goblin to
    cage``, which the bot never makes possible: it never puts a goblin in the dungeon while it can end its turn),
    and actions of equal value the bot's noise decides between."""
    met, ties = set(), 0
    for players, seed, options in OPTION_GAMES:
        twin, bot = ChasseGreedyPolicy(), GreedyBot()
        for g in greedy_game(players, seed, **options):
            seat = g.current_player
            if seat is None or seat == CHANCE:
                continue
            legal, obs = g.legal_actions(), g.observation(seat)
            values = twin.values_in(g, seat, legal)
            phase = g.state.phase
            if values is None:
                assert phase == "place_camp"
                met.add((phase, "place_camp", "the bot's own code"))
                continue
            expected = [bot._value(obs, a) for a in legal]
            assert values == expected and all(type(v) is type(e) for v, e in zip(values, expected)), (g.step, phase)
            ties += len(values) > 1 and sorted(values)[-1] == sorted(values)[-2]
            for a, v in zip(legal, values):
                how = ""
                if a.kind == "step":
                    how = "free" if obs["steps"] == 0 else "starved" if v == -1.0 else "paid"
                elif a.kind == "stop":
                    how = "on its target" if v == 1.0 else "elsewhere"
                elif phase == "encounter":
                    how = {"goblin": "goblin", "dragon": "dragon"}.get(obs["revealed"]["card"], "other")
                elif a.kind == "duel":
                    looks = obs["boards"][int(a.id.split()[1])]["thickness"]["backpack"]
                    how = "empty backpack" if looks == "empty" else "loot"
                met.add((phase, a.kind, how))
    answers = {"decoy", "fight", "flee_roll"}
    expected_met = (
        {("move", "step", how) for how in ("free", "paid", "starved")}
        | {("move", "stop", how) for how in ("on its target", "elsewhere")}
        | {("encounter", kind, card) for kind in answers for card in ("goblin", "other", "dragon")}
        | {("encounter", "flee_free", card) for card in ("goblin", "other")}
        | {("duel_flight", kind, "") for kind in ("decoy", "flee_roll", "no_flight")}
        | {("choose_duel", "duel", "empty backpack"), ("choose_duel", "duel", "loot"), ("choose_duel", "no_duel", "")}
        | {("camp", kind, "") for kind in ("deposit", "end_turn", "equip", "goblin_to_dungeon", "swap", "unequip")}
        | {("place_camp", "place_camp", "the bot's own code")}
    )
    assert expected_met <= met, expected_met - met
    assert ties > 100


def test_a_redeal_of_what_the_seat_cannot_see_changes_neither_the_twins_values_nor_its_choice():
    """As tests/test_bots_never_peek.py asks of the bots: the same table with its hidden part redealt (the game's
    ``_resample_hidden``: face-down pile cards, the opponents' face-down cards and zone sizes within the
    thickness shown, the removed cards) gives the deciding seat the same values and the same choice, at every
    decision of whole games, though the twin reads the table itself."""
    twin, asked, differ = ChasseGreedyPolicy(), 0, 0
    for players, seed, options in [(3, 5, {}), (4, 2, {"dragon_raids": True})]:
        for g in greedy_game(players, seed, **options):
            seat = g.current_player
            if seat is None or seat == CHANCE:
                continue
            other = g.clone(history=False)
            other._resample_hidden(seat, random.Random(asked))
            other._legal_cache = None
            assert other.observation(seat) == g.observation(seat)  # the redeal hides nothing more, shows nothing new
            differ += other.state_digest() != g.state_digest()
            legal = g.legal_actions()
            assert [a.id for a in other.legal_actions()] == [a.id for a in legal]
            assert twin.values_in(other, seat, other.legal_actions()) == twin.values_in(g, seat, legal), g.step
            chosen = twin.choose_in(g, seat, legal, random.Random(asked))
            assert twin.choose_in(other, seat, other.legal_actions(), random.Random(asked)).id == chosen.id
            asked += 1
    assert asked > 500 and differ > asked * 0.9  # redeals changed the hidden table: the test could fail


@pytest.mark.parametrize("seed", [5, 6])
def test_rollout_with_twins_plays_the_bots_game(seed):
    """``play_to_end`` asks the twins through ``choose_in``, the bots through their observation: the same game."""
    games = []
    for bots in ([ChasseGreedyPolicy() for _ in range(3)], [GreedyBot() for _ in range(3)]):
        g = dragonwidgets.new_game("chasse_au_dragon", players=3, seed=seed)
        games.append(play_to_end(g, bots, random.Random(seed)))
    assert [e.action.id for e in games[0].history] == [e.action.id for e in games[1].history]
    assert games[0].is_over and games[0].scores() == games[1].scores()


def hidden_changed(g, owner: int):
    """A copy of ``g`` differing only in what the seats but ``owner`` cannot see: ``owner``'s face-down backpack
    and vault (the same cards, dealt the other way round between them), the order of every pile below its top
    card, and the types of the cards out of the game (as many)."""
    h = g.clone(history=False)
    s = h.state
    b = s.boards[owner]
    cards = [c for zone in (b.backpack, b.vault) for c, n in sorted(zone.items()) for _ in range(n)][::-1]
    back = sum(b.backpack.values())
    b.backpack, b.vault = {}, {}
    for i, c in enumerate(cards):
        zone = b.backpack if i < back else b.vault
        zone[c] = zone.get(c, 0) + 1
    for pile in s.piles.values():
        pile[1:] = pile[1:][::-1]
    total = sum(s.removed.values())
    s.removed = {"orc": total} if total else {}
    return h


def test_cheap_view_holds_nothing_the_seat_may_not_see():
    """(c) Two tables differing only in what ``viewer`` cannot see (another seat's face-down cards, the hidden
    order of the piles, which cards left the game) give ``viewer`` the same cheap view; the owner of the cards,
    and the teacher, tell them apart (so the comparison could fail). Of the others' boards ``viewer`` has the
    thickness only; ``reach`` (not its turn), ``removed`` and the teacher's ``hidden`` are not there."""
    for g in greedy_game(3, 3):  # until a seat holds two kinds of cards, some in its vault, when it is not its turn
        owner = next((i for i, b in enumerate(g.state.boards)
                      if len({c for zone in (b.backpack, b.vault) for c in zone}) >= 2 and b.vault), None)
        if owner is not None and g.current_player not in (owner, CHANCE):
            break
    assert not g.is_over
    viewer = ({0, 1, 2} - {owner, g.state.active}).pop()
    h = hidden_changed(g, owner)
    assert dict(cheap_view(g, viewer)) == dict(cheap_view(h, viewer)) == h.observation(viewer)
    assert dict(cheap_view(g, owner))["boards"][owner] != dict(cheap_view(h, owner))["boards"][owner]
    teacher_g = {k: f() for k, f in observation_fields(g, None).items()}
    teacher_h = {k: f() for k, f in observation_fields(h, None).items()}
    assert teacher_g["hidden"]["piles"] != teacher_h["hidden"]["piles"]
    view = cheap_view(g, viewer)
    assert "hidden" not in view and view["reach"] is None and view["removed"] is None
    for i, board in enumerate(view["boards"]):
        secret = [board[z] for z in SECRET_ZONES]
        if i == viewer:
            assert None not in secret
        else:
            assert secret == [None] * len(SECRET_ZONES)
            assert set(board["thickness"]) == {"backpack", "vault", "cage", "dungeon"}
