"""Set-up (DG-SETUP-1..9, DG-CAMP-3): the decks dealt from the seed, the characters chosen or dealt.

A character joining the team (at set-up or as a replacement, DG-WOUND-4) is :func:`enter`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from dragonwidgets.engine import CHANCE, Action, Event, event

from . import actions, market, rounds
from .cards import Decks, build_location_deck, draw_outcomes, shuffled, take
from .state import CHOOSE_CHARACTER, JOIN_CARD, DraghanState, Hero

if TYPE_CHECKING:
    from .game import DraghanGame

#: The one outcome of the deal (``character_choice="random"``, DG-SETUP-6): it names no card, since the
#: characters come face down from their shuffled cards.
DEAL = Action("deal", "Deal one character to each seat from the shuffled character cards", CHANCE, "deal",
              ("characters",), ("DG-SETUP-6",), 1.0)

#: The options with a fixed set of values, and those values.
CHOICES = (("character_choice", ("choose", "random")), ("replacement_character", ("choose", "random")),
           ("portal_decision_time", ("reveal", "end_of_round")))


def campaign_dragons(option: str, d: Decks) -> list[str]:
    """DG-CAMP-3: the large dragons in play, without those ``campaign_defeated_dragons`` sets aside.

    Raises ``ValueError`` on an unknown dragon id. With every dragon set aside, all of them play.

    >>> from .cards import load_decks
    >>> campaign_dragons("G1, G3", load_decks()), campaign_dragons("", load_decks())
    (['G2', 'G4'], ['G1', 'G2', 'G3', 'G4'])
    """
    if not option:  # the default: no campaign
        return list(d.dragons)
    beaten = [x for x in option.split(",") if x.strip()]
    unknown = [x for x in beaten if x.strip() not in d.dragons]
    if unknown:
        raise ValueError(f"campaign_defeated_dragons names unknown dragons {unknown}; the dragons are {list(d.dragons)}")
    return [g for g in d.dragons if g not in {x.strip() for x in beaten}] or list(d.dragons)


def check_options(options: dict[str, Any], players: int) -> None:
    """Raise ``ValueError`` naming the option whose value the game does not know."""
    for key, allowed in CHOICES:
        if options[key] not in allowed:
            raise ValueError(f"{key} must be one of {allowed}, got {options[key]!r}")
    if not -1 <= options["first_player"] < players:
        raise ValueError(f"first_player must be -1 (drawn) or a seat 0..{players - 1}, got {options['first_player']}")


def new_state(d: Decks, options: dict[str, Any], players: int, rng: random.Random) -> DraghanState:
    """Shuffle the six decks, build the location deck, set the first player (DG-SETUP-1..9).

    With ``character_choice="random"`` the shuffled character cards stay face down in
    ``decks["characters"]`` (none is set aside yet) until the ``deal`` step deals them (DG-SETUP-6);
    with "choose" that deck is empty and all six lie face up, set aside, to choose from.
    Raises ``ValueError`` on a bad option value.
    """
    check_options(options, players)
    dragons = campaign_dragons(options["campaign_defeated_dragons"], d)  # DG-CAMP-3
    decks = {
        "location_draghan": build_location_deck(d, rng),
        "location_shadow": shuffled(d.location_shadow, rng),
        "encounter_draghan": shuffled(d.encounter_draghan, rng),
        "encounter_shadow": shuffled(d.encounter_shadow, rng),
        "market": shuffled(d.market, rng),
        "dragons": dragons,
    }
    characters = shuffled(d.characters, rng)
    first = rng.randrange(players) if options["first_player"] == -1 else options["first_player"]
    dealt = options["character_choice"] == "random"
    decks["characters"] = characters if dealt else []
    return DraghanState(players=players, first_player=first, decks=decks, heroes=[None] * players,
                        set_aside=[] if dealt else sorted(d.characters), supply=d.coins, active=first)


def seat_choosing(s: DraghanState) -> int:
    """The seat whose character comes next at setup: seats fill in seat order (DG-SETUP-6)."""
    return s.count_in_play()


def choose_actions(g: "DraghanGame") -> list[Action]:
    """DG-SETUP-6: each seat picks a character nobody has taken."""
    seat = seat_choosing(g.state)
    taken = {h.card for h in g.state.heroes if h}
    return [a for c, a in zip(g.decks.characters, actions.choices(g.tables, seat)) if c not in taken]


def choose(g: "DraghanGame", character: str, ev: list[Event]) -> None:
    """DG-SETUP-6: the seat choosing takes ``character``; round 1 begins once every seat has one."""
    s = g.state
    enter(g, seat_choosing(s), character, ev)
    if s.joining:  # manual draws: its market card is picked first
        s.resume = "choose"
        return
    after_choice(g, ev)


def after_choice(g: "DraghanGame", ev: list[Event]) -> None:
    """The next seat chooses, or round 1 begins once every seat has a character (DG-SETUP-6)."""
    s = g.state
    if all(h is not None for h in s.heroes):
        rounds.start_round(g, ev)
    else:
        s.phase = CHOOSE_CHARACTER


def deal(g: "DraghanGame", ev: list[Event]) -> None:
    """DG-SETUP-6, ``character_choice="random"``: each seat in turn gets the top character card; the
    rest are set aside face up (the replacements); round 1 begins."""
    s = g.state
    deck = s.decks["characters"]
    for seat in range(g.players):
        s.set_aside.append(deck[0])  # enter takes it from the set-aside characters
        enter(g, seat, deck.pop(0), ev)
    s.set_aside = sorted(deck)
    deck.clear()
    if s.joining:  # manual draws: each character's market card is picked, in seat order
        s.resume = "deal"
        return
    rounds.start_round(g, ev)


def enter(g: "DraghanGame", seat: int, character: str, ev: list[Event]) -> None:
    """DG-SETUP-6/7, DG-WOUND-4: a character joins, healthy, 0 coins, with the top market card.

    With manual draws (``g.picks_draws()``) the card is picked at a ``join_card`` chance node instead: the
    seat waits in ``state.joining`` and the caller sets ``state.resume`` to what follows (:func:`join_card`).
    """
    s, name = g.state, g.tables.name
    s.set_aside.remove(character)
    hero = Hero(character)
    s.heroes[seat] = hero
    if s.decks["market"]:
        if g.picks_draws():  # the card is picked at a join_card node
            s.joining.append(seat)
            s.phase = JOIN_CARD
        else:
            hero.equipment.append(s.decks["market"].pop(0))
    got = f" with the {name[hero.equipment[0]]}" if hero.equipment else ""
    ev.append(event("character_joined", f"Seat {seat + 1} plays the {name[character]}{got}.",
                    {"seat": seat, "character": character}))


def join_outcomes(g: "DraghanGame") -> list[Action]:
    """Manual draws: the market cards a joining character could take, equally likely (DG-SETUP-7)."""
    name = g.tables.name
    return draw_outcomes(g.state.decks["market"], "join", lambda c: f"The joining character takes the {name[c]}",
                         "join_card", ("DG-SETUP-7",))


def join_card(g: "DraghanGame", card: str, ev: list[Event]) -> None:
    """Manual draws: the first seat of ``state.joining`` takes ``card`` from the market deck (DG-SETUP-7);
    once none waits, the set-up or the round goes on as ``state.resume`` says ("choose", "deal", "replace")."""
    s = g.state
    seat = s.joining.pop(0)
    deck = s.decks["market"]
    s.heroes[seat].equipment.append(take(deck, card))  # type: ignore[union-attr]
    ev.append(event("join_card", f"The {g.tables.name[s.heroes[seat].card]} takes the {g.tables.name[card]}.",  # type: ignore[union-attr]
                    {"seat": seat, "card": card}))
    if s.joining and deck:
        return
    s.joining.clear()
    resume, s.resume = s.resume, ""
    if resume == "choose":
        after_choice(g, ev)
    elif resume == "deal":
        rounds.start_round(g, ev)
    else:  # "replace": the market follows the fight (DG-WOUND-4)
        market.after_outcome(g, ev)
