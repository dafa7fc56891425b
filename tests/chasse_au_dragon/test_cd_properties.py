"""Property tests over random play for 2 to 6 players (hypothesis draws seeds, player counts, options).

Invariants checked after every step: the 124 cards are all somewhere (piles, zones, pantry, removed)
and of the printed types, zones hold what they may hold, goblin quarters and the pantry stay in
range, every fight total of an exploding die is not a multiple of the die, and a game ends only by a
slain dragon or ``max_rounds``. Also: records round-trip, undo and goto come back to identical
digests, the same seed and actions give the same game.
"""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import dragonwidgets
from cd_builder import cards_by_type, total_cards
from dragonwidgets.games.chasse_au_dragon import ChasseGame
from dragonwidgets.games.chasse_au_dragon.movement import quarters
from dragonwidgets.games.chasse_au_dragon.setup import COUNTS, is_edge

SETTINGS = settings(max_examples=8, deadline=None)
players_st = st.integers(2, 6)
seed_st = st.integers(0, 2**20)
WEALTH = {"orc", "ogre", "troll", "giant", "dragon"}
LIMIT = 60_000


class Checker:
    """Check the invariants after each step; reads the fight events of every new history entry."""

    def __init__(self, game: ChasseGame):
        self.game = game
        self.counted = 0
        self.fights = 0
        self.check()

    def check(self) -> None:
        g, s = self.game, self.game.state
        # CD-SETUP-6, CD-MON-1, CD-GOB-7: 124 cards of the printed types, wherever they are
        assert total_cards(g) == 124 and cards_by_type(g) == COUNTS
        # CD-BOARD-2/3: piles on the 36 inner squares only
        assert len(s.piles) == 36 and not any(is_edge(*sq) for sq in s.piles)
        for b in s.boards:
            # CD-ZONE-9, CD-GOB-1/6, CD-GOB-8: wealth zones hold wealth, goblins are counted whole
            assert set(b.backpack) <= WEALTH and set(b.vault) <= WEALTH - {"dragon"}
            assert all(n > 0 for n in [*b.backpack.values(), *b.vault.values()])
            assert b.equipment in (None, "orc", "ogre", "troll", "giant")
            assert b.cage >= 0 and b.dungeon >= 0 and 0 <= b.pantry <= 3 and quarters(b) >= 0
        placed = [p for p in s.positions if p is not None]  # None: camps still being chosen (CD-INT-4)
        assert all(0 <= x < 8 and 0 <= y < 8 for x, y in placed)
        assert len(placed) == g.players or s.phase == "place_camp"
        # CD-COMBAT-5, CD-COMBAT-1: exploding totals are never multiples of the die
        for entry in g.history[self.counted:g.step]:
            for ev in entry.events:
                if ev.kind == "fight":
                    self.fights += 1
                    for faces, throws, total in zip(ev.data["faces"], ev.data["throws"], ev.data["totals"]):
                        assert total % faces != 0 and sum(throws) == total
                        assert all(t == faces for t in throws[:-1]) and 1 <= throws[-1] < faces
        self.counted = g.step
        # CD-END-1..3, CD-INT-24: the end is a slain dragon or max_rounds, nothing else
        if g.is_over:
            assert g.legal_actions() == [] and g.outcome() is not None
            cap = g.options["max_rounds"]
            if s.dragon_slayer is not None:
                assert s.boards[s.dragon_slayer].backpack.get("dragon") == 1
                assert g.history[-1].action.kind == "throw"
            else:
                assert cap and s.round == cap + 1 and "max_rounds" in g.outcome().reason
        else:
            assert g.legal_actions(), "a running game always has a legal action"
            assert not any(b.backpack.get("dragon") for b in s.boards)


def play_random(game: ChasseGame, rng: random.Random, checker: Checker | None = None) -> list[str]:
    ids = []
    while not game.is_over:
        legal = game.legal_actions()
        action = legal[rng.randrange(len(legal))]
        game.apply(action)
        ids.append(action.id)
        if checker:
            checker.check()
        assert len(ids) < LIMIT, "a random game must end"
    return ids


@SETTINGS
@given(players=players_st, seed=seed_st)
def test_CD_END_1_random_games_end_by_a_dragon_with_the_cards_conserved(players, seed):
    """CD-END-1, CD-SETUP-6, CD-COMBAT-5, CD-GOB-1, CD-GOB-6, CD-GOB-7, CD-ZONE-9, CD-MOVE-4: random games
    end with a slain dragon; after every step the 124 cards are accounted for (piles, zones, pantry,
    removed), the zones hold what they may, the pantry stays 0..3 and no fight total of an exploding
    die is a multiple of its faces."""
    g = ChasseGame(players=players, seed=seed)
    checker = Checker(g)
    play_random(g, random.Random(seed), checker)
    assert g.state.dragon_slayer is not None and g.history[-1].events[-1].kind == "game_over"
    assert checker.fights > 0


@settings(max_examples=6, deadline=None)
@given(players=players_st, seed=seed_st, cap=st.integers(1, 12),
       options=st.fixed_dictionaries({
           "dragon_raids": st.booleans(), "base_equipment_score": st.sampled_from([0, 4]),
           "allow_sell_without_replacement": st.booleans(), "duel_decoy_to_cage": st.booleans(),
           "camp_placement": st.sampled_from(["default", "choose"]), "first_player": st.integers(-1, 1)}))
def test_CD_INT_24_max_rounds_is_the_only_other_end(players, seed, cap, options):
    """CD-INT-24, CD-END-3, CD-RAID-4, CD-INT-10, CD-INT-21: with any options and a round cap (not a rule)
    the invariants hold and the game stops after ``cap`` rounds unless a dragon is slain first."""
    g = ChasseGame(players=players, seed=seed, max_rounds=cap, **options)
    checker = Checker(g)
    play_random(g, random.Random(seed), checker)
    if g.state.dragon_slayer is None:
        assert g.state.round == cap + 1 and g.outcome().reason == f"stopped after {cap} rounds (max_rounds, not a rule)"


@SETTINGS
@given(players=players_st, seed=seed_st, back=st.integers(0, 400))
def test_records_round_trip(players, seed, back):
    """Records round-trip through JSON and dragonwidgets.from_record, at the end and at a rewound step."""
    g = ChasseGame(players=players, seed=seed, dragon_raids=bool(seed % 2))
    play_random(g, random.Random(seed))
    end = g.state_digest()
    replay = dragonwidgets.from_record(json.loads(json.dumps(g.to_record())))
    assert replay.state_digest() == end and replay.is_over and replay.outcome() == g.outcome()
    g.goto(max(0, g.step - back))
    replay = dragonwidgets.from_record(json.loads(json.dumps(g.to_record())))
    assert replay.step == g.step and replay.state_digest() == g.state_digest()
    assert replay.observation(0) == g.observation(0) and repr(replay) == repr(g)
    replay.goto(len(replay.history))
    assert replay.state_digest() == end


@SETTINGS
@given(players=players_st, seed=seed_st, data=st.data())
def test_goto_returns_to_identical_digests(players, seed, data):
    """History: goto(k) after a whole game gives the very digest the game had at step k."""
    a = ChasseGame(players=players, seed=seed)
    ids = play_random(a, random.Random(seed))
    targets = set(data.draw(st.lists(st.integers(0, len(ids)), min_size=1, max_size=6)))
    b = ChasseGame(players=players, seed=seed)  # the same game again, digests taken on the way
    digests = {b.step: b.state_digest()}
    for n, i in enumerate(ids, start=1):
        b.apply(i)  # the dice drawn after it are steps of their own
        if n in targets:
            digests[b.step] = b.state_digest()
    for k in list(digests) + [a.step]:
        a.goto(k)
        assert a.step == k and a.state_digest() == digests.get(k, b.state_digest())
    a.undo()
    assert a.step < len(a.history) and not a.is_over


@SETTINGS
@given(players=players_st, seed=seed_st, start=st.integers(0, 1500))
def test_undo_returns_to_identical_digests(players, seed, start):
    """History: undo() after any decision (and the dice drawn after it) gives back the digest before it;
    the same choice again draws the same dice (chance is drawn per step)."""
    g = ChasseGame(players=players, seed=seed, dragon_raids=True)
    rng = random.Random(seed)
    for _ in range(start):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_action_ids()))
    for _ in range(20):
        if g.is_over:
            break
        before, step = g.state_digest(), g.step
        choice = rng.choice(g.legal_action_ids())
        g.apply(choice)
        after = g.state_digest()
        g.undo()
        assert g.step == step and g.state_digest() == before
        g.apply(choice)
        assert g.state_digest() == after


@SETTINGS
@given(players=players_st, seed=seed_st)
def test_same_seed_and_actions_give_the_same_game(players, seed):
    """Determinism (CD-REC-2, CD-INT-2): replaying the same ids on a game with the same seed ends identically."""
    a = ChasseGame(players=players, seed=seed)
    ids = play_random(a, random.Random(seed))
    b = ChasseGame(players=players, seed=seed)
    for i in ids:
        b.apply(i)
    assert b.state_digest() == a.state_digest() and repr(a) == repr(b) and b.log(None) == a.log(None)


@settings(max_examples=10, deadline=None)
@given(players=players_st, seed=seed_st)
def test_CD_COMBAT_5_manual_chance_games_take_any_legal_face(players, seed):
    """CD-COMBAT-1, CD-COMBAT-5, CD-DUEL-4: with chance="manual" and faces picked uniformly (maxima included,
    so long explosions happen), the same invariants hold for a few hundred steps."""
    g = ChasseGame(players=players, seed=seed, chance="manual", dragon_raids=True)
    checker = Checker(g)
    rng = random.Random(seed)
    for _ in range(600):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_action_ids()))
        checker.check()


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_CD_SETUP_6_built_positions_keep_the_124_cards(data):
    """CD-SETUP-6, CD-MON-1: whatever the builder is asked for (named piles, zones, removed cards), the table
    it writes still holds the 124 cards of the printed types, or it refuses the table."""
    from cd_builder import Board, position

    cards = st.sampled_from(["orc", "ogre", "troll", "giant"])
    boards = {seat: Board(backpack=data.draw(st.lists(cards, max_size=4)), vault=data.draw(st.lists(cards, max_size=4)),
                          cage=data.draw(st.integers(0, 6)), dungeon=data.draw(st.integers(0, 6)),
                          equipment=data.draw(st.one_of(st.none(), cards)), pantry=data.draw(st.integers(0, 3)))
              for seat in range(3)}
    inner = st.tuples(st.integers(1, 6), st.integers(1, 6)).map(lambda q: f"{q[0]},{q[1]}")
    piles = data.draw(st.dictionaries(inner, st.lists(st.sampled_from(sorted(COUNTS)), max_size=9), max_size=6))
    try:
        g = position(3, boards=boards, piles=piles)
    except ValueError as err:
        assert "(CD-SETUP-6)" in str(err) or "nowhere to go" in str(err)
        return
    assert total_cards(g) == 124 and cards_by_type(g) == COUNTS
    assert all(g.state.piles[tuple(map(int, k.split(",")))] == v for k, v in piles.items())
