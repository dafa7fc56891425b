"""The built-in Drachenland tutorial: three players, the student plays the Humans (seat 0), who start (seed 1).

Chapter 1 walks through the opening round and the Humans' first three turns (two dice, the fate token, a
volcano's token turned up, gems of an adventurer's colour, an egg with its token); chapter 2 asks the
student to find the Humans' fourth turn (a ring, moving 0 to take treasure again). The Dwarves' and Elves'
moves are the line the ``greedy`` bot played from the same seed; the dice come from the seed
(``chance="auto"``), so the Humans' moves were chosen to meet good teaching situations, and a changed line
may roll other dice: the lesson's check says at once where.
"""

from __future__ import annotations

from typing import Any

from ..lesson import Lesson
from ._line import record_after

#: The start of every chapter: three seats, the Humans (seat 0) first, tokens, gems and dice from the seed.
START: dict[str, Any] = {"game": "drachenland", "players": 3, "seed": 1, "chance": "auto"}

#: The game's first 66 decisions (chapter 1's line and the others' replies), played before chapter 2.
BEFORE_CHAPTER_2 = (
    "enter green", "walk s17", "enter green", "walk s22", "enter red", "walk s07", "keep", "die 2", "enter blue",
    "walk s21", "enter red", "walk s13", "keep", "die 4", "move green", "walk V10", "take egg", "magic hand",
    "take gems", "enter red", "walk s01", "reroll", "die 2", "move red", "walk V02", "take egg", "enter green",
    "walk s09", "reroll", "die 4", "move blue", "walk V10", "end movement", "take gems", "move red", "walk s15",
    "keep", "enter blue", "walk s06", "move red", "walk s02", "die 2", "move red", "end movement", "take gems",
    "enter blue", "walk s01", "die 3", "move red", "walk V06", "take egg", "move green", "walk V09", "take egg",
    "keep", "die 3", "move green", "walk V11", "take egg", "move red", "walk V01", "take egg", "move blue",
    "walk s03", "move green", "walk s12",
)



def build() -> Lesson:
    """Return the Drachenland tutorial (two chapters, checked when taken or saved)."""
    return (
        Lesson("Drachenland: a first game", **START)
        .walkthrough(
            "The first turns", seat=0,
            comment=(
                "Drachenland is a treasure hunt among fifteen volcanoes. You play the Humans: three "
                "adventurers, red, green and blue, and three tokens, a baby dragon, a boatman and a fate "
                "token (DL-SETUP-2, DL-SETUP-3). Each volcano holds dragon eggs and gems, and a face-down "
                "token (DL-SETUP-5, DL-SETUP-6).\n\n"
                "The goal: the most points when the last egg is taken, which ends the game at once "
                "(DL-END-1, DL-END-2, DL-SCORE-5). A set of one egg, one ruby, one emerald and one sapphire "
                "scores 10; every other egg or gem scores 1 (DL-SCORE-2, DL-SCORE-4); diamonds can stand in "
                "for any gem of a set (DL-SCORE-3, DL-SCORE-6). Eggs and gems go behind your screen "
                "(DL-TREASURE-5).\n\n"
                "First comes an opening round; then each turn you roll two dice and give each die to a "
                "different adventurer, which moves and may take treasure (DL-SETUP-9, DL-TURN-1, DL-TURN-2).")
        )
        .step("enter green",
              "The opening round: each player brings one adventurer in, through one of the three entrances, "
              "and walks exactly 1 space as first player, 2 as second, 3 as third (DL-OPEN-1, DL-OPEN-2, "
              "DL-OPEN-4, DL-OPEN-6). Bring your green adventurer in.", highlight=["adv/0/green", "EW"])
        .step("walk s17", "The entrance is not a space: the first stone after it is space 1 (DL-OPEN-3, DL-OPEN-5).",
              highlight=["s17"])
        .steps("enter green", "walk s22", "enter red", "walk s07")
        .step("keep",
              "Your first turn: you rolled 2 and 3. Right after rolling you may give up your fate token to "
              "roll both dice again, once in the whole game (DL-FATE-1, DL-TOKEN-1). Keep this roll?",
              highlight=["dice", "token/0/fate"],
              feedback={"reroll": "Your fate token serves once per game. A 2 and a 3 bring two more "
                                  "adventurers in: keep it for a roll that does nothing for you."},
              hints=["What can a 2 and a 3 do now?", "Bring new adventurers in (DL-MOVE-3)."])
        .step("die 2", "You choose which die each adventurer gets, but one adventurer never uses both "
                       "(DL-TURN-3). Take the 2 first.", highlight=["die/0"])
        .step("enter blue",
              "A die may bring a new adventurer in instead of moving one; it walks up to the die from an "
              "entrance, at least one space (DL-MOVE-3, DL-INT-9). Bring the blue one in.",
              highlight=["adv/0/blue"])
        .step("walk s21", "A walk goes at most as many spaces as the die shows (DL-MOVE-1); a stone holds one "
                          "adventurer, a volcano any number (DL-MOVE-5).", highlight=["s21"])
        .step("enter red", "The 3 brings the red adventurer in, through another entrance (DL-MOVE-3).",
              highlight=["adv/0/red"])
        .step("walk s13", "Once on the board an adventurer never leaves it (DL-MOVE-8).", highlight=["s13"])
        .steps("keep", "die 4", "move green", "walk V10", "take egg", "magic hand", "take gems", "enter red",
               "walk s01", "reroll", "die 2", "move red", "walk V02", "take egg", "enter green", "walk s09")
        .step("reroll",
              "The Dwarves' green adventurer stopped on V10 and turned its token up (DL-MOVE-6): a magic hand, "
              "which let them take treasure a second time (DL-HAND-1). Tokens are spent as they come and leave "
              "the game (DL-TOKEN-2, DL-TOKEN-4, DL-TOKEN-5). The Elves revealed a blue royal dragon on V02 "
              "(DL-DRAGON-1, DL-DRAGON-3). You rolled 2 and 2. Keep it?",
              highlight=["dice", "token/0/fate", "V10", "V02"],
              feedback={"keep": "With 2 and 2 none of your adventurers reaches a volcano: this is the roll to "
                                "spend your fate token on (DL-FATE-1)."},
              hints=["Count the spaces from your adventurers to the nearest volcanoes."])
        .step("die 4", "2 and 4 now, and the fate token is gone for good (DL-FATE-1). Take the 4 (DL-TURN-3).",
              highlight=["die/1"])
        .step("move blue",
              "Which adventurer gets the 4? It walks at most 4 spaces (DL-MOVE-1).",
              highlight=["adv/0/red", "adv/0/green", "adv/0/blue", "V10/sapphire"],
              feedback={"move red": "Red reaches a volcano too, for an egg. But blue can walk to V10, whose token "
                                    "is gone, and take both sapphires there: gems of its own colour (DL-MOVE-7, "
                                    "DL-TREASURE-3).",
                        "move green": "Green reaches a volcano too. But blue can walk to V10 and take both "
                                      "sapphires there: gems of its own colour (DL-TREASURE-3).",
                        "end turn": "A die may be left unused (DL-TURN-5, DL-INT-8), but this 4 reaches treasure."},
              hints=["Which volcano holds gems of one of your adventurers' colours?", "The sapphires on V10."])
        .step("walk V10", "Occupied spaces may be walked past; each still counts (DL-MOVE-4).", highlight=["V10"])
        .step("end movement",
              "On V10 you could spend your baby dragon as a 4 to call the blue royal dragon over (DL-BABY-1, "
              "DL-DRAGON-6, DL-INT-17); a die pays for one thing only, a walk, a flight or a call "
              "(DL-INT-11). Not now: end the movement.", highlight=["token/0/baby_dragon", "V02"])
        .step("take gems",
              "An adventurer that ends its move on a volcano takes exactly one of: all the gems of its colour, "
              "one diamond, or one egg (DL-MOVE-9, DL-TREASURE-1, DL-TREASURE-2). Take the sapphires.",
              highlight=["V10/sapphire"])
        .step("move red", "Now the 2, for another adventurer (DL-TURN-3): red.", highlight=["adv/0/red"])
        .step("walk s15", "Two spaces toward V06; only an adventurer that used a die takes treasure (DL-TURN-4).",
              highlight=["s15", "V06"])
        .steps("keep", "enter blue", "walk s06", "move red", "walk s02", "die 2", "move red", "end movement",
               "take gems", "enter blue", "walk s01")
        .step("die 3",
              "The Elves' red adventurer moved 0 and took treasure again on V02 (DL-MOVE-2). You rolled 3 and "
              "4; your fate token is spent. Take the 3 first.", highlight=["die/0"])
        .step("move red",
              "Which adventurer gets the 3? A walk may stop short of the die (DL-MOVE-1).",
              highlight=["adv/0/red", "adv/0/green", "adv/0/blue"],
              accept=["move blue"],
              feedback={"move green": "Three spaces leave green on a stepping stone, where nothing is taken "
                                      "(DL-MOVE-9).",
                        "end turn": "A die may be left unused (DL-TURN-5), but a 3 takes red to V06."},
              hints=["Red stands two spaces from V06."])
        .step("walk V06",
              "Entering a volcano whose token is face down stops the walk, and the token is turned up "
              "(DL-MOVE-6).", highlight=["V06"])
        .step("take egg",
              "A boatman. Red takes no emeralds or sapphires, so take the egg: an egg from a volcano whose "
              "token is still there takes the token too (DL-TREASURE-4). A boatman carries an adventurer along "
              "a river from volcano to volcano, on top of its walk (DL-BOAT-1, DL-BOAT-2).",
              highlight=["V06/egg"])
        .step("move green", "The 4 goes to a different adventurer, green (DL-TURN-3).", highlight=["adv/0/green"])
        .step("walk V09", "Four spaces to V09, whose token is still face down (DL-MOVE-6).", highlight=["V09"])
        .step("take egg",
              "The red royal dragon. Royal dragons stay on the board: nobody ever takes one, not even with an "
              "egg (DL-DRAGON-2, DL-DRAGON-7). Green takes no rubies or sapphires: take an egg. Taking "
              "treasure is never compulsory (DL-TREASURE-6).",
              highlight=["V09", "dragon/red"])
        .closing("An adventurer of the royal dragon's colour, on its volcano, flies with it on a 4 to another "
                 "volcano (DL-DRAGON-4, DL-DRAGON-5); a baby dragon counts as that 4 for royal dragons only "
                 "and is then gone (DL-BABY-2, DL-BABY-3); a forced march walks three spaces more (DL-MARCH-1); "
                 "only the adventurer that moves or takes treasure can use a token (DL-TOKEN-3).")
        .guess(
            "Your fourth turn", seat=0, record=record_after(START, BEFORE_CHAPTER_2),
            comment=("The Dwarves revealed a forced march and the green royal dragon (DL-DRAGON-3). You rolled 2 "
                     "and 4. Find the Humans' moves (DL-TURN-2)."))
        .step("die 4", accept=["die 2"],
              feedback={"end turn": "Leaving both dice unused is allowed (DL-TURN-5), but they can bring "
                                    "treasure."},
              hints=["Either die first."])
        .step("move red", accept=["move green", "move blue"],
              feedback={"end turn": "Every adventurer of yours can reach treasure with a 4."},
              hints=["Which adventurer can open a new volcano?", "Red, from V06."])
        .step("walk V05", accept=["walk V07"],
              feedback={"call": "Calling the red dragon to V06 spends the 4 (DL-DRAGON-6), but V06 has nothing "
                                "left for red.",
                        "end movement": "V06 has nothing left for your red adventurer."},
              default="A stepping stone gives no treasure (DL-MOVE-9). Find a volcano four spaces away.",
              hints=["Two volcanoes with face-down tokens are four spaces away.", "V05 holds a ruby."])
        .step("take ring",
              feedback={"take gems": "At scoring, your rubies are handed back unless your red adventurer wears "
                                     "a ring (DL-SCORE-1, DL-RING-5). Here is your chance to get one.",
                        "take egg": "An egg always counts, but without a ring your rubies will never score "
                                    "(DL-RING-5), and a ring is only taken on arriving after a real move "
                                    "(DL-RING-3).",
                        "skip": "Taking nothing is allowed (DL-TREASURE-6), but here is a ring."},
              hints=["Look at the token just turned up.",
                     ("A ring token stays on its volcano (DL-RING-1, DL-RING-2); one ring per adventurer "
                      "(DL-RING-4).")])
        .step("move green",
              feedback={"move blue": "Blue reaches no volcano with a 2, and V10 is empty.",
                        "end turn": "Your green adventurer can still take treasure."},
              hints=["Which adventurer stands on a volcano with treasure left?"])
        .step("end movement",
              feedback={"call baby": "Calling the green royal dragon gives green nothing here (DL-DRAGON-6)."},
              default="A stepping stone gives nothing. V09 still holds a diamond.",
              hints=["An adventurer may move 0 spaces (DL-MOVE-2)."])
        .step("take diamond",
              feedback={"skip": "The diamond is for any adventurer (DL-TREASURE-3)."},
              hints=["Diamonds belong to no colour."])
        .closing("Good hunting. Each turn: roll, perhaps your fate token, then two dice for two adventurers, each "
                 "moving then taking treasure (DL-TURN-2), until the last egg is taken (DL-END-1).")
    )
