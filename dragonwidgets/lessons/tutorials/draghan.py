"""The built-in Draghan tutorial: a team of three characters, the student plays seat 0 (the Elf), seed 0.

Chapter 1 walks through the first five rounds in Draghan, the team staying at the first portal (a threat
location and a thief, a market, an assist location, wounds, a healing location). Chapter 2 asks the
student's moves in another game from the same start, in which the team took that portal: two rounds in the
Shadow Realm, the dragon, the win. The other seats' moves are the line the ``planner`` bot played from the
same seed (``dragonwidgets.make_bot("draghan", "planner")``); the encounter cards come from the seed
(``chance="auto"``), so a changed line may meet other cards: the lesson's check says at once where.
"""

from __future__ import annotations

from typing import Any

from ..lesson import Lesson
from ._line import record_after

#: The start of every chapter: three seats, seat 0 active first, the decks shuffled from the seed.
START: dict[str, Any] = {"game": "draghan", "players": 3, "seed": 0, "chance": "auto", "options": {"first_player": 0}}

#: Chapter 2's game before it begins: the characters chosen, the first portal taken, round 1 finished.
BEFORE_CHAPTER_2 = ("choose CH1", "choose CH2", "choose CH3", "travel", "give D49 1", "discard M10", "discard D46")



def build() -> Lesson:
    """Return the Draghan tutorial (two chapters, checked when taken or saved)."""
    return (
        Lesson("Draghan: a first adventure", **START)
        .walkthrough(
            "Five rounds in Draghan", seat=0,
            comment=(
                "Draghan is a cooperative adventure: three heroes cross the land of Draghan, then the Shadow "
                "Realm, where a dragon waits. The team wins together when the dragon is defeated, and loses "
                "together (DG-END-1, DG-SCORE-1); the players work each fight out in the open (DG-FIGHT-10).\n\n"
                "The game goes in rounds. Each round one player is active: they turn up a new location, reveal "
                "one encounter card per character, and everyone may fight the monsters; then come the result, "
                "sharing, healing and the equipment check, and the map passes left (DG-ROUND-1, DG-ROUND-2, "
                "DG-PASS-2). A monster is beaten when the heroes placed at it show at least its icons: S "
                "strength, C charm, K knowledge.")
        )
        .step("choose CH1",
              "Each player picks one of six characters, each with three icons while healthy; the others wait "
              "aside as replacements (DG-SETUP-6). Each starts with the top market card as equipment and no "
              "coins (DG-SETUP-7, DG-SETUP-8). Take the Elf: strength, charm, charm.",
              highlight=["card/CH1"])
        .steps("choose CH2", "choose CH3")
        .step("stay",
              "Round 1, you are active: the first location you turn up is a portal (DG-LOC-1, DG-LOC-7). At the "
              "first and second portal the team may travel to the Shadow Realm at the end of the round "
              "(DG-PORTAL-1, DG-PORTAL-3), one way only (DG-PORTAL-5). Travel now, or stay in Draghan?",
              highlight=["location", "realm"],
              feedback={"travel": "Legal: the dragon waits in the Shadow Realm. But there is no way back "
                                  "(DG-PORTAL-5), and Draghan's monsters pay coins that its markets turn into "
                                  "equipment (DG-RESULT-2, DG-LOC-6). Grow stronger first."},
              hints=["Could the team use more equipment before the dragon?",
                     "Staying leaves the portal face up (DG-PORTAL-2)."])
        .step("give D49 1",
              "No monster came up, only three head cards: with every monster beaten (none here) the active "
              "character takes the revealed equipment (DG-RESULT-7, DG-INT-22). In phase 5 you may give one "
              "card to another character (DG-SHARE-1, DG-INT-27). A character carries on at most one head "
              "card (DG-EQUIP-1), and the Elf now holds four. Give one away?",
              highlight=["hero/0", "hero/1", "hero/2", "card/D49"],
              accept=["give M10 1", "give M10 2", "give D46 1", "give D46 2", "give D47 1", "give D47 2",
                      "give D49 2"],
              feedback={"skip": "The Elf can carry only one head card on (DG-EQUIP-1): the others will be "
                                "discarded. A gift saves one for a teammate."},
              hints=["Head cards beyond the first are discarded at the equipment check.",
                     "Give a head card to the Dwarf or the Wizard."])
        .step("discard M10",
              "The equipment check: at the end of every round each character keeps at most one head, one torso "
              "and two hand cards, and its player picks what goes (DG-EQUIP-1, DG-EQUIP-2); between checks a "
              "character may carry more (DG-EQUIP-3). Which head card do you let go first?",
              highlight=["card/M10", "card/D46", "card/D47"],
              accept=["discard D46"],
              feedback={"discard D47": "The Silver Tiara shows two icons, C C; the others one each. Keep the "
                                       "strongest card."},
              hints=["Count each card's icons."])
        .step("discard D46", "And the second one: keep the Silver Tiara (DG-EQUIP-2).",
              highlight=["card/D46", "card/D47"])
        .steps("face D35", "done", "face none")
        .step("face D35",
              "Round 2, the Dwarf is active. A threat location adds an encounter card (DG-LOC-4): four came up, "
              "one of them equipment (DG-EXPLORE-1, DG-EXPLORE-3). The Highwayman is a thief: it struck as it "
              "came up, taking a card of the active Dwarf (DG-EXPLORE-4). Each character may stand beside one "
              "monster, or stay out (DG-FIGHT-1, DG-INT-9), and brings every icon of its side: three when "
              "healthy (DG-FIGHT-2). Characters may team up: their icons add up (DG-FIGHT-6, DG-FIGHT-7). "
              "The Dwarf, S S K, faces the Basilisk. Where does the Elf go?",
              highlight=["card/D35", "card/D10", "card/D12", "hero/0", "hero/1"],
              feedback={"face D10": "Alone, the Elf's S C C cannot match the Orc Brute's S S C K (DG-FIGHT-7).",
                        "face D12": "Alone, the Elf's S C C cannot match the Highwayman's S S C K (DG-FIGHT-7).",
                        "face none": "The Dwarf alone shows S S K; the Basilisk needs S S C C K. Your two C are "
                                     "missing."},
              hints=["Which monster could the Elf beat with a teammate?",
                     "The Dwarf and the Elf together show S S S C C K."])
        .step("done",
              "You may add equipment with skill icons, for this monster only (DG-FIGHT-3); a card's icons all go "
              "to one monster (DG-FIGHT-5) and a card used in a fight is discarded after it (DG-FIGHT-8). The "
              "Basilisk is beaten already: keep the Tiara.", highlight=["card/D47"])
        .steps("skip", "face D39", "done")
        .step("face none",
              "Two monsters were left standing, so the active Dwarf was wounded: it shows one icon now "
              "(DG-RESULT-8, DG-WOUND-1, DG-WOUND-2). Undefeated monsters with the flee icon run to the Shadow "
              "Realm, the others are discarded (DG-RESULT-4). Round 3 turned up a market: after the fight, "
              "anyone may buy the four cards shown with the coins on their own character (DG-LOC-6, "
              "DG-MARKET-1, DG-MARKET-2, DG-MARKET-3); unsold cards are discarded (DG-MARKET-4). Nobody has a "
              "coin yet. The Wizard faces the Barrow Wight; the Elf can beat nothing here, so it stays out.",
              highlight=["location", "card/D39"])
        .steps("face D39", "done", "skip")
        .step("face D09",
              "Round 4, you are active, and both your teammates are wounded: the Dwarf shows S, the Wizard K "
              "(DG-WOUND-1). "
              "Where does the Elf go?",
              highlight=["card/D09", "card/D20", "hero/0"],
              feedback={"face D20": "The Guild Master needs S C C K K: the Elf and a wounded teammate cannot "
                                    "reach it.",
                        "face none": "You are active: a monster left standing wounds you (DG-RESULT-8). Fight "
                                     "the one you can beat."},
              hints=["The Haughty Noble needs S C C K.", "The Elf brings S C C; the Wizard's K can join."])
        .steps("done", "face none", "face D09", "done")
        .step("assist none",
              "The Watchtower is an assist location: its S S count as one more card, all of it at one monster "
              "that a character faces (DG-LOC-3, DG-FIGHT-5, DG-INT-6). The Noble is beaten already and nobody "
              "faces the Guild Master, so its help changes nothing here.", highlight=["location"])
        .step("skip",
              "The Noble's 2 coins are shared by its two fighters (DG-RESULT-2); the Guild Master fled and you, "
              "the active character, are wounded (DG-RESULT-8). A wounded character may heal in phases 1 and 6 "
              "with a healing card of its own (DG-HEAL-1, DG-HEAL-2, DG-HEAL-3). Nothing to give this time.",
              highlight=["hero/0"])
        .steps("face D02", "done", "face D33", "done")
        .step("face D33",
              "Round 5: a healing location cured every wounded character at once (DG-LOC-2, DG-HEAL-4). The "
              "Dwarf, active, faces the Goblin; the Wizard, C K K, the Dark Envoy. Where does the Elf go?",
              highlight=["card/D33", "card/D02", "card/D16", "hero/0"],
              feedback={"face D02": "The Dwarf's S already beats the Goblin. Help where an icon is missing.",
                        "face D16": "The Hedge Witch needs S C K K: the Elf alone has no K.",
                        "face none": "The Wizard alone lacks the S the Dark Envoy needs."},
              hints=["The Dark Envoy needs S C C K; the Wizard brings C K K."])
        .steps("done", "skip")
        .closing(
            "The Hedge Witch stood, so the active Dwarf was wounded. A character wounded a second time drops "
            "out, its cards discarded and its coins returned (DG-WOUND-3); in Draghan its player at once takes "
            "a character set aside (DG-WOUND-4, DG-INT-13), and when none is left the team loses (DG-END-2). "
            "The next round turns up a second portal; the third would force the team to travel (DG-PORTAL-6). "
            "Travel leaves Draghan's cards behind (DG-PORTAL-4).")
        .guess(
            "The Shadow Realm", seat=0, record=record_after(START, BEFORE_CHAPTER_2),
            comment=(
                "Another game from the same start: this time the team took the first portal, and travelled at "
                "the end of round 1. In the Shadow Realm, Shadow locations and encounter cards are used "
                "(DG-SHADOW-1, DG-ROUND-3); its monsters pay no coins (DG-SHADOW-2), those left standing go "
                "back into the deck (DG-RESULT-5), and a character who drops out is not replaced (DG-WOUND-5). "
                "Find the Elf's moves."))
        .steps("face S03", "done", "face S03", "done")
        .step("face S03",
              "The Bone Giant needs S S S C C K (DG-FIGHT-7). The Dwarf (S S K) and the Wizard (C K K) face it. "
              "And you?",
              highlight=["card/S03", "hero/0"],
              feedback={"face none": "The Dwarf and the Wizard show S S C K K K: one S and one C short. The "
                                     "active Dwarf would be wounded."},
              hints=["Count the S and the C the Bone Giant still needs."])
        .step("done",
              feedback={"use D47": "The Giant is beaten without it: S S S C C C K K K. Spare icons are wasted "
                                   "and a used card is discarded (DG-FIGHT-7, DG-FIGHT-8)."},
              hints=["Is any icon still missing?"])
        .steps("assist none", "give M15 0", "face dragon", "done")
        .step("face dragon",
              "Round 3: the dragon card came up, and with it a large dragon card, the Frost Wyrm, that shows "
              "what it takes to beat it (DG-EXPLORE-5, DG-DRAGON-1). From now on the dragon and every monster "
              "left standing stay on the table, and new cards join them each round (DG-DRAGON-2, DG-DRAGON-3, "
              "DG-DRAGON-4, DG-EXPLORE-7). The dragon is checked only once every other monster is beaten "
              "(DG-DRAGON-5, DG-RESULT-1). The Wizard, C K K, faces it. And you?",
              highlight=["card/S01", "hero/0", "hero/2"],
              feedback={"face none": "The Wizard alone shows C K K; the Frost Wyrm needs S C C C K K K."},
              hints=["No other monster shields the dragon this round.", "Join the Wizard."])
        .step("done",
              feedback={"use D47": "Two more C leave the dragon one K short all the same. The active Wizard's "
                                   "Ruined Temple brings S C K (DG-LOC-3).",
                        "use M15": "One more C leaves the dragon one K short all the same. The active Wizard's "
                                   "Ruined Temple brings S C K (DG-LOC-3)."},
              hints=["What does the dragon still lack after the Elf and the Wizard?",
                     "None of your cards shows a K."])
        .steps("face none", "assist dragon")
        .closing(
            "The Frost Wyrm falls: the team wins at once, every player together (DG-END-1). Had a monster other "
            "than the dragon stood, the active character would have been wounded (DG-DRAGON-6, DG-DRAGON-7). "
            "The team loses when no character is left in the Shadow Realm, or when it must turn up a Shadow "
            "location and none is left (DG-END-3, DG-END-4, DG-END-5).")
    )
