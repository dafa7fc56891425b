"""Chance: drawing the outcomes of dice and draws from the seeded generator, or leaving them to a teacher.

Chance is drawn per history step from a number that depends on ``(seed, step)`` only, so the state is a
pure function of the seed and the actions: rewinding and replaying gives the same dice again, and a
branch taken at step k draws the same outcome at step k + 1 as the original line would have.
:class:`ChanceDraws` is the part of :class:`~.game.Game` that draws them.
"""

from __future__ import annotations

import random
import struct
from functools import lru_cache
from hashlib import blake2b, shake_128
from _random import Random as _MersenneTwister  # the C generator under random.Random
from typing import TYPE_CHECKING, Any, MutableSequence, Sequence

from .actions import CHANCE, Action, Event
from .errors import IllegalActionError
from .protocol import TO_MOVE_UNKNOWN

if TYPE_CHECKING:  # what the other parts of Game supply, for mypy (see _parts.py)
    from ._parts import GameParts
else:
    GameParts = object

#: ``"auto"``: chance outcomes are drawn as soon as they are due; ``"manual"``: the game stops at each one.
CHANCE_MODES = ("auto", "manual")

#: The options every game takes besides its own (each game's ``option_defaults`` holds them), with their
#: defaults. ``pick_draws`` (True): with ``chance="manual"``, every card, tile or token turned up from a
#: hidden stock (Emerald's card under a taken one, a Chasse pile's card, a Drachenland volcano's token,
#: Draghan's locations, encounters and market cards) is a chance node a teacher picks, as every die is;
#: ``False``: those come from the seed's deal (the order the set-up dealt), as with ``chance="auto"``, so a
#: teacher picks the dice only. No effect with ``chance="auto"``. Read it with :meth:`ChanceDraws.picks_draws`.
CHANCE_OPTION_DEFAULTS: dict[str, Any] = {"pick_draws": True}


_TWO_TO_MINUS_53 = 2.0 ** -53


def chance_number(key: int) -> float:
    """Return the number in ``[0, 1)`` that picks a chance node's outcome.

    ``key`` is the game's ``(seed << 32) + tag`` (an int >= 0; the tag of step k's chance node is k + 1).
    The number is the first 53 bits of the 8-byte BLAKE2b hash of ``key`` (16 bytes, little-endian; longer
    for a key of 2**128 or more), over 2**53: uniform, and unrelated from one key to the next.

    Why a hash: a chance node needs one number that depends on ``(seed, step)`` only. Earlier code seeded a
    new Mersenne Twister per node for it (``random.Random(key).random()``): about 5 µs, a sixth of a
    Drachenland decision; the hash takes under 1 µs. Records store every chance outcome, so records saved
    before replay exactly; only a fresh draw from a seed comes out otherwise than it did then.

    >>> chance_number(7) == chance_number(7) != chance_number(8)
    True
    >>> 0.0 <= chance_number(2**200) < 1.0
    True
    """
    return (int.from_bytes(blake2b(_key_bytes(key), digest_size=8).digest(), "little") >> 11) * _TWO_TO_MINUS_53


def _key_bytes(key: int) -> bytes:
    """The bytes a key is hashed as: 16, little-endian (more for a key of 2**128 or more: a seed of 2**96 or more)."""
    try:
        return key.to_bytes(16, "little")
    except OverflowError:
        return key.to_bytes((key.bit_length() + 7) // 8, "little")


def keyed_shuffle(x: MutableSequence[Any], key: int) -> None:
    """Shuffle the sequence ``x`` in place by ``key`` alone (an int >= 0: e.g. a game's ``(seed << 32) + tag``).

    A Fisher-Yates shuffle: for ``i`` from ``len(x) - 1`` down to 1, ``x[i]`` swaps with ``x[j]``, where ``j``
    is ``w * (i + 1) >> 64`` and ``w`` the next 64-bit word (little-endian) of the SHAKE-128 output of the
    key's bytes (as :func:`chance_number` writes them). Each ``j`` is uniform on ``0..i`` within
    ``(i + 1) / 2**64``, so every order is as likely as any other to that precision.

    Why: a shuffle inside a step (Draghan's Shadow deck after a fight) needs an order that depends on a key
    only (Draghan's: the deck and the chance step). Seeding a new Mersenne Twister for it (:class:`Generator`) and shuffling a deck of
    13 takes about 4.5 µs (3.3 of them the seeding); this takes about 2 µs. The steps are
    :meth:`Generator.shuffle`'s (:func:`_fisher_yates`); only the numbers differ.

    >>> a, b = list(range(10)), list(range(10))
    >>> keyed_shuffle(a, 7); keyed_shuffle(b, 7)
    >>> a == b != list(range(10)), sorted(a) == list(range(10))
    (True, True)
    """
    steps = _fisher_yates(len(x))
    if not steps:
        return
    words = struct.unpack(f"<{len(steps)}Q", shake_128(_key_bytes(key)).digest(8 * len(steps)))
    for (i, n, _bits), w in zip(steps, words):
        j = (w * n) >> 64
        x[i], x[j] = x[j], x[i]


class Generator(random.Random):
    """The games' seeded generator: :class:`random.Random` with its shuffle written out here, draw for draw.

    :meth:`shuffle` is the Fisher-Yates shuffle of ``random.Random.shuffle`` (CPython 3.10-3.13): for ``i``
    from ``len(x) - 1`` down to 1, ``j`` is ``getrandbits(k)`` (``k`` the bit length of ``i + 1``) redrawn while
    it is ``i + 1`` or more, and ``x[i]`` and ``x[j]`` swap. It takes the same numbers from the Mersenne
    Twister and leaves it in the same state, so every seeded game deals as it always did.

    Why not the library's: Python promises that ``random()`` gives the same numbers from a seed in every
    version, not that ``shuffle`` does. A set-up's shuffles (and, in Draghan records of version 1, the
    shuffles inside a step) are not in a game's record, only its seed is, so a Python whose ``shuffle`` drew
    otherwise would replay saved records into other deals (and refuse them: their final digest would
    differ). Written out, the deals stay. It also spares the library's Python-level ``_randbelow`` call per card (Draghan:
    callgrind instructions per random-play decision 7 % fewer; the time saved is within the noise here).

    It is seeded with an ``int`` only (a game's ``(seed << 32) + tag``): :meth:`__init__` seeds the C generator
    directly, as ``random.Random(seed)`` does for an ``int`` through its Python-level ``seed``, which cost a
    fifth of every seeding (every game seeds one per set-up; a Draghan game of record version 1 one per
    step that shuffles).

    >>> a, b = list(range(52)), list(range(52))
    >>> Generator(7).shuffle(a); random.Random(7).shuffle(b)
    >>> a == b
    True
    >>> Generator(2**40 + 3).getstate() == random.Random(2**40 + 3).getstate()
    True
    """

    def __init__(self, seed: int) -> None:  # noqa: D107  (the state of random.Random(seed) for an int seed)
        _MersenneTwister.seed(self, seed)
        self.gauss_next = None

    def shuffle(self, x: MutableSequence[Any]) -> None:  # type: ignore[override]
        """Shuffle the sequence ``x`` in place (the draws of ``random.Random.shuffle``)."""
        getrandbits = self.getrandbits
        for i, n, k in _fisher_yates(len(x)):
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            x[i], x[j] = x[j], x[i]


@lru_cache(maxsize=None)
def _fisher_yates(length: int) -> tuple[tuple[int, int, int], ...]:
    """The steps of :meth:`Generator.shuffle` of a sequence of ``length`` items: ``(i, i + 1, bit length of
    i + 1)`` for ``i`` from ``length - 1`` down to 1 (worked out once per length: decks are shuffled often)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(length - 1, 0, -1))


class ChanceDraws(GameParts):
    """Chance nodes of :class:`~.game.Game`: asking about them, drawing them, drawing those due."""

    seed: int
    chance_mode: str
    options: dict[str, Any]
    _chance_offset: int
    _step: int
    _legal: Sequence[Action] | None
    _to_move: Any

    @property
    def chance_outcomes_hidden(self) -> bool:
        """Whether the chance outcomes due now would show a seat what it may not see (at a chance node only):
        a card turned up from a face-down pile whose make-up nobody at the table knows. A seat's view then
        lists no outcome (the teacher picks, or chance draws one). Games say so in
        :meth:`_chance_outcomes_hidden`; dice and draws from a stock whose make-up everybody can count are not."""
        return self.current_player == CHANCE and self._chance_outcomes_hidden()

    def picks_draws(self) -> bool:
        """Whether a card, tile or token turned up from a hidden stock is a chance node a teacher picks:
        ``chance="manual"`` with the option ``pick_draws`` (:data:`CHANCE_OPTION_DEFAULTS`; a game without the
        option picks them). Otherwise the seed's deal turns it up."""
        return self.chance_mode == "manual" and self.options.get("pick_draws", True)

    @property
    def is_chance_node(self) -> bool:
        """Whether chance (a die, a draw) must pick the next outcome."""
        return self.current_player == CHANCE

    def resolve_chance(self) -> list[Event]:
        """Draw the pending chance outcome from the seeded generator, apply it, return its events.

        Raises:
            IllegalActionError: the game is not at a chance node.
        """
        if not self.is_chance_node:
            raise IllegalActionError("<chance>", "the game is not at a chance node", self.legal_action_ids())
        return self._draw_due_chance(self._commit(self._draw(), auto=True))

    def _draw(self) -> Action:
        outcomes = self._legal
        if outcomes is None:
            outcomes = self._compute_legal()
        # the node's key: the tag of step + 1 (tag 0 is the set-up's generator)
        x = chance_number((self.seed << 32) + self._chance_offset + self._step + 1)
        acc = 0.0
        for a in outcomes:
            acc += a.prob or 0.0
            if x < acc:
                return a
        return outcomes[-1]

    def _draw_due_chance(self, events: list[Event] | None = None) -> list[Event]:
        """In ``"auto"`` chance mode, draw and apply the chance outcomes due now; return ``events``
        (a new list if ``None``) with their events appended."""
        if events is None:
            events = []
        if self.chance_mode == "auto":
            while True:
                to_move = self._to_move  # unknown: the state has just changed
                if to_move is TO_MOVE_UNKNOWN:
                    to_move = self._to_move = self._player_to_move()
                if to_move != CHANCE:
                    break
                events += self._commit(self._draw(), auto=True)
        return events
