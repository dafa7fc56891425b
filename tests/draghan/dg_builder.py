"""Build literal Draghan positions for rule tests: heroes, table, decks top first, realm, phase.

``position(...)`` starts a fresh game (manual chance by default, so the random theft pick, the large
dragon and a random replacement are explicit ``lose {card}`` / ``dragon {id}`` / ``replace {id}`` ids;
``pick_draws=False`` by default, so locations and encounters turn up from the top of the decks as written),
writes the given table into ``game.state`` and resets ``game._legal_cache = None``. Then it lets the
engine itself run from the moment named by ``at``:

- ``"round"`` (default): the start of round ``round`` (phase 1). The engine heals or skips phase 1,
  turns up the top location of the realm's deck (``tops={"location_draghan": ["L09"]}``), applies its
  ability and reveals the top encounter cards, so a fight position is written as decks, not as a table;
- ``"share"``, ``"heal_2"``, ``"check"``, ``"end"``: phase 5, 6, 7 or 8 of round ``round`` with the
  given ``location`` already visited.

Everything a test checks afterwards goes through ``legal_actions`` / ``apply`` like a player would. The
events of the engine's run from ``at`` up to the first decision are kept in ``game.built_events``.

Keeping positions honest (every card of the decks file is somewhere exactly once, 28 coins):

- Cards named anywhere (a hero's card or equipment, ``table``, ``revealed``, ``market_display``,
  ``portals_up``, ``visited``, ``discard``, ``removed``, ``set_aside``, a deck in ``tops`` or ``decks``)
  leave the decks the setup dealt. ``tops[name]`` puts cards on top of a deck, the rest of that deck
  following in the setup's order; ``decks[name]`` gives a deck exactly, and the cards of that deck it
  leaves out go where the rules would have put them: encounter and market cards to the discard pile,
  locations to ``visited``. In the Shadow Realm the Draghan decks are removed (DG-PORTAL-4) unless named.
- Characters not named are set aside (the replacements, DG-SETUP-6); ``supply`` defaults to 28 minus the
  heroes' coins (DG-SETUP-8). The large dragons not drawn and not set aside by the campaign stay in
  their deck (DG-CAMP-3).
- :func:`card_counts` must then equal :func:`expected_cards`, or ``ValueError`` says which card is wrong.

Card contents: the bundled ``data/decks.json`` may be tuned for balance, so built positions play with
``digest_decks.json`` by default, a frozen copy of the digest's section 5 (the cards the worked examples of
section 8 name); pass ``decks_file=""`` for the bundled data. Tests ask for the card they need with
:func:`pick` (and :func:`place` for a location by its ability), which checks the fields the test relies on:
the digest's id when it has them, else another card that has them, else the test is skipped. ``undo``/``goto`` replay from setup and drop what the builder wrote: tests never rewind a
built position.

>>> g = position(["CH1", "CH3"], tops={"location_draghan": ["L07"], "encounter_draghan": ["D01", "D08"]})
>>> g.legal_action_ids()
['face D01', 'face D08', 'face none']
>>> card_counts(g) == expected_cards(g), g.state.supply
(True, 28)
>>> position(["CH1", "CH1"])
Traceback (most recent call last):
...
ValueError: card CH1 is placed twice (every card is in one place, DG-SETUP-1)
>>> position(["CH1", "CH3"], table=["D41"])
Traceback (most recent call last):
...
ValueError: table: D41 is not a monster (the table holds monsters and the dragon card, DG-EXPLORE-3)
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, Iterable, Sequence

import pytest

from dragonwidgets.games.draghan import DraghanGame
from dragonwidgets.games.draghan import equipment_check, healing, rounds, sharing
from dragonwidgets.games.draghan.cards import DECK_NAMES, load_decks
from dragonwidgets.games.draghan.state import DRAGHAN, HEAL_2, SHADOW, Hero

__all__ = ["Hero", "position", "pick", "find", "place", "card_counts", "expected_cards", "coins_total", "play", "ids", "kinds",
           "hero", "obs", "DRAGHAN", "SHADOW"]

PHASES = ("round", "share", "heal_2", "check", "end")
#: The digest's section 5 reconstruction, frozen for the rules tests (see the module docstring).
DIGEST_DECKS = str(Path(__file__).with_name("digest_decks.json"))
_FACE_DOWN = ("location_draghan", "location_shadow", "encounter_draghan", "encounter_shadow", "market")


def pick(prefer: str, **fields: Any) -> str:
    """Return a card id with the given fields: ``prefer`` (the digest's id) when it still has them.

    Otherwise the first card of the same deck and kind whose fields all match, so a test keeps its
    meaning when the bundled data is tuned; ``pytest.skip`` when no card matches any more.

    >>> pick("D08", req="CC", gold=2), pick("CH1", healthy="SCC")
    ('D08', 'CH1')
    """
    d = load_decks(DIGEST_DECKS)
    want = d.card(prefer)
    if all(getattr(want, k) == v for k, v in fields.items()):
        return prefer
    for cid in d.deck(want.deck):
        c = d.card(cid)
        if c.kind == want.kind and all(getattr(c, k) == v for k, v in fields.items()):
            return cid
    pytest.skip(f"no card of {want.deck} has {fields} any more (the data was tuned): pick another example")


_PLACES = {("draghan", "heal"): "L07", ("draghan", "assist"): "L09", ("draghan", "threat"): "L11",
           ("draghan", "theft"): "L13", ("draghan", "market"): "L01", ("draghan", "portal"): "L04",
           ("shadow", "heal"): "V01", ("shadow", "assist"): "V02", ("shadow", "threat"): "V04",
           ("shadow", "theft"): "V06"}


def place(ability: str, realm: str = DRAGHAN) -> str:
    """Return a location of ``realm`` with ``ability`` (the digest's when it still has it), for tests whose
    meaning depends on the location's effect (the mix of abilities may be tuned, DG-REC-8).

    >>> place("threat"), place("heal", "shadow")
    ('L11', 'V01')
    """
    return pick(_PLACES[realm, ability], ability=ability)


def find(prefer: str, **fields: Any) -> str:
    """Return :func:`pick`'s card, but ``prefer`` itself when no card matches (for ids chosen at import time;
    the test using it then fails and says which card no longer fits)."""
    try:
        return pick(prefer, **fields)
    except pytest.skip.Exception:
        return prefer


def _hero(spec: Hero | str | None) -> Hero | None:
    if spec is None or isinstance(spec, Hero):
        return None if spec is None else Hero(spec.card, spec.wounded, list(spec.equipment), spec.coins)
    return Hero(spec)


def position(
    heroes: Sequence[Hero | str | None],
    *,
    active: int = 0,
    realm: str = DRAGHAN,
    round: int = 1,
    at: str = "round",
    location: str | None = None,
    table: Iterable[str] = (),
    dragon: str | None = None,
    revealed: Iterable[str] = (),
    market_display: Iterable[str] = (),
    portals_up: Iterable[str] = (),
    travel_pending: bool = False,
    visited: Iterable[str] = (),
    discard: Iterable[str] = (),
    removed: Iterable[str] = (),
    set_aside: Iterable[str] | None = None,
    supply: int | None = None,
    tops: dict[str, list[str]] | None = None,
    decks: dict[str, list[str]] | None = None,
    seed: int = 0,
    chance: str = "manual",
    first_player: int = 0,
    decks_file: str = DIGEST_DECKS,
    **options: Any,
) -> DraghanGame:
    """Return a game in exactly the given position, run on by the engine from ``at`` (module docstring).

    Args:
        heroes: one entry per seat: a character id (healthy, no kit, 0 coins), a
            :class:`~dragonwidgets.games.draghan.state.Hero`, or ``None`` for a seat that is out (Shadow).
        active: the seat holding the map card. ``round``: the round number being played.
        realm: ``"draghan"`` or ``"shadow"``. ``location``: this round's location (``at`` other than
            ``"round"``), added to ``visited`` (or ``portals_up``) if not there.
        table: monsters on the table, the dragon card among them in the endgame with ``dragon`` its
            large dragon (DG-DRAGON-1). ``revealed``: equipment revealed this round.
        tops / decks: see the module docstring; deck names are those of ``DECK_NAMES`` but ``characters``
            and ``dragons``.
        first_player, seed, chance, decks_file, options: the game's own settings (``decks_file`` defaults to
            the frozen digest decks, ``""`` is the bundled data).

    Raises:
        ValueError: a table the rules could not produce (a card twice, a card in the wrong kind of place,
            a seat count out of range, coins that do not add up to 28).
    """
    if at not in PHASES:
        raise ValueError(f"at must be one of {PHASES}, got {at!r}")
    if realm not in (DRAGHAN, SHADOW):
        raise ValueError(f"realm is 'draghan' or 'shadow', got {realm!r}")
    options.setdefault("pick_draws", False)  # the decks are written top first: turn the top cards up
    game = DraghanGame(players=len(heroes), seed=seed, chance=chance, first_player=first_player,
                       decks_file=decks_file, **options)
    d, s = game.decks, game.state
    dealt = {k: list(v) for k, v in s.decks.items()}
    built = [_hero(h) for h in heroes]
    if not 0 <= active < len(built) or built[active] is None:
        raise ValueError(f"active must be a seat with a character, got {active}")
    if realm == DRAGHAN and None in built:
        raise ValueError("in Draghan a character that drops out is replaced at once: no seat is out (DG-WOUND-4)")
    tops, decks = dict(tops or {}), dict(decks or {})
    for name in list(tops) + list(decks):
        if name not in _FACE_DOWN:
            raise ValueError(f"tops/decks name a face-down deck of {_FACE_DOWN}, not {name!r}")
    zones: dict[str, list[str]] = {
        "heroes": [c for h in built if h for c in (h.card, *h.equipment)],
        "table": list(table), "revealed": list(revealed), "market_display": list(market_display),
        "portals_up": list(portals_up), "visited": list(visited), "discard": list(discard),
        "removed": list(removed), "set_aside": list(set_aside or ()),
    }
    if location and location not in zones["visited"] + zones["portals_up"]:
        zones["portals_up" if d.card(location).ability == "portal" else "visited"].append(location)
    for name, cards in [*tops.items(), *decks.items()]:
        zones[f"deck {name}"] = list(cards)
    _check_kinds(game, built, zones, dragon)
    named = Counter(c for cards in zones.values() for c in cards)
    twice = [c for c, n in named.items() if n > 1]
    if twice:
        raise ValueError(f"card {twice[0]} is placed twice (every card is in one place, DG-SETUP-1)")
    if dragon:
        named[dragon] += 1
    new: dict[str, list[str]] = {}
    discard_out, visited_out, removed_out = list(zones["discard"]), list(zones["visited"]), list(zones["removed"])
    for name in _FACE_DOWN:
        rest = [c for c in dealt[name] if c not in named]
        if name in decks:
            new[name] = list(decks[name])
            leftover = rest
        elif name in tops:
            new[name] = list(tops[name]) + rest
            leftover = []
        elif realm == SHADOW and name in ("location_draghan", "encounter_draghan"):
            new[name], leftover = [], []
            removed_out += rest  # DG-PORTAL-4
        else:
            new[name], leftover = rest, []
        if name.startswith("location"):
            visited_out += leftover
        else:
            discard_out += leftover
    new["dragons"] = [g for g in dealt["dragons"] if g != dragon]
    new["characters"] = []  # dealt or chosen: every character is a hero's, set aside or discarded
    if dragon and dragon not in dealt["dragons"]:
        raise ValueError(f"{dragon} was set aside by the campaign (DG-CAMP-3)")
    hero_cards = {h.card for h in built if h}
    gone = set(zones["discard"]) | set(zones["removed"])
    aside = sorted(zones["set_aside"]) if set_aside is not None else sorted(
        c for c in d.characters if c not in hero_cards and c not in gone)
    coins = sum(h.coins for h in built if h)
    if supply is None:
        supply = d.coins - coins
    if not game.options["unlimited_coins"] and supply + coins != d.coins:
        raise ValueError(f"supply {supply} + the heroes' {coins} coins must be the game's {d.coins} (DG-SETUP-8)")
    s.decks = new
    s.heroes = built
    s.set_aside = aside
    s.supply = supply
    s.active = active
    s.realm = realm
    s.table = list(zones["table"])
    s.dragon = dragon
    s.revealed_equipment = list(zones["revealed"])
    s.market_display = list(zones["market_display"])
    s.portals_up = list(zones["portals_up"])
    s.travel_pending = travel_pending
    s.visited, s.discard, s.removed = visited_out, discard_out, removed_out
    s.location = location
    if location and d.card(location).ability == "assist":
        s.assist = d.card(location).icons
    missing = expected_cards(game) - card_counts(game)
    extra = card_counts(game) - expected_cards(game)
    if missing or extra:
        raise ValueError(f"cards not conserved: missing {sorted(missing)}, extra {sorted(extra)} (DG-SETUP-1)")
    events: list = []
    if at == "round":
        s.round = round - 1
        rounds.start_round(game, events)
    else:
        s.round = round
        {"share": sharing.share_phase, "heal_2": lambda g, ev: healing.heal_phase(g, HEAL_2, ev),
         "check": equipment_check.start_check, "end": rounds.end_round}[at](game, events)
    game._legal_cache = None
    game.built_events = events + game._draw_due_chance()  # type: ignore[attr-defined]
    return game


def _check_kinds(game: DraghanGame, heroes: list[Hero | None], zones: dict[str, list[str]], dragon: str | None) -> None:
    """Refuse a card in a place its kind never goes."""
    d = game.decks
    card = d.card
    for seat, h in enumerate(heroes):
        if h is None:
            continue
        if card(h.card).kind != "character":
            raise ValueError(f"seat {seat}: {h.card} is not a character card (DG-SETUP-6)")
        for c in h.equipment:
            if not card(c).is_equipment:
                raise ValueError(f"seat {seat}: {c} is not equipment (DG-INT-8)")
        if h.coins < 0:
            raise ValueError(f"seat {seat}: coins are 0 or more")
    rules = {
        "table": (lambda c: c.kind in ("monster", "dragon_card"), "a monster", "the table holds monsters and the dragon card, DG-EXPLORE-3"),
        "revealed": (lambda c: c.kind == "equipment", "encounter equipment", "DG-EXPLORE-3"),
        "market_display": (lambda c: c.kind == "market", "a market card", "DG-LOC-6"),
        "portals_up": (lambda c: c.ability == "portal" and c.deck == "location_draghan", "a Draghan portal", "DG-PORTAL-2"),
        "visited": (lambda c: c.kind == "location", "a location", "DG-LOC-8"),
        "set_aside": (lambda c: c.kind == "character", "a character", "DG-SETUP-6"),
    }
    for zone, (ok, what, rule) in rules.items():
        for c in zones[zone]:
            if not ok(card(c)):
                raise ValueError(f"{zone}: {c} is not {what} ({rule})")
    for key, cards in zones.items():
        if key.startswith("deck "):
            name = key[5:]
            for c in cards:
                cd = card(c)
                fits = cd.deck == name or (name == "encounter_shadow" and cd.deck == "encounter_draghan"
                                           and cd.is_monster and cd.flee)
                if not fits:
                    raise ValueError(f"deck {name}: {c} does not belong there (only fled Draghan monsters join "
                                     "the Shadow deck, DG-RESULT-4)")
    has_card = game.tables.dragon_card in zones["table"]
    if bool(dragon) != has_card:
        raise ValueError("the dragon card on the table and a large dragon go together (DG-DRAGON-1, DG-INT-18)")
    if dragon and card(dragon).kind != "dragon":
        raise ValueError(f"{dragon} is not a large dragon card (DG-REC-6)")


# ---------------------------------------------------------------------------- conservation

def card_counts(game: DraghanGame) -> Counter:
    """Return every card's count over the zones: decks, heroes, set aside, table, large dragon, revealed,
    market display, portals up, visited, discard and removed (the current location is in visited or
    portals up)."""
    s = game.state
    out: Counter = Counter()
    for deck in s.decks.values():
        out.update(deck)
    for h in s.heroes:
        if h:
            out.update([h.card, *h.equipment])
    for zone in (s.set_aside, s.table, s.revealed_equipment, s.market_display, s.portals_up, s.visited, s.discard,
                 s.removed):
        out.update(zone)
    if s.dragon:
        out[s.dragon] += 1
    return out


def expected_cards(game: DraghanGame) -> Counter:
    """Return one of every card of the decks file, without the large dragons set aside by the campaign."""
    d = game.decks
    beaten = {x.strip() for x in game.options["campaign_defeated_dragons"].split(",") if x.strip()}
    if beaten >= set(d.dragons):
        beaten = set()  # DG-CAMP-3: all four beaten, the campaign starts over
    return Counter(c for name in DECK_NAMES for c in d.deck(name) if c not in beaten)


def coins_total(game: DraghanGame) -> int:
    """Return the supply plus every character's coins (28 unless ``unlimited_coins``)."""
    s = game.state
    return s.supply + sum(h.coins for h in s.heroes if h)


# ---------------------------------------------------------------------------- small helpers

def play(game: DraghanGame, *action_ids: str) -> list:
    """Apply the action ids in order; return all their events."""
    events = []
    for i in action_ids:
        events += game.apply(i)
    return events


def ids(game: DraghanGame) -> list[str]:
    """Return the legal action ids now."""
    return game.legal_action_ids()


def kinds(events: list) -> list[str]:
    """Return the events' kinds in order."""
    return [e.kind for e in events]


def hero(game: DraghanGame, seat: int) -> Hero | None:
    """Return the seat's character (``None`` once out)."""
    return game.state.heroes[seat]


def obs(game: DraghanGame, seat: int | None = 0) -> dict:
    """Return the seat's observation."""
    return game.observation(seat)
