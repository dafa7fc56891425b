"""Reveals: a volcano's face-down token turned face up when an adventurer arrives (DL-MOVE-6, DL-SETUP-5).

The token on a face-down volcano was dealt at set-up, unseen (DL-SETUP-5); to every player its reveal is
a draw from the tokens nobody has seen yet: the face-down ones and the boxed one (digest section 6,
step 4). With ``chance="auto"`` (or without the option ``pick_draws``) the token the seed dealt there is
turned up at once. With ``chance="manual"`` and ``pick_draws`` (the default) the arrival stops at the chance node ``reveal`` (phase :data:`~.state.REVEAL`, the
volcano in ``state.revealing``) whose outcomes are the kinds still unseen, each with its share of them
(``reveal V05 ring``: 3 rings among 12 unseen tokens, probability 1/4), so a teacher picks the token.
The picked token is taken from where it lies (another face-down volcano, or the box) and swapped with
the one dealt here (:func:`pick`), so the 16 tokens stay the pool of D3. Then the game goes on as after
any reveal: the forced stop of a normal turn (:func:`.tokens.turn_up`), or the next seat's opening
(:func:`.opening.turn_up`).

What the outcomes say is public: everyone knows the pool and every token revealed so far, so the kinds
still unseen and their counts are common knowledge; where each one lies is not, and neither the choices
nor the events say it.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING

from dragonwidgets.engine import CHANCE, Action, Event

from .movement import forget_table
from .state import DRAGON_TOKEN, REVEAL, DrachenlandState

if TYPE_CHECKING:
    from .game import DrachenlandGame

REVEAL_RULES = ("DL-MOVE-6", "DL-SETUP-5")


def reveal(state: DrachenlandState, volcano: str) -> str:
    """Turn ``volcano``'s face-down token face up and return its kind (DL-MOVE-6, DL-INT-16).

    A royal dragon becomes a piece on the board (``state.dragons``) and leaves the volcano's own
    token slot (DL-DRAGON-1, DL-INT-20); every other kind stays there face up.
    """
    state.face_down.discard(volcano)
    kind = state.token[volcano] or ""
    if kind.startswith(DRAGON_TOKEN):
        state.dragons[kind[len(DRAGON_TOKEN):]] = volcano
        state.token[volcano] = None
    return kind


def token_name(game: DrachenlandGame, kind: str) -> str:
    """Return a token kind in words, as the board's display data names it: ``"magic hand"``."""
    return game.board.display.get("tokens", {}).get(kind, kind.replace("_", " "))


def reveal_token(game: DrachenlandGame, volcano: str, ev: list[Event]) -> None:
    """Turn ``volcano``'s token face up for everyone to see (DL-MOVE-6): :func:`reveal`, and its event."""
    kind = reveal(game.state, volcano)
    forget_table(game)
    ev.append(Event("token_revealed", f"The token on {volcano} is turned face up: {token_name(game, kind)}.",
                    data={"volcano": volcano, "token": kind}))


def awaits_reveal(game: DrachenlandGame, volcano: str) -> bool:
    """With manual chance and ``pick_draws``, stop at the chance node that turns ``volcano``'s token up; return
    whether it did.

    Otherwise (auto chance, or ``pick_draws=False``) nothing changes and the caller reveals the dealt token at once.
    """
    if not game.picks_draws():
        return False
    game.state.revealing = volcano
    game.state.phase = REVEAL
    return True


def unseen(state: DrachenlandState) -> Counter[str]:
    """Return the kinds nobody has seen, with their counts: the face-down tokens and the boxed one (DL-SETUP-5)."""
    kinds = Counter(state.token[v] for v in state.face_down)
    if state.boxed:
        kinds[state.boxed] += 1
    return kinds  # type: ignore[return-value]


def reveal_outcomes(game: DrachenlandGame) -> list[Action]:
    """DL-MOVE-6, DL-SETUP-5: the chance outcomes of the reveal under way, one per unseen kind.

    Each kind's probability is its count among the unseen tokens (the face-down ones and the box).
    """
    s = game.state
    volcano = s.revealing
    assert volcano is not None
    left = unseen(s)
    total = sum(left.values())
    return [reveal_action(volcano, kind, token_name(game, kind), n, total) for kind, n in sorted(left.items())]


@lru_cache(maxsize=1 << 12)
def reveal_action(volcano: str, kind: str, name: str, count: int, total: int) -> Action:
    """``reveal {volcano} {kind}``: the token turned up is a ``kind`` (``count`` of the ``total`` unseen)."""
    return Action(f"reveal {volcano} {kind}", f"The token on {volcano} is a {name} ({count} of the {total} "
                  f"tokens not seen yet)", CHANCE, "reveal", (volcano,), REVEAL_RULES, count / total)


def pick(state: DrachenlandState, volcano: str, kind: str) -> None:
    """Make ``kind`` the token face down on ``volcano``: swap it with the first unseen slot holding one
    (face-down volcanoes in id order, then the box), so no token is created or lost (D3).

    Raises:
        ValueError: no unseen token is a ``kind`` (the engine offers only kinds that are).
    """
    if state.token[volcano] == kind:
        return
    for v in sorted(state.face_down):
        if v != volcano and state.token[v] == kind:
            state.token[v], state.token[volcano] = state.token[volcano], kind
            return
    if state.boxed != kind:
        raise ValueError(f"no unseen {kind} token to turn up on {volcano}")
    state.boxed, state.token[volcano] = state.token[volcano], kind  # type: ignore[assignment]


def turn_up_picked(game: DrachenlandGame, volcano: str, kind: str, ev: list[Event]) -> None:
    """Apply the outcome ``reveal {volcano} {kind}``: :func:`pick` it, then turn it face up (DL-MOVE-6)."""
    pick(game.state, volcano, kind)
    game.state.revealing = None
    reveal_token(game, volcano, ev)
