"""Positions of La Chasse au Dragon (issue 13): ``game.position()`` and ``new_game(..., position=...)``, and the
card an encounter turns up picked by hand with manual chance.

The round trip is checked on positions reached by seeded random play (every decision of the game among
them); partial positions on the issue's lesson and on the conservation of the 124 cards; each
``PositionError`` names its field and the rule broken.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

import dragonwidgets
from dragonwidgets import PositionError
from dragonwidgets.engine import CHANCE
from dragonwidgets.games.chasse_au_dragon import ChasseGame
from dragonwidgets.games.chasse_au_dragon.position import cards_by_type
from dragonwidgets.games.chasse_au_dragon.setup import COUNTS
from dragonwidgets.games.chasse_au_dragon.state import DECISIONS, ENCOUNTER, REVEAL

NAME = "chasse_au_dragon"
#: (players, chance, options): every decision comes up in these games (place_camp, raid, reveal, over...).
CONFIGS = [
    (2, "auto", {}),
    (3, "manual", {"dragon_raids": True}),
    (4, "auto", {"dragon_raids": True}),
    (5, "manual", {"camp_placement": "choose"}),
    (6, "auto", {"max_rounds": 6}),
    (2, "manual", {"max_rounds": 8, "duel_decoy_to_cage": False}),
]


def _without_step(obs: dict) -> dict:
    return {k: v for k, v in obs.items() if k != "step"}


def assert_same_table(a: ChasseGame, b: ChasseGame, where: object) -> None:
    """Every seat's and the teacher's observation (but the engine's step), the legal actions, the state."""
    for seat in (None, *range(a.players)):
        assert _without_step(a.observation(seat)) == _without_step(b.observation(seat)), (where, seat)
    assert a.legal_action_ids() == b.legal_action_ids(), where
    assert a.state == b.state, where


def _random_id(game: ChasseGame, rng: random.Random) -> str:
    legal = game.legal_actions()
    return legal[rng.randrange(len(legal))].id


def test_positions_reached_by_random_play_round_trip():
    """Issue 13, CD-SETUP-6, CD-ZONE-7, section 7: over more than 500 positions of seeded random games (2 to 6
    players, both chance modes, raids, chosen camps, games to their end), ``new_game(position=g.position())``
    (through JSON) gives the same observation to every seat and the teacher, the same legal actions and the
    same state; ``position()`` of the copy is the position; and 5 more random steps played on both (dice and
    cards drawn from the same chance stream in auto mode) keep them the same."""
    checked, decisions = 0, Counter()
    for players, chance, options in CONFIGS:
        for seed in range(3):
            g = dragonwidgets.new_game(NAME, players=players, seed=seed, chance=chance, **options)
            rng = random.Random(seed)
            for k in range(400):
                if k % 7 == 0 or g.is_over:
                    pos = json.loads(json.dumps(g.position()))
                    twin = dragonwidgets.new_game(NAME, position=pos, chance=chance, **options)
                    assert_same_table(g, twin, (players, chance, seed, k))
                    assert twin.position() == pos
                    a, r_a, r_b = g.clone(history=False), random.Random(k), random.Random(k)
                    for _ in range(5):
                        if a.is_over:
                            break
                        a.apply(_random_id(a, r_a))
                        twin.apply(_random_id(twin, r_b))
                        assert a.state == twin.state and a.legal_action_ids() == twin.legal_action_ids()
                    assert_same_table(a, twin, ("future", players, chance, seed, k))
                    checked += 1
                    decisions[pos["decision"]] += 1
                if g.is_over:
                    break
                g.apply(_random_id(g, rng))
    assert checked >= 500, checked
    assert set(decisions) == set(DECISIONS), decisions


def test_the_lesson_a_hunter_with_two_caged_goblins_and_an_orc_in_the_backpack():
    """Issue 13's lesson in a few lines; CD-ZONE-1, CD-ZONE-2, CD-ENC-3, CD-GOB-2: the hunter meets a troll on
    2,2 (picked by hand) and may leave a caged goblin as a decoy; the rest of the table is the seed's."""
    hunter = dragonwidgets.new_game(NAME, players=2, seed=1, chance="manual", position={
        "adventurers": {"white": "2,2"},
        "boards": {"white": {"cage": 2, "backpack": ["orc"]}},
    })
    seeded = dragonwidgets.new_game(NAME, players=2, seed=1)
    white = hunter.observation(0)["boards"][0]
    assert (white["backpack"], white["cage"], white["quarters"]) == ({"orc": 1}, 2, 8)
    assert hunter.state.first_player == seeded.state.first_player and hunter.state.camps == seeded.state.camps
    hunter.apply("stop")
    assert hunter.current_player == CHANCE and hunter.state.phase == REVEAL
    hunter.apply("reveal troll")
    assert hunter.legal_action_ids() == ["decoy", "flee roll", "fight"]


def test_CD_SETUP_6_cards_a_position_puts_in_zones_come_out_of_the_piles_left_out():
    """CD-SETUP-6: the two goblins and the orc of the lesson, and the cards named in ``removed``, come out of the
    piles (the pile holding most of that type, its bottom card): still 124 cards, 3 + 2 fewer in the piles."""
    seeded = dragonwidgets.new_game(NAME, players=3, seed=4)
    g = dragonwidgets.new_game(NAME, players=3, seed=4, position={
        "boards": {"blue": {"cage": 2, "backpack": ["orc"]}}, "removed": {"troll": 2}})
    assert cards_by_type(g.state) == Counter(COUNTS)
    before = Counter(c for pile in seeded.state.piles.values() for c in pile)
    after = Counter(c for pile in g.state.piles.values() for c in pile)
    assert before - after == Counter(goblin=2, orc=1, troll=2) and not after - before
    changed = [sq for sq in g.state.piles if g.state.piles[sq] != seeded.state.piles[sq]]
    for sq in changed:  # each card taken is a bottom card: what is left is the pile's top part, in order
        kept = g.state.piles[sq]
        assert Counter(seeded.state.piles[sq]) - Counter(kept) and all(c in seeded.state.piles[sq] for c in kept)


def test_CD_SETUP_6_cards_a_named_pile_no_longer_holds_go_under_the_piles_left_out():
    """CD-SETUP-6, CD-BOARD-6: naming 3,3 as [dragon, troll] frees its other 7 cards; they go under the piles
    left out (deepest first), so the table still holds the 124 cards, the named pile exactly as written."""
    seeded = dragonwidgets.new_game(NAME, players=2, seed=2)
    g = dragonwidgets.new_game(NAME, players=2, seed=2, position={"piles": {"3,3": ["dragon", "troll"]}})
    assert g.state.piles[3, 3] == ["dragon", "troll"]
    assert cards_by_type(g.state) == Counter(COUNTS)
    for sq, pile in g.state.piles.items():
        if sq != (3, 3):
            assert pile[: len(seeded.state.piles[sq])] == seeded.state.piles[sq]  # only cards put under
    assert sum(len(g.state.piles[sq]) for sq in ((4, 3), (3, 4), (4, 4))) == 27 + 9 - 2


def test_CD_ZONE_7_opponents_see_a_positions_zones_only_as_thickness():
    """CD-ZONE-7, CD-INT-23, section 7: the lesson's hunter shows its backpack and cage to itself; Blue sees
    their thickness buckets only (1 orc, 2 goblins: 'thin'), never the cards or the counts."""
    g = dragonwidgets.new_game(NAME, players=2, seed=1, position={
        "boards": {"white": {"cage": 2, "backpack": ["orc"], "vault": ["giant"] * 4}}})
    mine, theirs = g.observation(0)["boards"][0], g.observation(1)["boards"][0]
    assert (mine["backpack"], mine["vault"], mine["cage"]) == ({"orc": 1}, {"giant": 4}, 2)
    assert (theirs["backpack"], theirs["vault"], theirs["cage"], theirs["quarters"]) == (None, None, None, None)
    assert theirs["thickness"] == {"backpack": "thin", "vault": "medium", "cage": "thin", "dungeon": "empty"}
    assert "hidden" not in g.observation(1) and g.observation(1)["removed"] is None


def test_CD_SETUP_5_a_camp_moved_by_a_position_takes_its_adventurer_along():
    """CD-SETUP-4, CD-SETUP-5: a camp the position moves takes along the adventurer the set-up put on it; the
    first player named is the one to move, at the start of the turn (the raid, with the raids option)."""
    g = dragonwidgets.new_game(NAME, players=3, seed=5, dragon_raids=True, chance="manual", position={
        "camps": {"black": "0,2"}, "first_player": "black"})
    assert g.observation()["camps"][2] == g.observation()["positions"][2] == "0,2"
    assert (g.state.active, g.state.phase) == (2, "raid")


def test_a_whole_position_loads_unchanged_and_the_record_replays_it():
    """Issue 13: a mid-game position loads unchanged; the record of a game started from it carries the position,
    ``from_record`` replays it to the same table, and ``goto(0)`` goes back to the position."""
    g = dragonwidgets.new_game(NAME, players=4, seed=8, dragon_raids=True)
    rng = random.Random(8)
    for _ in range(120):
        g.apply(_random_id(g, rng))
    pos = g.position()
    twin = dragonwidgets.new_game(NAME, position=copy.deepcopy(pos), dragon_raids=True)
    assert twin.position() == pos and twin.seed == g.seed and twin.players == 4
    for _ in range(30):
        twin.apply(_random_id(twin, rng))
    again = dragonwidgets.from_record(json.loads(json.dumps(twin.to_record())))
    assert again.state_digest() == twin.state_digest() and again.start_position == twin.start_position
    twin.goto(0)
    assert twin.position() == pos


def test_a_widget_shows_a_game_started_from_a_position():
    """Issue 13: the widget takes the game as it is, position and all (the teacher sees the hunter's cards)."""
    game = dragonwidgets.new_game(NAME, players=2, seed=1, position={"boards": {"white": {"cage": 2, "backpack": ["orc"]}}})
    w = dragonwidgets.ChasseAuDragonWidget(game=game, viewer="teacher")
    assert w.observation["boards"][0]["backpack"] == {"orc": 1} and w.observation["boards"][0]["cage"] == 2


# ---------------------------------------------------------------------------- errors
WHITE_ON_2_2 = {"adventurers": {"white": "2,2"}}


@pytest.mark.parametrize("position, field, words", [
    ({"boards": {"white": {"backpack": ["giant"] * 7}}}, "boards", "the game has 6 giant cards (CD-SETUP-6)"),
    ({"piles": {"1,1": ["goblin"] * 60}, "boards": {"white": {"cage": 3}}}, "piles/boards", "62 goblin cards (CD-SETUP-6)"),
    ({"colour": "white"}, "colour", "not a field"),
    ({"boards": {"red": {}}}, "boards.red", "not a seat of this 2-player game"),
    ({"boards": {"white": {"backpack": ["goblin"]}}}, "boards.white.backpack[0]", "CD-ZONE-9"),
    ({"boards": {"white": {"purse": []}}}, "boards.white.purse", "not a field"),
    ({"boards": {"white": {"pantry": 4}}}, "boards.white.pantry", "CD-GOB-6"),
    ({"boards": {"white": {"cage": -1}}}, "boards.white.cage", "CD-ZONE-2"),
    ({"boards": {"white": {"equipment": "goblin"}}}, "boards.white.equipment", "CD-ZONE-9"),
    ({"boards": {"white": {"vault": ["dragon"]}}}, "boards.white.vault[0]", "CD-END-1"),
    ({"boards": {"white": {"backpack": ["dragon"]}}}, "boards.white.backpack", "CD-END-1"),
    ({"removed": {"dragon": 1}}, "removed.dragon", "CD-END-2"),
    ({"removed": {"goblin": -2}}, "removed.goblin", "must be an int 0..62"),
    ({"camps": {"white": "3,3"}}, "camps.white", "CD-BOARD-2"),
    ({"camps": {"white": "4,7"}}, "camps.blue", "CD-SETUP-4"),
    ({"adventurers": {"white": "8,1"}}, "adventurers.white", "CD-BOARD-1"),
    ({"piles": {"0,3": ["goblin"]}}, "piles.0,3", "CD-BOARD-2"),
    ({"piles": {"3,3": ["dragon", "dragon"]}}, "piles.3,3", "CD-SETUP-6"),
    ({"piles": {"3,3": ["wyvern"]}}, "piles.3,3[0]", "CD-MON-1"),
    ({"round": 0}, "round", "CD-TURN-1"),
    ({"tallies": {"turns": -1}}, "tallies.turns", "must be an int 0..2"),
    ({"decision": "fly"}, "decision", "not a decision"),
    ({"decision": "camp", **WHITE_ON_2_2}, "decision", "CD-CAMP-1"),
    ({"decision": "choose_duel"}, "decision", "CD-DUEL-1"),
    ({"decision": "encounter"}, "decision", "CD-ENC-1"),
    ({"decision": "reveal", **WHITE_ON_2_2}, "decision", "chance='manual'"),
    ({"decision": "raid"}, "decision", "CD-RAID-1"),
    ({"decision": "place_camp"}, "decision", "CD-INT-4"),
    ({"decision": "duel_flight"}, "turn.defender", "CD-DUEL-2"),
    ({"decision": "move", "turn": {"steps": 1}}, "turn.steps", "CD-MOVE-6"),
    ({"turn": {"flight_tried": True}}, "turn.flight_tried", "CD-DUEL-5"),
    ({"decision": "flee_roll", **WHITE_ON_2_2, "boards": {"white": {"equipment": "giant"}},
      "piles": {"2,2": ["orc"]}}, "decision", "CD-ENC-3"),
    ({"decision": "combat", **WHITE_ON_2_2, "turn": {"fight": {"kind": "encounter", "throws": [[3, 2], []]}}},
     "turn.fight.throws[0]", "CD-COMBAT-1"),
    ({"decision": "combat", **WHITE_ON_2_2, "turn": {"fight": {"kind": "duel"}}}, "turn.fight.kind", "CD-DUEL-7"),
    ({"end": {"reason": "bored"}}, "end", "CD-END-1"),
    ({"decision": "over", "end": {"reason": ""}}, "end.reason", "CD-END-1"),
])
def test_a_position_that_breaks_a_count_or_a_rule_is_refused_naming_the_field(position, field, words):
    """Issue 13: PositionError (a GameDataError) names the field and the count or rule broken (CD-SETUP-6 for
    the 124 cards, CD-ZONE-9, CD-GOB-6, CD-END-1/2, CD-BOARD-1/2, CD-SETUP-4, CD-TURN-1, and for each decision
    the rule that allows it: CD-CAMP-1, CD-DUEL-1/2/5/7, CD-ENC-1/3, CD-RAID-1, CD-INT-4, CD-MOVE-6, CD-COMBAT-1)."""
    with pytest.raises(PositionError) as err:
        dragonwidgets.new_game(NAME, players=2, seed=1, first_player=0, position=position)
    message = str(err.value)
    assert message.startswith(f"field '{field}': ") and words in message, message


def test_a_refused_position_leaves_the_seeded_table_as_it_was():
    """Issue 13: nothing is created or changed when a position is refused, however far it was read."""
    g = ChasseGame(players=3, seed=6)
    before = copy.deepcopy(g.state)
    bad = {"boards": {"white": {"cage": 2, "backpack": ["orc"]}}, "piles": {"3,3": []}, "decision": "encounter"}
    with pytest.raises(PositionError, match="field 'decision'"):
        g._from_position(g.state, bad)
    assert g.state == before


# ---------------------------------------------------------------------------- the card turned up, by hand
def test_CD_ENC_1_manual_chance_picks_the_card_turned_up_among_the_piles_cards():
    """CD-ENC-1, CD-BOARD-6: with manual chance an encounter stops at a chance node whose outcomes are the pile's
    card types, each with its share of the pile; every outcome is legal, turns that card up (it trades places
    with the top card) and keeps the pile's cards and the 124 (CD-SETUP-6)."""
    g = dragonwidgets.new_game(NAME, players=2, seed=1, chance="manual", first_player=0, position={
        "adventurers": {"white": "3,3"}, "piles": {"3,3": ["goblin", "orc", "dragon", "orc", "troll"]}})
    g.apply("stop")
    assert g.current_player == CHANCE and g.observation(1)["revealed"] is None
    outcomes = {a.id: a.prob for a in g.legal_actions()}
    assert outcomes == {"reveal goblin": 0.2, "reveal orc": 0.4, "reveal troll": 0.2, "reveal dragon": 0.2}
    for card in ("goblin", "orc", "troll", "dragon"):
        t = g.clone()
        events = t.apply(f"reveal {card}")
        assert t.state.phase == ENCOUNTER and t.observation(1)["revealed"]["card"] == card
        assert events[0].kind == "monster_revealed" and card in events[0].text
        pile = t.state.piles[3, 3]
        assert Counter(pile) == Counter(g.state.piles[3, 3]) and cards_by_type(t.state) == Counter(COUNTS)
        first = g.state.piles[3, 3].index(card)
        assert pile[first] == "goblin"  # the card that was on top took the picked card's place
    drawn = g.clone()
    drawn.resolve_chance()  # or drawn from the seed
    assert drawn.state.phase == ENCOUNTER


def test_CD_ENC_1_auto_chance_turns_the_top_card_up_in_the_same_step():
    """CD-ENC-1: with auto chance the top card is turned up at once (no chance node), as before manual picks
    existed: a random game never rests at 'reveal' and meets each pile's top card."""
    g = dragonwidgets.new_game(NAME, players=3, seed=3)
    rng = random.Random(3)
    met = 0
    while not g.is_over and g.step < 1500:
        top = {sq: pile[0] for sq, pile in g.state.piles.items() if pile}
        g.apply(_random_id(g, rng))
        assert g.state.phase != REVEAL
        if g.state.phase == ENCOUNTER and g.history[-1].action.kind in ("stop", "step", "no_duel"):
            here = g.state.positions[g.state.active]
            assert g.state.piles[here][0] == top[here]
            met += 1
    assert met > 20


def test_CD_ENC_1_explain_the_reveal():
    """CD-ENC-1: explain says when a card is picked, and names no card of the face-down pile."""
    manual = dragonwidgets.new_game(NAME, players=2, seed=1, chance="manual", first_player=0)
    assert "the decision now is move" in manual.explain("reveal orc")
    manual.apply("step 3,1")
    assert "'reveal {type}' for one of its types (CD-ENC-1, CD-BOARD-6)" in manual.explain("reveal dragon")
    auto = dragonwidgets.new_game(NAME, players=2, seed=1, first_player=0)
    assert "only with chance='manual' (CD-ENC-1)" in auto.explain("reveal orc")
