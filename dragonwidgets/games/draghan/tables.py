"""Read-only lookups over the loaded decks, computed once per :class:`~.cards.Decks` (the hot paths' tables).

The rules ask the same questions of the card data at every step (a card's name, its skill icons as
``(S, C, K)``, whether it heals, its body-part slot). :func:`tables` answers them from dicts built once
per loaded decks and shared by every game, clone and search copy (they are never mutated).

>>> from .cards import load_decks
>>> t = tables(load_decks())
>>> t.name["D08"], t.icons["M02"], t.dragon_card, t is tables(load_decks())
('Merchant', (0, 1, 0), 'S01', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from dragonwidgets.engine import Event

from .cards import Card, CardId, Decks
from .fight import Icons, icons


@dataclass(frozen=True, eq=False)
class Tables:
    """Per-decks lookups (every dict is keyed by card id and covers every card of the decks).

    - ``card``: the :class:`~.cards.Card`; ``name``: its name.
    - ``icons``: its ``icons`` field as ``(S, C, K)`` counts (equipment, market cards, assist locations).
    - ``skill``: the ids of cards with at least one skill icon (DG-FIGHT-3, DG-LOC-3); ``heal``: those with the
      healing icon (DG-HEAL-1); ``slot``: the body-part slot or ``None`` (DG-EQUIP-1).
    - ``dragon_card``: the id of the dragon card hidden in the Shadow encounter deck (DG-REC-4), or ``None``.
    - ``revealed``: the ``revealed`` event when the card is turned up from an encounter deck (DG-EXPLORE-3,
      text :func:`revealed_text`): one shared event per card, never mutated (the most frequent event of a game).
    """

    decks: Decks
    card: dict[CardId, Card]
    name: dict[CardId, str]
    icons: dict[CardId, Icons]
    skill: frozenset[CardId]
    heal: frozenset[CardId]
    slot: dict[CardId, str | None]
    dragon_card: CardId | None
    revealed: dict[CardId, Event]

    def __deepcopy__(self, memo: dict) -> "Tables":
        return self  # read-only: a cloned game shares its tables

    def monster_name(self, monster: CardId | None, dragon: CardId | None) -> str:
        """Return how events and labels name ``monster``: "dragon (Name)" for the dragon card once a
        large dragon ``dragon`` is drawn (DG-DRAGON-1), "nothing" for ``None``, else the card's name."""
        if monster is None:
            return "nothing"
        if monster == self.dragon_card and dragon:
            return f"dragon ({self.name[dragon]})"
        return self.name[monster]

    def req(self, monster: CardId, dragon: CardId | None) -> str:
        """Return the icons ``monster`` asks for; the dragon card asks for its large dragon's (or "")."""
        if monster == self.dragon_card:
            return self.card[dragon].req if dragon else ""
        return self.card[monster].req


_TABLES: dict[int, Tables] = {}


def tables(decks: Decks) -> Tables:
    """Return the :class:`Tables` of ``decks``, built on first use and cached (the decks are never mutated)."""
    hit = _TABLES.get(id(decks))
    if hit is None or hit.decks is not decks:
        cards = decks.cards
        hit = _TABLES[id(decks)] = Tables(
            decks=decks, card=dict(cards), name={c: card.name for c, card in cards.items()},
            icons={c: icons(card.icons) for c, card in cards.items()},
            skill=frozenset(c for c, card in cards.items() if card.icons),
            heal=frozenset(c for c, card in cards.items() if card.heal),
            slot={c: card.slot for c, card in cards.items()},
            dragon_card=next((c for c in decks.encounter_shadow if cards[c].kind == "dragon_card"), None),
            revealed={c: Event("revealed", revealed_text(card)) for c, card in cards.items()})
    return hit


def revealed_text(card: Card) -> str:
    """Return what the ``revealed`` event says when ``card`` is turned up in phase 3 (DG-EXPLORE-3..5).

    >>> from .cards import load_decks
    >>> d = load_decks()
    >>> revealed_text(d.card("D08")), revealed_text(d.card("S01"))
    ('Revealed: Merchant (needs CC, 2 gold).', 'Revealed: the dragon!')
    """
    if card.kind == "equipment":
        return f"Revealed: {card.name} (equipment {card.icons or ''}{' heal' if card.heal else ''}, {card.slot})."
    if card.kind == "dragon_card":
        return "Revealed: the dragon!"
    extra = f", {card.gold} gold" if card.gold else (", flees" if card.flee else "")
    return f"Revealed: {card.name} (needs {card.req}{extra}{', thief' if card.theft else ''})."
