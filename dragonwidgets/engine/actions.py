"""Actions (what a player or chance chooses) and events (what applying one caused)."""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

#: ``current_player`` at a chance node (dice, draws), as in OpenSpiel.
CHANCE = -1


class Action(NamedTuple):
    """One legal choice, made by a player or by chance: a small frozen record (a named tuple).

    Attributes:
        id: stable, readable and unique among the legal actions of a state, e.g. ``"move T1"``;
            ``str(action) == action.id`` and ``game.apply(action.id)`` applies it.
        label: a sentence for people, e.g. ``"Move a black knight from T1 (3 knights there) to P3"``.
        player: the seat that chooses (``0..players-1``), or :data:`CHANCE` for a chance outcome.
        kind: the decision it belongs to, e.g. ``"select_knight"``, ``"take_card"``, ``"dragon_roll"``.
        targets: ids of the board elements it touches (for highlighting and clicks), e.g. ``("T1", "P3")``.
        rules: the rule IDs that make it legal, e.g. ``("EM-MOVE-1", "EM-MOVE-2")``.
        prob: the probability of a chance outcome, in ``[0, 1]``; ``None`` for a player's action.

    A named tuple rather than a frozen dataclass: games build thousands of actions per second, and a
    tuple is built two to three times faster (issue 6's speed target), with the same fields, equality,
    hashing and immutability.
    """

    id: str
    label: str
    player: int
    kind: str
    targets: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    prob: float | None = None

    def __str__(self) -> str:
        return self.id

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict of every field (``targets`` and ``rules`` as lists)."""
        return {
            "id": self.id,
            "label": self.label,
            "player": self.player,
            "kind": self.kind,
            "targets": list(self.targets),
            "rules": list(self.rules),
            "prob": self.prob,
        }


class _EventFields(NamedTuple):
    kind: str
    text: str
    private_to: int | None
    public_text: str | None
    data: Mapping[str, Any]


class Event(_EventFields):
    """Something that happened when an action was applied (a card revealed, the dragon moved...).

    A small frozen record (a named tuple, like :class:`Action`).

    Attributes:
        kind: a short machine name, e.g. ``"dragon_moved"``.
        text: what happened, in a sentence, as its full-table (teacher) view.
        private_to: ``None`` when everybody may read ``text``; otherwise the one seat that may.
        public_text: what the other seats read instead when ``private_to`` is set.
        data: machine-readable details (may hold hidden values: never sent to a seat's view); a new
            empty dict when not given.
    """

    __slots__ = ()

    def __new__(
        cls,
        kind: str,
        text: str,
        private_to: int | None = None,
        public_text: str | None = None,
        data: Mapping[str, Any] | None = None,
    ) -> "Event":
        return _new_tuple(cls, (kind, text, private_to, public_text, {} if data is None else data))

    def text_for(self, viewer: int | None) -> str:
        """Return the text ``viewer`` may read (``None`` is the teacher, who reads everything)."""
        if self.private_to is None or viewer is None or viewer == self.private_to:
            return self.text
        return self.public_text if self.public_text is not None else ""


_new_tuple = tuple.__new__


def event(kind: str, text: str, data: Mapping[str, Any] | None = None) -> Event:
    """Return ``Event(kind, text, data=data)``: an event everybody may read, built about three times faster.

    Calling a class whose ``__new__`` is written in Python (as :class:`Event`'s is, for its fresh ``data``
    dict) takes CPython's slow path: an argument tuple and a keyword dict per call. The games' rules log
    an event or two per step, so their hot paths build them here (a seat's private event still needs
    ``Event(..., private_to=...)``).

    >>> event("moved", "The dragon moves.", {"to": "P3"}) == Event("moved", "The dragon moves.", data={"to": "P3"})
    True
    """
    return _new_tuple(Event, (kind, text, None, None, {} if data is None else data))
