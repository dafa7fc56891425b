"""Positions (issue 13): the whole Draghan table as JSON, and the table a position describes.

``game.position()`` gives every field below (hidden parts included: every deck in order, top card
first); ``new_game("draghan", position=...)`` takes a whole position or a partial one: every field may
be left out, and what is left out comes from the seeded set-up. Cards are named by their ids in the
decks file (``"CH1"`` the Elf, ``"D08"`` the Merchant, ``"M04"``, ``"L09"``, ``"G2"``...), seats by
their numbers from 0.

- ``decision``: the decision due (the state's phase: ``"choose_character"``, ``"heal_1"``,
  ``"portal_choice"``, ``"theft"``, ``"draw_dragon"``, ``"declare_target"``, ``"declare_equipment"``,
  ``"assign_assist"``, ``"gold"``, ``"replace"``, ``"buy"``, ``"share"``, ``"heal_2"``,
  ``"equipment_check"``, ``"over"``; with manual draws also the chance nodes ``"reveal_location"``,
  ``"draw_market"``, ``"reveal_encounter"``, ``"join_card"``); ``active``: the seat holding the map (DG-ROUND-2);
  ``first_player``; ``round`` (from 1; 0 at set-up); ``realm``: ``"draghan"`` or ``"shadow"``.
- ``heroes``: one entry per seat, ``null`` (no character: not chosen yet, or out in the Shadow Realm,
  DG-WOUND-5) or ``{"character": id, "wounded": bool, "equipment": [ids], "coins": int}`` (only
  ``character`` is needed; healthy, no card, no coin by default).
- Card zones, lists of ids: ``set_aside`` (characters to replace with, DG-SETUP-6), ``table`` (monsters
  and the dragon card), ``revealed_equipment``, ``market_display``, ``portals_up``, ``visited``
  (locations turned up, DG-LOC-8), ``discard``, ``removed`` (left on travel, DG-PORTAL-4); ``dragon``:
  the large dragon drawn or ``null`` (left out with the dragon card on the table, the top large dragon is drawn
  for it, DG-DRAGON-1); ``decks``: ``{name: [ids, top first]}`` for the decks named
  (``location_draghan``, ``location_shadow``, ``encounter_draghan``, ``encounter_shadow``, ``market``,
  ``dragons``, ``characters``).
- The round so far: ``location`` (the location of this round), ``threat`` (extra draws, DG-LOC-4),
  ``assist`` (this round's assist icons, DG-LOC-3), ``portal_open`` and ``travel_pending`` (DG-PORTAL,
  DG-INT-19), ``supply`` (coins not held, DG-SETUP-8), ``to_reveal`` and ``resume`` (what follows a chance
  node inside a phase: ``"location"``, ``"explore"``, and after ``join_card`` ``"choose"``, ``"deal"`` or
  ``"replace"``), ``to_draw`` (market cards still to draw onto the display), ``joining`` (seats whose new
  character waits for its market card, DG-SETUP-7), the fight: ``declaring`` (seats still to declare, in order), ``targets``
  (``{seat: monster}``), ``used`` (``{seat: [cards]}``), ``assist_target``, ``gold_queue``
  (``[[monster, [seats], odd coins]]``), ``round_down`` and ``round_all_down`` (phase 4's result), the
  queues ``buyers`` and ``checkers``; the end: ``result`` (``"running"``, ``"won"``, ``"lost"``) and
  ``end_reason``; the tallies ``fled`` and ``defeated``.

``null`` and empty (the rule of every game's positions): a field given as ``null``, or left out, is as the
seeded set-up deals it; ``[]`` or ``{}`` is empty (``"discard": []`` an empty discard pile, ``"decks":
{"market": []}`` an empty market deck). ``decks`` names only the decks it gives (``{}`` names none, a deck
given ``null`` is the set-up's). Where the field is one thing (``location``, ``dragon``, ``assist_target``,
``end_reason``, a seat's entry in ``heroes``), ``null`` is its absence: no location yet, no large dragon, no
character. A character's entry takes, for what it leaves out, a healthy side, no card and no coin.

Every card of the decks file lies in exactly one zone (DG-SETUP-1; the large dragons the campaign sets
aside in none, DG-CAMP-3): the cards a position puts in a zone are taken from the zones it leaves out
(where the set-up put them). When the zones named leave a card nowhere, ``PositionError`` names it: a deck
named is the whole deck, so a partial deck list (some of the market's cards, say) is refused unless the
other cards are named in other zones. The Draghan location deck left out is laid again in its three piles
(DG-SETUP-2..4: each pile left holds one portal and one market), so ``visited`` may name any location; a
location deck named must already be in piles, and ``visited`` must leave each pile turned up its portal
and market (DG-SETUP-3). The checks of the rules' invariants, the counts and the decision are
:mod:`.position_checks`.

The cards (``data/decks.json``): the rulebook prints no card contents, so every card is a reconstruction
(DG-REC-1..6) meeting the counts and constraints the rulebook gives. The bundled cards are the rules
digest's proposal tuned for balance (DG-REC-8; the figures in ``data/BALANCE.md``), and differ from that
proposal here: the characters (DG-REC-1), the market cards (DG-REC-2) and the Draghan locations
(DG-REC-5) are as proposed. The Draghan encounters (DG-REC-3): the monsters need 3 to 5 icons, except the
two Goblins D01 and D02 (S) and the Merchant D08 (CC) of the rulebook's example; D18 to D22 flee instead
of paying 3 gold, and D37 to D41 are five more fleeing monsters in place of five one-icon equipment cards:
41 monsters (17 paying gold, 24 fleeing) and 12 equipment cards. The Shadow encounters (DG-REC-4): the
dragon card S01, six monsters of 6 icons (S02 to S07, S05 a thief) and six equipment cards of 2 icons (S08
to S13), where the proposal had nine monsters of 3 or 4 icons and three equipment cards. The Shadow
locations (DG-REC-5): all six give an assist of S, C and K (no healing, threat or theft location in the
Shadow Realm). The large dragons (DG-REC-6) need 7 icons each instead of 6. An owner of the real game
passes their own decks file (the ``decks_file`` option).
Coins: ``supply`` plus the heroes' coins are the game's 28 (DG-SETUP-8; unchecked with
``unlimited_coins``); a position giving the heroes' coins and no supply takes them from the supply.

A lesson, "the Elf alone against a two-charm monster" (the Merchant asks for CC, DG-FIGHT-6):

>>> import dragonwidgets
>>> g = dragonwidgets.new_game("draghan", players=2, seed=1, position={
...     "heroes": [{"character": "CH1"}, {"character": "CH3", "wounded": True}],
...     "table": ["D08"], "decision": "declare_target", "active": 0})
>>> g.legal_action_ids()
['face D08', 'face none']
>>> _ = g.apply("face D08"); _ = g.apply("face none")
>>> [row["text"] for row in g.log()][:3]
['The Elf faces the Merchant.', 'The Wizard stays out of the fight.', 'The Merchant is defeated.']
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from dragonwidgets.engine.game import ENGINE_POSITION_KEYS

from .cards import DECK_NAMES
from .cards import LOCATION_PILES, block_sizes_left
from .position_checks import check_counts, check_table, fail
from .state import CHOOSE_CHARACTER, DRAW_DRAGON, JOIN_CARD, SHADOW, DraghanState, Hero

if TYPE_CHECKING:
    from .game import DraghanGame

#: The card zones that are lists of ids, as the state names them.
CARD_LISTS = ("set_aside", "table", "revealed_equipment", "market_display", "portals_up", "visited", "discard",
              "removed")
#: The plain fields: (position key, state field, type).
PLAIN = (("decision", "phase", str), ("active", "active", int), ("first_player", "first_player", int),
         ("round", "round", int), ("realm", "realm", str), ("supply", "supply", int), ("threat", "extra_draw", int),
         ("assist", "assist", str), ("portal_open", "portal_open", bool), ("travel_pending", "travel_pending", bool),
         ("to_reveal", "to_reveal", int), ("to_draw", "to_draw", int), ("resume", "resume", str), ("round_all_down", "round_all_down", bool),
         ("result", "result", str), ("fled", "fled", int), ("defeated", "defeated", int))
#: The fields that may be ``null`` or a value: (position key, type).
OPTIONAL = (("location", str), ("dragon", str), ("assist_target", str), ("end_reason", str))
#: A seat as a JSON object key (``targets``, ``used``): "0".."3" (DG-INT-1: at most 4 characters).
SEAT_KEYS = tuple(str(seat) for seat in range(4))
#: The lists of seats.
SEAT_LISTS = ("declaring", "buyers", "checkers", "joining")
# ---------------------------------------------------------------------------- the table as JSON

def position_of(s: DraghanState) -> dict[str, Any]:
    """Return the whole table of ``s`` as a JSON-ready position (every field of the module docstring)."""
    out: dict[str, Any] = {key: getattr(s, name) for key, name, _ in PLAIN}
    out["heroes"] = [None if h is None else {"character": h.card, "wounded": h.wounded, "equipment": list(h.equipment),
                                             "coins": h.coins} for h in s.heroes]
    for key in CARD_LISTS + SEAT_LISTS + ("round_down",):
        out[key] = list(getattr(s, key))
    for key, _ in OPTIONAL:
        out[key] = getattr(s, key)
    out["decks"] = {name: list(cards) for name, cards in s.decks.items()}
    out["targets"] = {str(seat): m for seat, m in s.targets.items()}
    out["used"] = {str(seat): list(cards) for seat, cards in s.used.items()}
    out["gold_queue"] = [[m, list(group), n] for m, group, n in s.gold_queue]
    return out


# ---------------------------------------------------------------------------- reading a position

def table_from(g: "DraghanGame", seeded: DraghanState, position: dict[str, Any]) -> DraghanState:
    """Return the state ``position`` describes, the seeded ``seeded`` giving what it leaves out (not changed).

    Raises:
        PositionError: an unknown field, a value of the wrong type, an unknown card, a card in two places
            or in none, a card in a zone its kind never goes to, coins that do not add up to 28, or a
            decision the table does not allow; the message names the field.
    """
    known = {k for k, _, _ in PLAIN} | {k for k, _ in OPTIONAL} | set(CARD_LISTS) | set(SEAT_LISTS) | {
        "heroes", "decks", "targets", "used", "gold_queue", "round_down"}
    for key in position:
        if key not in known and key not in ENGINE_POSITION_KEYS:
            raise fail(f"{key:.40}", f"unknown field; the fields are {', '.join(sorted(known))}")
    position = without_nulls(position)
    s = seeded.copy()
    coins_before = sum(h.coins for h in s.heroes if h)
    for key, name, kind in PLAIN:
        if key in position:
            setattr(s, name, value(position[key], kind, key))
    for key, kind in OPTIONAL:
        if key in position:
            setattr(s, key, None if position[key] is None else value(position[key], kind, key))
    for key in SEAT_LISTS:
        if key in position:
            setattr(s, key, seats(g, position[key], key))
    if "targets" in position:
        s.targets = {seat(g, k, f"targets.{k:.12}"): value(m, str, f"targets.{k:.12}")
                     for k, m in mapping(position["targets"], "targets").items()}
    if "used" in position:
        s.used = {seat(g, k, f"used.{k:.12}"): ids(g, c, f"used.{k:.12}") for k, c in mapping(position["used"], "used").items()}
    if "gold_queue" in position:
        s.gold_queue = [gold_entry(g, e, f"gold_queue.{i}") for i, e in enumerate(listed(position["gold_queue"], "gold_queue"))]
    if "round_down" in position:
        s.round_down = ids(g, position["round_down"], "round_down")
    place_cards(g, s, position)
    if "dragon" not in position:
        draw_the_dragon(g, s)
    check_counts(g, s)
    if "location_draghan" not in (position.get("decks") or {}):
        deal_location_piles(g, s)
    if s.realm == SHADOW and "removed" not in position:  # DG-PORTAL-4: the Draghan decks left on travel
        named = position.get("decks") or {}
        for name in ("location_draghan", "encounter_draghan"):
            if name not in named:
                s.removed += s.decks[name]
                s.decks[name] = []
        if "portals_up" not in position:
            s.removed += s.portals_up
            s.portals_up = []
    if "supply" not in position and not g.options["unlimited_coins"]:
        s.supply -= sum(h.coins for h in s.heroes if h) - coins_before  # the heroes' coins come from the supply
    at_setup = s.phase == CHOOSE_CHARACTER or (s.phase == JOIN_CARD and s.resume in ("choose", "deal"))
    if "decision" in position and not at_setup and s.round == 0:
        s.round = 1
    check_table(g, s, position)
    return s


def without_nulls(position: dict[str, Any]) -> dict[str, Any]:
    """``position`` without the fields given as ``null``: those are as the seeded set-up deals them (the rule
    of every game), except the fields naming one thing, where ``null`` is its absence (:data:`OPTIONAL`)."""
    keep = {key for key, _ in OPTIONAL}
    out = {k: v for k, v in position.items() if v is not None or k in keep}
    if isinstance(out.get("decks"), dict):
        out["decks"] = {k: v for k, v in out["decks"].items() if v is not None}
    return out


def draw_the_dragon(g: "DraghanGame", s: DraghanState) -> None:
    """The dragon card on the table with no large dragon named: the top large dragon is drawn for it, as the
    game draws one when the card turns up (DG-DRAGON-1), except at the decision ``draw_dragon`` itself."""
    if g.tables.dragon_card in s.table and not s.dragon and s.phase != DRAW_DRAGON and s.decks["dragons"]:
        s.dragon = s.decks["dragons"].pop(0)


def deal_location_piles(g: "DraghanGame", s: DraghanState) -> None:
    """Lay the Draghan location deck left (the position did not name it) in its piles again (DG-SETUP-2..4):
    each whole pile left gets one portal and one market, the pile under way one if none of its own has turned
    up yet, the others fill in; the deck's order is kept otherwise (a deck already in piles is unchanged).
    Counts of turned-up portals and markets that no piles could give are left for the checks to refuse."""
    deck, card = s.decks["location_draghan"], g.tables.card
    sizes = block_sizes_left(len(deck))
    done = len(LOCATION_PILES) - len(sizes)
    pools = {a: [c for c in deck if card[c].ability == a] for a in ("portal", "market")}
    others = [c for c in deck if card[c].ability not in pools]
    out: list[str] = []
    for i, size in enumerate(sizes):
        pile = []
        for ability, pool in pools.items():
            if i > 0 or size == LOCATION_PILES[done] or len(pool) == len(sizes):
                if not pool:
                    return
                pile.append(pool.pop(0))
        if len(pile) > size or len(others) < size - len(pile):
            return
        pile += [others.pop(0) for _ in range(size - len(pile))]
        out += sorted(pile, key=deck.index)
    if not others and not any(pools.values()):
        deck[:] = out


def value(v: Any, kind: type, field: str) -> Any:
    """``v`` if it is of type ``kind`` (an int is never a bool), else a :class:`PositionError`."""
    if type(v) is not kind:
        raise fail(field, f"must be a {kind.__name__}, got {v!r:.60}")
    return v


def listed(v: Any, field: str) -> list:
    if not isinstance(v, list):
        raise fail(field, f"must be a list, got {v!r:.60}")
    return v


def mapping(v: Any, field: str) -> dict:
    if not isinstance(v, dict):
        raise fail(field, f"must be an object, got {v!r:.60}")
    return v


def seat(g: "DraghanGame", v: Any, field: str) -> int:
    """A seat number 0..players-1 (as a string too: JSON object keys)."""
    if isinstance(v, str) and v in SEAT_KEYS:
        v = int(v)
    if type(v) is not int or not 0 <= v < g.players:
        raise fail(field, f"must be a seat 0..{g.players - 1}, got {v!r:.60}")
    return v


def seats(g: "DraghanGame", v: Any, field: str) -> list[int]:
    return [seat(g, x, f"{field}.{i}") for i, x in enumerate(listed(v, field))]


def ids(g: "DraghanGame", v: Any, field: str) -> list[str]:
    """A list of card ids of the decks file."""
    out = listed(v, field)
    for i, c in enumerate(out):
        if not isinstance(c, str) or c not in g.tables.card:
            raise fail(f"{field}.{i}", f"{c!r:.60} is not a card of the decks (DG-REC-1..6)")
    return list(out)


def gold_entry(g: "DraghanGame", e: Any, field: str) -> tuple[str, list[int], int]:
    entry = listed(e, field)
    if len(entry) != 3:
        raise fail(field, "must be [monster, [seats], odd coins]")
    return value(entry[0], str, f"{field}.0"), seats(g, entry[1], f"{field}.1"), value(entry[2], int, f"{field}.2")


def heroes_of(g: "DraghanGame", v: Any) -> list[Hero | None]:
    """The ``heroes`` field: one entry per seat (DG-SOLO-2), each ``null`` or a character's side, cards, coins."""
    entries = listed(v, "heroes")
    if len(entries) != g.players:
        raise fail("heroes", f"must have one entry per seat ({g.players}), got {len(entries)}")
    out: list[Hero | None] = []
    for i, e in enumerate(entries):
        if e is None:
            out.append(None)
            continue
        e = {k: v for k, v in mapping(e, f"heroes.{i}").items() if v is not None}  # null: left out
        unknown = set(e) - {"character", "wounded", "equipment", "coins"}
        if unknown or "character" not in e:
            raise fail(f"heroes.{i}", "a character is {'character': id, 'wounded': bool, 'equipment': [ids], 'coins': int}"
                       + (f"; unknown {', '.join(sorted(unknown))[:60]}" if unknown else "; 'character' is missing"))
        character = ids(g, [e["character"]], f"heroes.{i}.character")[0]
        coins = value(e.get("coins", 0), int, f"heroes.{i}.coins")
        if coins < 0:
            raise fail(f"heroes.{i}.coins", f"a character holds 0 coins or more, got {coins}")
        out.append(Hero(character, value(e.get("wounded", False), bool, f"heroes.{i}.wounded"),
                        ids(g, e.get("equipment", []), f"heroes.{i}.equipment"), coins))
    return out


def deck_of(g: "DraghanGame", name: str, cards: Any) -> list[str]:
    """The deck ``name`` top first: cards of that deck only (and fled Draghan monsters in the Shadow deck, DG-RESULT-4)."""
    out, card = ids(g, cards, f"decks.{name}"), g.tables.card
    for i, c in enumerate(out):
        fled = name == "encounter_shadow" and card[c].deck == "encounter_draghan" and card[c].flee
        if card[c].deck != name and not fled:
            raise fail(f"decks.{name}.{i}", f"{c} does not belong to this deck (only fled Draghan monsters join "
                       "the Shadow deck, DG-RESULT-4)")
    return out


def zones(s: DraghanState) -> dict[str, list[str]]:
    """Every zone of ``s`` holding cards, by its field name (``heroes.0.equipment``, ``decks.market``...)."""
    out = {key: getattr(s, key) for key in CARD_LISTS}
    for i, h in enumerate(s.heroes):
        if h is not None:
            out[f"heroes.{i}.character"] = [h.card]
            out[f"heroes.{i}.equipment"] = h.equipment
    out["dragon"] = [s.dragon] if s.dragon else []
    for name, cards in s.decks.items():
        out[f"decks.{name}"] = cards
    return out


def place_cards(g: "DraghanGame", s: DraghanState, position: dict[str, Any]) -> None:
    """Put the cards of the zones ``position`` names; take them from the zones it leaves out (DG-SETUP-1)."""
    given: dict[str, list[str]] = {}
    origin = {c: field for field, cards in zones(s).items() for c in cards}  # where the set-up put each card
    if "heroes" in position:
        s.heroes = heroes_of(g, position["heroes"])
        given.update((k, v) for k, v in zones(s).items() if k.startswith("heroes."))
    for key in CARD_LISTS:
        if key in position:
            setattr(s, key, ids(g, position[key], key))
            given[key] = getattr(s, key)
    if "dragon" in position:
        given["dragon"] = ids(g, [s.dragon], "dragon") if s.dragon else []
    if "decks" in position:
        for name, cards in mapping(position["decks"], "decks").items():
            if name not in DECK_NAMES:
                raise fail(f"decks.{name:.40}", f"unknown deck; the decks are {', '.join(DECK_NAMES)}")
            s.decks[name] = deck_of(g, name, cards)
            given[f"decks.{name}"] = s.decks[name]
    where: dict[str, str] = {}
    for field, cards in given.items():
        for c in cards:
            if c in where:
                raise fail(field, f"card {c} is also in {where[c]!r:.60}: every card lies in one place (DG-SETUP-1)")
            where[c] = field
    for field, cards in zones(s).items():
        if field not in given:
            cards[:] = [c for c in cards if c not in where]
    if "dragon" not in position and s.dragon in where:
        s.dragon = None
    for i, h in enumerate(s.heroes):
        if h is not None and f"heroes.{i}.character" not in given and h.card in where:
            raise fail(where[h.card], f"card {h.card} is the character of seat {i}: give 'heroes' too")
    count = Counter(c for cards in zones(s).values() for c in cards)
    expected = Counter(c for c in g.tables.card if c not in g.dragons_aside())
    twice = sorted(c for c, n in count.items() if n > 1)
    missing = sorted(expected - count)
    if twice:
        raise fail(where.get(twice[0], "decks"), f"{twice} would lie in two places (DG-SETUP-1)")
    if missing:
        raise fail(origin.get(missing[0], "decks"), f"{missing} would lie nowhere: every card of the decks lies in "
                   "exactly one place (DG-SETUP-1); name them in a zone")
    extra = sorted(count - expected)
    if extra:
        raise fail("dragon", f"{extra} are set aside by the campaign (DG-CAMP-3)")
