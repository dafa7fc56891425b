"""The end of the game and its scoring: gems of ringless colours given back, then sets of egg + three gems.

DL-END-1 (the last egg taken) is noticed by :mod:`.treasure`, the turn cap (DL-INT-30) by :mod:`.turn`;
both end the game here (:func:`end_game`). DL-SCORE-1..6: :func:`score`.

>>> score(dict(egg=4, ruby=7, emerald=3, sapphire=6, diamond=4), rings={"red", "blue"})["score"]
45
>>> score(dict(egg=5, ruby=6, emerald=4, sapphire=4, diamond=0), rings={"red", "green", "blue"})["score"]
43
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any

from dragonwidgets.engine import Event

from .board import GEM_OF
from .state import OVER

if TYPE_CHECKING:
    from .game import DrachenlandGame

SET_POINTS = 10  # DL-SCORE-2
ITEM_POINTS = 1  # DL-SCORE-4
SET_SIZE = 4  # an egg and three gems


def best_sets(E: int, R: int, G: int, S: int, D: int, *, diamonds_replace_eggs: bool = False) -> int:
    """Return k*, the most sets the hoard completes with diamonds as jokers (DL-SCORE-3/6, DL-INT-25).

    need(k) = max(0, k-R) + max(0, k-G) + max(0, k-S) diamonds; k is at most the eggs (diamonds never
    replace an egg unless ``diamonds_replace_eggs``, the other reading of DL-INT-25).

    >>> best_sets(3, 5, 1, 0, 3), best_sets(0, 4, 4, 4, 2), best_sets(1, 0, 0, 0, 3)
    (2, 0, 1)
    """
    best = 0
    for k in range(1, (E + D if diamonds_replace_eggs else E) + 1):
        need = max(0, k - R) + max(0, k - G) + max(0, k - S) + (max(0, k - E) if diamonds_replace_eggs else 0)
        if need > D:
            break  # need(k) only grows with k
        best = k
    return best


def score(hoard: Mapping[str, int], rings: Collection[str], *, diamonds_replace_eggs: bool = False) -> dict:
    """Score one hoard at the end of the game.

    Args:
        hoard: counts of ``egg``, ``ruby``, ``emerald``, ``sapphire``, ``diamond``.
        rings: the colours of the player's adventurers that wear a ring (DL-RING-5).
        diamonds_replace_eggs: the other reading of DL-INT-25 (default: they never do).

    Returns:
        ``{"returned": {gem: n}, "kept": {item: n}, "sets": k, "score": points}``: gems of colours
        without a ring are given back (DL-SCORE-1), each set scores 10 (DL-SCORE-2), every other item 1
        (DL-SCORE-4), with the best use of diamonds (DL-SCORE-6).
    """
    returned = {GEM_OF[c]: hoard.get(GEM_OF[c], 0) for c in GEM_OF if c not in rings}
    kept = {k: (0 if k in returned else hoard.get(k, 0)) for k in ("egg", "ruby", "emerald", "sapphire", "diamond")}
    k = best_sets(kept["egg"], kept["ruby"], kept["emerald"], kept["sapphire"], kept["diamond"],
                  diamonds_replace_eggs=diamonds_replace_eggs)
    n = sum(kept.values())
    points = SET_POINTS * k + ITEM_POINTS * (n - SET_SIZE * k)
    return {"returned": returned, "kept": kept, "sets": k, "score": points}


def finals(game: DrachenlandGame) -> list[dict[str, Any]]:
    """Return every seat's :func:`score`, in seat order: each hoard with its rings and the best use of
    diamonds (DL-SCORE-1..6, and the ``diamonds_replace_eggs`` option, DL-INT-25)."""
    s = game.state
    return [score(s.hoards[i], s.rings[i], diamonds_replace_eggs=game.options["diamonds_replace_eggs"])
            for i in range(game.players)]


def end_game(game: DrachenlandGame, reason: str, ev: list[Event]) -> None:
    """End the game at once for ``reason`` (DL-END-1, DL-INT-24, DL-INT-30) and announce the scores."""
    s = game.state
    s.end_reason = reason
    s.phase = OVER
    s.step = None
    scores = [f["score"] for f in finals(game)]
    text_scores = ", ".join(f"{game.player_name(i)} {n}" for i, n in enumerate(scores))
    ev.append(Event("game_over", f"The game is over: {reason}. Scores: {text_scores}.", data={"scores": scores}))
