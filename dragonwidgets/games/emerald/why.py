"""Why an action id is refused now: the rule that forbids it, for ``IllegalActionError``'s message.

Called by the engine only for an id that is not among the legal actions (``EmeraldGame._why_illegal``).
"""

from __future__ import annotations

from .board import LAIR, NEST
from .movement import unmoved
from .state import (
    CHOOSE_VICTIM,
    DRAGON_ROLL,
    GEM,
    GOLD,
    KNIGHTS_PER_TURN,
    PAY_OR_LOSE,
    REVEAL_CARD,
    SELECT_KNIGHT,
    TAKE_CARD,
    EmeraldState,
)

#: The decision each action id's first word answers.
DECISION_OF_WORD = {"move": SELECT_KNIGHT, "end": SELECT_KNIGHT, "take": TAKE_CARD, "roll": DRAGON_ROLL,
                    "capture": CHOOSE_VICTIM, "pay": PAY_OR_LOSE, "lose": PAY_OR_LOSE, "reveal": REVEAL_CARD}

#: Why a decision's action is refused when another decision is due and none of its kind can come.
NOT_NOW = {
    "take": "no card to take: a card is taken only by a knight that has just ended its move on a mountain "
            "square with a face-up card (EM-CARD-1, EM-CARD-3)",
    "roll": "the dragon moves only when a knight ends its move beside the flight track or on the dragon's "
            "square (EM-DRAGON-2, EM-DRAGON-3)",
    "capture": "the dragon captures only after it has moved, on the square where it stops (EM-CAPTURE-1)",
    "reveal": "a card is turned up by hand only under a card just taken, with manual chance (EM-CARD-2)",
}


def why_illegal(state: EmeraldState, names: tuple[str, ...], action_id: str) -> str:
    """Return which rule refuses ``action_id`` now, e.g. "a card must be taken first ... (EM-CARD-1)".

    ``names`` are the seats' display names. ``action_id`` is assumed not legal now.
    """
    words = action_id.split() if isinstance(action_id, str) else []
    want = DECISION_OF_WORD.get(words[0]) if words else None
    if want is None:
        return ("it is not an Emerald action; ids are 'move {space} {colour}', 'end turn', 'take gold', "
                "'take gem', 'roll {n}', 'capture {colour}', 'pay {value}', 'lose' and (manual chance) "
                "'reveal gold {value}', 'reveal gem {gem}'")
    if want != state.phase:
        return _other_decision_due(state, names, words[0])
    if want == SELECT_KNIGHT:
        return _why_not_move(state, names, words)
    if want == TAKE_CARD:
        return _why_not_take(state, words)
    if want == CHOOSE_VICTIM:
        sq = state.pending.square  # type: ignore[union-attr]
        return f"there is no {' '.join(words[1:]) or '?'} knight on {sq}, where the dragon stopped (EM-CAPTURE-4)"
    if want == PAY_OR_LOSE:
        return _why_not_pay(state, names, words)
    if want == REVEAL_CARD:
        return (f"the next {state.revealing} card of {state.destination} is a {state.revealing} card lying face down "
                f"or boxed: 'reveal {state.revealing} ...' with one of those (EM-CARD-2)")
    return "the die of the dragon shows 1, 2 or 3 (EM-DRAGON-4)"


def _other_decision_due(state: EmeraldState, names: tuple[str, ...], word: str) -> str:
    who = names[state.active]
    if state.phase == TAKE_CARD:
        return f"a card must be taken first: {who}'s knight ended on {state.destination}, which has a face-up card (EM-CARD-1)"
    if state.phase == REVEAL_CARD:
        return f"the next {state.revealing} card of {state.destination} must be turned up first (EM-CARD-2)"
    if state.phase == DRAGON_ROLL:
        return f"the dragon must be rolled first: a knight ended on {state.destination} (EM-DRAGON-2, EM-DRAGON-4)"
    if state.phase == CHOOSE_VICTIM:
        return f"{who} must first choose which knight the dragon captures on {state.pending.square} (EM-CAPTURE-4)"  # type: ignore[union-attr]
    if state.phase == PAY_OR_LOSE:
        p = state.pending
        return (f"{names[p.victim_owner]} must first pay the dragon a gold card or lose the "  # type: ignore[union-attr,index]
                f"{p.victim_colour} knight on {p.square} (EM-CAPTURE-6)")  # type: ignore[union-attr]
    return NOT_NOW.get(word, "no knight has been captured, so there is nothing to pay (EM-CAPTURE-6)")


def _why_not_move(state: EmeraldState, names: tuple[str, ...], words: list[str]) -> str:
    who = names[state.active]
    if words[0] == "end":
        if state.knights_moved == 0:
            return f"at least one knight must be moved: {who} may not pass (EM-TURN-3, EM-INT-10)"
        return "'end turn' is the id that ends a turn after its first knight (EM-TURN-2)"
    if len(words) != 3:
        return "a move is 'move {space} {colour}', e.g. 'move T1 black'"
    _, space, colour = words
    if space not in state.knights:
        return f"{space} is not a space of the board (start spaces, P1-P6, M1-M9)"
    if colour not in state.colour_owner:
        return f"{colour} is not a colour in play; colours: {', '.join(state.colour_owner)}"
    if space in (LAIR, NEST):
        return f"knights in the {'lair' if space == LAIR else 'nest'} never move (EM-MOVE-8, EM-LAIR-6)"
    if not state.knights[space].get(colour):
        return f"there is no {colour} knight on {space}"
    if state.owner(colour) != state.active:
        return f"the {colour} knights are {names[state.owner(colour)]}'s; {who} moves only their own (EM-TURN-2, EM-MOVE-8)"
    if state.knights_moved >= KNIGHTS_PER_TURN:
        return "two knights have moved this turn already (EM-TURN-2)"
    if state.turn_colour is not None and colour != state.turn_colour:
        return f"at 2 players both knights of a turn share one colour: this turn's colour is {state.turn_colour} (EM-P2-2)"
    if unmoved(state, space, colour) <= 0:
        n = state.knights[space][colour]
        which = f"the {colour} knight on {space} already moved" if n == 1 else f"all {n} {colour} knights on {space} already moved"
        return f"{which} this turn (EM-TURN-2)"
    return "it is not among the legal moves now"


def _why_not_take(state: EmeraldState, words: list[str]) -> str:
    pile = words[1] if len(words) > 1 else ""
    if pile not in (GOLD, GEM):
        return "the cards of a mountain square are 'take gold' or 'take gem' (EM-CARD-1)"
    other = GEM if pile == GOLD else GOLD
    return f"{state.destination} has no {pile} card left; the face-up {other} card is the one to take (EM-CARD-1)"


def _why_not_pay(state: EmeraldState, names: tuple[str, ...], words: list[str]) -> str:
    if words[0] == "lose":
        return "'lose' takes no argument"
    if len(words) != 2 or not words[1].isdigit():
        return "only gold cards soothe the dragon: 'pay {value}' with a gold value the owner holds (EM-SOOTHE-2)"
    pending = state.pending
    assert pending is not None and pending.victim_owner is not None  # a knight's owner decides at PAY_OR_LOSE
    return f"{names[pending.victim_owner]} holds no gold {words[1]} card (EM-SOOTHE-1)"
