"""Draghan positions (issue 13): ``game.position()`` and ``new_game("draghan", position=...)``.

The round trip over positions reached by random play, the issue's lesson, the conservation of cards and
coins (DG-SETUP-1, DG-SETUP-8), and the errors a broken position raises, each naming its field.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import dragonwidgets
from dragonwidgets import PositionError
from dragonwidgets.engine.errors import RecordError
from dragonwidgets.games.draghan.position import zones

#: (players, options) of the games whose positions round-trip; seeds 0..N each.
SETTINGS = [(2, {}), (3, {"character_choice": "random"}), (4, {"portal_decision_time": "end_of_round"}),
            (2, {"replacement_character": "random", "assist_alone": True}), (3, {"unlimited_coins": True})]


def views(g) -> list:
    """Every seat's and the teacher's observation without the engine's step, and the legal ids."""
    out = []
    for viewer in [None, *range(g.players)]:
        obs = g.observation(viewer)
        obs.pop("step", None)
        out.append(obs)
    return [out, g.legal_action_ids(), g.current_player]


def test_positions_reached_by_random_play_round_trip():
    """>= 500 positions of random games (auto chance, every player count, several options): a game started
    from ``position()`` shows every seat the same table, has the same legal actions and the same future."""
    checked = 0
    for players, options in SETTINGS:
        for seed in range(10):
            g = dragonwidgets.new_game("draghan", players=players, seed=seed, **options)
            rng = random.Random(seed)
            while not g.is_over:
                if rng.random() < 0.3:
                    position = json.loads(json.dumps(g.position()))
                    twin = dragonwidgets.new_game("draghan", position=position, **options)
                    assert views(twin) == views(g)
                    assert twin.position() == position
                    probe, future = g.clone(), random.Random(checked)
                    for _ in range(4):
                        if probe.is_over:
                            break
                        choice = future.choice(probe.legal_action_ids())
                        probe.apply(choice), twin.apply(choice)
                        assert views(twin) == views(probe)
                    checked += 1
                g.apply(rng.choice(g.legal_action_ids()))
    assert checked >= 500


def test_lesson_the_elf_alone_against_a_two_charm_monster():
    """DG-FIGHT-2/6: the healthy Elf shows SCC, enough for the Merchant's CC on its own (the issue's lesson)."""
    g = dragonwidgets.new_game("draghan", players=2, seed=1, position={
        "heroes": [{"character": "CH1"}, {"character": "CH3"}],
        "table": ["D08"], "decision": "declare_target", "active": 0})
    assert g.legal_action_ids() == ["face D08", "face none"] and g.observation(0)["table"][0]["req"] == "CC"
    g.apply("face D08"), g.apply("face none")
    assert any(e["text"] == "The Merchant is defeated." for e in g.log())


def expected_cards(g) -> Counter:
    return Counter(c for c in g.tables.card if c not in g.dragons_aside())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_DG_SETUP_1_cards_named_come_from_where_the_set_up_put_them(seed):
    """A partial position takes its cards out of the set-up's decks: every card stays in exactly one zone,
    the decks keep the set-up's order otherwise, and the characters' coins come from the supply (DG-SETUP-8)."""
    seeded = dragonwidgets.new_game("draghan", players=3, seed=seed)
    g = dragonwidgets.new_game("draghan", players=3, seed=seed, position={
        "heroes": [{"character": "CH1", "equipment": ["M04"], "coins": 3}, {"character": "CH2"},
                   {"character": "CH5", "wounded": True, "coins": 2}],
        "table": ["D08", "D01"], "market_display": ["M01"], "discard": ["D15"], "decision": "declare_target"})
    assert Counter(c for cards in zones(g.state).values() for c in cards) == expected_cards(g)
    left = [c for c in seeded.state.decks["encounter_draghan"] if c not in ("D08", "D01", "D15")]
    assert g.state.decks["encounter_draghan"] == left
    assert g.state.supply == 28 - 5 and g.state.set_aside == ["CH3", "CH4", "CH6"]
    assert g.state.declaring == [g.state.active, *[(g.state.active + k) % 3 for k in (1, 2)]]


def test_a_whole_position_loads_unchanged():
    g = dragonwidgets.new_game("draghan", players=2, seed=5, character_choice="random")
    position = g.position()
    assert dragonwidgets.new_game("draghan", position=position, character_choice="random").position() == position


def test_the_record_carries_the_position():
    """The record of a game started from a position replays it exactly; a broken one is refused."""
    g = dragonwidgets.new_game("draghan", players=2, seed=4, position={
        "heroes": [{"character": "CH1"}, {"character": "CH3"}], "table": ["D08"], "decision": "declare_target"})
    g.apply("face D08")
    record = json.loads(json.dumps(g.to_record()))
    assert dragonwidgets.from_record(record).state_digest() == g.state_digest()
    record["position"]["supply"] = 40
    with pytest.raises(RecordError, match="field 'supply'"):
        dragonwidgets.from_record(record)


HEROES = [{"character": "CH1"}, {"character": "CH3"}]


@pytest.mark.parametrize("position, field, words", [
    ({"supply": 30}, "supply", "28 coins (DG-SETUP-8"),
    ({"heroes": [{"character": "CH1", "coins": -1}, None]}, "heroes.0.coins", "0 coins or more"),
    ({"table": ["D08"], "discard": ["D08"]}, "discard", "one place (DG-SETUP-1)"),
    ({"decks": {"market": ["M01"]}}, "decks.market", "nowhere"),
    ({"table": ["M04"]}, "table", "holds monster or dragon_card (DG-EXPLORE-3)"),
    ({"table": ["X99"]}, "table.0", "not a card"),
    ({"heroes": [{"character": "D08"}, None]}, "heroes.0.character", "DG-SETUP-6"),
    ({"heroes": HEROES[:1]}, "heroes", "one entry per seat"),
    ({"knights": {}}, "knights", "unknown field"),
    ({"heroes": HEROES, "decision": "declare_target"}, "decision", "no monster is on the table (DG-FIGHT-1)"),
    ({"heroes": HEROES, "decision": "heal_1"}, "decision", "DG-HEAL-1"),
    ({"heroes": HEROES, "decision": "fly"}, "decision", "unknown decision"),
    ({"heroes": HEROES}, "decision", "name the decision due"),
    ({"heroes": HEROES, "table": ["D08"], "dragon": "G1", "decision": "declare_target"}, "dragon", "DG-DRAGON-1"),
    ({"heroes": HEROES, "table": ["D08"], "decision": "declare_target", "targets": {"0": "D01"}}, "targets.0",
     "DG-FIGHT-1"),
    ({"decks": {"market": ["D08"]}}, "decks.market.0", "does not belong"),
    ({"round": "3"}, "round", "must be a int"),
])
def test_a_broken_position_names_the_field_and_the_rule(position, field, words):
    with pytest.raises(PositionError) as error:
        dragonwidgets.new_game("draghan", players=2, seed=1, position=position)
    assert f"field {field!r}" in str(error.value) and words in str(error.value)


@pytest.mark.parametrize("seed", [3, 11])
def test_positions_at_manual_chance_nodes_round_trip(seed):
    """With manual chance a position may stand at a chance node (a theft's pick, DG-LOC-5; the large dragon,
    DG-DRAGON-1; a drawn replacement, DG-INT-13): the game started from it offers the same outcomes."""
    options = {"replacement_character": "random", "character_choice": "random"}
    g = dragonwidgets.new_game("draghan", players=3, seed=seed, chance="manual", **options)
    rng = random.Random(seed)
    while not g.is_over:
        twin = dragonwidgets.new_game("draghan", position=json.loads(json.dumps(g.position())), chance="manual",
                                      **options)
        assert views(twin) == views(g)
        g.apply(rng.choice(g.legal_action_ids()))


def test_the_widget_shows_a_position():
    g = dragonwidgets.new_game("draghan", players=2, seed=1, position={
        "heroes": [{"character": "CH1"}, {"character": "CH3"}], "table": ["D08"], "decision": "declare_target"})
    w = dragonwidgets.DraghanWidget(game=g)
    assert [m["id"] for m in w.observation["table"]] == ["D08"] and w.player_names == ["Elf", "Wizard"]
    assert w.observation["hint"]["count"] >= 1


def test_DG_PORTAL_4_a_position_in_the_shadow_realm_leaves_the_draghan_decks_out():
    """Named in the Shadow Realm, the Draghan decks and portals are removed (DG-PORTAL-4) unless named;
    the teacher picks the large dragon by hand (DG-DRAGON-1)."""
    g = dragonwidgets.new_game("draghan", players=2, seed=1, chance="manual", position={
        "heroes": [{"character": "CH1"}, {"character": "CH3"}], "realm": "shadow", "round": 12,
        "table": ["S01"], "decision": "draw_dragon"})
    assert g.state.decks["encounter_draghan"] == [] and len(g.state.removed) == 13 + 53  # every Draghan location and encounter
    assert g.legal_action_ids() == ["dragon G1", "dragon G2", "dragon G3", "dragon G4"]
    g.apply("dragon G2")
    assert g.state.dragon == "G2" and g.legal_action_ids() == ["face dragon", "face none"]
