"""Checking a decks file (DG-REC-1..6, DG-SETUP-2, DG-EQUIP-1, DG-INT-8/28/32, section 2.1).

:func:`.cards.load_decks` reads the JSON and hands it to :class:`DecksChecker`, which builds the
:class:`~.cards.Card` and :class:`~.cards.Decks` or raises :class:`~dragonwidgets.engine.GameDataError`
naming the file and the field (``decks.market[3].price``).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any, Sequence

from dragonwidgets.engine.data import DataChecker

from .cards import (
    ABILITIES,
    COINS,
    DECK_NAMES,
    DECK_SIZES,
    FORMAT,
    LIMITS,
    MARKETS_IN_DRAGHAN,
    PORTALS_IN_DRAGHAN,
    SHADOW_ABILITIES,
    SLOTS,
    TOTAL_CARDS,
    Card,
    CardId,
    Decks,
    icon_counts,
    is_icons,
)

# The keys a card of each kind has in the file (a location's "icons" only with the assist ability).
_KEYS = {
    "character": ("id", "name", "healthy", "wounded"),
    "market": ("id", "name", "icons", "slot", "heal", "price"),
    "monster": ("id", "type", "name", "req", "gold", "flee", "theft"),
    "equipment": ("id", "type", "name", "icons", "slot", "heal"),
    "dragon_card": ("id", "type", "name"),
    "location": ("id", "name", "ability", "icons"),
    "dragon": ("id", "name", "req"),
}
_ENCOUNTER_TYPES = ("monster", "equipment", "dragon_card")
_TOP_KEYS = ("format", "reconstruction", "source", "coins", "limits", "decks")
_ID = re.compile(r"^\S+$")



def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class DecksChecker(DataChecker):
    """Validate the fields of one decks file; every failure names the file and the field."""

    def keys(self, obj: Any, allowed: Sequence[str], field: str) -> None:
        self.need(isinstance(obj, dict), field, "must be a JSON object")
        unknown = [k for k in obj if k not in allowed]
        self.need(not unknown, f"{field}.{unknown[0]}" if unknown else field,
                  f"unknown field (known: {', '.join(allowed)})")

    def icons(self, obj: dict, key: str, field: str, size: int | None = None, nonempty: bool = False,
              rule: str = "") -> str:
        self.need(key in obj, field, "is missing")
        value = obj[key]
        self.need(is_icons(value), field, f"icons are a string of the letters S, C and K only, got {value!r}")
        why = f" ({rule})" if rule else ""
        self.need(size is None or len(value) == size, field,
                  f"must hold exactly {size} icon{'s' if size != 1 else ''}{why}, got {value!r}")
        self.need(not nonempty or value != "", field, f"must hold at least one icon{why}")
        return value

    def flag(self, obj: dict, key: str, field: str) -> bool:
        self.need(key in obj, field, "is missing")
        self.need(isinstance(obj[key], bool), field, f"must be true or false, got {obj[key]!r}")
        return obj[key]

    # ------------------------------------------------------------------ the whole file
    def decks(self, data: Any) -> Decks:
        self.header(data, _TOP_KEYS, FORMAT)
        note, reconstruction = data.get("source", ""), data.get("reconstruction", False)
        coins = self.get(data, "coins", int, "coins")
        self.need(coins == COINS, "coins", f"must be {COINS} (component list: \"28 gouden munten\"), got {coins}")
        limits = self.limits(self.get(data, "limits", dict, "limits"))
        decks = self.get(data, "decks", dict, "decks")
        missing = [n for n in DECK_NAMES if n not in decks]
        self.need(not missing, f"decks.{missing[0]}" if missing else "decks", "is missing")
        self.keys(decks, DECK_NAMES, "decks")
        cards: dict[CardId, Card] = {}
        ids: dict[str, tuple[CardId, ...]] = {}
        for name in DECK_NAMES:
            ids[name] = self.deck(name, decks[name], cards)
        self.check_encounters(cards, ids)
        self.check_locations(cards, ids)
        self.check_dragons(cards, ids)
        return Decks(source=self.file, cards=cards, coins=coins, limits=limits, note=note,
                     reconstruction=reconstruction, **ids)

    def limits(self, limits: dict) -> dict[str, int]:
        """DG-EQUIP-1: at most 1 head, 1 torso and 2 hand cards after the check."""
        self.keys(limits, SLOTS, "limits")
        for slot in SLOTS:
            value = self.get(limits, slot, int, f"limits.{slot}")
            self.need(value == LIMITS[slot], f"limits.{slot}",
                      f"must be {LIMITS[slot]} (DG-EQUIP-1: \"1 hoofd, 1 torso en 2 handen\"), got {value}")
        return {slot: limits[slot] for slot in SLOTS}

    def deck(self, name: str, cards_data: Any, cards: dict[CardId, Card]) -> tuple[CardId, ...]:
        """Section 2.1: the deck's exact size; every card checked; ids unique across all decks."""
        field = f"decks.{name}"
        self.need(isinstance(cards_data, list), field, "must be a list of cards")
        want = DECK_SIZES[name]
        self.need(len(cards_data) == want, field,
                  f"must hold {want} cards (section 2.1; {TOTAL_CARDS} cards in all with the map card), "
                  f"got {len(cards_data)}")
        out = []
        for i, obj in enumerate(cards_data):
            card = self.card(name, obj, f"{field}[{i}]")
            other = cards.get(card.id)
            self.need(other is None, f"{field}[{i}].id",
                      f"id {card.id!r} is already used in decks.{other.deck if other else ''} "
                      "(ids are unique across all decks)")
            cards[card.id] = card
            out.append(card.id)
        return tuple(out)

    def card(self, deck: str, obj: Any, field: str) -> Card:
        self.need(isinstance(obj, dict), field, "must be a JSON object (a card)")
        kind = self.kind(deck, obj, field)
        self.keys(obj, _KEYS[kind], field)
        card_id = self.get(obj, "id", str, f"{field}.id")
        self.need(_ID.match(card_id) is not None, f"{field}.id",
                  f"must be a non-empty id without spaces, got {card_id!r}")
        name = self.get(obj, "name", str, f"{field}.name")
        self.need(name.strip() != "", f"{field}.name", "must not be empty")
        base = {"id": card_id, "name": name, "deck": deck, "kind": kind}
        return getattr(self, f"card_{kind}")(obj, field, base)

    def kind(self, deck: str, obj: dict, field: str) -> str:
        """The card's kind from its deck; encounter cards say theirs in ``type`` (DG-EXPLORE-3)."""
        if not deck.startswith("encounter_"):
            return {"characters": "character", "market": "market", "location_draghan": "location",
                    "location_shadow": "location", "dragons": "dragon"}[deck]
        kind = self.get(obj, "type", str, f"{field}.type")
        hint = " (the dragon card's type is \"dragon_card\")" if kind == "dragon" else ""
        self.need(kind in _ENCOUNTER_TYPES, f"{field}.type",
                  f"an encounter card is {', '.join(_ENCOUNTER_TYPES)} (DG-EXPLORE-3), got {kind!r}{hint}")
        self.need(kind != "dragon_card" or deck == "encounter_shadow", f"{field}.type",
                  "the dragon card is in the Shadow encounter deck (DG-REC-4, DG-DRAGON-1)")
        return kind

    # ------------------------------------------------------------------ one card per kind
    def card_character(self, obj: dict, field: str, base: dict) -> Card:
        """DG-REC-1, section 2.1: 3 icons on the healthy side, 1 on the wounded side."""
        healthy = self.icons(obj, "healthy", f"{field}.healthy", size=3, rule="the healthy side, section 2.1, DG-REC-1")
        wounded = self.icons(obj, "wounded", f"{field}.wounded", size=1, rule="the wounded side, section 2.1, DG-REC-1")
        return Card(**base, healthy=healthy, wounded=wounded)

    def equipment_fields(self, obj: dict, field: str, slot_needed: bool) -> dict[str, Any]:
        """DG-INT-8: skill icons and/or the healing icon, one body-part icon (``null`` allowed in the schema)."""
        icons = self.icons(obj, "icons", f"{field}.icons")
        heal = self.flag(obj, "heal", f"{field}.heal")
        self.need(icons != "" or heal, f"{field}.icons",
                  "equipment needs skill icons or the healing icon (DG-INT-8), this card has neither")
        self.need("slot" in obj, f"{field}.slot", "is missing")
        slot = obj["slot"]
        allowed = SLOTS if slot_needed else SLOTS + (None,)
        self.need(slot in allowed, f"{field}.slot",
                  f"must be {', '.join(map(json.dumps, allowed))} (DG-INT-8, DG-EQUIP-1), got {slot!r}")
        return {"icons": icons, "heal": heal, "slot": slot}

    def card_market(self, obj: dict, field: str, base: dict) -> Card:
        """DG-REC-2: equipment with a body slot and a price in coins."""
        fields = self.equipment_fields(obj, field, slot_needed=True)
        price = self.get(obj, "price", int, f"{field}.price")
        self.need(price >= 0, f"{field}.price", f"must be >= 0 coins, got {price}")
        return Card(**base, **fields, price=price)

    def card_equipment(self, obj: dict, field: str, base: dict) -> Card:
        """DG-REC-3/4, DG-INT-8: encounter equipment (the wooden background)."""
        return Card(**base, **self.equipment_fields(obj, field, slot_needed=False))

    def card_monster(self, obj: dict, field: str, base: dict) -> Card:
        """DG-REC-3/4: required icons, gold (int >= 1 or null), flee, theft; the realms' rules: check_encounters."""
        req = self.icons(obj, "req", f"{field}.req", nonempty=True, rule="a monster requires icons, DG-REC-3/4")
        self.need("gold" in obj, f"{field}.gold", "is missing")
        gold = obj["gold"]
        self.need(gold is None or (_is_int(gold) and gold >= 1), f"{field}.gold",
                  f"must be a number of coins >= 1, or null, got {gold!r}")
        flee = self.flag(obj, "flee", f"{field}.flee")
        theft = self.flag(obj, "theft", f"{field}.theft")
        return Card(**base, req=req, gold=gold, flee=flee, theft=theft)

    def card_dragon_card(self, obj: dict, field: str, base: dict) -> Card:
        """DG-REC-4: the dragon card has no icons of its own."""
        return Card(**base)

    def card_location(self, obj: dict, field: str, base: dict) -> Card:
        """DG-INT-28: one ability; DG-LOC-3, DG-REC-5: an assist location lists its icons, no other does."""
        ability = self.get(obj, "ability", str, f"{field}.ability")
        self.need(ability in ABILITIES, f"{field}.ability",
                  f"must be one of {', '.join(ABILITIES)} (DG-INT-28), got {ability!r}")
        if ability == "assist":
            icons = self.icons(obj, "icons", f"{field}.icons", nonempty=True,
                               rule="an assist location, DG-LOC-3, DG-REC-5")
        else:
            self.need("icons" not in obj, f"{field}.icons", "only an assist location has icons (DG-REC-5)")
            icons = ""
        return Card(**base, ability=ability, icons=icons)

    def card_dragon(self, obj: dict, field: str, base: dict) -> Card:
        """DG-REC-6, DG-DRAGON-1: a large dragon card shows the icons needed to defeat it."""
        return Card(**base, req=self.icons(obj, "req", f"{field}.req", nonempty=True, rule="DG-DRAGON-1, DG-REC-6"))

    # ------------------------------------------------------------------ deck-wide rules
    def check_encounters(self, cards: dict[CardId, Card], ids: dict[str, tuple[CardId, ...]]) -> None:
        """DG-INT-32: a Draghan monster has a gold value or the flee icon, never both, and both kinds exist
        (DG-REC-3); a Shadow monster has neither; exactly one dragon card (DG-REC-4)."""
        for i, cid in enumerate(ids["encounter_draghan"]):
            c = cards[cid]
            if c.is_monster:
                self.need(c.gold is not None or c.flee, f"decks.encounter_draghan[{i}].gold",
                          f"monster {cid} has no flee icon, so it needs a gold value (DG-INT-32)")
                self.need(c.gold is None or not c.flee, f"decks.encounter_draghan[{i}].flee",
                          f"monster {cid} has a gold value, so it cannot carry the flee icon (DG-INT-32)")
        monsters = [cards[c] for c in ids["encounter_draghan"] if cards[c].is_monster]
        for what, has in (("gold value", lambda c: c.gold is not None), ("flee icon", lambda c: c.flee)):
            self.need(any(has(c) for c in monsters), "decks.encounter_draghan",
                      f"no monster has a {what}: both kinds must exist (DG-REC-3, DG-INT-32)")
        for i, cid in enumerate(ids["encounter_shadow"]):
            c = cards[cid]
            if c.is_monster:
                self.need(c.gold is None, f"decks.encounter_shadow[{i}].gold",
                          "Shadow monsters have no gold value (DG-SHADOW-2, DG-INT-32)")
                self.need(not c.flee, f"decks.encounter_shadow[{i}].flee",
                          "Shadow monsters carry no flee icon (DG-SHADOW-2, DG-INT-32)")
        dragons = [c for c in ids["encounter_shadow"] if cards[c].kind == "dragon_card"]
        self.need(len(dragons) == 1, "decks.encounter_shadow",
                  f"must hold exactly one dragon card (type \"dragon_card\", DG-REC-4), got {len(dragons)}")

    def check_locations(self, cards: dict[CardId, Card], ids: dict[str, tuple[CardId, ...]]) -> None:
        """DG-SETUP-2: 3 markets and 3 portals in Draghan; DG-INT-28: Shadow locations heal, assist, threat, theft."""
        abilities = Counter(cards[c].ability for c in ids["location_draghan"])
        for ability, want in (("market", MARKETS_IN_DRAGHAN), ("portal", PORTALS_IN_DRAGHAN)):
            self.need(abilities[ability] == want, "decks.location_draghan",
                      f"must hold exactly {want} {ability} locations (DG-SETUP-2), got {abilities[ability]}")
        for i, cid in enumerate(ids["location_shadow"]):
            shadow_ability = cards[cid].ability
            self.need(shadow_ability in SHADOW_ABILITIES, f"decks.location_shadow[{i}].ability",
                      f"a Shadow location is {', '.join(SHADOW_ABILITIES)} only, got {shadow_ability!r} "
                      "(DG-INT-28, DG-MARKET-5, DG-PORTAL-5)")

    def check_dragons(self, cards: dict[CardId, Card], ids: dict[str, tuple[CardId, ...]]) -> None:
        """DG-REC-6: the large dragons differ (which is why DG-CAMP sets defeated ones aside)."""
        seen: dict[tuple[int, int, int], CardId] = {}
        for i, cid in enumerate(ids["dragons"]):
            key = icon_counts(cards[cid].req)
            self.need(key not in seen, f"decks.dragons[{i}].req",
                      f"same requirement as {seen.get(key)}: the large dragons differ (DG-REC-6)")
            seen[key] = cid
