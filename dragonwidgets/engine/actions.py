"""Actions (what a player or chance chooses) and events (what applying one caused)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

#: ``current_player`` at a chance node (dice, draws), as in OpenSpiel.
CHANCE = -1


@dataclass(frozen=True, slots=True, init=False)
class Action:
    """One legal choice, made by a player or by chance.

    Attributes:
        id: stable, readable and unique among the legal actions of a state, e.g. ``"move T1"``;
            ``str(action) == action.id`` and ``game.apply(action.id)`` applies it.
        label: a sentence for people, e.g. ``"Move a black knight from T1 (3 knights there) to P3"``.
        player: the seat that chooses (``0..players-1``), or :data:`CHANCE` for a chance outcome.
        kind: the decision it belongs to, e.g. ``"select_knight"``, ``"take_card"``, ``"dragon_roll"``.
        targets: ids of the board elements it touches (for highlighting and clicks), e.g. ``("T1", "P3")``.
        rules: the rule IDs that make it legal, e.g. ``("EM-MOVE-1", "EM-MOVE-2")``.
        prob: the probability of a chance outcome, in ``[0, 1]``; ``None`` for a player's action.
    """

    id: str
    label: str
    player: int
    kind: str
    targets: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    prob: float | None = None

    def __init__(
        self,
        id: str,
        label: str,
        player: int,
        kind: str,
        targets: tuple[str, ...] = (),
        rules: tuple[str, ...] = (),
        prob: float | None = None,
    ):
        # The generated __init__ of a frozen dataclass sets each field through
        # object.__setattr__, which costs several times more; games build thousands of actions
        # per second, so the slots are written through their descriptors (set once, here only).
        _set_id(self, id)
        _set_label(self, label)
        _set_player(self, player)
        _set_kind(self, kind)
        _set_targets(self, targets)
        _set_rules(self, rules)
        _set_prob(self, prob)

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


_set_id, _set_label, _set_player, _set_kind, _set_targets, _set_rules, _set_prob = (
    getattr(Action, name).__set__ for name in ("id", "label", "player", "kind", "targets", "rules", "prob")
)


#: the default of ``Event.data``: a new empty dict for each event
_NEW_DICT: Any = object()


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """Something that happened when an action was applied (a card revealed, the dragon moved...).

    Attributes:
        kind: a short machine name, e.g. ``"dragon_moved"``.
        text: what happened, in a sentence, as its full-table (teacher) view.
        private_to: ``None`` when everybody may read ``text``; otherwise the one seat that may.
        public_text: what the other seats read instead when ``private_to`` is set.
        data: machine-readable details (may hold hidden values: never sent to a seat's view).
    """

    kind: str
    text: str
    private_to: int | None = None
    public_text: str | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def __init__(
        self,
        kind: str,
        text: str,
        private_to: int | None = None,
        public_text: str | None = None,
        data: Mapping[str, Any] = _NEW_DICT,
    ):
        # cheaper than the generated __init__ of a frozen dataclass (see Action.__init__)
        _set_kind_e(self, kind)
        _set_text(self, text)
        _set_private_to(self, private_to)
        _set_public_text(self, public_text)
        _set_data(self, {} if data is _NEW_DICT else data)

    def text_for(self, viewer: int | None) -> str:
        """Return the text ``viewer`` may read (``None`` is the teacher, who reads everything)."""
        if self.private_to is None or viewer is None or viewer == self.private_to:
            return self.text
        return self.public_text if self.public_text is not None else ""


_set_kind_e, _set_text, _set_private_to, _set_public_text, _set_data = (
    getattr(Event, name).__set__ for name in ("kind", "text", "private_to", "public_text", "data")
)
