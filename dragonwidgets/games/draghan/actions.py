"""The players' actions of each Draghan decision, each built once per distinct arguments (the id grammar
of :mod:`.game`).

An :class:`~dragonwidgets.engine.Action` is immutable and its id, label, targets and rules depend only
on the few ids passed here (seat, card ids, the character's card, the large dragon drawn), never on the
rest of the state. So each builder is a pure function of its arguments, cached: a random game asks for
the same few hundred actions again and again and gets them from the cache. ``t`` is the decks'
:class:`~.tables.Tables` (hashed by identity). Which actions are legal is decided in :mod:`.game`.

>>> from .cards import load_decks
>>> from .tables import tables
>>> t = tables(load_decks())
>>> face(t, 0, "CH1", "D08", None).label
'The Elf faces the Merchant (CC)'
>>> face(t, 0, "CH1", "D08", None) is face(t, 0, "CH1", "D08", None)
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from dragonwidgets.engine import Action

from .tables import Tables

cached = lru_cache(maxsize=None)


def _monster_id(t: Tables, monster: str) -> str:
    """The id word of a monster in an action id: "dragon" for the dragon card (DG-INT-18)."""
    return "dragon" if monster == t.dragon_card else monster


@cached
def choose(t: Tables, seat: int, character: str) -> Action:
    """DG-SETUP-6: ``choose {character}``."""
    return Action(f"choose {character}", f"Play the {t.name[character]} ({t.card[character].healthy})", seat,
                  "choose_character", (f"card/{character}",), ("DG-SETUP-6",))


@cached
def choices(t: Tables, seat: int) -> tuple[Action, ...]:
    """DG-SETUP-6: ``choose {character}`` for every character card of the decks, in deck order (one cached call
    per decision instead of one per character)."""
    return tuple(choose(t, seat, c) for c in t.decks.characters)


@cached
def heal(t: Tables, seat: int, card: str, character: str, first: bool) -> Action:
    """DG-HEAL-1 (phase 1, ``first``) or DG-HEAL-3 (phase 6): ``heal {card}``."""
    return Action(f"heal {card}", f"Play the {t.name[card]} to heal the {t.name[character]}", seat, "heal",
                  (f"card/{card}", f"hero/{seat}"), ("DG-HEAL-1",) if first else ("DG-HEAL-3",))


@cached
def no_heal(seat: int) -> Action:
    """DG-HEAL-2: ``pass``."""
    return Action("pass", "Do not heal now", seat, "pass", (), ("DG-HEAL-2",))


@cached
def portal(seat: int) -> tuple[Action, Action]:
    """DG-PORTAL-1/2/3/5, DG-INT-19: ``travel`` and ``stay``."""
    return (Action("travel", "Travel to the Shadow Realm at the end of this round (there is no way back)", seat,
                   "travel", ("realm",), ("DG-PORTAL-1", "DG-PORTAL-3", "DG-PORTAL-5")),
            Action("stay", "Stay in Draghan (the portal stays face up)", seat, "stay", (), ("DG-PORTAL-2",)))


@cached
def face(t: Tables, seat: int, character: str, monster: str, dragon: str | None) -> Action:
    """DG-FIGHT-1/2/6: ``face {monster}`` / ``face dragon``; ``dragon`` is the large dragon drawn, if any."""
    return Action(f"face {_monster_id(t, monster)}",
                  f"The {t.name[character]} faces the {t.monster_name(monster, dragon)} ({t.req(monster, dragon)})",
                  seat, "face", (f"card/{monster}", f"hero/{seat}"), ("DG-FIGHT-1", "DG-FIGHT-2", "DG-FIGHT-6"))


@cached
def face_none(t: Tables, seat: int, character: str) -> Action:
    """DG-INT-9: ``face none``."""
    return Action("face none", f"The {t.name[character]} stays out of this fight", seat, "face", (), ("DG-INT-9",))


class ByMonster(dict):
    """``{monster id: action}``, each action built by ``make(monster)`` the first time it is asked for."""

    def __init__(self, make: Callable[[str | None], Action]):
        super().__init__()
        self.make = make

    def __missing__(self, monster: str | None) -> Action:
        built = self[monster] = self.make(monster)
        return built


@cached
def faces(t: Tables, seat: int, character: str, dragon: str | None) -> ByMonster:
    """DG-FIGHT-1, DG-INT-9: the seat's ``face`` actions by monster, ``None`` giving ``face none``: one cached
    call per decision instead of one per monster on the table (the most frequent decision of random play).

    >>> from .cards import load_decks
    >>> from .tables import tables
    >>> t = tables(load_decks())
    >>> faces(t, 0, "CH1", None)["D08"] is face(t, 0, "CH1", "D08", None), faces(t, 0, "CH1", None)[None].id
    (True, 'face none')
    """
    return ByMonster(lambda m: face_none(t, seat, character) if m is None else face(t, seat, character, m, dragon))


@cached
def use(t: Tables, seat: int, card: str, monster: str, dragon: str | None) -> Action:
    """DG-FIGHT-3/8: ``use {card}`` against the monster the seat faces."""
    return Action(f"use {card}", f"Use the {t.name[card]} ({t.card[card].icons}) against the "
                  f"{t.monster_name(monster, dragon)}", seat, "use", (f"card/{card}",), ("DG-FIGHT-3", "DG-FIGHT-8"))


@cached
def done(seat: int) -> Action:
    """DG-FIGHT-3: ``done``."""
    return Action("done", "No more equipment", seat, "done", (), ("DG-FIGHT-3",))


@cached
def assist(t: Tables, seat: int, monster: str, icons: str, dragon: str | None) -> Action:
    """DG-LOC-3, DG-FIGHT-5, DG-INT-6: ``assist {monster}`` / ``assist dragon``."""
    return Action(f"assist {_monster_id(t, monster)}", f"Give the location's {icons} to the "
                  f"{t.monster_name(monster, dragon)}", seat, "assist", (f"card/{monster}", "location"),
                  ("DG-LOC-3", "DG-FIGHT-5", "DG-INT-6"))


@cached
def assist_none(seat: int) -> Action:
    """DG-LOC-3: ``assist none``."""
    return Action("assist none", "Do not use the location's help", seat, "assist", (), ("DG-LOC-3",))


@cached
def buy(t: Tables, seat: int, character: str, card: str) -> Action:
    """DG-MARKET-1/3: ``buy {card}``."""
    return Action(f"buy {card}", f"The {t.name[character]} buys the {t.name[card]} for {t.card[card].price}",
                  seat, "buy", (f"card/{card}",), ("DG-MARKET-1", "DG-MARKET-3"))


@cached
def no_buy(seat: int) -> Action:
    """DG-MARKET-2: ``pass``."""
    return Action("pass", "Buy nothing (more)", seat, "pass", (), ("DG-MARKET-2",))


@cached
def give(t: Tables, seat: int, card: str, to: int, to_character: str) -> Action:
    """DG-SHARE-1, DG-INT-27: ``give {card} {seat}``."""
    return Action(f"give {card} {to}", f"Give the {t.name[card]} to the {t.name[to_character]}", seat, "give",
                  (f"card/{card}", f"hero/{to}"), ("DG-SHARE-1", "DG-INT-27"))


@cached
def skip(seat: int) -> Action:
    """DG-SHARE-1: ``skip``."""
    return Action("skip", "Give nothing", seat, "skip", (), ("DG-SHARE-1",))


@cached
def discard(t: Tables, seat: int, character: str, card: str) -> Action:
    """DG-EQUIP-1/2: ``discard {card}``."""
    return Action(f"discard {card}", f"The {t.name[character]} discards the {t.name[card]} "
                  f"(too many {t.card[card].slot} cards)", seat, "discard", (f"card/{card}",),
                  ("DG-EQUIP-1", "DG-EQUIP-2"))
