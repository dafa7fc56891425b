"""Why an action id is not legal now, naming the rule (``game.explain(id)`` and refusals).

>>> from .game import DrachenlandGame
>>> g = DrachenlandGame(players=3, seed=1)
>>> why_illegal(g, "reroll")
'the fate token is played right after rolling the dice (DL-FATE-1, DL-TOKEN-1); the decision now is choose adventurer'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import COLOURS
from .movement import MARCH_STEPS, walk_distances
from .reveal import unseen
from .state import (
    CHOOSE_ADVENTURER,
    CHOOSE_DIE,
    FATE,
    FLY_VALUE,
    MAGIC_HAND,
    MOVEMENT,
    REROLL,
    REVEAL,
    ROLL,
    TAKE_AGAIN,
    TREASURE,
)

if TYPE_CHECKING:
    from .game import DrachenlandGame

_WHEN = {  # the decision each word of the id grammar belongs to, and the rule that says so
    "roll": ((ROLL, REROLL), "dice are rolled by chance at the start of a turn (DL-TURN-2)"),
    "reveal": ((REVEAL,), "with manual chance a token is picked as an adventurer reaches its volcano (DL-MOVE-6)"),
    "keep": ((FATE,), "keeping or rerolling is decided right after rolling (DL-FATE-1)"),
    "reroll": ((FATE,), "the fate token is played right after rolling the dice (DL-FATE-1, DL-TOKEN-1)"),
    "die": ((CHOOSE_DIE,), "a die is chosen before its adventurer (DL-TURN-2)"),
    "move": ((CHOOSE_ADVENTURER,), "an adventurer is chosen for a die before it moves (DL-TURN-2)"),
    "enter": ((CHOOSE_ADVENTURER,), "an adventurer is brought in when it is chosen for a die (DL-MOVE-3)"),
    "walk": ((MOVEMENT,), "walking is part of the movement phase (DL-MOVE-1, DL-TOKEN-1)"),
    "march": ((MOVEMENT,), "a forced march is used in the movement phase (DL-MARCH-1, DL-TOKEN-1)"),
    "fly": ((MOVEMENT,), "royal dragons are used in the movement phase (DL-DRAGON-4, DL-TOKEN-1)"),
    "call": ((MOVEMENT,), "royal dragons are used in the movement phase (DL-DRAGON-6, DL-TOKEN-1)"),
    "boat": ((MOVEMENT,), "a boatman is used in the movement phase (DL-BOAT-1, DL-TOKEN-1)"),
    "take": ((TREASURE, TAKE_AGAIN), "treasure is taken in the treasure phase (DL-TREASURE-1)"),
    "skip": ((TREASURE,), "taking nothing is a choice of the treasure phase (DL-TREASURE-6)"),
    "magic": ((MAGIC_HAND,), "a magic hand is played right after a take (DL-HAND-1, DL-TOKEN-1)"),
    "done": ((MAGIC_HAND,), "'done' ends the magic-hand step after a take (DL-HAND-1)"),
}


def why_illegal(game: "DrachenlandGame", action_id: str) -> str:
    """Return a sentence naming the rule that makes ``action_id`` illegal in ``game``'s state now."""
    s = game.state
    words = action_id.split()
    if not words or (words[0] not in _WHEN and action_id != "end turn" and action_id != "end movement"):
        return "it is not an action of Drachenland (see the contract's id grammar in the game's docstring)"
    decision = s.phase.replace("_", " ")
    if action_id == "end turn":
        if s.phase not in (CHOOSE_DIE, CHOOSE_ADVENTURER) or s.turn == 0:
            return f"a turn ends between two adventurers' actions, not now (DL-TURN-2); the decision now is {decision}"
        return "every usable die must be used: the option forfeit_dice is off (DL-INT-8)"
    if action_id == "end movement":
        if s.phase == MOVEMENT and s.step and s.step.entering and not s.step.walked:
            return "an entering adventurer must first walk in at least 1 space (DL-MOVE-3, DL-INT-9)"
        return f"the movement phase is not under way (DL-INT-11); the decision now is {decision}"
    phases, when = _WHEN[words[0]]
    if s.phase not in phases:
        if MOVEMENT in phases and s.step is not None and s.step.stopped:
            return f"the movement phase ended at the forced stop (DL-INT-13): {when}; the decision now is {decision}"
        return f"{when}; the decision now is {decision}"
    seat = s.active
    st = s.step
    if words[0] in ("move", "enter"):
        colour = words[1] if len(words) > 1 else ""
        if colour not in COLOURS:
            return f"adventurers are red, green or blue (DL-SETUP-2), not {colour!r}"
        if colour in s.used:
            return f"the {colour} adventurer has already used a die this turn (DL-TURN-3)"
        on_board = s.where(seat, colour) is not None
        if words[0] == "enter" and on_board:
            return f"the {colour} adventurer is already in the land (DL-MOVE-3, DL-MOVE-8)"
        if words[0] == "move" and not on_board:
            return f"the {colour} adventurer is not in the land yet: 'enter {colour}' brings it in (DL-MOVE-3)"
        return "no end space within reach through any entrance (DL-INT-9)"
    if words[0] == "die":
        return f"no unused die shows {words[1] if len(words) > 1 else '?'} with an adventurer to use it (DL-TURN-2/3)"
    if words[0] == "reroll":
        return "this seat has no fate token left: one per player per game (DL-FATE-1, D4)"
    if words[0] == "reveal":
        return _why_reveal(game, words[1:])
    if words[0] in ("walk", "march") and st is not None:
        return _why_walk(game, words[1] if len(words) > 1 else "", words[0] == "march")
    if words[0] in ("fly", "call") and st is not None:
        if st.stopped:
            return "the movement phase ended at the forced stop (DL-INT-13)"
        baby = words[-1] == "baby"
        if baby and s.held[seat]["baby_dragon"] == 0:
            return "this seat holds no baby dragon (DL-BABY-1, DL-TOKEN-5)"
        if not baby and (st.die_spent or st.die_value != FLY_VALUE):
            return "a flight or a call needs an unspent 4 on this adventurer's die (DL-DRAGON-4, DL-DRAGON-6)"
        here = s.where(seat, st.adventurer)
        if words[0] == "fly":
            if s.dragons[st.adventurer] != here:
                return f"the {st.adventurer} adventurer is not on the same volcano as the {st.adventurer} royal dragon (DL-DRAGON-4)"
            return "a royal dragon flies to another volcano, never to a stone or where it is (DL-DRAGON-2, DL-INT-16)"
        if s.dragons[st.adventurer] is None:
            return f"the {st.adventurer} royal dragon has not been revealed yet (DL-INT-17)"
        return "a dragon is called to the adventurer's own volcano, from another volcano (DL-DRAGON-6, DL-INT-17)"
    if words[0] == "boat" and st is not None:
        if st.stopped:
            return "the movement phase ended at the forced stop (DL-INT-13)"
        if s.held[seat]["boatman"] == 0:
            return "this seat holds no boatman (DL-BOAT-1, DL-TOKEN-5)"
        return "a boatman crosses one river from the adventurer's volcano to a volcano it joins (DL-BOAT-1, DL-INT-15)"
    if words[0] == "take" and st is not None:
        return _why_take(game, words[1] if len(words) > 1 else "")
    if words[0] == "magic":
        return "this seat holds no magic hand (DL-HAND-1, DL-TOKEN-5)"
    return "it is not among the legal actions of this state"


def _why_walk(game: "DrachenlandGame", node: str, march: bool) -> str:
    s, board, st = game.state, game.board, game.state.step
    assert st is not None
    if st.walked:
        return "this adventurer has already walked this action: one walk per action (DL-INT-11)"
    if st.stopped:
        return "the movement phase ended at the forced stop (DL-INT-13)"
    if board.is_entrance(node):
        return "no adventurer may step onto an entrance or leave the land (DL-MOVE-8, DL-INT-9)"
    if node not in board.neighbours:
        return f"{node!r} is not a space of the board"
    if node not in board.eggs and node in s.occupied_stones(board.eggs):
        return f"{node} is a stone with an adventurer on it: only one adventurer per stone (DL-MOVE-5)"
    if march:
        return "'march' walks on forced marches alone, keeping an unspent 4 for a dragon (DL-INT-12)"
    if s.turn == 0:
        return (f"the opening walk is exactly {st.die_value} space{'s' * (st.die_value > 1)} from an entrance "
                f"(DL-OPEN-2, DL-INT-6)")
    allowance = (0 if st.die_spent else st.die_value) + MARCH_STEPS * s.held[s.active]["forced_march"]
    here = s.where(s.active, st.adventurer)
    if here is not None:
        free = walk_distances(board, here, 99, s.occupied_stones(board.eggs), ())
        if node in free and node not in walk_distances(board, here, 99, s.occupied_stones(board.eggs), s.face_down):
            return f"every path to {node} passes a volcano with a face-down token, where the walk must stop (DL-MOVE-6)"
        if node in free:
            return (f"{node} is {free[node]} spaces away, more than the allowance of {allowance} (die"
                    f"{'' if not st.die_spent else ' spent'} + 3 per forced march) (DL-MOVE-1, DL-MARCH-1)")
    return f"{node} is beyond the allowance of {allowance} spaces (DL-MOVE-1, DL-MARCH-1, DL-INT-9)"


def _why_reveal(game: "DrachenlandGame", words: list[str]) -> str:
    s = game.state
    if not words or words[0] != s.revealing:
        return f"the token turned up now is the one on {s.revealing} (DL-MOVE-6)"
    left = ", ".join(sorted(unseen(s)))
    return (f"the token turned up is one nobody has seen yet, face down or in the box: {left} "
            f"(DL-SETUP-5, DL-MOVE-6)")


def _why_take(game: "DrachenlandGame", what: str) -> str:
    s, st = game.state, game.state.step
    assert st is not None
    here = s.where(s.active, st.adventurer)
    if what == "ring":
        if s.phase == TAKE_AGAIN:
            return "a magic hand's extra take cannot be a ring (DL-INT-23)"
        if s.token.get(here) != "ring":  # type: ignore[arg-type]
            return f"there is no face-up ring token on {here} (DL-RING-2)"
        if st.adventurer in s.rings[s.active]:
            return f"the {st.adventurer} adventurer already wears a ring: one each (DL-RING-4)"
        if not st.moved:
            return "only an adventurer that actually moved this action may take a ring; moving 0 or a call is not a move (DL-RING-3, DL-INT-22)"
        return "the supply has no ring left (D8)"
    if what == "gems":
        return f"there is no gem of the {st.adventurer} adventurer's colour on {here} (DL-TREASURE-2, DL-TREASURE-3)"
    if what in ("diamond", "egg"):
        return f"there is no {what} left on {here} (DL-TREASURE-2)"
    return "a take is 'gems', 'diamond', 'egg' or 'ring' (DL-TREASURE-2, DL-TREASURE-7)"
