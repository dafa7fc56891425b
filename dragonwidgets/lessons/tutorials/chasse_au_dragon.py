"""The built-in tutorial of La Chasse au Dragon: three players, the student plays White and moves first
(seed 41).

Chapter 1 walks through White's first three turns (a goblin caught, an orc beaten, equipment bought at
camp); chapter 2 goes on with the same game (a troll, a second step paid with a goblin quarter, equipment
changed, a duel won, a goblin caught with a d10), with questions at the choices that matter. Blue's and
Black's moves are the line the ``greedy`` bot played from the same seed; the dice and the monster piles
come from the seed (``chance="auto"``), so White's moves were chosen to meet good teaching situations, and
a changed line may roll other dice: the lesson's check says at once where.
"""

from __future__ import annotations

from typing import Any

from ..lesson import Lesson
from ._line import record_after

#: The start of every chapter: three seats, White (seat 0) first, dice and piles from the seed.
START: dict[str, Any] = {"game": "chasse_au_dragon", "players": 3, "seed": 41, "chance": "auto",
                         "options": {"first_player": 0}}

#: The first 16 decisions (chapter 1's line), played before chapter 2 begins.
CHAPTER_1 = ("step 2,1", "fight", "step 6,4", "fight", "step 1,4", "fight", "stop", "fight", "step 6,3", "fight",
             "step 1,3", "fight", "step 3,0", "stop", "equip backpack orc", "end turn")



def build() -> Lesson:
    """Return the tutorial of La Chasse au Dragon (two chapters, checked when taken or saved)."""
    return (
        Lesson("La Chasse au Dragon: a first hunt", **START)
        .walkthrough(
            "First steps in the forest", seat=0,
            comment=(
                "La Chasse au Dragon is a treasure hunt in a forest of monsters, for 2 to 6 players "
                "(CD-PLAYERS-1). You play White. The forest has 8 by 8 squares: the outer ring is its edge, "
                "where every player's camp stands, and each of the 36 inner squares holds a face-down pile of "
                "monsters, more of them deeper in (CD-BOARD-1, CD-BOARD-2, CD-BOARD-3, CD-SETUP-4, "
                "CD-SETUP-6). Every adventurer starts at camp with an empty management board and base "
                "equipment: a four-sided die (CD-SETUP-1, CD-SETUP-2, CD-SETUP-5).\n\n"
                "The goal: be the richest when someone beats a dragon, which ends the game at once (CD-END-1, "
                "CD-SCORE-1, CD-SCORE-4). Monsters rank by power, goblin 4, orc 6, ogre 8, troll 10, giant 12, "
                "dragon 20, and fight with a die of that many faces (CD-MON-1, CD-MON-2); beaten, they are "
                "wealth worth their power, except goblins, caught alive (CD-MON-3, CD-MON-4).\n\n"
                "The turn: move, then a duel if an opponent stands on your square, then meet the monster of "
                "your square, then camp actions if you stand on your own camp (CD-TURN-1, CD-TURN-2).")
        )
        .step("step 2,1",
              "One step onto any of the eight neighbouring squares is free (CD-MOVE-1); you may also stay "
              "(CD-MOVE-2). Step into the forest, onto 2,1.", highlight=["adv/0", "2,1"])
        .step("fight",
              "A goblin, turned up from the pile (CD-ENC-1, CD-BOARD-6). You may try to flee, or fight "
              "(CD-ENC-2). What do you do?",
              highlight=["2,1", "dice", "zone/0/cage"],
              feedback={"flee roll": "Fleeing by a roll works only on your die's highest face, a 4 (CD-ENC-3), "
                                     "and brings nothing. Your cage is empty: losing to a goblin costs you "
                                     "nothing (CD-ENC-9)."},
              hints=["What could you lose if the goblin wins?", "Nothing: your cage is empty."])
        .steps("step 6,4", "fight", "step 1,4", "fight")
        .step("stop",
              "Both sides rolled; a die showing its highest face rolls again and adds up, and the higher total "
              "wins (CD-COMBAT-1, CD-COMBAT-2, CD-COMBAT-3); the player on the fighter's left rolls for the "
              "monster (CD-COMBAT-4). Your goblin sits in your cage (CD-ENC-8, CD-ZONE-2). A goblin is food "
              "for your mount: every step after the first one of a turn costs a quarter of a goblin "
              "(CD-MOVE-3, CD-GOB-1, CD-GOB-3). This time stay on 2,1 and meet its next card (CD-MOVE-2, "
              "CD-ENC-11).", highlight=["adv/0", "zone/0/cage"])
        .step("fight",
              "An orc, power 6: at least your power, so you may flee by giving up a goblin as a decoy, or by "
              "rolling your die's highest face (CD-ENC-3), or fight with your d4 against its d6 (CD-ENC-7). "
              "What do you do?",
              highlight=["2,1", "zone/0/backpack", "zone/0/cage"],
              feedback={"decoy": "The decoy costs your goblin (CD-GOB-2). Yet an orc that wins only empties the "
                                 "backpack, and yours is empty (CD-ZONE-8, CD-ENC-9): fighting risks nothing.",
                        "flee roll": "A roll escapes only on a 4 and wins nothing. An orc that wins only empties "
                                     "your backpack, and it is empty (CD-ZONE-8): fight."},
              hints=["Which of your zones can an orc take?", "The backpack, and yours is empty."])
        .steps("step 6,3", "fight", "step 1,3", "fight")
        .step("step 3,0",
              "The orc is in your backpack: wealth worth 6 (CD-ZONE-1). Only carried cards can be lost: a "
              "monster that beats you takes the backpack, what lies at camp is safe (CD-ZONE-8). Where do you go?",
              highlight=["adv/0", "3,0", "zone/0/backpack"],
              feedback={"stop": "Staying meets 2,1's next card with your orc at stake (CD-ENC-9). Bring it home."},
              default="Legal, but your orc stays at risk out there. Your camp, 3,0, is one free step away.",
              hints=["Where is your orc safe?", "Your camp is on 3,0."])
        .step("stop",
              "You could walk on, paying a quarter per extra step, but the camp phase only happens if you stop "
              "on your own camp (CD-CAMP-1). Stop here.", highlight=["3,0"])
        .step("equip backpack orc",
              "At camp you may bank wealth in the vault, move goblins between cage and dungeon, and buy "
              "equipment, in any order (CD-CAMP-1, CD-CAMP-2, CD-CAMP-3). Equipment is a wealth card: its "
              "power becomes your power and your die (CD-CAMP-4, CD-ZONE-5). What do you do with the orc?",
              highlight=["zone/0/backpack", "zone/0/vault", "zone/0/equipment"],
              feedback={"deposit orc": "The vault keeps it safe (CD-ZONE-3). But equipment is kept as safely, "
                                       "counts as wealth too (CD-SCORE-1), and gives you a d6 instead of a d4.",
                        "end turn": "The orc would leave camp in your backpack, at risk. Put it to use first.",
                        "goblin to dungeon": "A goblin in the dungeon is safe but cannot feed your mount "
                                             "(CD-ZONE-4, CD-GOB-4). What about the orc?"},
              hints=["Which card could make you stronger?", "Buy equipment with the orc."])
        .step("end turn", "You now fight with a d6. End your turn: Blue plays next (CD-TURN-5).",
              highlight=["zone/0/equipment"])
        .closing("Goblins, whole or eaten, add nothing to your wealth, and base equipment adds 0 (CD-SCORE-2, "
                 "CD-SCORE-3). Wealth cards and goblins never share a zone (CD-ZONE-9).")
        .walkthrough(
            "Deeper into the forest", seat=0, record=record_after(START, CHAPTER_1),
            comment="The same game goes on. You have a d6 (CD-ZONE-5), and a goblin in your cage (CD-ZONE-2).")
        .steps("step 6,2", "stop", "fight", "step 1,2", "fight")
        .step("step 2,1",
              "The squares deeper in hold thicker piles, with stronger monsters (CD-BOARD-3). Head in: first a "
              "free step onto 2,1.", highlight=["adv/0", "2,1", "2,2"])
        .step("step 2,2",
              "Now a second step, onto 2,2: it costs a quarter. Your goblin leaves the cage for the pantry, "
              "turned to show 3 quarters left (CD-GOB-5, CD-GOB-6, CD-ZONE-6). Squares walked through do "
              "nothing (CD-MOVE-5).", highlight=["2,2", "zone/0/pantry"])
        .step("stop",
              "You could go on while quarters last, the pantry's plus 4 per caged goblin (CD-GOB-8, CD-MOVE-6); "
              "stop here.", highlight=["2,2"])
        .step("fight",
              "A troll, power 10: its d10 against your d6 (CD-COMBAT-3). Its power is higher than yours, so you "
              "may flee by a roll (CD-ENC-3), or fight?",
              highlight=["2,2", "zone/0/backpack", "dice"],
              feedback={"flee roll": "A troll that wins empties your backpack, and it is empty (CD-ENC-9): you "
                                     "risk nothing and could win 10."},
              hints=["What is in your backpack?"])
        .steps("step 5,1", "fight", "step 1,1", "fight")
        .step("step 3,1",
              "A troll in your backpack: 10 wealth at risk (CD-ZONE-8). Black, on 1,1, carries an orc. Your move "
              "(CD-MOVE-1, CD-MOVE-3)?",
              highlight=["adv/0", "adv/2", "3,0", "zone/0/backpack"],
              accept=["step 2,1"],
              feedback={"step 1,1": "A duel with Black could win its orc, but a lost duel hands over your "
                                    "backpack, troll and all (CD-DUEL-8), and 1,1 has a monster to meet too.",
                        "stop": "Staying meets 2,2's next card with your troll at stake (CD-ENC-9)."},
              default="Legal, but your troll is at risk out here. Head for your camp, 3,0.",
              hints=["Take the troll home.", "A free step toward 3,0, then a paid one."])
        .step("step 3,0", "A second step, paid with a quarter from the pantry (CD-GOB-3, CD-GOB-5).",
              highlight=["3,0", "zone/0/pantry"])
        .step("stop", "Stop on your camp: the camp phase follows (CD-CAMP-1).", highlight=["3,0"])
        .step("swap vault backpack troll",
              "To change equipment, sell the old card back at full value into the backpack or the vault, then "
              "buy with another (CD-CAMP-5). What now?",
              highlight=["zone/0/equipment", "zone/0/vault", "zone/0/backpack"],
              feedback={"deposit troll": "Safe in the vault, but you would keep fighting with a d6. As "
                                         "equipment the troll is as safe and gives you a d10.",
                        "swap backpack backpack troll": "Right idea, but the orc you sell would go into your "
                                                        "backpack, where a monster can take it: sell it into "
                                                        "the vault.",
                        "end turn": "The troll would leave camp in your backpack, at risk.",
                        "unequip backpack": "Selling the orc without buying leaves you with a d4 (CD-CAMP-6). "
                                            "Buy the troll with it.",
                        "unequip vault": "Selling the orc without buying leaves you with a d4 (CD-CAMP-6). "
                                         "Buy the troll with it."},
              hints=["The troll would make a better die than the orc.", "Sell the orc into the vault."])
        .step("end turn", "A d10 now, and 6 wealth in the vault (CD-SCORE-1). End your turn (CD-TURN-5).",
              highlight=["zone/0/equipment"])
        .steps("step 4,1", "fight", "step 1,2", "fight")
        .step("step 4,1",
              "Blue stands on 4,1, its cage not empty; you see an opponent's piles only roughly (CD-ZONE-7). "
              "Your backpack and cage are empty. Where do you go?",
              highlight=["adv/1", "4,1", "zone/1/cage"],
              default="Legal. But a duel needs an opponent on your square (CD-DUEL-1), and a duel with Blue "
                      "could only win you something: you carry nothing.",
              hints=["Whom could you challenge?", "Blue, on 4,1."])
        .step("stop", "Stop on Blue's square (CD-BOARD-5).", highlight=["4,1"])
        .step("duel 1",
              "You may challenge one opponent on your square to a duel, or nobody (CD-DUEL-1). Challenge Blue?",
              highlight=["adv/1"],
              feedback={"no duel": "A duel is fought with each player's own die (CD-DUEL-7): your d10 against "
                                   "Blue's d4. The loser hands over backpack and cage and goes home (CD-DUEL-8), "
                                   "and you carry nothing."},
              hints=["Compare the dice.", "Only Blue has something to lose."])
        .step("no flight",
              "Blue may flee first, giving you a goblin from its cage or trying one roll (CD-DUEL-2, "
              "CD-DUEL-3, CD-DUEL-4).", highlight=["adv/1"])
        .step("fight",
              "Blue lost: its cage is yours, and Blue went home; a duel loser keeps vault, dungeon, equipment "
              "and pantry (CD-DUEL-8, CD-DUEL-10). Your turn goes on with the monster of 4,1 (CD-DUEL-11): a "
              "goblin, power 4, below your 10, so you may simply walk away (CD-ENC-5). Walk away, or fight?",
              highlight=["4,1", "zone/0/cage"],
              feedback={"flee free": "Legal, and safe. But your d10 beats a goblin's d4 most of the time, and a "
                                     "caught goblin feeds your mount (CD-MON-4)."},
              hints=["Compare the dice."])
        .closing(
            "A goblin that wins frees every goblin of your cage (CD-ENC-9); a tie costs nothing (CD-ENC-10). "
            "Hunt on: whoever beats a dragon, 20 wealth, ends the game (CD-ENC-12), and a dragon that wins, ties "
            "or is fled leaves the game going (CD-END-2, CD-END-3).")
    )
