"""Phase 4, at camp (CD-CAMP-1..7, CD-INT-21, CD-INT-25, S-20): deposits, goblin transfers, equipment.

The seat starts its turn on its own camp and stays ('stop'): the edge holds no pile, so the camp
phase follows at once.
"""

from __future__ import annotations

import pytest

from cd_builder import Board, board, ids, play, position, total_cards, where
from dragonwidgets.games.chasse_au_dragon.state import CAMP, ENCOUNTER, MOVE


def at_camp(me: Board, players: int = 2, **kw):
    """Seat 0 on its own camp (3,0), in its camp phase."""
    g = position(players, boards={0: me}, **kw)
    play(g, "stop")
    assert g.state.phase == CAMP and g.current_player == 0
    return g


def camp_ids(g) -> set[str]:
    return set(ids(g)) - {"end turn"}


def test_CD_CAMP_1_the_camp_phase_on_the_own_camp_with_end_turn_always_legal():
    """CD-CAMP-1, CD-TURN-2: on the own camp the camp phase happens; with nothing to reorganise only
    'end turn' is offered, and it passes the turn to the left."""
    g = at_camp(Board())
    assert ids(g) == ["end turn"]
    play(g, "end turn")
    assert g.current_player == 1 and g.state.phase == MOVE


def test_CD_CAMP_1_actions_repeat_in_any_order():
    """CD-CAMP-1: several actions, repeated, in any order, before 'end turn'."""
    g = at_camp(Board(backpack=["orc", "orc", "troll"], cage=3, dungeon=1))
    play(g, "deposit orc", "goblin to dungeon", "deposit orc", "goblin to cage", "goblin to dungeon",
         "goblin to dungeon", "equip backpack troll")
    assert board(g, 0) == {"backpack": {}, "cage": 1, "vault": {"orc": 2}, "dungeon": 3, "equipment": "troll",
                           "pantry": 0}
    assert g.state.phase == CAMP and "end turn" in ids(g)


def test_CD_CAMP_2_deposit_backpack_to_vault_only():
    """CD-CAMP-2: each backpack type can be deposited; there is no vault -> backpack move."""
    g = at_camp(Board(backpack=["ogre", "orc"], vault=["giant"]))
    assert {i for i in ids(g) if i.startswith("deposit")} == {"deposit orc", "deposit ogre"}
    play(g, "deposit ogre")
    assert board(g, 0)["backpack"] == {"orc": 1} and board(g, 0)["vault"] == {"giant": 1, "ogre": 1}
    assert not any(a.kind not in ("deposit", "equip", "end_turn") for a in g.legal_actions())


def test_CD_CAMP_3_goblins_between_cage_and_dungeon_both_ways():
    """CD-CAMP-3: cage -> dungeon "et inversement", one goblin per action."""
    g = at_camp(Board(cage=2))
    assert camp_ids(g) == {"goblin to dungeon"}
    play(g, "goblin to dungeon", "goblin to dungeon")
    assert camp_ids(g) == {"goblin to cage"} and (board(g, 0)["cage"], board(g, 0)["dungeon"]) == (0, 2)
    play(g, "goblin to cage")
    assert (board(g, 0)["cage"], board(g, 0)["dungeon"]) == (1, 1)


def test_CD_CAMP_4_buy_a_first_equipment_from_backpack_or_vault():
    """CD-CAMP-4, CD-ZONE-5: with base equipment, any backpack or vault card can become the equipment;
    its power is the new combat die."""
    g = at_camp(Board(backpack=["ogre"], vault=["giant"]))
    assert {i for i in ids(g) if i.startswith("equip")} == {"equip backpack ogre", "equip vault giant"}
    assert not any(i.startswith(("swap", "unequip")) for i in ids(g))
    play(g, "equip vault giant")
    assert board(g, 0)["equipment"] == "giant" and board(g, 0)["vault"] == {}
    assert g.observation(1)["boards"][0]["power"] == 12


def test_CD_CAMP_5_change_equipment_sell_then_buy():
    """CD-CAMP-5: with equipment, a swap sells it into backpack or vault and buys another card from
    backpack or vault (never the same type: that would change nothing worth a choice)."""
    g = at_camp(Board(equipment="orc", backpack=["troll", "orc"], vault=["giant"]))
    swaps = {i for i in ids(g) if i.startswith("swap")}
    assert swaps == {"swap backpack backpack troll", "swap vault backpack troll",
                     "swap backpack vault giant", "swap vault vault giant"}
    assert not any(i.startswith("equip") for i in ids(g))
    play(g, "swap vault backpack troll")
    assert board(g, 0)["equipment"] == "troll" and board(g, 0)["backpack"] == {"orc": 1}
    assert board(g, 0)["vault"] == {"giant": 1, "orc": 1}


def test_S_20_equipment_thresholds_and_wealth_unchanged():
    """S-20, CD-CAMP-4, CD-CAMP-5, CD-ENC-3, CD-ENC-5, CD-SCORE-1: backpack troll, vault orc, base
    equipment. 'equip backpack troll' gives a d10: an ogre can be fled for free, a troll cannot.
    'swap vault vault orc' then gives equipment orc, vault troll; wealth 16 throughout."""
    g = at_camp(Board(backpack=["troll"], vault=["orc"]), piles={"2,1": ["ogre", "orc"], "4,1": ["troll", "orc"]})
    assert g.scores()[0] == 16
    play(g, "equip backpack troll")
    assert board(g, 0)["equipment"] == "troll" and g.scores()[0] == 16
    play(g, "end turn", "stop", "end turn")  # Blue stays at its camp
    ogre, troll = g.clone(), g.clone()
    play(ogre, "step 2,1")
    play(troll, "step 4,1")
    assert ids(ogre) == ["flee free", "fight"] and ids(troll) == ["flee roll", "fight"]
    g = at_camp(Board(equipment="troll", vault=["orc"]))
    play(g, "swap vault vault orc")
    assert board(g, 0)["equipment"] == "orc" and board(g, 0)["vault"] == {"troll": 1} and g.scores()[0] == 16


def test_CD_CAMP_6_CD_INT_21_sell_without_buying():
    """CD-CAMP-6, CD-INT-21: by default the equipment can be sold alone into backpack or vault (back to
    a d4); with allow_sell_without_replacement=False it cannot."""
    g = at_camp(Board(equipment="ogre"))
    assert camp_ids(g) == {"unequip backpack", "unequip vault"}
    play(g, "unequip vault")
    assert board(g, 0)["equipment"] is None and board(g, 0)["vault"] == {"ogre": 1}
    assert g.observation(1)["boards"][0]["power"] == 4 and g.scores()[0] == 8
    g = at_camp(Board(equipment="ogre"), allow_sell_without_replacement=False)
    assert camp_ids(g) == set()


def test_CD_CAMP_7_no_other_moves():
    """CD-CAMP-7, CD-ZONE-9: the pantry goblin cannot move; goblins never become wealth or equipment;
    wealth cards never enter cage, dungeon or pantry."""
    g = at_camp(Board(backpack=["orc"], vault=["ogre"], cage=1, dungeon=1, pantry=2))
    assert camp_ids(g) == {"deposit orc", "goblin to dungeon", "goblin to cage", "equip backpack orc",
                           "equip vault ogre"}
    for a in g.legal_actions():
        assert not any(t.endswith("/pantry") for t in a.targets)
        assert "goblin" not in a.id.split()[-1:] or a.kind.startswith("goblin_to")


def test_CD_INT_25_CD_CAMP_1_sent_home_in_another_players_turn_gives_no_camp_action():
    """CD-INT-25, CD-CAMP-1, CD-INT-12: a defender beaten in a duel goes home during the attacker's
    turn and gets no camp action then; its own next turn starts with movement."""
    g = position(2, at={0: "2,2", 1: "2,2"}, boards={1: Board(backpack=["orc"])}, piles={"2,2": ["orc", "goblin"]})
    play(g, "stop", "duel 1", "no flight", "throw 3", "throw 1")
    assert where(g, 1) == "4,7" and g.current_player == 0 and g.state.phase == ENCOUNTER
    play(g, "fight", "throw 2", "throw 2")  # a tie with the orc
    assert g.current_player == 1 and g.state.phase == MOVE


def test_CD_CAMP_2_equipment_changes_are_public_deposits_are_not():
    """CD-CAMP-2, CD-CAMP-5, section 7: a deposit shows the card to its owner only; others read "a card";
    an equipment change shows the old and the new card to everyone."""
    g = at_camp(Board(backpack=["giant", "orc"]))
    play(g, "deposit giant", "equip backpack orc")
    own = [r["text"] for r in g.log(0)]
    other = [r["text"] for r in g.log(1)]
    assert "White deposits a giant in the vault." in own and "White deposits a card in the vault." in other
    assert not any("giant" in t for t in other)
    assert "White changes equipment: base equipment (d4) → orc." in other


@pytest.mark.parametrize("seat_board", [
    Board(backpack=["orc", "troll", "giant"], vault=["ogre"], cage=2, dungeon=1, equipment="orc", pantry=1),
    Board(backpack=["ogre"], equipment="giant", cage=3),
])
def test_CD_CAMP_1_every_camp_action_keeps_the_cards_and_the_wealth(seat_board):
    """CD-CAMP-1..6, CD-ZONE-9, CD-SCORE-1: every camp action moves cards between zones only: the 124
    cards and the seat's wealth are unchanged, goblins stay in cage and dungeon."""
    g = at_camp(seat_board)
    wealth = g.scores()[0]
    for action in [a for a in ids(g) if a != "end turn"]:
        h = g.clone()
        play(h, action)
        assert h.scores()[0] == wealth and total_cards(h) == 124
        b = board(h, 0)
        assert b["cage"] + b["dungeon"] == seat_board.cage + seat_board.dungeon and b["pantry"] == seat_board.pantry
        assert "goblin" not in b["backpack"] and "goblin" not in b["vault"] and b["equipment"] != "goblin"
