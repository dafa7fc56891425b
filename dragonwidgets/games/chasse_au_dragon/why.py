"""Why an action id is not legal now, naming the rule (``game.explain(id)`` and refusals).

>>> from .game import ChasseGame
>>> g = ChasseGame(players=2, seed=1, first_player=0)
>>> why_illegal(g, "step 3,2").startswith("a step goes one square in one of the 8 directions: 3,2 is 2 squares")
True
>>> why_illegal(g, "deposit orc").endswith("(CD-CAMP-1, CD-INT-25); the decision now is move")
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .movement import quarters
from .setup import is_edge
from .state import (
    CAMP,
    CHOOSE_DUEL,
    COMBAT,
    DUEL_FLIGHT,
    ENCOUNTER,
    FLEE_ROLL,
    MOVE,
    OVER,
    PLACE_CAMP,
    POWER,
    RAID,
    REVEAL,
    WEALTH_TYPES,
    WEALTH_ZONES,
    Square,
    parse_square,
    square_id,
)

if TYPE_CHECKING:
    from .game import ChasseGame

CAMP_WORDS = ("deposit", "goblin", "equip", "swap", "unequip", "end")

_WHEN = {  # the first word of each id, the decision it belongs to, and the rule that says when it comes
    "camp": ((PLACE_CAMP,), "camps are pitched before the first turn, one per player in turn order, in the "
                            "camp_placement='choose' mode (CD-SETUP-4, CD-INT-4)"),
    "raid": ((RAID,), "the raid is rolled at the start of each turn of the first player, before the movement "
                      "(CD-RAID-2, CD-INT-22)"),
    "step": ((MOVE,), "steps are taken in the movement, phase 1 of the active player's turn (CD-TURN-2, CD-MOVE-1)"),
    "stop": ((MOVE,), "'stop' ends the movement, phase 1 of the active player's turn (CD-TURN-2, CD-MOVE-2)"),
    "duel": ((CHOOSE_DUEL,), "a duel is declared right after the movement, against an opponent on the square "
                             "(CD-DUEL-1, CD-TURN-2)"),
    "no": ((), "'no duel' and 'no flight' answer a duel (CD-DUEL-1, CD-DUEL-2)"),
    "decoy": ((DUEL_FLIGHT, ENCOUNTER), "a decoy is a way to flee a duel or a monster, before the fight "
                                        "(CD-DUEL-2, CD-ENC-2)"),
    "flee": ((DUEL_FLIGHT, ENCOUNTER, FLEE_ROLL), "fleeing comes before the fight of a duel or an encounter "
                                                  "(CD-DUEL-2, CD-ENC-2)"),
    "fight": ((ENCOUNTER,), "'fight' answers a monster in the encounter, phase 3 (CD-ENC-2, CD-TURN-2)"),
    "throw": ((COMBAT,), "dice are thrown in a fight, once it has started (CD-COMBAT-1)"),
    "reveal": ((REVEAL,), "a card is turned up when an encounter begins, on a square whose pile holds cards "
                          "(CD-ENC-1, CD-TURN-2)"),
}


def why_illegal(game: "ChasseGame", action_id: str) -> str:
    """Return a sentence naming the rule that makes ``action_id`` illegal in ``game``'s state now."""
    s = game.state
    words = action_id.split()
    if s.phase == OVER:
        if s.dragon_slayer is not None:
            return "the game is over: a dragon was slain (CD-END-1, CD-INT-18)"
        return "the game is over: max_rounds was reached (not a rule, CD-INT-24)"
    if not words or (words[0] not in _WHEN and words[0] not in CAMP_WORDS):
        if words and words[0] in ("withdraw", "take"):
            return "wealth never goes from the vault back to the backpack directly (CD-CAMP-2)"
        return "it is not an action of La Chasse au Dragon (see the id grammar in ChasseGame's docstring)"
    decision = f"the decision now is {s.phase.replace('_', ' ')}"
    if words[0] in CAMP_WORDS:
        return _why_camp(game, words, decision)
    phases, when = _WHEN[words[0]]
    if words[0] == "reveal" and not game.picks_draws():
        return ("the top card of the pile is turned up by itself; a card is picked by hand (option pick_draws, "
                "the default) only with chance='manual' (CD-ENC-1)")
    if words[0] == "raid" and not game.options["dragon_raids"]:
        return "the dragon raids are an option chosen before the game, and it is off (CD-RAID-1, CD-SETUP-7)"
    if words[0] == "no" and words[1:] == ["duel"]:
        phases = (CHOOSE_DUEL,)
        when = "'no duel' is answered right after the movement, when an opponent is on the square (CD-DUEL-1)"
    elif words[0] == "no":
        phases = (DUEL_FLIGHT,)
        when = "'no flight' is a duel defender's answer; a monster is fought with 'fight' (CD-DUEL-2, CD-ENC-2)"
    if words[0] == "flee" and words[1:] in (["roll"], ["free"]):
        phases = (DUEL_FLIGHT, ENCOUNTER)
    elif words[0] == "flee":
        phases = (FLEE_ROLL,)
        when = "a flight roll's result comes after 'flee roll' (CD-DUEL-4, CD-ENC-3)"
    if s.phase not in phases:
        return _out_of_phase(game, words, when, decision)
    if words[0] == "camp":
        return _why_camp_square(game, words)
    if words[0] == "raid":
        return "the raid dice are two d6, written low first: 'raid a b' with 1 <= a <= b <= 6 (CD-RAID-2, CD-RAID-3)"
    if words[0] == "step":
        return _why_step(game, words)
    if words[0] == "reveal":  # which cards the pile holds is hidden: the answer names none
        return ("the card turned up is one of the cards of the pile met, face down: 'reveal {type}' for one of its "
                "types (CD-ENC-1, CD-BOARD-6)")
    if words[0] == "duel":
        return _why_duel(game, words)
    if s.phase == FLEE_ROLL:
        n = s.boards[s.fleeing].power()  # type: ignore[index]
        return f"a flight roll is one throw of the fleeing player's d{n}: faces 1..{n} (CD-DUEL-4, CD-ENC-3, CD-INT-9)"
    if s.phase == COMBAT:
        assert s.fight is not None
        n = s.fight.faces[s.fight.side]
        return f"the side throwing now rolls a d{n}: faces 1..{n} (CD-COMBAT-3, CD-MON-2)"
    if s.phase == DUEL_FLIGHT:
        return _why_duel_flight(game, words)
    return _why_encounter(game, words)


def _out_of_phase(game: "ChasseGame", words: list[str], when: str, decision: str) -> str:
    """An id of another decision: say when it comes, or why that moment has passed."""
    s = game.state
    if words[0] in ("step", "stop") and s.phase in (CHOOSE_DUEL, ENCOUNTER, CAMP) and s.steps:
        if quarters(s.boards[s.active]) == 0:
            return (f"the movement ended: no goblin quarter is left in the cage or the pantry for another step "
                    f"(CD-MOVE-6, CD-GOB-4, CD-GOB-8); {decision}")
        return f"the movement is over ('stop' ended it) and the phases come in order (CD-TURN-2); {decision}"
    if words[0] == "duel" and s.phase in (DUEL_FLIGHT, FLEE_ROLL, COMBAT, ENCOUNTER, CAMP):
        return f"at most one duel per turn, chosen right after the movement (CD-DUEL-1); {decision}"
    if words[0] in ("decoy", "flee") and s.flight_tried and s.phase in (FLEE_ROLL, COMBAT):
        duel = s.fight.kind == "duel" if s.fight is not None else s.defender is not None
        rule = "CD-DUEL-5" if duel else "CD-ENC-4"
        if s.phase == FLEE_ROLL:
            return f"a flight roll is under way: once it is tried no goblin can be used to flee ({rule}); {decision}"
        return f"after a failed flight roll no goblin can be used to flee: the fight must happen ({rule}); {decision}"
    if words[0] in ("decoy", "flee") and s.phase == COMBAT and s.fight is not None:
        rule = "CD-DUEL-2" if s.fight.kind == "duel" else "CD-ENC-2"
        return f"the fight has started: fleeing was possible only before it ({rule}); {decision}"
    return f"{when}; {decision}"


def _named_square(words: list[str]) -> Square | None:
    """Return the square an id names as ``x,y`` in its second word, or ``None`` if it names none."""
    try:
        return parse_square(words[1])
    except (IndexError, ValueError):
        return None


def _why_camp_square(game: "ChasseGame", words: list[str]) -> str:
    square = _named_square(words)
    if square is None:
        return "a camp is chosen as 'camp x,y' (CD-INT-4)"
    x, y = square
    if not (0 <= x < 8 and 0 <= y < 8) or not is_edge(x, y):
        return f"camps lie on the forest edge (x or y is 0 or 7), not {x},{y} (CD-BOARD-2, CD-SETUP-4)"
    return f"{x},{y} is another player's camp: camps are on distinct squares (CD-SETUP-4, CD-INT-4)"


def _why_step(game: "ChasseGame", words: list[str]) -> str:
    s = game.state
    square = _named_square(words)
    if square is None:
        return "a step names its square as 'step x,y' (CD-MOVE-1)"
    x, y = square
    if not (0 <= x < 8 and 0 <= y < 8):
        return f"{x},{y} is off the 8x8 board: a step never leaves it (CD-MOVE-4, CD-BOARD-1)"
    here = s.positions[s.active]
    assert here is not None
    d = max(abs(x - here[0]), abs(y - here[1]))
    if d != 1:
        return (f"a step goes one square in one of the 8 directions: {x},{y} is {d} squares from {square_id(here)}; "
                "further squares need further steps (CD-MOVE-1, CD-MOVE-3)")
    return ("every step after the first costs a goblin quarter from the pantry or the cage, and none is left "
            "(CD-MOVE-6, CD-GOB-3, CD-GOB-4, CD-GOB-8)")


def _why_duel(game: "ChasseGame", words: list[str]) -> str:
    s = game.state
    if words[1:2] and words[1].isdigit() and int(words[1]) == s.active:
        return "a player duels an opponent, never themselves (CD-DUEL-1)"
    here = square_id(s.positions[s.active])  # type: ignore[arg-type]
    return f"only an opponent on the active player's square ({here}) can be chosen for a duel (CD-DUEL-1)"


def _why_duel_flight(game: "ChasseGame", words: list[str]) -> str:
    if words[0] == "decoy":
        return ("a duel decoy is a whole goblin from the defender's cage, and it is empty (pantry and dungeon "
                "goblins do not count) (CD-DUEL-3, CD-GOB-2, CD-INT-13)")
    if words[0] in ("fight", "flee"):
        return ("a duel's defender flees by decoy or flight roll, or answers 'no flight' to fight; 'flee free' "
                "is for weaker monsters (CD-DUEL-2, CD-DUEL-3, CD-DUEL-4)")
    return "not an answer to a duel (CD-DUEL-2)"


def _why_encounter(game: "ChasseGame", words: list[str]) -> str:
    s = game.state
    card = s.pile_here()[0]
    mine = s.boards[s.active].power()
    weaker = POWER[card] < mine
    if words[0] == "flee" and words[1:] == ["free"]:
        return (f"a free flight is only from a monster strictly weaker than the equipment: the {card} has power "
                f"{POWER[card]} >= {mine} (CD-ENC-3, CD-ENC-5, CD-INT-19)")
    if weaker:
        return (f"the {card} (power {POWER[card]}) is weaker than the equipment ({mine}): flee with 'flee free' "
                "or fight; decoys and flight rolls are not offered (CD-ENC-5, CD-INT-14)")
    if words[0] == "decoy":
        return ("a decoy is a whole goblin from the cage, and it is empty (pantry and dungeon goblins do not count) "
                "(CD-ENC-3, CD-GOB-2, CD-INT-13)")
    return "a monster is fled by decoy or flight roll, or fought with 'fight' (CD-ENC-2, CD-ENC-3)"


def _why_camp(game: "ChasseGame", words: list[str], decision: str) -> str:
    """Camp actions: phase 4 on the own camp (CD-CAMP-1), then each action's own condition."""
    s = game.state
    p = s.active
    b = s.boards[p]
    if words == ["end", "turn"] and s.phase != CAMP:
        return ("'end turn' closes the camp phase; off the own camp the turn ends by itself after the encounter "
                f"(CD-CAMP-1, CD-TURN-5); {decision}")
    if s.phase != CAMP:
        where = s.positions[p]
        if s.phase in (MOVE, CHOOSE_DUEL, ENCOUNTER) and where != s.camps[p] and where in s.camps:
            other = square_id(where)  # type: ignore[arg-type]
            return (f"{other} is another player's camp: camp actions happen on the player's own camp only "
                    f"(CD-CAMP-1, CD-INT-7, CD-INT-25); {decision}")
        return ("camp actions are phase 4 of the player's own turn, on their own camp square "
                f"(CD-CAMP-1, CD-INT-25); {decision}")
    kind, rest = words[0], words[1:]
    if kind == "deposit":
        t = rest[0] if rest else "?"
        if t not in WEALTH_TYPES:
            return f"only wealth cards go into the vault, never a {t} (CD-ZONE-9, CD-CAMP-7)"
        return f"the backpack holds no {t} card to deposit (CD-CAMP-2)"
    if kind == "goblin":
        if rest == ["to", "dungeon"]:
            return "the cage holds no goblin to move to the dungeon (CD-CAMP-3)"
        if rest == ["to", "cage"]:
            return "the dungeon holds no goblin to move to the cage (CD-CAMP-3)"
        return ("goblins move only between the cage and the dungeon; the pantry goblin never moves "
                "(CD-CAMP-3, CD-CAMP-7)")
    if kind == "unequip":
        if not game.options["allow_sell_without_replacement"]:
            return "selling the equipment without buying another is off in this game (CD-CAMP-6, CD-INT-21)"
        if b.equipment is None:
            return "there is no equipment to sell: base equipment cannot be sold (CD-CAMP-6, CD-INT-19)"
        return "the equipment is sold into the backpack or the vault (CD-CAMP-6, CD-CAMP-7)"
    if kind == "equip":
        if b.equipment is not None:
            return f"the {b.equipment} equipment is worn: change it with 'swap' (CD-CAMP-5)"
        return _why_card_from(b, rest, "CD-CAMP-4")
    if kind == "swap":
        if b.equipment is None:
            return "there is no equipment to sell: buy a first one with 'equip' (CD-CAMP-4, CD-CAMP-5)"
        if len(rest) != 3 or rest[0] not in WEALTH_ZONES:
            return ("the old equipment goes into the backpack or the vault: 'swap {old_to} {source} {type}' "
                    "(CD-CAMP-5, CD-CAMP-7)")
        if rest[2] == b.equipment:
            return f"buying another {b.equipment} for the {b.equipment} worn changes no equipment (CD-CAMP-5)"
        return _why_card_from(b, rest[1:], "CD-CAMP-5")
    return f"not a camp action (CD-CAMP-1); {decision}"


def _why_card_from(b, rest: list[str], rule: str) -> str:
    if len(rest) != 2 or rest[0] not in WEALTH_ZONES:
        return f"equipment is bought with a card of the backpack or the vault ({rule}, CD-CAMP-7)"
    source, t = rest
    if t not in WEALTH_TYPES:
        return f"equipment is a wealth card, never a {t} (CD-ZONE-9, CD-CAMP-7)"
    return f"the {source} holds no {t} card ({rule})"
