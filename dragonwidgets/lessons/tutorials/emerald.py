"""The built-in Emerald tutorial: three players, the student plays black and moves first (seed 1).

Chapter 1 walks through the first turns of a seeded game (a stack sent onto the mountain, a card, the
dragon's first flight and a capture); chapter 2 asks the student to find Black's moves later in the same
game, up to a knight entering the lair. The other seats' moves are the line a greedy bot played from the
same seed (found with ``dragonwidgets.make_bot("emerald", "greedy")``), so every step is legal by
construction and checked again when the lesson is built.
"""

from __future__ import annotations

from typing import Any

from ..lesson import Lesson
from ._line import record_after

#: The start of every chapter: three seats, Black (seat 0) first, the dragon's die drawn from the seed.
START: dict[str, Any] = {"game": "emerald", "players": 3, "seed": 1, "chance": "auto", "options": {"first_player": 0}}

#: The game's first 116 decisions (Black, Red, Blue in turn), played before chapter 2 begins.
BEFORE_CHAPTER_2 = (
    "move T2 black", "move T1 black", "move T4 red", "move T3 red", "move KEEP blue", "move T4 blue",
    "move P3 black", "take gold", "pay 4", "move P3 red", "take gold", "move P3 blue", "move P2 blue",
    "move M2 black", "take gem", "move M1 red", "take gold", "move P6 blue", "take gem", "move P3 black",
    "move M3 black", "take gold", "move M2 red", "take gem", "lose", "move M1 blue", "take gem", "move P6 black",
    "take gem", "move M3 red", "take gem", "move M2 blue", "take gold", "move M1 black", "take gem", "move M4 red",
    "take gold", "move M3 blue", "take gold", "move M2 black", "take gold", "move M5 red", "take gem",
    "move M4 blue", "take gold", "move M3 black", "take gem", "move M6 red", "take gold", "pay 2", "move M5 blue",
    "take gem", "move M4 black", "take gold", "move M7 red", "take gold", "move M6 blue", "take gold", "lose",
    "move M5 black", "take gem", "pay 2", "move P3 red", "move T1 red", "move M7 blue", "take gold",
    "move M6 black", "take gold", "pay 2", "move P5 red", "move P2 red", "move M8 blue", "take gold", "pay 2",
    "move KEEP black", "move T3 black", "move P6 red", "take gold", "move M9 blue", "move P2 black",
    "move P2 black", "move M1 red", "take gem", "move P3 blue", "move T2 blue", "move P4 black", "move P3 black",
    "move M2 red", "take gold", "move P6 blue", "take gold", "move P5 black", "move P5 black", "move M3 red",
    "take gem", "move M1 blue", "move P2 blue", "move M1 black", "move P6 black", "move M4 red", "take gem",
    "move M3 blue", "move P3 blue", "move M2 black", "move M1 black", "move M5 red", "take gold", "pay 1",
    "move M4 blue", "take gem", "move M3 black", "move M2 black", "move M6 red", "take gem", "move M5 blue",
    "take gold",
)



def build() -> Lesson:
    """Return the Emerald tutorial (two chapters, checked when taken or saved)."""
    return (
        Lesson("Emerald: a first game", **START)
        .walkthrough(
            "Your first turns", seat=0,
            comment=(
                "Emerald is a race into a dragon's mountain. You lead the black knights, five of them "
                "(EM-SETUP-11, EM-P34-1), out of the castle's four towers and its keep, along a path of six "
                "plain squares, P1 to P6, and nine mountain squares, M1 to M9, up to the dragon's lair "
                "(EM-SETUP-1). On every mountain square lie a pile of gold cards and a pile of gem cards, their "
                "top cards face up (EM-SETUP-8, EM-SETUP-9); four treasure cards wait in the lair (EM-SETUP-2).\n\n"
                "The goal: the most points when the game ends, from gold, gems, treasures and bonus cards "
                "(EM-SCORE-6). The danger: the dragon, which flies to and fro beside four mountain squares and "
                "captures knights (EM-DRAGON-1, EM-SETUP-4).\n\n"
                "The turn: you move one or two of your own knights, each at most once (EM-TURN-2), then the "
                "player on your left plays (EM-TURN-1). Red and Blue play the other seats.")
        )
        .step("move T2 black",
              "A knight always moves forward exactly as many squares as there are knights on the space it "
              "leaves, every colour counted, itself included (EM-MOVE-1). Each tower holds three knights, one "
              "per colour, so a knight leaving it goes three steps and stops on P3 (EM-MOVE-2). Move the black "
              "knight of tower T2.",
              highlight=["T2/black", "P3"])
        .step("move T1 black",
              "You may move a second knight, or stop after one (EM-TURN-2). Where should the second go?",
              highlight=["T1/black", "T3/black", "T4/black", "KEEP/black", "P3"],
              accept=["move T3 black", "move T4 black", "move KEEP black"],
              feedback={"end turn": "Legal: one knight is enough (EM-TURN-2, EM-TURN-8). But a second knight "
                                    "costs nothing now, and on P3 it joins the first: knights that stand "
                                    "together go further on their next move (EM-MOVE-9)."},
              hints=["Every start space still holds three knights: where does a knight leaving one stop?",
                     "Any black knight of a tower or the keep reaches P3, next to your first one."])
        .steps("move T4 red", "move T3 red", "move KEEP blue", "move T4 blue")
        .step("move P3 black",
              "Red and Blue followed you onto P3: five knights stand there now. Stacks are how you steer: "
              "stopping where others stand lengthens their next move, leaving shortens it (EM-MOVE-9). Which "
              "black knight goes furthest?",
              highlight=["P3", "P3/black"],
              feedback={"move T3 black": "T3 holds two knights now, so its knight stops on P2 (EM-MOVE-1, "
                                         "EM-MOVE-2). Look at the crowded square.",
                        "move KEEP black": "The keep holds two knights: its knight stops on P2 (EM-MOVE-1). "
                                           "Look at the crowded square.",
                        "move T4 black": "Alone in T4, your knight goes one step, to P1 (EM-MOVE-2)."},
              hints=["Count the knights on each space a black knight could leave.",
                     "P3 holds five knights: P4, P5, P6, M1, M2 (EM-MOVE-4, EM-MOVE-6)."])
        .step("take gold",
              "Five steps: P4, P5, P6, then M1 and M2 (EM-MOVE-4); only the square where a knight stops counts "
              "(EM-MOVE-7). On a mountain square with cards face up you take one: the top gold card or the top "
              "gem card (EM-CARD-1), and the card beneath is turned up (EM-CARD-2). Gold lies face down before "
              "you and scores its value; it is also what buys a captured knight back (EM-CARD-5). A gem scores "
              "1 point and counts for the gem bonuses (EM-CARD-6). M2 lies beside the dragon's flight track, so "
              "once you have taken your card the dragon flies (EM-DRAGON-2). Which card?",
              highlight=["M2", "M2/gold", "M2/gem", "dragon", "flight_track"],
              feedback={"take gem": "A gem is worth 1 point. The gold 4 is worth 4, and the dragon is about to "
                                    "fly: gold is what keeps a captured knight (EM-SOOTHE-1)."},
              hints=["The dragon flies right after your card. What could you need then?"])
        .step("pay 4",
              "Taking a card ends your turn, once the dragon has flown (EM-CARD-4, EM-TURN-6). The dragon's die "
              "shows 1, 1, 2, 2, 3 or 3 (EM-SETUP-6); it flew that many squares the way it faces (EM-DRAGON-4, "
              "EM-DRAGON-5) and landed beside M2, where your knight stands alone: it is captured "
              "(EM-CAPTURE-1, EM-CAPTURE-3). Had several knights stood there, the player who flew it would "
              "choose one, even one of their own (EM-CAPTURE-4, EM-CAPTURE-5). Now you choose: give the dragon "
              "one gold card, or let the knight go to the nest (EM-CAPTURE-6).",
              highlight=["M2/black", "hand/0/gold/4", "NEST", "dragon"],
              feedback={"lose": "A knight in the nest is out for good and will never win a treasure "
                                "(EM-CAPTURE-7), and a player left with one knight ends the game (EM-END-2). "
                                "This one is already on the mountain: keep it."},
              hints=["Your gold card can buy the knight back (EM-SOOTHE-1)."])
        .steps("move P3 red", "take gold", "move P3 blue", "move P2 blue")
        .step("move M2 black",
              "The gold you gave is gone for good: it scores for nobody (EM-SOOTHE-1, EM-SCORE-5). After every "
              "flight the flight track slides one square toward the lair (EM-TRACK-1), until it lies beside M6 "
              "to M9, where it stays (EM-TRACK-2). The dragon flies only when a knight stops beside its track "
              "or on its own square (EM-DRAGON-3). Your turn: which knight?",
              highlight=["M2/black", "M3", "flight_track", "dragon"],
              feedback={"move P3 black": "Legal, and P6 is out of the dragon's reach. But your knight on M2, "
                                         "alone, steps to M3, where two fresh cards lie face up (EM-CARD-1).",
                        "move T3 black": "Two knights in T3: to P2, far from any card. Look on the mountain.",
                        "move KEEP black": "Two knights in the keep: to P2, far from any card. Look on the "
                                           "mountain.",
                        "move T4 black": "Alone in T4: to P1. Look on the mountain."},
              hints=["Which knight can stop on a square with cards?", "The knight you kept on M2."])
        .step("take gem",
              "Take the Emerald gem this time. The first player to hold gems of all four kinds takes a bonus "
              "card worth 4 at once (EM-BONUS-1, EM-BONUS-2); at the end, each kind's bonus goes to the one "
              "player holding strictly the most gems of it (EM-BONUS-3, EM-BONUS-4, EM-BONUS-5).",
              highlight=["M3/gem"])
        .closing("Taking a card ended your turn after one knight (EM-CARD-4). A flight alone does not end a turn "
                 "(EM-TURN-7): had you stopped on an empty square, you could have moved a second knight, whose "
                 "distance depends on the board as the first one left it (EM-TURN-4).")
        .guess(
            "Toward the lair", seat=0, record=record_after(START, BEFORE_CHAPTER_2),
            comment=("Many turns later in the same game. Blue has a knight in the lair and a treasure; Red took "
                     "the four-gems bonus. You hold three gold cards; black knights stand in T4 and on M3, M4 and M7. "
                     "The flight track has reached M6 to M9 and stays there (EM-TRACK-2). Find Black's moves."))
        .step("move M7 black",
              "Your move: one or two knights (EM-TURN-2), each as far as the knights it leaves (EM-MOVE-1). "
              "Which knight goes furthest?",
              highlight=["M7", "M3/black", "M4/black", "M7/black"],
              feedback={"move M3 black": "Alone on M3, that knight goes one square, to M4 (EM-MOVE-1).",
                        "move M4 black": "Alone on M4, that knight goes one square, to M5 (EM-MOVE-1).",
                        "move T4 black": "From T4, alone, a knight reaches P1 only (EM-MOVE-2)."},
              hints=["A red knight shares a square with one of yours.",
                     "Two knights on M7: two steps, to M9."])
        .step("take gold",
              feedback={"take gem": "That gem would help your majority of its kind (EM-BONUS-3). But M9 is "
                                    "beside the track: the dragon flies next (EM-DRAGON-2), and a cheap gold card "
                                    "is what buys a knight back without giving up a 5 (EM-SOOTHE-1)."},
              hints=["The dragon is about to fly beside M9.", "The gold 1 is cheap to give away."])
        .steps("pay 1", "move M7 red", "take gem", "pay 1", "move M6 blue", "take gem")
        .step("pay 1",
              "Blue's flight landed beside M9: your knight there is captured (EM-CAPTURE-3). Keep it?",
              highlight=["M9/black", "hand/0/gold/1", "hand/0/gold/5", "NEST"],
              feedback={"pay 5": "Any gold card keeps the knight, whatever its value (EM-SOOTHE-1), and what you "
                                 "give scores nothing (EM-SCORE-5): give the smallest.",
                        "pay 4": "Any gold card keeps the knight, whatever its value (EM-SOOTHE-1), and what you "
                                 "give scores nothing (EM-SCORE-5): give the smallest.",
                        "lose": "This knight is one step from the lair and its treasure: worth a gold 1 "
                                "(EM-CAPTURE-7)."},
              hints=["One gold card is enough, of any value.", "Your gold 1."])
        .step("move M9 black",
              "The soothed knight stays on M9 and moves normally (EM-SOOTHE-3). Your move.",
              highlight=["M9/black", "LAIR", "treasures"],
              feedback={"move M3 black": "From M3 a knight steps to M4. One of your knights can do much better.",
                        "move M4 black": "From M4 a knight steps to M5. One of your knights can do much better.",
                        "move T4 black": "From T4 a knight reaches P1. One of your knights can do much better."},
              hints=["The lair comes right after M9 (EM-LAIR-1).",
                     "Knights that reach or pass the lair go in (EM-LAIR-2)."])
        .closing(
            "Your knight takes a place in the lair's corridor (EM-LAIR-3) and a treasure card worth 5 points, "
            "and your turn ends at once (EM-LAIR-4, EM-TURN-5). It stays there to the end, safe from the dragon "
            "(EM-LAIR-6), and a knight entering the lair takes no other card and sets no dragon flying "
            "(EM-LAIR-5).\n\n"
            "The game ends the moment the last treasure is taken, or when a player has one knight or none left "
            "in play (EM-END-1, EM-END-2), at once, mid-turn if need be (EM-END-3, EM-TURN-9). Then the gem "
            "majority bonuses are handed out and everyone counts (EM-END-4): gold still held scores its value, "
            "each treasure 5, each gem 1, each bonus card 4 (EM-SCORE-1, EM-SCORE-2, EM-SCORE-3, EM-SCORE-4). "
            "The highest score wins; a tie goes to the most treasures, then the most gems (EM-SCORE-6, "
            "EM-SCORE-7). You are ready for a whole game.")
    )
