"""The checks of a position (issue 13): the rules' invariants every real Draghan table satisfies.

:func:`check_table` runs once :mod:`.position` has placed the cards: the kinds of card each zone holds,
the coins (DG-SETUP-8), the dragon (DG-DRAGON-1), the fight's declarations (DG-FIGHT-1/3) and whether the
decision named is one the table allows (:func:`check_decision`). Every error names its field.

Issue 27: every count is bounded by the rules before the rest is checked (:func:`count_bounds`: a
position's ``round`` of 10**30 or a negative ``fled`` is refused at once), and a table a game cannot reach
is refused rather than failing later: the round's location, assist and assist target (DG-LOC-3, DG-LOC-8),
the seats in the fight and the queues hold characters (DG-FIGHT-1, DG-ROUND-2), the cards of each realm
(DG-PORTAL-4, DG-RESULT-4/5), the location deck's piles (DG-SETUP-2..4), and a game over only by an end
the rules give (DG-END-1..5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dragonwidgets.engine import PositionError

from . import equipment_check
from .cards import LOCATION_PILES, block_sizes_left
from . import state
from .state import DraghanState

if TYPE_CHECKING:
    from .game import DraghanGame

#: The decisions (the state's phases) a position may name.
DECISIONS = (state.CHOOSE_CHARACTER, state.HEAL_1, state.PORTAL, state.THEFT, state.DRAW_DRAGON,
             state.DECLARE_TARGET, state.DECLARE_EQUIPMENT, state.ASSIST, state.GOLD, state.REPLACE, state.BUY,
             state.SHARE, state.HEAL_2, state.CHECK, state.OVER, state.REVEAL_LOCATION, state.DRAW_MARKET,
             state.REVEAL_ENCOUNTER, state.JOIN_CARD)
#: Which kinds of card each zone holds (with the rule).
KINDS = {
    "set_aside": (("character",), "DG-SETUP-6"), "table": (("monster", "dragon_card"), "DG-EXPLORE-3"),
    "revealed_equipment": (("equipment",), "DG-EXPLORE-3"), "market_display": (("market",), "DG-LOC-6"),
    "portals_up": (("location",), "DG-PORTAL-2"), "visited": (("location",), "DG-LOC-8"),
    "equipment": (("equipment", "market"), "DG-INT-8"), "character": (("character",), "DG-SETUP-6"),
    "dragon": (("dragon",), "DG-DRAGON-1"), "round_down": (("monster",), "DG-RESULT-1"),
}


def fail(field: str, message: str) -> PositionError:
    """The error for ``field``: ``field 'heroes.1.coins': ...``."""
    return PositionError(f"field {field!r}: {message}")


def check_table(g: "DraghanGame", s: DraghanState, position: dict[str, Any]) -> None:
    """The rules' invariants a real table satisfies: kinds of the zones, coins, the dragon, the round so far, the
    location deck's piles, the end, the decision."""
    for i, h in enumerate(s.heroes):
        if h is None:
            continue
        check_kinds(g, [h.card], "character", f"heroes.{i}.character")
        check_kinds(g, h.equipment, "equipment", f"heroes.{i}.equipment")
    for key in ("set_aside", "table", "revealed_equipment", "market_display", "portals_up", "visited", "round_down"):
        check_kinds(g, getattr(s, key), key, key)
    if s.dragon:
        check_kinds(g, [s.dragon], "dragon", "dragon")
    if (g.tables.dragon_card in s.table) != bool(s.dragon) and not (s.phase == state.DRAW_DRAGON and not s.dragon):
        raise fail("dragon", "the dragon card on the table and a large dragon drawn go together, except at the "
                   "draw itself (DG-DRAGON-1, DG-INT-18)")
    if not g.options["unlimited_coins"]:
        held = sum(h.coins for h in s.heroes if h)
        if s.supply < 0 or s.supply + held != g.decks.coins:
            raise fail("supply", f"the supply ({s.supply}) and the characters' coins ({held}) make the game's "
                       f"{g.decks.coins} coins (DG-SETUP-8, DG-INT-24)")
    if s.realm not in (state.DRAGHAN, state.SHADOW):
        raise fail("realm", f"must be 'draghan' or 'shadow', got {s.realm!r:.40}")
    for field, seat_ in (("first_player", s.first_player), ("active", s.active)):
        if not 0 <= seat_ < g.players:
            raise fail(field, f"must be a seat 0..{g.players - 1}, got {seat_!r:.40}")
    for seat_, m in s.targets.items():
        if m not in s.table:
            raise fail(f"targets.{seat_}", f"{m} is not on the table (DG-FIGHT-1)")
    for seat_, cards in s.used.items():
        hero = s.heroes[seat_]
        if hero is None or not set(cards) <= set(hero.equipment):
            raise fail(f"used.{seat_}", "a character commits its own cards only (DG-FIGHT-3)")
    check_round(g, s)
    check_location_piles(g, s)
    check_decision(g, s, position)


def check_kinds(g: "DraghanGame", cards: list[str], zone: str, field: str) -> None:
    allowed, rule = KINDS[zone]
    for c in cards:
        if g.tables.card[c].kind not in allowed:
            raise fail(field, f"{c} is a {g.tables.card[c].kind} card; this place holds {' or '.join(allowed)} ({rule})")


def check_decision(g: "DraghanGame", s: DraghanState, position: dict[str, Any]) -> None:
    """The decision must be one the table allows (DG-ROUND-2 and the phases' rules); fill its queue if not given."""
    phase, hero = s.phase, s.heroes[s.active]
    if phase not in DECISIONS:
        raise fail("decision", f"unknown decision {phase!r:.40}; the decisions are {', '.join(DECISIONS)}")

    def need(ok: bool, why: str) -> None:
        if not ok:
            raise fail("decision", f"{phase!r} is not due: {why}")

    if phase == state.JOIN_CARD:
        need(g.picks_draws(), "cards are picked by hand only with chance='manual' and pick_draws (DG-SETUP-7)")
        need(bool(s.joining) and all(s.heroes[x] is not None for x in s.joining) and bool(s.decks["market"]),
             "'joining' lists the seats whose new character takes a market card (DG-SETUP-7)")
        need(s.resume in ("choose", "deal", "replace"),
             "'resume' says what follows: 'choose', 'deal' or 'replace' (DG-SETUP-6, DG-WOUND-4)")
        need((s.round == 0) == (s.resume != "replace"),
             "characters join at set-up ('choose', 'deal': round 0) or as a replacement in a round (DG-WOUND-4)")
        return
    need(not s.joining, "'joining' is for the decision 'join_card' (DG-SETUP-7)")
    if phase == state.CHOOSE_CHARACTER:
        chosen = [h is not None for h in s.heroes]
        need(s.round == 0 and not all(chosen) and chosen == sorted(chosen, reverse=True),
             "characters are chosen at set-up, in seat order, before round 1 (DG-SETUP-6); name the decision due")
        return
    need(s.round >= 1, "round is 0: the game is still being set up (DG-SETUP-6)")
    need(phase == state.OVER or s.result == "running", "the result is decided: the decision is 'over' (DG-END-1)")
    need(phase != state.OVER or s.result in ("won", "lost"), "a finished game says its result, 'won' or 'lost' (DG-END-1)")
    need(s.realm == state.SHADOW or phase in (state.REPLACE, state.OVER) or all(h is not None for h in s.heroes),
         "in Draghan every seat has a character (DG-WOUND-4)")
    need(hero is not None or phase in (state.REPLACE, state.OVER), "the active seat has no character (DG-ROUND-2)")
    if phase in (state.HEAL_1, state.HEAL_2):
        need(hero is not None and hero.wounded and any(c in g.tables.heal for c in hero.equipment),
             "the active character is not wounded or holds no healing card (DG-HEAL-1)")
    elif phase == state.PORTAL:
        need(s.realm == state.DRAGHAN and bool(s.portals_up), "no portal is face up in Draghan (DG-PORTAL-1)")
    elif phase == state.THEFT:
        need(hero is not None and not hero.coins and len(hero.equipment) > 1,
             "a thief picks a card only from a character without coins holding two or more (DG-LOC-5)")
    elif phase in (state.REVEAL_LOCATION, state.DRAW_MARKET, state.REVEAL_ENCOUNTER):
        need(g.picks_draws(), "cards are picked by hand only with chance='manual' and pick_draws (DG-LOC-1)")
        need(phase != state.DRAW_MARKET or (s.to_draw > 0 and bool(s.decks["market"])),
             "no market card is left to draw ('to_draw', DG-LOC-6)")
        deck = "encounter" if phase == state.REVEAL_ENCOUNTER else "location"
        need(phase == state.DRAW_MARKET or bool(s.realm_deck(deck)),
             f"the {deck} deck is empty (DG-EXPLORE-6, DG-END-4)")
        need(phase != state.REVEAL_ENCOUNTER or s.to_reveal > 0, "no encounter is left to reveal ('to_reveal', DG-EXPLORE-1)")
    elif phase == state.DRAW_DRAGON:
        need(g.tables.dragon_card in s.table and not s.dragon, "the dragon card is not on the table (DG-DRAGON-1)")
    elif phase in (state.DECLARE_TARGET, state.DECLARE_EQUIPMENT):
        need(bool(s.table), "no monster is on the table (DG-FIGHT-1)")
        if "declaring" not in position:
            s.declaring = s.order_from(s.active)
        need(bool(s.declaring) and all(s.heroes[x] is not None for x in s.declaring),
             "'declaring' lists the characters still to declare (DG-INT-15)")
        need(phase == state.DECLARE_TARGET or s.declaring[0] in s.targets,
             "the character declaring its cards faces a monster ('targets', DG-FIGHT-3)")
    elif phase == state.ASSIST:
        need(bool(s.assist) and bool(s.table), "no assist location helps this round (DG-LOC-3)")
    elif phase == state.GOLD:
        need(bool(s.gold_queue), "no odd coins are to be handed out ('gold_queue', DG-INT-4)")
    elif phase == state.REPLACE:
        need(s.realm == state.DRAGHAN and hero is None and bool(s.set_aside),
             "a replacement comes in Draghan, to the active seat without a character (DG-WOUND-4)")
    elif phase == state.BUY:
        if "buyers" not in position:
            s.buyers = s.order_from(s.active)
        need(bool(s.market_display) and bool(s.buyers), "no market card is for sale (DG-MARKET-1)")
    elif phase == state.SHARE:
        need(hero is not None and bool(hero.equipment) and s.count_in_play() > 1,
             "the active character has nothing to give or nobody to give to (DG-SHARE-1)")
    elif phase == state.CHECK:
        if "checkers" not in position:
            s.checkers = [x for x in s.order_from(s.active)
                          if equipment_check.cards_over_limit(g, s.heroes[x].equipment)]  # type: ignore[union-attr]
        need(bool(s.checkers) and all(s.heroes[x] is not None for x in s.checkers),
             "no character carries more than its limits (DG-EQUIP-1)")


# ---------------------------------------------------------------------------- counts and the round's details (issue 27)

#: What ``resume`` may say follows a chance node inside a phase ("" when nothing waits).
RESUMES = ("", "location", "explore", "choose", "deal", "replace")
#: The results of a game (DG-END-1..4).
RESULTS = ("running", "won", "lost")


def count_bounds(g: "DraghanGame") -> dict[str, tuple[int, int, str]]:
    """Return ``{field: (low, high, why)}``: the range the rules allow each count of a position.

    ``round``: one location turns up a round, 13 in Draghan and at most 7 rounds in the Shadow Realm (the
    seventh is lost in its phase 2, DG-END-4); ``threat``: 0 or the one extra draw (DG-LOC-4); ``to_reveal``:
    a card per character plus the threat's (DG-EXPLORE-1/2); ``to_draw``: the market display's 4 (DG-LOC-6);
    ``fled``: the Draghan monsters with the flee icon, each flees once (DG-RESULT-4/5); ``defeated``: the
    monsters of both encounter decks (DG-RESULT-3); ``supply`` and each character's coins: the game's 28
    coins, and with ``unlimited_coins`` those plus the gold printed on every monster (DG-SETUP-8, DG-INT-24).
    """
    d, card = g.decks, g.tables.card
    monsters = [c for c in d.encounter_draghan + d.encounter_shadow if card[c].kind == "monster"]
    coins = d.coins + (sum(card[c].gold or 0 for c in monsters) if g.options["unlimited_coins"] else 0)
    money = (f"the game's {d.coins} coins" + (" and the gold on every monster (unlimited_coins)" if coins > d.coins
                                              else "") + " (DG-SETUP-8, DG-INT-24)")
    return {
        "round": (0, len(d.location_draghan) + len(d.location_shadow) + 1, "a location turns up each round; the "
                  "seventh Shadow round is lost (DG-LOC-1, DG-END-4)"),
        "threat": (0, 1, "the one extra encounter card of a threat location (DG-LOC-4)"),
        "to_reveal": (0, g.players + 1, "a card per character plus a threat's (DG-EXPLORE-1, DG-EXPLORE-2)"),
        "to_draw": (0, state.MARKET_DISPLAY, "the market display holds 4 cards (DG-LOC-6)"),
        "fled": (0, sum(bool(card[c].flee) for c in d.encounter_draghan if card[c].kind == "monster"),
                 "the Draghan monsters with the flee icon, each fleeing once (DG-RESULT-4, DG-RESULT-5)"),
        "defeated": (0, len(monsters), "the monsters of both encounter decks (DG-RESULT-3)"),
        "supply": (0, coins, money),
        "coins": (0, coins, money),
    }


def check_count(value: int, field: str, bounds: tuple[int, int, str]) -> None:
    """Raise ``PositionError`` for ``field`` unless ``low <= value <= high``."""
    low, high, why = bounds
    if not low <= value <= high:
        raise fail(field, f"must be an int {low}..{high} ({why}), got {value!r:.40}")


def check_counts(g: "DraghanGame", s: DraghanState) -> None:
    """Every count of the table within the rules' range (:func:`count_bounds`); checked before any other rule."""
    bounds = count_bounds(g)
    for field, name in (("round", "round"), ("threat", "extra_draw"), ("to_reveal", "to_reveal"),
                        ("to_draw", "to_draw"), ("fled", "fled"), ("defeated", "defeated"), ("supply", "supply")):
        check_count(getattr(s, name), field, bounds[field])
    for i, h in enumerate(s.heroes):
        if h is not None:
            check_count(h.coins, f"heroes.{i}.coins", bounds["coins"])
    for i, (_, group, odd) in enumerate(s.gold_queue):
        check_count(odd, f"gold_queue.{i}.2", (1, max(1, len(group) - 1), "the odd coins of a share: fewer than "
                                               "the characters sharing (DG-RESULT-2, DG-INT-4)"))


def check_round(g: "DraghanGame", s: DraghanState) -> None:
    """The round so far: location, assist, the fight's seats and monsters, the queues, the result (issue 27)."""
    card, t = g.tables.card, g.tables
    if s.result not in RESULTS:
        raise fail("result", f"is one of {', '.join(RESULTS)}, got {s.result!r:.40} (DG-END-1..4)")
    if s.resume not in RESUMES:
        raise fail("resume", f"is one of {', '.join(map(repr, RESUMES))}, got {s.resume!r:.40}")
    if s.location is not None:
        deck = f"location_{s.realm}"
        if s.location not in card or card[s.location].deck != deck:
            raise fail("location", f"the location of this round is a card of the deck {deck} (the realm's, "
                       f"DG-ROUND-3), got {s.location!r:.40}")
        if s.location not in s.visited + s.portals_up:
            raise fail("location", f"{s.location} is turned up this round: it lies in 'visited' (or 'portals_up' "
                       "for a portal) (DG-LOC-8, DG-PORTAL-2)")
    assists = {c.icons for c in card.values() if c.kind == "location" and c.ability == "assist"}
    here = card[s.location] if s.location else None
    allowed = ({here.icons} if here.ability == "assist" else set()) if here else assists
    if s.assist and s.assist not in allowed:
        icons = ", ".join(sorted(allowed)) or f"none: {s.location} is no assist location"
        raise fail("assist", f"is '' or this round's assist location's icons ({icons}), got {s.assist!r:.40} "
                   "(DG-LOC-3)")
    if s.assist_target is not None and (not s.assist or s.assist_target not in s.table):
        raise fail("assist_target", f"the monster the assist's icons go to is on the table, with an assist this "
                   f"round (DG-LOC-3, DG-INT-6), got {s.assist_target!r:.40}")
    for key in ("targets", "used"):
        for seat_ in getattr(s, key):
            if s.heroes[seat_] is None:
                raise fail(f"{key}.{seat_}", f"seat {seat_} has no character to fight with (DG-FIGHT-1)")
    for key in ("declaring", "buyers", "checkers"):
        for i, seat_ in enumerate(getattr(s, key)):
            if s.heroes[seat_] is None:
                raise fail(f"{key}.{i}", f"seat {seat_} has no character (DG-ROUND-2)")
    for i, (m, group, _) in enumerate(s.gold_queue):
        if m not in s.round_down or not group or any(s.heroes[x] is None for x in group):
            raise fail(f"gold_queue.{i}", "an odd-coin share is for a monster defeated this round ('round_down') "
                       "by characters in play (DG-RESULT-2, DG-INT-4)")
    check_realm(g, s)
    check_end(g, s, t.dragon_card)


def check_realm(g: "DraghanGame", s: DraghanState) -> None:
    """The cards of each realm where they can be (DG-PORTAL-4, DG-RESULT-4/5, DG-SETUP-3, DG-WOUND-5)."""
    card = g.tables.card
    shadow = s.realm == state.SHADOW
    for key in ("table", "revealed_equipment"):
        for c in getattr(s, key):
            deck = card[c].deck
            ok = deck == "encounter_shadow" or (card[c].flee if shadow else deck == "encounter_draghan")
            if not ok:
                where = ("Shadow encounters and the Draghan monsters that fled there (DG-RESULT-4)" if shadow
                         else "Draghan encounters (DG-EXPLORE-3)")
                raise fail(key, f"{c} cannot be here: in the {'Shadow Realm' if shadow else 'Draghan'} the "
                           f"encounters turned up are {where}")
    for c in s.visited:
        if card[c].ability == "portal":
            raise fail("visited", f"{c} is a portal: a portal turned up lies in 'portals_up' (DG-PORTAL-2, DG-LOC-8)")
    for c in s.portals_up:
        if card[c].ability != "portal":
            raise fail("portals_up", f"{c} is no portal (DG-PORTAL-2)")
    for c in s.discard:
        if card[c].kind in ("location", "dragon"):
            raise fail("discard", f"{c} never goes to the discard pile: locations stay turned up (DG-LOC-8) and "
                       "a large dragon stays with the dragon card (DG-DRAGON-1)")
        if card[c].kind == "character" and s.round == 0:
            raise fail("discard", f"{c} is a character: a character card is discarded when it drops out in a "
                       "round (DG-WOUND-3, DG-WOUND-5), never at set-up")
    if shadow:
        for name in ("location_draghan", "encounter_draghan"):
            if s.decks[name]:
                raise fail(f"decks.{name}", "the Draghan decks leave the game on travel (DG-PORTAL-4)")
        if s.portals_up:
            raise fail("portals_up", "the portals face up leave the game on travel (DG-PORTAL-4)")
    for c in s.removed:
        if not shadow or card[c].deck not in ("location_draghan", "encounter_draghan"):
            raise fail("removed", f"{c}: only the Draghan location and encounter cards leave the game, on travel "
                       "to the Shadow Realm (DG-PORTAL-4)")
    if s.phase == state.CHOOSE_CHARACTER and g.options["character_choice"] == "choose":
        for c in g.decks.characters:
            if c not in s.set_aside and all(h is None or h.card != c for h in s.heroes):
                raise fail("set_aside", f"{c}: at set-up every character not chosen lies set aside, to be chosen "
                           "(DG-SETUP-6)")


def check_end(g: "DraghanGame", s: DraghanState, dragon_card: str | None) -> None:
    """A game over has the end the rules give for its result; a game running has none (DG-END-1..5)."""
    if s.end_reason is not None and not 0 < len(s.end_reason) <= 200:
        raise fail("end_reason", "says why the game ended in 1..200 characters (DG-END-1..4)")
    if s.phase != state.OVER:
        if s.end_reason is not None:
            raise fail("end_reason", "a game still running has no end reason (DG-END-5)")
        return
    if s.result == "won":
        if not (s.realm == state.SHADOW and dragon_card in s.table and s.dragon):
            raise fail("result", "the team wins only by defeating the dragon: in the Shadow Realm, with the dragon "
                       "card and its large dragon on the table (DG-END-1, DG-DRAGON-1)")
        return
    ends = [s.realm == state.DRAGHAN and any(h is None for h in s.heroes) and not s.set_aside,  # DG-END-2
            s.realm == state.SHADOW and not s.in_play(),  # DG-END-3
            s.realm == state.SHADOW and not s.decks["location_shadow"]]  # DG-END-4
    if not any(ends):
        raise fail("result", "the team loses only when a new character is needed and none is left (DG-END-2), "
                   "when no character is left in the Shadow Realm (DG-END-3) or when no Shadow location is left "
                   "to turn up (DG-END-4); this table shows none of these (DG-END-5)")


def check_location_piles(g: "DraghanGame", s: DraghanState) -> None:
    """DG-SETUP-2..4: the Draghan location deck is three piles (4, 4, 5 cards), each with one portal and one
    market; the locations turned up so far (the cards no longer in the deck) must fit them: after ``k``
    whole piles at least ``k`` portals and markets were turned up, and no more than the piles begun.
    Then the deck left: each whole pile in it holds one of each, the pile under way at most one."""
    if s.realm != state.DRAGHAN:
        return
    card, deck = g.tables.card, s.decks["location_draghan"]
    sizes = block_sizes_left(len(deck))
    done = len(LOCATION_PILES) - len(sizes)
    begun = done + (1 if sizes and sizes[0] < LOCATION_PILES[done] else 0)
    turned = len(g.decks.location_draghan) - len(deck)
    for ability in ("portal", "market"):
        total = sum(card[c].ability == ability for c in g.decks.location_draghan)
        up = total - sum(card[c].ability == ability for c in deck)
        if not done <= up <= begun:
            raise fail("visited", f"{turned} Draghan locations are turned up, {up} of them {ability}s: the deck is "
                       f"three piles of {', '.join(map(str, LOCATION_PILES))} cards with one {ability} each "
                       f"(DG-SETUP-3), so {done if done == begun else f'{done} or {begun}'} {ability}s have turned up")
    start = 0
    for i, size in enumerate(sizes):
        pile = deck[start:start + size]
        start += size
        for ability in ("portal", "market"):
            n = sum(card[c].ability == ability for c in pile)
            whole = i > 0 or size == LOCATION_PILES[done]
            if n > 1 or (whole and n != 1):
                raise fail("decks.location_draghan", f"the cards {start - size}..{start - 1} of the deck are one "
                           f"pile, holding one {ability} (DG-SETUP-3, DG-SETUP-4); these hold {n}")
