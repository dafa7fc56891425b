"""Refusals: an illegal action raises IllegalActionError, leaves the game exactly as it was, and
``game.explain(id)`` names the rule that forbids it (``dragonwidgets/games/chasse_au_dragon/why.py``).

Each case builds a literal position, brings it to a decision, and tries one id the rules forbid
there; the expected rule ID is the one the digest gives for that prohibition.
"""

from __future__ import annotations

import pytest

from cd_builder import Board, play, position
from dragonwidgets.engine import Action, IllegalActionError
from dragonwidgets.games.chasse_au_dragon import ChasseGame

PILE = ["orc", "goblin", "goblin", "orc"]


def start():
    """Seat 0 on its camp (3,0) at the start of its turn, base equipment, nothing carried."""
    return position(2)


def corner_camp():
    return position(2, camps={0: "0,0"})


def no_fuel_after_a_step():
    """S-16: cage 0, pantry 0: one step to (2,2) and the movement is over (encounter there)."""
    g = position(2, at={0: "1,1"}, piles={"2,2": list(PILE)})
    play(g, "step 2,2")
    return g


def stopped_with_fuel():
    g = position(2, at={0: "2,2"}, boards={0: Board(cage=1)}, piles={"2,2": list(PILE)})
    play(g, "stop")
    return g


def choosing_a_duel():
    """Seat 0 and seat 1 on (2,2), seat 2 on (5,5); seat 0 has stopped."""
    g = position(3, at={0: "2,2", 1: "2,2", 2: "5,5"}, piles={"2,2": list(PILE)})
    play(g, "stop")
    return g


def after_a_tied_duel():
    g = position(3, at={0: "2,2", 1: "2,2", 2: "2,2"}, piles={"2,2": list(PILE)})
    play(g, "stop", "duel 1", "no flight", "throw 3", "throw 3")
    return g


def duel_defender_empty_cage():
    g = position(2, at={0: "2,2", 1: "2,2"}, boards={1: Board(pantry=3, dungeon=2)}, piles={"2,2": list(PILE)})
    play(g, "stop", "duel 1")
    return g


def duel_after_failed_roll():
    """S-11: B (giant, d12, cage 3) rolled 11 to flee: the fight is forced."""
    g = position(2, at={0: "2,2", 1: "2,2"}, boards={1: Board(equipment="giant", cage=3)}, piles={"2,2": list(PILE)})
    play(g, "stop", "duel 1", "flee roll", "flee 11")
    return g


def duel_flight_roll():
    g = position(2, at={0: "2,2", 1: "2,2"}, boards={1: Board(cage=3)}, piles={"2,2": list(PILE)})
    play(g, "stop", "duel 1", "flee roll")
    return g


def weaker_goblin():
    """S-1: equipment orc, a goblin revealed."""
    g = position(2, at={0: "2,2"}, boards={0: Board(equipment="orc", cage=2)}, piles={"2,2": ["goblin", "orc"]})
    play(g, "stop")
    return g


def base_against_goblin():
    """S-2: base equipment (4) and a goblin (4): no free flight."""
    g = position(2, at={0: "2,2"}, boards={0: Board(cage=1)}, piles={"2,2": ["goblin", "orc"]})
    play(g, "stop")
    return g


def giant_no_cage():
    """S-18: cage 0, pantry 3, dungeon 2, a giant, base d4."""
    g = position(2, at={0: "3,3"}, boards={0: Board(pantry=3, dungeon=2)}, piles={"3,3": ["giant", "orc"]})
    play(g, "stop")
    return g


def troll_failed_roll():
    """S-3: base d4, cage 2, a troll; the flight roll showed 3."""
    g = position(2, at={0: "2,2"}, boards={0: Board(cage=2)}, piles={"2,2": ["troll", "orc", "goblin", "goblin"]})
    play(g, "stop", "flee roll", "flee 3")
    return g


def troll_flight_roll():
    g = position(2, at={0: "2,2"}, boards={0: Board(cage=2)}, piles={"2,2": ["troll", "orc", "goblin", "goblin"]})
    play(g, "stop", "flee roll")
    return g


def orc_fight():
    g = position(2, at={0: "2,2"}, piles={"2,2": ["orc", "goblin"]})
    play(g, "stop", "fight")
    return g


def camp_base():
    g = position(2, boards={0: Board(backpack=["orc"])})
    play(g, "stop")
    return g


def camp_equipped():
    g = position(2, boards={0: Board(equipment="orc", backpack=["orc", "troll"])})
    play(g, "stop")
    return g


def camp_no_selling():
    g = position(2, boards={0: Board(equipment="orc")}, allow_sell_without_replacement=False)
    play(g, "stop")
    return g


def on_another_camp():
    """S-24: seat 0 has stepped onto seat 1's camp (4,7), where seat 1 stands."""
    g = position(2, at={0: "4,6"}, boards={0: Board(backpack=["orc"])})
    play(g, "step 4,7")
    return g


def raid_roll():
    return position(3, dragon_raids=True)


def raids_second_seat():
    return position(3, active=1, dragon_raids=True)


def choosing_camps():
    g = ChasseGame(players=3, seed=0, first_player=0, camp_placement="choose", chance="manual")
    play(g, "camp 0,3")
    return g


CASES = [
    # (position, refused id, rule ID the explanation must name)
    (start, "step 3,2", "CD-MOVE-1"),
    (start, "step 5,5", "CD-MOVE-3"),
    (corner_camp, "step -1,0", "CD-MOVE-4"),
    (corner_camp, "step 0,8", "CD-MOVE-4"),
    (start, "duel 1", "CD-DUEL-1"),
    (start, "fight", "CD-ENC-2"),
    (start, "throw 3", "CD-COMBAT-1"),
    (start, "flee 4", "CD-DUEL-4"),
    (start, "raid 2 5", "CD-RAID-1"),
    (start, "end turn", "CD-CAMP-1"),
    (start, "deposit orc", "CD-CAMP-1"),
    (start, "deposit orc", "CD-INT-25"),
    (start, "camp 0,3", "CD-INT-4"),
    (no_fuel_after_a_step, "step 2,3", "CD-MOVE-6"),
    (no_fuel_after_a_step, "stop", "CD-GOB-8"),
    (stopped_with_fuel, "step 2,3", "CD-TURN-2"),
    (choosing_a_duel, "duel 2", "CD-DUEL-1"),
    (choosing_a_duel, "duel 0", "CD-DUEL-1"),
    (choosing_a_duel, "decoy", "CD-DUEL-2"),
    (after_a_tied_duel, "duel 2", "CD-DUEL-1"),
    (duel_defender_empty_cage, "decoy", "CD-DUEL-3"),
    (duel_defender_empty_cage, "decoy", "CD-INT-13"),
    (duel_defender_empty_cage, "flee free", "CD-DUEL-2"),
    (duel_defender_empty_cage, "fight", "CD-ENC-2"),
    (duel_defender_empty_cage, "no duel", "CD-DUEL-1"),
    (duel_after_failed_roll, "decoy", "CD-DUEL-5"),
    (duel_after_failed_roll, "throw 5", "CD-COMBAT-3"),
    (duel_flight_roll, "flee 5", "CD-DUEL-4"),
    (duel_flight_roll, "decoy", "CD-DUEL-5"),
    (weaker_goblin, "decoy", "CD-INT-14"),
    (weaker_goblin, "flee roll", "CD-ENC-5"),
    (weaker_goblin, "no flight", "CD-DUEL-2"),
    (base_against_goblin, "flee free", "CD-ENC-5"),
    (base_against_goblin, "flee free", "CD-INT-19"),
    (giant_no_cage, "decoy", "CD-INT-13"),
    (giant_no_cage, "decoy", "CD-ENC-3"),
    (troll_failed_roll, "decoy", "CD-ENC-4"),
    (troll_failed_roll, "flee roll", "CD-ENC-4"),
    (troll_flight_roll, "flee 5", "CD-ENC-3"),
    (troll_flight_roll, "flee 0", "CD-INT-9"),
    (orc_fight, "throw 5", "CD-COMBAT-3"),
    (orc_fight, "fight", "CD-ENC-2"),
    (camp_base, "deposit ogre", "CD-CAMP-2"),
    (camp_base, "withdraw orc", "CD-CAMP-2"),
    (camp_base, "deposit goblin", "CD-ZONE-9"),
    (camp_base, "goblin to dungeon", "CD-CAMP-3"),
    (camp_base, "goblin to cage", "CD-CAMP-3"),
    (camp_base, "goblin to pantry", "CD-CAMP-7"),
    (camp_base, "equip vault orc", "CD-CAMP-4"),
    (camp_base, "equip backpack goblin", "CD-ZONE-9"),
    (camp_base, "swap vault backpack orc", "CD-CAMP-4"),
    (camp_base, "unequip vault", "CD-CAMP-6"),
    (camp_base, "step 3,1", "CD-TURN-2"),
    (camp_equipped, "equip backpack troll", "CD-CAMP-5"),
    (camp_equipped, "swap vault backpack orc", "CD-CAMP-5"),
    (camp_equipped, "swap vault vault troll", "CD-CAMP-5"),
    (camp_equipped, "swap cage backpack troll", "CD-CAMP-7"),
    (camp_no_selling, "unequip vault", "CD-INT-21"),
    (on_another_camp, "deposit orc", "CD-INT-7"),
    (on_another_camp, "end turn", "CD-CAMP-1"),
    (raid_roll, "step 3,1", "CD-TURN-2"),
    (raid_roll, "raid 5 2", "CD-RAID-3"),
    (raid_roll, "raid 0 7", "CD-RAID-2"),
    (raids_second_seat, "raid 1 2", "CD-RAID-2"),
    (raids_second_seat, "raid 1 2", "CD-INT-22"),
    (choosing_camps, "camp 3,3", "CD-BOARD-2"),
    (choosing_camps, "camp 0,3", "CD-INT-4"),
    (choosing_camps, "camp 9,0", "CD-SETUP-4"),
    (choosing_camps, "step 0,4", "CD-TURN-2"),
]


@pytest.mark.parametrize("build,action_id,rule", CASES, ids=[f"{b.__name__}:{a}:{r}" for b, a, r in CASES])
def test_refusals_name_the_rule_and_change_nothing(build, action_id, rule):
    """Every refusal: IllegalActionError naming the rule, explain() naming it too, the state untouched
    (CD-MOVE-1, CD-MOVE-3, CD-MOVE-4, CD-MOVE-6, CD-GOB-8, CD-TURN-2, CD-DUEL-1..5, CD-INT-13, CD-INT-14,
    CD-ENC-2..5, CD-INT-19, CD-INT-9, CD-COMBAT-1, CD-COMBAT-3, CD-CAMP-1..7, CD-ZONE-9, CD-INT-21, CD-INT-25,
    CD-INT-7, CD-RAID-1..3, CD-INT-22, CD-INT-4, CD-SETUP-4, CD-BOARD-2)."""
    g = build()
    assert action_id not in g.legal_action_ids()
    digest, step, legal = g.state_digest(), g.step, g.legal_action_ids()
    with pytest.raises(IllegalActionError) as err:
        g.apply(action_id)
    assert rule in err.value.reason and err.value.action_id == action_id and err.value.legal == legal
    assert g.state_digest() == digest and g.step == step and g.legal_action_ids() == legal
    text = g.explain(action_id)
    assert text.startswith(f"{action_id!r} is not legal") and rule in text


def test_CD_TURN_4_a_decision_belongs_to_one_seat():
    """CD-TURN-4, CD-DUEL-2: the duel's flight is the defender's decision: the same id sent as the
    active player's is refused and changes nothing."""
    g = duel_defender_empty_cage()
    digest = g.state_digest()
    with pytest.raises(IllegalActionError, match="Blue's decision, not White's"):
        g.apply(Action("no flight", "", 0, "no_flight"))
    assert g.state_digest() == digest and g.current_player == 1


def test_explain_a_legal_action_names_its_rules():
    """explain() on a legal id says so and names the rules that make it legal: CD-MOVE-1 for the free
    step, CD-MOVE-3 and CD-GOB-3 for a paid one, CD-ENC-5 for a free flight, CD-CAMP-6 / CD-INT-21 for a sale."""
    g = position(2, at={0: "2,2"}, boards={0: Board(cage=1)})
    assert g.explain("step 2,3").startswith("'step 2,3' is legal") and "CD-MOVE-1" in g.explain("step 2,3")
    play(g, "step 2,3")
    assert "CD-MOVE-3" in g.explain("step 2,4") and "CD-GOB-3" in g.explain("step 2,4")
    assert "CD-ENC-5" in weaker_goblin().explain("flee free")
    assert "CD-INT-21" in camp_equipped().explain("unequip vault")


def test_unknown_ids_and_the_end_of_the_game():
    """An id outside the grammar is refused as such; once a dragon is slain every id is refused and
    explain() says why (CD-END-1)."""
    g = start()
    with pytest.raises(IllegalActionError, match="not an action of La Chasse au Dragon"):
        g.apply("jump 3,1")
    g = position(2, at={0: "3,3"}, piles={"3,3": ["dragon", "orc"]})
    play(g, "stop", "fight", "throw 3", "throw 2")
    assert g.is_over
    digest = g.state_digest()
    with pytest.raises(IllegalActionError, match="over"):
        g.apply("stop")
    assert g.state_digest() == digest and "CD-END-1" in g.explain("stop")


def test_random_refusals_never_change_the_state():
    """Through a seeded random game, ids of every decision tried at the wrong moment are refused with a
    reason and leave the digest unchanged (the engine's guarantee, for this game's grammar)."""
    import random

    probes = ["step 3,3", "stop", "duel 1", "no duel", "decoy", "flee roll", "no flight", "flee free", "fight",
              "flee 4", "throw 4", "deposit orc", "goblin to dungeon", "equip vault troll", "end turn", "raid 1 1"]
    g = ChasseGame(players=3, seed=5)
    rng = random.Random(5)
    for n in range(400):
        if g.is_over:
            break
        legal = g.legal_action_ids()
        for probe in probes if n % 4 == 0 else ():
            if probe not in legal:
                digest = g.state_digest()
                with pytest.raises(IllegalActionError) as err:
                    g.apply(probe)
                assert err.value.reason and "CD-" in err.value.reason
                assert g.state_digest() == digest
        g.apply(rng.choice(legal))
