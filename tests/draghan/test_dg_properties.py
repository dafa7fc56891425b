"""Property tests over random play for 2, 3 and 4 characters (hypothesis draws seeds, counts, options).

Invariants checked after every step: every card of the decks file is in exactly one place (the decks,
the heroes, the set-aside characters, the table and its large dragon, the revealed equipment, the market
display, the portals face up, the visited locations, the discard pile, the removed Draghan decks); the
supply and the characters' coins add up to 28 (unless ``unlimited_coins``); from the equipment check of
one round to phase 4 of the next every character is within 1 head, 1 torso and 2 hand cards; a game
always ends, with a win or a loss and one of the reasons DG-END-1..4. Also: records round-trip, undo and
goto come back to identical digests, the same seed and actions give the same game.

The random player follows the best fight plan most of the time (``game.fight_plans()``) so that games
also reach the dragon and are won; its other choices are uniform.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import dragonwidgets
from dg_builder import card_counts, coins_total, expected_cards
from dragonwidgets.games.draghan import DraghanGame
from dragonwidgets.games.draghan.cards import DECK_NAMES
from dragonwidgets.games.draghan.state import (ASSIST, DECLARE_EQUIPMENT, DECLARE_TARGET, DRAW_DRAGON, GOLD,
                                               HEAL_1, OVER, PORTAL, REPLACE, THEFT)

SETTINGS = settings(max_examples=12, deadline=None)
players_st = st.integers(2, 4)
seed_st = st.integers(0, 2**20)
options_st = st.fixed_dictionaries({
    "first_player": st.integers(-1, 1), "character_choice": st.sampled_from(["choose", "random"]),
    "replacement_character": st.sampled_from(["choose", "random"]),
    "portal_decision_time": st.sampled_from(["reveal", "end_of_round"]), "unlimited_coins": st.booleans(),
    "assist_alone": st.booleans(), "campaign_defeated_dragons": st.sampled_from(["", "G1", "G2,G4", "G1,G2,G3,G4"])})
#: The phases between one round's equipment check and the next round's phase 4 (nothing is gained there).
CHECKED = (HEAL_1, PORTAL, THEFT, DRAW_DRAGON, DECLARE_TARGET, DECLARE_EQUIPMENT, ASSIST, GOLD, REPLACE, OVER)
LIMIT = 5_000


def check(g: DraghanGame) -> None:
    """The invariants of the module docstring, on the state now."""
    s = g.state
    assert card_counts(g) == expected_cards(g), "every card is in exactly one place (DG-SETUP-1)"
    if not g.options["unlimited_coins"]:
        assert coins_total(g) == g.decks.coins and s.supply >= 0, "28 coins (DG-SETUP-8, DG-INT-24)"
    assert all(h.coins >= 0 for h in s.heroes if h)
    if s.phase in CHECKED and s.round:
        for h in s.heroes:
            if h:
                slots = [g.decks.card(c).slot for c in h.equipment]
                assert all(slots.count(k) <= n for k, n in g.decks.limits.items()), (h, "DG-EQUIP-1")
    if s.realm == "draghan" and s.round and s.phase not in (REPLACE, OVER):
        assert None not in s.heroes, "DG-WOUND-4: no seat is out in Draghan"
    if g.is_over:
        assert g.legal_actions() == [] and s.result in ("won", "lost")
        reason = g.outcome().reason
        assert s.result == "won" or any(r in reason for r in ("DG-END-2", "DG-END-3", "DG-END-4")), reason
        assert g.winners() == (list(range(g.players)) if s.result == "won" else [])
    else:
        assert g.legal_actions(), "a running game always has a legal action"


_PLANS: dict = {}


def best_plan(g: DraghanGame):
    """The best fight plan of this round's table (searched once per table and kit, then remembered)."""
    s = g.state
    key = (g.seed, s.round, tuple(s.table), s.assist, s.dragon,
           tuple((h.card, h.wounded, tuple(h.equipment)) if h else None for h in s.heroes))
    if key not in _PLANS:
        if len(_PLANS) > 5000:
            _PLANS.clear()
        _PLANS[key] = g.fight_plans(limit=1)[0]
    return _PLANS[key]


def choose(g: DraghanGame, rng: random.Random) -> str:
    """A legal id: the best fight plan's declaration three times in four, else a uniform choice."""
    legal = g.legal_action_ids()
    s = g.state
    if s.phase in (DECLARE_TARGET, DECLARE_EQUIPMENT, ASSIST) and rng.random() < 0.75:
        plan = best_plan(g)
        seat = g.current_player
        if s.phase == DECLARE_TARGET:
            want = plan.targets.get(seat)
            word = "dragon" if want and want == g.tables.dragon_card else (want or "none")
            pick = f"face {word}"
        elif s.phase == DECLARE_EQUIPMENT:
            left = [c for c in plan.cards.get(seat, ()) if f"use {c}" in legal]
            pick = f"use {left[0]}" if left else "done"
        else:
            want = plan.assist
            pick = f"assist {'dragon' if want and want == g.tables.dragon_card else (want or 'none')}"
        if pick in legal:
            return pick
    return rng.choice(legal)


def play_random(g: DraghanGame, rng: random.Random, checked: bool = False) -> list[str]:
    ids = []
    if checked:
        check(g)
    while not g.is_over:
        action = choose(g, rng)
        g.apply(action)
        ids.append(action)
        if checked:
            check(g)
        assert len(ids) < LIMIT, "a game must end"
    return ids


@SETTINGS
@given(players=players_st, seed=seed_st)
def test_DG_END_5_random_games_end_with_cards_and_coins_conserved(players, seed):
    """DG-END-5, DG-END-1..4, DG-SETUP-1, DG-SETUP-8, DG-INT-24, DG-EQUIP-1, DG-WOUND-4: random games end with a
    win or a loss; after every step every card is in one place, the 28 coins add up, and from one equipment
    check to the next round's phase 4 every character is within its limits."""
    g = DraghanGame(players=players, seed=seed)
    play_random(g, random.Random(seed), checked=True)
    assert g.state.phase == OVER


@settings(max_examples=15, deadline=None)
@given(players=players_st, seed=seed_st, options=options_st, manual=st.booleans())
def test_DG_INT_24_any_options_keep_the_invariants(players, seed, options, manual):
    """DG-INT-24 (unlimited_coins), DG-INT-6 (assist_alone), DG-INT-13, DG-INT-19, DG-CAMP-3, DG-SETUP-6,
    DG-SETUP-9: with any options, and chance outcomes picked by hand or drawn, the invariants hold."""
    if options["first_player"] >= players:
        options["first_player"] = -1
    g = DraghanGame(players=players, seed=seed, chance="manual" if manual else "auto", **options)
    play_random(g, random.Random(seed), checked=True)


def test_some_random_games_are_won_and_every_end_occurs():
    """DG-END-1..4: over seeded games of the plan-following random player, the team both wins and loses, and
    the losses come from more than one of DG-END-2, DG-END-3 and DG-END-4."""
    results, reasons = set(), set()
    for seed in range(60):
        g = DraghanGame(players=2 + seed % 3, seed=seed)
        play_random(g, random.Random(seed))
        results.add(g.state.result)
        reasons.add(g.outcome().reason.split("(")[-1].rstrip(")") if g.state.result == "lost" else "won")
    assert results == {"won", "lost"} and len(reasons - {"won"}) >= 2


def full_view_cards(view: dict) -> Counter:
    """Count the card ids in every zone of a full-table observation (``observation(None)``): the characters
    and their equipment, the set-aside characters, the table, the large dragon drawn and those the campaign
    sets aside, the revealed equipment, the market display, the portals face up, the visited locations,
    the discard pile, and ``hidden``: every face-down deck and the cards removed on travel."""
    out: Counter = Counter()
    for h in view["heroes"]:
        if h:
            out.update([h["card"], *h["equipment"]])
    out.update(m["id"] for m in view["table"])
    for zone in ("set_aside", "dragons_aside", "revealed_equipment", "market_display", "portals_up", "visited",
                 "discard"):
        out.update(view[zone])
    if view["dragon"]:
        out[view["dragon"]] += 1
    for deck in view["hidden"]["decks"].values():
        out.update(deck)
    out.update(view["hidden"]["removed"])
    return out


@settings(max_examples=10, deadline=None)
@given(players=players_st, seed=seed_st, options=options_st)
def test_DG_PORTAL_4_the_full_view_accounts_for_every_card_once(players, seed, options):
    """DG-PORTAL-4, DG-SETUP-1, DG-CAMP-3: at every step of random play (any options) the teacher's view,
    ``observation(None)``, shows every card of the decks file in exactly one zone, the Draghan cards removed
    from the game on travel and the large dragons set aside by the campaign included."""
    if options["first_player"] >= players:
        options["first_player"] = -1
    g = DraghanGame(players=players, seed=seed, **options)
    every = Counter(c for name in DECK_NAMES for c in g.decks.deck(name))
    rng = random.Random(seed)
    travelled = False
    while True:
        view = g.observation(None)
        assert full_view_cards(view) == every, f"step {g.step}: {(full_view_cards(view) - every) or (every - full_view_cards(view))}"
        travelled = travelled or bool(view["hidden"]["removed"])
        if g.is_over:
            break
        g.apply(choose(g, rng))
    assert travelled or g.state.realm == "draghan"


@SETTINGS
@given(players=players_st, seed=seed_st, back=st.integers(0, 60))
def test_records_round_trip(players, seed, back):
    """Records round-trip through JSON and dragonwidgets.from_record, at the end and at a rewound step."""
    g = DraghanGame(players=players, seed=seed, unlimited_coins=bool(seed % 2))
    play_random(g, random.Random(seed))
    end = g.state_digest()
    replay = dragonwidgets.from_record(json.loads(json.dumps(g.to_record())))
    assert replay.state_digest() == end and replay.is_over and replay.outcome() == g.outcome()
    g.goto(max(0, g.step - back))
    replay = dragonwidgets.from_record(json.loads(json.dumps(g.to_record())))
    assert replay.step == g.step and replay.state_digest() == g.state_digest()
    assert replay.observation(0) == g.observation(0) and repr(replay) == repr(g)


@SETTINGS
@given(players=players_st, seed=seed_st, data=st.data())
def test_goto_returns_to_identical_digests(players, seed, data):
    """History: goto(k) after a whole game gives the very digest the game had at step k."""
    a = DraghanGame(players=players, seed=seed)
    ids = play_random(a, random.Random(seed))
    b = DraghanGame(players=players, seed=seed)
    digests = {b.step: b.state_digest()}
    for i in ids:
        b.apply(i)
        digests[b.step] = b.state_digest()
    for k in data.draw(st.lists(st.sampled_from(sorted(digests)), min_size=1, max_size=6)):
        a.goto(k)
        assert a.step == k and a.state_digest() == digests[k]


@SETTINGS
@given(players=players_st, seed=seed_st, start=st.integers(0, 80))
def test_undo_returns_to_identical_digests(players, seed, start):
    """History: undo() after any decision (and the chance drawn after it) gives back the digest before it; the
    same choice again draws the same chance (shuffles and picks are drawn per step)."""
    g = DraghanGame(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(start):
        if g.is_over:
            break
        g.apply(choose(g, rng))
    for _ in range(15):
        if g.is_over:
            break
        before, step = g.state_digest(), g.step
        action = choose(g, rng)
        g.apply(action)
        after = g.state_digest()
        g.undo()
        assert g.step == step and g.state_digest() == before
        g.apply(action)
        assert g.state_digest() == after


@SETTINGS
@given(players=players_st, seed=seed_st)
def test_same_seed_and_actions_give_the_same_game(players, seed):
    """Determinism: replaying the same ids on a game with the same seed ends identically (every deck order,
    shuffle and chance pick derives from the seed)."""
    a = DraghanGame(players=players, seed=seed)
    ids = play_random(a, random.Random(seed))
    b = DraghanGame(players=players, seed=seed)
    for i in ids:
        b.apply(i)
    assert b.state_digest() == a.state_digest() and repr(a) == repr(b) and b.log(None) == a.log(None)
