"""Property tests over random play for 2, 3 and 4 players (hypothesis draws seeds and player counts).

Invariants checked after every step: eggs, gems, tokens and rings conserved (board + hoards + held +
used up + boxed = the component totals), one adventurer per stone, none on an entrance, none leaves
the land, and the game ends exactly when the last egg is taken. Also: records round-trip, undo and
goto come back to identical digests, the same seed and actions give the same game.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import random_prefix

import dragonwidgets
from dragonwidgets.games.drachenland import DrachenlandGame
from dragonwidgets.games.drachenland.board import GEM_COUNTS, PLAYER_TOKENS, POOL, RING_SUPPLY
from dragonwidgets.games.drachenland.state import HELD_TOKENS

SETTINGS = settings(max_examples=6, deadline=None)
players_st = st.sampled_from([2, 3, 4])
seed_st = st.integers(0, 2**20)
COLOURS = ("red", "green", "blue")


def token_totals(players: int) -> Counter:
    """The 16 pool tokens plus the 3 player tokens of each seat in the game (D2, D3, DL-SETUP-4)."""
    total = Counter(POOL)
    for kind in PLAYER_TOKENS:
        total[kind] += players
    return total


def used_up(entries) -> Counter:
    """Count the tokens that left the game in these history entries, from their events (DL-TOKEN-4)."""
    out = Counter()
    for entry in entries:
        for ev in entry.events:
            if ev.kind == "walked":
                out["forced_march"] += ev.data.get("marches", 0)
            elif ev.kind == "crossed":
                out["boatman"] += 1
            elif ev.kind in ("flew", "called") and ev.data["baby"]:
                out["baby_dragon"] += 1
            elif ev.kind == "token_used":
                out["fate" if "fate" in ev.text else "magic_hand"] += 1
    return out


class Checker:
    """Check the invariants after each step; remembers which adventurers have entered (DL-MOVE-8)."""

    def __init__(self, game: DrachenlandGame):
        self.game = game
        self.entered: set[tuple[int, str]] = set()
        self.eggs_in_play = game.state.eggs_left
        self.used = Counter()  # tokens used up so far, counted from the events of each new entry
        self.counted = 0
        assert self.eggs_in_play == (15 if game.players == 2 else 18)  # DL-SETUP-6, DL-2P-2
        self.check()

    def check(self) -> None:
        g, s, b = self.game, self.game.state, self.game.board
        # eggs and gems: on the volcanoes + in the hoards (D9, DL-TREASURE-5)
        assert sum(s.eggs.values()) == s.eggs_left
        assert s.eggs_left + sum(h["egg"] for h in s.hoards) == self.eggs_in_play
        for gem, n in GEM_COUNTS.items():
            assert sum(s.gems[v][gem] for v in b.volcanoes) + sum(h[gem] for h in s.hoards) == n, gem
        assert all(n >= 0 for v in b.volcanoes for n in [s.eggs[v], *s.gems[v].values()])
        # tokens: on volcanoes (face down or up) + royal dragons + held + used up + boxed (DL-TOKEN-4, D3)
        seen = Counter(k for k in s.token.values() if k) + Counter([s.boxed])
        seen.update(f"royal_dragon_{c}" for c, where in s.dragons.items() if where)
        for held in s.held:
            assert all(held[k] >= 0 for k in HELD_TOKENS) and held["fate"] <= 1  # D4
            seen.update({k: n for k, n in held.items() if n})
        self.used.update(used_up(g.history[self.counted:g.step]))
        self.counted = g.step
        seen.update(self.used)
        assert seen == token_totals(g.players)
        assert all(s.token[v] is not None for v in s.face_down)
        assert all(where in b.eggs and where not in s.face_down for where in s.dragons.values() if where)
        # rings: supply + worn = 12 (D8, DL-RING-4)
        assert s.ring_supply + sum(len(r) for r in s.rings) == RING_SUPPLY
        assert all(r <= set(COLOURS) for r in s.rings)
        # adventurers: one per stone (DL-MOVE-5), never on an entrance, never leave the land (DL-MOVE-8)
        stones = [n for seat in s.positions for n in seat.values() if n is not None and n not in b.eggs]
        assert len(stones) == len(set(stones))
        for seat, where in enumerate(s.positions):
            for colour, node in where.items():
                assert node is None or not b.is_entrance(node)
                assert node is None or node in b.neighbours
                if node is not None:
                    self.entered.add((seat, colour))
                else:
                    assert (seat, colour) not in self.entered
        # the end: exactly when the last egg is taken (DL-END-1, DL-END-2, DL-INT-24)
        assert (s.eggs_left == 0) == g.is_over
        if g.is_over:
            assert g.legal_actions() == [] and g.outcome() is not None
        else:
            assert g.legal_actions(), "a running game always has a legal action"


def play_random(game: DrachenlandGame, rng: random.Random, checker: Checker | None = None,
                limit: int = 60_000) -> list[str]:
    ids = []
    while not game.is_over:
        legal = game.legal_actions()
        action = legal[rng.randrange(len(legal))]
        game.apply(action)
        ids.append(action.id)
        if checker:
            checker.check()
        assert len(ids) < limit, "a random game must end"
    return ids


@SETTINGS
@given(players=players_st, seed=seed_st)
def test_DL_END_1_random_games_end_with_components_conserved(players, seed):
    """DL-END-1, DL-INT-24, DL-TOKEN-4, DL-MOVE-5, DL-MOVE-8, DL-RING-4, D3, D8, D9: random games end at the
    last egg with eggs, gems, tokens and rings conserved, one adventurer per stone, none on an entrance."""
    g = DrachenlandGame(players=players, seed=seed)
    checker = Checker(g)
    play_random(g, random.Random(seed), checker)
    assert g.state.eggs_left == 0 and g.winners()
    last = g.history[-1]
    assert last.action.id == "take egg"  # DL-END-1: the game ends on the take of the last egg
    assert last.events[-1].kind == "game_over"


@settings(max_examples=5, deadline=None)
@given(players=players_st, seed=seed_st,
       options=st.fixed_dictionaries({
           "dice": st.sampled_from(["special_2002", "standard_d6"]),
           "variant_free_gems": st.booleans(), "variant_open_hoards": st.booleans(),
           "forfeit_dice": st.booleans(), "march_without_die": st.booleans(),
           "forced_stop_ends_movement": st.booleans(), "call_counts_as_move": st.booleans(),
           "diamond_gem_limit": st.booleans(), "opening_exact_distance": st.booleans()}))
def test_DL_INT_30_every_option_combination_plays_to_the_end(players, seed, options):
    """DL-INT-30, DL-END-2, DL-INT-5/6/8/12/13/22/28, DL-VAR1-1, DL-VAR2-1: any options keep the invariants and
    still end only through the last egg (no turn cap by default)."""
    g = DrachenlandGame(players=players, seed=seed, **options)
    checker = Checker(g)
    play_random(g, random.Random(seed), checker)
    assert g.state.eggs_left == 0 and "last egg" in g.outcome().reason


@settings(max_examples=6, deadline=None)
@given(players=players_st, seed=seed_st, cap=st.integers(1, 30))
def test_DL_INT_30_turn_cap_is_the_only_other_end(players, seed, cap):
    """DL-INT-30, DL-END-1: with a turn cap (not a rule) a game may stop with eggs left, after that many rounds."""
    g = DrachenlandGame(players=players, seed=seed, turn_cap=cap)
    rng = random.Random(seed)
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
        assert g.state.eggs_left > 0 or g.is_over  # the last egg always ends it at once
    if g.state.eggs_left:
        assert "turn cap" in g.outcome().reason and g.state.turn == cap + 1
    else:
        assert "last egg" in g.outcome().reason and g.state.turn <= cap


@SETTINGS
@given(players=players_st, seed=seed_st, back=st.integers(0, 400))
def test_records_round_trip(players, seed, back):
    """Records round-trip through JSON and dragonwidgets.from_record, at the end and at a rewound step."""
    g = DrachenlandGame(players=players, seed=seed, variant_open_hoards=bool(seed % 2))
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
    a = DrachenlandGame(players=players, seed=seed)
    ids = play_random(a, random.Random(seed))
    targets = set(data.draw(st.lists(st.integers(0, len(ids)), min_size=1, max_size=6)))
    b = DrachenlandGame(players=players, seed=seed)  # the same game again, digests taken on the way
    digests = {0: b.state_digest()}
    for n, i in enumerate(ids, start=1):
        b.apply(i)  # the dice drawn after it are steps of their own
        if n in targets:
            digests[b.step] = b.state_digest()
    for k in list(digests) + [0, a.step]:
        a.goto(k)
        assert a.step == k and a.state_digest() == digests.get(k, b.state_digest())
    a.undo()
    assert a.step < len(a.history) and not a.is_over


@SETTINGS
@given(players=players_st, seed=seed_st, start=st.integers(0, 2000))
def test_undo_returns_to_identical_digests(players, seed, start):
    """History: undo() after any decision (and the dice drawn after it) gives back the digest before it."""
    rng = random.Random(seed)  # the random line, then the choices undone below
    g = random_prefix("drachenland", players, seed, start, rng)
    for _ in range(25):
        if g.is_over:
            break
        before, step = g.state_digest(), g.step
        legal = g.legal_actions()
        choice = legal[rng.randrange(len(legal))]
        g.apply(choice)
        after = g.state_digest()
        g.undo()
        assert g.step == step and g.state_digest() == before
        g.apply(choice)  # the same choice gives the same dice again (chance is drawn per step)
        assert g.state_digest() == after


@SETTINGS
@given(players=players_st, seed=seed_st)
def test_same_seed_and_actions_give_the_same_game(players, seed):
    """Determinism (DL-REC-3, DL-REC-1): replaying the same ids on a game with the same seed ends identically."""
    a = DrachenlandGame(players=players, seed=seed)
    ids = play_random(a, random.Random(seed))
    b = DrachenlandGame(players=players, seed=seed)
    for i in ids:
        b.apply(i)
    assert b.state_digest() == a.state_digest() and repr(a) == repr(b) and b.log(None) == a.log(None)
