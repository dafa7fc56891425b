"""Draghan's card data (DG-REC-1..6, section 2), its validation (DG-INT-8/28/32: every bad field raises
GameDataError naming the file and the field) and the Draghan location deck (DG-SETUP-1..4, example A1).

The bundled data was tuned for balance (see dragonwidgets/games/draghan/data/BALANCE.md): the Draghan and Shadow
encounter decks (DG-REC-3/4), the Shadow locations (DG-REC-5) and the large dragons (DG-REC-6) differ from the
digest, and their tests assert the tuned cards; the characters, the market and the Draghan locations are the
digest's.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections import Counter

import pytest

from dragonwidgets.engine import GameDataError
from dragonwidgets.games.draghan.cards import (
    BUNDLED_DECKS, COINS, DECK_NAMES, DECK_SIZES, LIMITS, LOCATION_PILES, OTHER_SPLIT, TOTAL_CARDS, Card, Decks,
    build_location_deck, icon_counts, load_decks, location_blocks, shuffle, shuffled,
)

# ---------------------------------------------------------------------------- the digest's tables (section 5)

# DG-REC-1: (id, name, healthy, wounded)
CHARACTERS = [
    ("CH1", "Elf", "SCC", "C"),
    ("CH2", "Dwarf", "SSK", "S"),
    ("CH3", "Wizard", "CKK", "K"),
    ("CH4", "Knight", "SSC", "S"),
    ("CH5", "Bard", "CCK", "C"),
    ("CH6", "Ranger", "SKK", "K"),
]
# DG-REC-2: (id, name, icons, slot, heal, price)
MARKET = [
    ("M01", "Short Sword", "S", "hand", False, 1),
    ("M02", "Lute", "C", "hand", False, 1),
    ("M03", "Spellbook", "K", "hand", False, 1),
    ("M04", "War Hammer", "SS", "hand", False, 3),
    ("M05", "Golden Harp", "CC", "hand", False, 3),
    ("M06", "Grimoire", "KK", "hand", False, 3),
    ("M07", "Healing Potion", "", "hand", True, 2),
    ("M08", "Healing Potion", "", "hand", True, 2),
    ("M09", "Iron Helm", "S", "head", False, 2),
    ("M10", "Plumed Hat", "C", "head", False, 2),
    ("M11", "Sage's Cap", "K", "head", False, 2),
    ("M12", "Crown of Valor", "SC", "head", False, 4),
    ("M13", "Circlet of Wits", "CK", "head", False, 4),
    ("M14", "Chain Mail", "S", "torso", False, 2),
    ("M15", "Silk Doublet", "C", "torso", False, 2),
    ("M16", "Star Robe", "K", "torso", False, 2),
    ("M17", "Dragonhide Vest", "SK", "torso", False, 4),
    ("M18", "Healer's Robe", "", "torso", True, 2),
]
# DG-REC-3 monsters, tuned for balance (data/BALANCE.md): (id, name, req, gold, flee, theft)
DRAGHAN_MONSTERS = [
    ("D01", "Goblin", "S", 1, False, False),
    ("D02", "Goblin", "S", 1, False, False),
    ("D03", "Wild Boar", "SCK", 1, False, False),
    ("D04", "Peddler", "SCK", 1, False, False),
    ("D05", "Riddling Imp", "SCK", 1, False, False),
    ("D06", "Goblin Archer", "SSCK", 2, False, False),
    ("D07", "Toll Keeper", "SCCK", 2, False, False),
    ("D08", "Merchant", "CC", 2, False, False),
    ("D09", "Haughty Noble", "SCCK", 2, False, False),
    ("D10", "Orc Brute", "SSCK", 2, False, False),
    ("D11", "Bandit", "SSCK", 2, False, True),
    ("D12", "Highwayman", "SSCK", 2, False, True),
    ("D13", "Fox Spirit", "SCKK", 2, False, False),
    ("D14", "Young Sphinx", "SCKK", 2, False, False),
    ("D15", "Puzzle Golem", "SCKK", 2, False, False),
    ("D16", "Hedge Witch", "SCKK", 2, False, False),
    ("D17", "Tax Collector", "SCCK", 2, False, True),
    ("D18", "Troll", "SSCCK", None, True, False),
    ("D19", "Ogre Chief", "SSCCK", None, True, False),
    ("D20", "Guild Master", "SCCKK", None, True, False),
    ("D21", "Old Sorcerer", "SCKKK", None, True, False),
    ("D22", "Dragon Cultist", "SSCKK", None, True, False),
    ("D23", "Giant Bat", "SCK", None, True, False),
    ("D24", "Cave Spider", "SCK", None, True, False),
    ("D25", "Shade", "SCK", None, True, False),
    ("D26", "Lurker", "SCKK", None, True, False),
    ("D27", "Glamour Sprite", "SCCK", None, True, False),
    ("D28", "Ghoul", "SSCK", None, True, False),
    ("D29", "Harpy", "SSCK", None, True, False),
    ("D30", "Wraith", "SCKK", None, True, False),
    ("D31", "Gargoyle", "SSCK", None, True, False),
    ("D32", "Night Hag", "SCCK", None, True, True),
    ("D33", "Dark Envoy", "SCCK", None, True, False),
    ("D34", "Shadow Hound", "SSCK", None, True, False),
    ("D35", "Basilisk", "SSCCK", None, True, False),
    ("D36", "Lich Apprentice", "SCKKK", None, True, False),
    ("D37", "Hill Giant", "SSCK", None, True, False),
    ("D38", "Siren of the Mere", "SCCK", None, True, False),
    ("D39", "Barrow Wight", "SCKK", None, True, False),
    ("D40", "Wyvern", "SSCK", None, True, False),
    ("D41", "Grey Seer", "SCKK", None, True, False),
]
# DG-REC-3 equipment: (id, name, icons, slot, heal)
DRAGHAN_EQUIPMENT = [
    ("D42", "Scroll", "K", "hand", False),
    ("D43", "Ancient Tome", "KK", "hand", False),
    ("D44", "Healing Herbs", "", "hand", True),
    ("D45", "Healing Herbs", "", "hand", True),
    ("D46", "Leather Cap", "S", "head", False),
    ("D47", "Silver Tiara", "CC", "head", False),
    ("D48", "Monocle", "K", "head", False),
    ("D49", "Horned Helm", "SS", "head", False),
    ("D50", "Leather Jerkin", "S", "torso", False),
    ("D51", "Traveller's Cloak", "C", "torso", False),
    ("D52", "Alchemist's Apron", "K", "torso", False),
    ("D53", "Pilgrim's Tabard", "C", "torso", True),
]
# DG-REC-4, tuned for balance (data/BALANCE.md; S01 is the dragon card): six monsters of 6 icons under the digest's
# monster names, the digest's three equipment cards and three new ones.
SHADOW_MONSTERS = [
    ("S02", "Shadow Knight", "SSCCKK", None, False, False),
    ("S03", "Bone Giant", "SSSCCK", None, False, False),
    ("S04", "Dread Witch", "SCCKKK", None, False, False),
    ("S05", "Soul Thief", "SSCKKK", None, False, True),
    ("S06", "Void Serpent", "SSSCKK", None, False, False),
    ("S07", "Weeping Siren", "SCCCKK", None, False, False),
]
SHADOW_EQUIPMENT = [
    ("S08", "Moon Staff", "CK", "hand", False),
    ("S09", "Wyrmscale Vest", "SC", "torso", False),
    ("S10", "Starlit Circlet", "SK", "head", False),
    ("S11", "Dragonbane Blade", "SS", "hand", False),
    ("S12", "Elven Mantle", "CC", "torso", False),
    ("S13", "Sage's Crown", "KK", "head", False),
]
# DG-REC-5: (id, name, ability, assist icons)
LOCATIONS_DRAGHAN = [
    ("L01", "Market Town", "market", ""),
    ("L02", "River Market", "market", ""),
    ("L03", "Harvest Fair", "market", ""),
    ("L04", "Stone Circle", "portal", ""),
    ("L05", "Sunken Arch", "portal", ""),
    ("L06", "Mirror Lake", "portal", ""),
    ("L07", "Village Healer", "heal", ""),
    ("L08", "Sacred Spring", "heal", ""),
    ("L09", "Watchtower", "assist", "SS"),
    ("L10", "Elven Court", "assist", "CK"),
    ("L11", "Dark Forest", "threat", ""),
    ("L12", "Haunted Moor", "threat", ""),
    ("L13", "Thieves' Alley", "theft", ""),
]
# The Shadow locations, tuned for balance (data/BALANCE.md): six assists of S, C and K.
LOCATIONS_SHADOW = [
    ("V01", "Moonlit Shrine", "assist", "SCK"),
    ("V02", "Ruined Temple", "assist", "SCK"),
    ("V03", "Crystal Cave", "assist", "SCK"),
    ("V04", "Starfall Ring", "assist", "SCK"),
    ("V05", "Barrow of Kings", "assist", "SCK"),
    ("V06", "Hermit's Grotto", "assist", "SCK"),
]
# DG-REC-6, tuned for balance (data/BALANCE.md): the digest's dragons with one icon more each. (id, name, req)
DRAGONS = [
    ("G1", "Ash Wyrm", "SSSCCKK"),
    ("G2", "Frost Wyrm", "SCCCKKK"),
    ("G3", "Gloom Wyrm", "SSCCCKK"),
    ("G4", "Storm Wyrm", "SSCCKKK"),
]
MARKETS, PORTALS = {"L01", "L02", "L03"}, {"L04", "L05", "L06"}


def bundled() -> dict:
    return json.loads(BUNDLED_DECKS.read_text(encoding="utf-8"))


def write(tmp_path, data, name="decks.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def cards_of(deck: str) -> list[Card]:
    d = load_decks()
    return [d.card(c) for c in d.deck(deck)]


def totals(icon_strings) -> tuple[int, int, int]:
    """(S, C, K) summed over icon strings."""
    counts = [icon_counts(s) for s in icon_strings]
    return tuple(sum(c[i] for c in counts) for i in range(3))


# ---------------------------------------------------------------------------- the bundled decks

def test_DG_REC_1_character_cards_as_in_the_digest():
    """DG-REC-1: the six characters; 3 icons healthy, 1 wounded; 6 icons per skill; the Elf is SCC; every ordered
    pair of skills once; the wounded side keeps the main (doubled) skill."""
    cards = cards_of("characters")
    assert [(c.id, c.name, c.healthy, c.wounded) for c in cards] == CHARACTERS
    assert all(c.kind == "character" and c.deck == "characters" for c in cards)
    assert all(len(c.healthy) == 3 and len(c.wounded) == 1 for c in cards)
    assert totals(c.healthy for c in cards) == (6, 6, 6)
    assert load_decks().card("CH1").healthy == "SCC"
    pairs = {(max(set(c.healthy), key=c.healthy.count), min(set(c.healthy), key=c.healthy.count)) for c in cards}
    assert pairs == {(a, b) for a in "SCK" for b in "SCK" if a != b}
    assert all(c.healthy.count(c.wounded) == 2 for c in cards)


def test_DG_REC_2_market_cards_as_in_the_digest():
    """DG-REC-2: 18 cards; 7 S / 7 C / 7 K; prices add up to 42; 3 healing cards (2 potions, 1 robe) at 2;
    1-icon hand 1, 1-icon head/torso 2, 2-icon hand 3, 2-icon head/torso 4."""
    cards = cards_of("market")
    assert [(c.id, c.name, c.icons, c.slot, c.heal, c.price) for c in cards] == MARKET
    assert all(c.kind == "market" and c.is_equipment for c in cards)
    assert totals(c.icons for c in cards) == (7, 7, 7)
    assert sum(c.price for c in cards) == 42
    healing = [c for c in cards if c.heal]
    assert [c.id for c in healing] == ["M07", "M08", "M18"] and {c.price for c in healing} == {2}
    skill_items = [c for c in cards if not c.heal]
    assert len(skill_items) == 15
    for c in skill_items:
        assert c.price == {(1, True): 1, (1, False): 2, (2, True): 3, (2, False): 4}[len(c.icons), c.slot == "hand"]


def test_DG_REC_3_draghan_encounters_tuned_for_balance():
    """DG-REC-3: 53 cards, monsters and equipment; every Draghan monster has a gold value or the flee icon
    (DG-INT-32); the Goblin needs S and the Merchant CC (the Elf's example). Tuned for balance (data/BALANCE.md):
    41 monsters (17 with gold, 29 coins in all; 24 flee, the digest's 14, its five 3-gold monsters and five new
    ones in place of five one-icon equipment cards), every other monster needing 3 to 5 icons (S 54 / C 51 /
    K 52 in all), theft on D11 D12 D17 D32; 12 equipment cards (4 hand, 4 head, 4 torso; 4 S / 4 C / 5 K;
    healing D44 D45 D53)."""
    cards = cards_of("encounter_draghan")
    monsters = [c for c in cards if c.kind == "monster"]
    equipment = [c for c in cards if c.kind == "equipment"]
    assert len(cards) == 53 and len(monsters) == 41 and len(equipment) == 12
    assert [(c.id, c.name, c.req, c.gold, c.flee, c.theft) for c in monsters] == DRAGHAN_MONSTERS
    assert [(c.id, c.name, c.icons, c.slot, c.heal) for c in equipment] == DRAGHAN_EQUIPMENT
    gold = [c for c in monsters if c.gold is not None]
    flee = [c for c in monsters if c.flee]
    assert len(gold) == 17 and len(flee) == 24 and sum(c.gold for c in gold) == 29
    assert all((c.gold is None) == c.flee for c in monsters)
    assert Counter((len(c.req), c.gold) for c in gold) == {(1, 1): 2, (3, 1): 3, (2, 2): 1, (4, 2): 11}
    assert Counter(len(c.req) for c in flee) == {3: 3, 4: 14, 5: 7}
    assert all(3 <= len(c.req) <= 5 for c in monsters if c.id not in ("D01", "D02", "D08"))
    assert totals(c.req for c in monsters) == (54, 51, 52)
    assert [c.id for c in monsters if c.theft] == ["D11", "D12", "D17", "D32"]
    assert Counter(c.slot for c in equipment) == {"hand": 4, "head": 4, "torso": 4}
    assert totals(c.icons for c in equipment) == (4, 4, 5)
    assert [c.id for c in equipment if c.heal] == ["D44", "D45", "D53"]
    d = load_decks()
    assert (d.card("D01").name, d.card("D01").req) == ("Goblin", "S")  # the Elf's example: 1 strength
    assert (d.card("D08").name, d.card("D08").req) == ("Merchant", "CC")  # and 2 charm


def test_DG_REC_4_shadow_encounters_tuned_for_balance():
    """DG-REC-4: 13 cards = 1 dragon card + 12, no gold and no flee on a Shadow monster, some equipment, one theft
    monster (S05). The data was tuned for balance (see data/BALANCE.md): instead of the digest's 9 monsters of 3-4
    icons and 3 equipment cards, 6 monsters of 6 icons (required S 12 / C 11 / K 13 in all) and 6 equipment cards
    of 2 icons (S 4 / C 4 / K 4), two per body slot."""
    cards = cards_of("encounter_shadow")
    assert len(cards) == 13
    dragon = [c for c in cards if c.kind == "dragon_card"]
    assert [(c.id, c.name, c.req, c.icons) for c in dragon] == [("S01", "Dragon", "", "")]
    monsters = [c for c in cards if c.kind == "monster"]
    equipment = [c for c in cards if c.kind == "equipment"]
    assert len(monsters) + len(equipment) == 12
    assert [(c.id, c.name, c.req, c.gold, c.flee, c.theft) for c in monsters] == SHADOW_MONSTERS
    assert [(c.id, c.name, c.icons, c.slot, c.heal) for c in equipment] == SHADOW_EQUIPMENT
    assert all(c.gold is None and not c.flee for c in monsters)
    assert Counter(len(c.req) for c in monsters) == {6: 6}
    assert totals(c.req for c in monsters) == (12, 11, 13)
    assert [c.id for c in monsters if c.theft] == ["S05"]
    assert Counter(c.slot for c in equipment) == {"hand": 2, "head": 2, "torso": 2}
    assert totals(c.icons for c in equipment) == (4, 4, 4) and not any(c.heal for c in equipment)
    assert {c.icons for c in equipment} == {"SS", "CC", "KK", "CK", "SC", "SK"}


def test_DG_REC_5_location_cards_draghan_as_in_the_digest_shadow_tuned():
    """DG-REC-5: Draghan 3 markets, 3 portals, 2 heal, 2 assist (SS, CK), 2 threat, 1 theft, as in the digest;
    every ability occurs; only assist locations have icons. Tuned for balance (data/BALANCE.md): the six Shadow
    locations are assists of S, C and K (DG-INT-28 allows them there)."""
    draghan, shadow = cards_of("location_draghan"), cards_of("location_shadow")
    assert [(c.id, c.name, c.ability, c.icons) for c in draghan] == LOCATIONS_DRAGHAN
    assert [(c.id, c.name, c.ability, c.icons) for c in shadow] == LOCATIONS_SHADOW
    assert Counter(c.ability for c in draghan) == {"market": 3, "portal": 3, "heal": 2, "assist": 2, "threat": 2,
                                                   "theft": 1}
    assert Counter(c.ability for c in shadow) == {"assist": 6}
    assert all(c.kind == "location" and (c.icons != "") == (c.ability == "assist") for c in draghan + shadow)


def test_DG_REC_6_large_dragons_tuned_for_balance():
    """DG-REC-6: 4 large dragon cards, all different; no gold. Tuned for balance (data/BALANCE.md): 7 icons each,
    the digest's with one icon more."""
    cards = cards_of("dragons")
    assert [(c.id, c.name, c.req) for c in cards] == DRAGONS
    assert all(c.kind == "dragon" and len(c.req) == 7 and c.gold is None for c in cards)
    assert len({icon_counts(c.req) for c in cards}) == 4


def test_section_2_1_and_2_3_derived_counts():
    """Section 2.1 sizes; section 2.3: 6 + 18 + 53 + 13 + 13 + 6 + 1 map card = 110 ordinary cards, the 4 large
    dragons on top; 12 Shadow encounters besides the dragon card; 13 - 3 - 3 = 7 other Draghan locations split
    2/2/3 into piles of 4/4/5; 18 market cards = 6 characters + 3 markets x 4; 28 coins; limits 1/1/2."""
    d = load_decks()
    sizes = {name: len(d.deck(name)) for name in DECK_NAMES}
    assert sizes == DECK_SIZES == {"characters": 6, "market": 18, "encounter_draghan": 53, "encounter_shadow": 13,
                                   "location_draghan": 13, "location_shadow": 6, "dragons": 4}
    assert TOTAL_CARDS == 110 == sum(sizes.values()) - sizes["dragons"] + 1
    assert len(d.cards) == 109 + 4
    assert sum(d.card(c).kind != "dragon_card" for c in d.encounter_shadow) == 12
    others = [c for c in d.location_draghan if d.card(c).ability not in ("market", "portal")]
    assert len(others) == 7 and OTHER_SPLIT == (2, 2, 3) and LOCATION_PILES == (4, 4, 5) and sum(LOCATION_PILES) == 13
    assert sizes["market"] == sizes["characters"] + 3 * 4
    assert d.coins == COINS == 28 and d.limits == LIMITS == {"head": 1, "torso": 1, "hand": 2}
    assert d.reconstruction is True and "DG-REC" in d.note and d.source == str(BUNDLED_DECKS)


def test_DG_INT_8_market_cards_and_encounter_equipment_are_one_class():
    """DG-INT-8: market cards (kind "market") and encounter equipment are both equipment; nothing else is; every
    equipment card has skill icons or the healing icon and one body slot in the bundled data."""
    d = load_decks()
    equipment = [c for c in d.cards.values() if c.is_equipment]
    assert Counter(c.kind for c in equipment) == {"market": 18, "equipment": 18}  # 12 Draghan + 6 Shadow (tuned)
    assert all((c.icons or c.heal) and c.slot in LIMITS for c in equipment)
    assert not any(c.is_equipment for c in d.cards.values() if c.kind not in ("market", "equipment"))
    assert [c.id for c in d.cards.values() if c.is_monster] == [c[0] for c in DRAGHAN_MONSTERS + SHADOW_MONSTERS]


def test_card_fields_default_when_unused_and_cards_are_frozen():
    """Unused fields keep ""/None/False; cards and decks are frozen and a deepcopy shares the decks."""
    d = load_decks()
    troll = d.card("D18")
    assert (troll.healthy, troll.icons, troll.slot, troll.heal, troll.price, troll.ability) == ("", "", None, False,
                                                                                                 None, None)
    assert (d.card("L07").icons, d.card("L07").ability, d.card("CH1").gold) == ("", "heal", None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        troll.gold = 5
    assert hash(troll) == hash(dataclasses.replace(troll))
    assert copy.deepcopy(d) is d and load_decks() is d and load_decks(BUNDLED_DECKS) is d
    with pytest.raises(KeyError, match="D99"):
        d.card("D99")
    with pytest.raises(KeyError, match="jokers"):
        d.deck("jokers")
    assert isinstance(d, Decks) and d.deck("market") == d.market and isinstance(d.market, tuple)


def test_icon_counts():
    """Section 3 conventions: "SSK" is 2 strength + 1 knowledge, in (S, C, K) order."""
    assert icon_counts("SSK") == (2, 0, 1)
    assert icon_counts("KCSKC") == (1, 2, 2)
    assert icon_counts("") == (0, 0, 0)
    for bad in ("ssk", "SX", "S K"):
        with pytest.raises(ValueError, match="S, C and K"):
            icon_counts(bad)


# ---------------------------------------------------------------------------- validation

def _top(key, value):
    """Set the top-level ``key`` to ``value``; ``...`` deletes it."""
    def edit(data):
        if value is ...:
            del data[key]
        else:
            data[key] = value
    return edit


def _limits(**changes):
    def edit(data):
        for k, v in changes.items():
            if v is ...:
                del data["limits"][k]
            else:
                data["limits"][k] = v
    return edit


def _card(deck, index, **changes):
    """Change fields of one card; ``...`` deletes a field."""
    def edit(data):
        card = data["decks"][deck][index]
        for k, v in changes.items():
            if v is ...:
                del card[k]
            else:
                card[k] = v
    return edit


def _replace(deck, index, card):
    def edit(data):
        data["decks"][deck][index] = card
    return edit


def _deck(deck, fn):
    def edit(data):
        fn(data["decks"], deck)
    return edit


def _pop(decks, deck):
    decks[deck].pop()


def _append_copy(decks, deck):
    extra = dict(decks[deck][0])
    extra["id"] = "X99"
    decks[deck].append(extra)


def _all_monsters(**changes):
    """Give every Draghan monster of one kind (gold or flee, by ``changes``) the other kind."""
    def edit(data):
        for card in data["decks"]["encounter_draghan"]:
            if card["type"] == "monster":
                card.update(changes)
    return edit


SHADOW_MONSTER = {"id": "S01", "type": "monster", "name": "Imp", "req": "S", "gold": None, "flee": False,
                  "theft": False}

BAD_FILES = [
    # (rule, field named in the message, edit)
    ("format", "format", _top("format", "dragonwidgets/draghan-decks/2")),
    ("format", "format", _top("format", ...)),
    ("header", "extra", _top("extra", 1)),
    ("header", "source", _top("source", 3)),
    ("header", "reconstruction", _top("reconstruction", "yes")),
    ("component list", "coins", _top("coins", 30)),
    ("component list", "coins", _top("coins", "28")),
    ("component list", "coins", _top("coins", ...)),
    ("DG-EQUIP-1", "limits", _top("limits", [1, 1, 2])),
    ("DG-EQUIP-1", "limits.hand", _limits(hand=3)),
    ("DG-EQUIP-1", "limits.torso", _limits(torso=...)),
    ("DG-EQUIP-1", "limits.feet", _limits(feet=2)),
    ("section 2.1", "decks", _top("decks", [])),
    ("section 2.1", "decks.dragons", _deck("dragons", lambda decks, name: decks.pop(name))),
    ("section 2.1", "decks.jokers", _deck("jokers", lambda decks, name: decks.__setitem__(name, []))),
    ("section 2.1", "decks.market", _deck("market", lambda decks, name: decks.__setitem__(name, {}))),
    ("section 2.1", "decks.characters", _deck("characters", _pop)),
    ("section 2.1", "decks.market", _deck("market", _append_copy)),
    ("section 2.1", "decks.encounter_draghan", _deck("encounter_draghan", _pop)),
    ("section 2.1", "decks.encounter_shadow", _deck("encounter_shadow", _pop)),
    ("section 2.1", "decks.location_draghan", _deck("location_draghan", _pop)),
    ("section 2.1", "decks.location_shadow", _deck("location_shadow", _append_copy)),
    ("section 2.1", "decks.dragons", _deck("dragons", _pop)),
    ("section 2.1", "decks.market[0]", _replace("market", 0, "M01")),
    ("ids", "decks.market[1].id", _card("market", 1, id="M01")),
    ("ids", "decks.encounter_shadow[12].id", _card("encounter_shadow", 12, id="D01")),
    ("ids", "decks.dragons[0].id", _card("dragons", 0, id="CH1")),
    ("ids", "decks.characters[0].id", _card("characters", 0, id="CH 1")),
    ("ids", "decks.characters[0].id", _card("characters", 0, id="")),
    ("ids", "decks.characters[0].id", _card("characters", 0, id=1)),
    ("ids", "decks.characters[0].id", _card("characters", 0, id=...)),
    ("names", "decks.market[0].name", _card("market", 0, name=" ")),
    ("names", "decks.dragons[0].name", _card("dragons", 0, name=...)),
    ("icons", "decks.characters[0].healthy", _card("characters", 0, healthy="SCX")),
    ("icons", "decks.market[0].icons", _card("market", 0, icons="s")),
    ("icons", "decks.encounter_draghan[0].req", _card("encounter_draghan", 0, req=["S"])),
    ("icons", "decks.location_draghan[8].icons", _card("location_draghan", 8, icons="SSx")),
    ("icons", "decks.dragons[0].req", _card("dragons", 0, req="SSS CKK")),
    ("DG-REC-1", "decks.characters[0].healthy", _card("characters", 0, healthy="SC")),
    ("DG-REC-1", "decks.characters[0].healthy", _card("characters", 0, healthy="SCCK")),
    ("DG-REC-1", "decks.characters[0].wounded", _card("characters", 0, wounded="")),
    ("DG-REC-1", "decks.characters[0].wounded", _card("characters", 0, wounded="CC")),
    ("DG-REC-1", "decks.characters[0].wounded", _card("characters", 0, wounded=...)),
    ("DG-REC-1", "decks.characters[0].gold", _card("characters", 0, gold=1)),
    ("DG-REC-2", "decks.market[0].price", _card("market", 0, price=-1)),
    ("DG-REC-2", "decks.market[0].price", _card("market", 0, price=1.5)),
    ("DG-REC-2", "decks.market[0].price", _card("market", 0, price=...)),
    ("DG-REC-2", "decks.market[0].slot", _card("market", 0, slot=None)),
    ("DG-REC-2", "decks.market[0].slot", _card("market", 0, slot="feet")),
    ("DG-REC-2", "decks.market[0].slot", _card("market", 0, slot=...)),
    ("DG-INT-8", "decks.market[0].icons", _card("market", 0, icons="")),
    ("DG-INT-8", "decks.market[6].heal", _card("market", 6, heal="yes")),
    ("DG-INT-8", "decks.market[6].icons", _card("market", 6, heal=False)),
    ("DG-INT-8", "decks.encounter_draghan[41].slot", _card("encounter_draghan", 41, slot="belt")),
    ("DG-INT-8", "decks.encounter_draghan[41].icons", _card("encounter_draghan", 41, icons="")),
    ("DG-INT-8", "decks.encounter_draghan[41].price", _card("encounter_draghan", 41, price=2)),
    ("DG-INT-8", "decks.encounter_shadow[10].heal", _card("encounter_shadow", 10, heal=...)),
    ("DG-EXPLORE-3", "decks.encounter_draghan[0].type", _card("encounter_draghan", 0, type="trap")),
    ("DG-EXPLORE-3", "decks.encounter_draghan[0].type", _card("encounter_draghan", 0, type=...)),
    ("DG-EXPLORE-3", "decks.encounter_draghan[0].type", _card("encounter_draghan", 0, type="dragon")),
    ("DG-REC-4", "decks.encounter_draghan[0].type",
     _replace("encounter_draghan", 0, {"id": "D01", "type": "dragon_card", "name": "Dragon"})),
    ("DG-REC-3", "decks.encounter_draghan[0].req", _card("encounter_draghan", 0, req="")),
    ("DG-REC-3", "decks.encounter_draghan[0].gold", _card("encounter_draghan", 0, gold=0)),
    ("DG-REC-3", "decks.encounter_draghan[0].gold", _card("encounter_draghan", 0, gold="1")),
    ("DG-REC-3", "decks.encounter_draghan[0].gold", _card("encounter_draghan", 0, gold=...)),
    ("DG-REC-3", "decks.encounter_draghan[0].flee", _card("encounter_draghan", 0, flee=...)),
    ("DG-REC-3", "decks.encounter_draghan[0].theft", _card("encounter_draghan", 0, theft=1)),
    ("DG-REC-3", "decks.encounter_draghan[0].icons", _card("encounter_draghan", 0, icons="S")),
    ("DG-INT-32", "decks.encounter_draghan[0].flee", _card("encounter_draghan", 0, flee=True)),
    ("DG-INT-32", "decks.encounter_draghan[22].gold", _card("encounter_draghan", 22, flee=False)),
    ("DG-INT-32", "decks.encounter_draghan", _all_monsters(gold=1, flee=False)),
    ("DG-INT-32", "decks.encounter_draghan", _all_monsters(gold=None, flee=True)),
    ("DG-INT-32", "decks.encounter_shadow[1].gold", _card("encounter_shadow", 1, gold=2)),
    ("DG-INT-32", "decks.encounter_shadow[1].flee", _card("encounter_shadow", 1, flee=True)),
    ("DG-REC-4", "decks.encounter_shadow", _replace("encounter_shadow", 0, SHADOW_MONSTER)),
    ("DG-REC-4", "decks.encounter_shadow",
     _replace("encounter_shadow", 12, {"id": "S13", "type": "dragon_card", "name": "Second dragon"})),
    ("DG-REC-4", "decks.encounter_shadow[0].req", _card("encounter_shadow", 0, req="SSS")),
    ("DG-SETUP-2", "decks.location_draghan", _card("location_draghan", 12, ability="market")),
    ("DG-SETUP-2", "decks.location_draghan", _card("location_draghan", 5, ability="threat")),
    ("DG-INT-28", "decks.location_draghan[12].ability", _card("location_draghan", 12, ability="teleport")),
    ("DG-INT-28", "decks.location_draghan[12].ability", _card("location_draghan", 12, ability=...)),
    ("DG-INT-28", "decks.location_shadow[0].ability", _card("location_shadow", 0, ability="market", icons=...)),
    ("DG-INT-28", "decks.location_shadow[5].ability", _card("location_shadow", 5, ability="portal", icons=...)),
    ("DG-REC-5", "decks.location_draghan[8].icons", _card("location_draghan", 8, icons=...)),
    ("DG-REC-5", "decks.location_shadow[1].icons", _card("location_shadow", 1, icons="")),
    ("DG-REC-5", "decks.location_draghan[6].icons", _card("location_draghan", 6, icons="S")),
    ("DG-REC-5", "decks.location_draghan[6].type", _card("location_draghan", 6, type="location")),
    ("DG-REC-6", "decks.dragons[0].req", _card("dragons", 0, req="")),
    ("DG-REC-6", "decks.dragons[1].req", _card("dragons", 1, req="KKCCSSS")),
    ("DG-REC-6", "decks.dragons[0].gold", _card("dragons", 0, gold=5)),
]


@pytest.mark.parametrize("rule, field, edit", BAD_FILES, ids=[f"{r}:{f}" for r, f, _ in BAD_FILES])
def test_DG_REC_bad_decks_file_raises_GameDataError_naming_file_and_field(tmp_path, rule, field, edit):
    """DG-REC-1..6, DG-INT-8/28/32, section 2.1 (the rule in the id): every failed check names the file and field."""
    data = bundled()
    edit(data)
    assert json.dumps(data) != json.dumps(bundled())
    path = write(tmp_path, data)
    with pytest.raises(GameDataError) as err:
        load_decks(path)
    message = str(err.value)
    assert str(path) in message
    assert f"field {field!r}" in message, message


@pytest.mark.parametrize("text, expected", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "field '<root>'"),
    ('{"format": "dragonwidgets/draghan-decks/1", "format": "x"}', "field 'format': key given twice"),
])
def test_DG_REC_unreadable_decks_files(tmp_path, text, expected):
    """Section 5: a file that is not a JSON object (or repeats a key) is refused with the file's name."""
    path = write(tmp_path, text)
    with pytest.raises(GameDataError, match="decks.json") as err:
        load_decks(path)
    assert expected in str(err.value)


def test_DG_REC_missing_decks_file(tmp_path):
    """Section 5: a missing file is a GameDataError naming it (not a bare OSError)."""
    with pytest.raises(GameDataError, match="nowhere.json"):
        load_decks(tmp_path / "nowhere.json")


def test_DG_REC_an_owners_edited_file_loads_and_reloads_when_changed(tmp_path):
    """Section 5: an owner's file with other names, prices, requirements and a slot-less encounter card
    (DG-INT-8: the schema allows null) loads; editing it again reloads it."""
    data = bundled()
    data["decks"]["market"][0].update(name="Long Sword", price=0)
    data["decks"]["encounter_draghan"][41]["slot"] = None
    data["decks"]["dragons"][0]["req"] = "SSSSCK"
    path = write(tmp_path, data)
    d = load_decks(path)
    assert (d.card("M01").name, d.card("M01").price, d.card("D42").slot, d.card("G1").req) == ("Long Sword", 0, None,
                                                                                                "SSSSCK")
    assert d is not load_decks() and d.source == str(path)
    data["decks"]["characters"][0]["healthy"] = "SSC"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")  # another size: the cache sees the change
    assert load_decks(path).card("CH1").healthy == "SSC"


def test_DG_REC_bundled_file_is_unchanged_by_the_tests():
    """The edits above work on copies: the bundled file still has its header."""
    data = bundled()
    assert data["format"] == "dragonwidgets/draghan-decks/1" and data["reconstruction"] is True
    assert data["coins"] == 28 and data["limits"] == {"head": 1, "torso": 1, "hand": 2}
    assert list(data["decks"]) == list(DECK_NAMES)


# ---------------------------------------------------------------------------- shuffles and the location deck

class RecordingRng:
    """A fake generator: records every list it is asked to shuffle; shuffles with ``inner`` only the lists whose
    length is in ``shuffle_sizes`` (by default none: the identity shuffle)."""

    def __init__(self, inner: random.Random | None = None, shuffle_sizes=()):
        self.calls: list[list[str]] = []
        self.inner, self.shuffle_sizes = inner, set(shuffle_sizes)

    def shuffle(self, items: list) -> None:
        self.calls.append(list(items))
        if self.inner is not None and len(items) in self.shuffle_sizes:
            self.inner.shuffle(items)


def reference_location_deck(decks: Decks, rng) -> list[str]:
    """DG-SETUP-2..4 as the digest words them: the shuffled 7 others split 2/2/3, a market and a portal into each
    pile (both shuffled first), each pile shuffled, the 5-card pile at the bottom."""
    ab = {c: decks.card(c).ability for c in decks.location_draghan}
    others = [c for c in decks.location_draghan if ab[c] not in ("market", "portal")]
    markets = [c for c in decks.location_draghan if ab[c] == "market"]
    portals = [c for c in decks.location_draghan if ab[c] == "portal"]
    for group in (others, markets, portals):
        rng.shuffle(group)
    piles = [others[:2] + [markets[0], portals[0]], others[2:4] + [markets[1], portals[1]],
             others[4:] + [markets[2], portals[2]]]
    for pile in piles:
        rng.shuffle(pile)
    return piles[0] + piles[1] + piles[2]


def test_DG_SETUP_2_to_4_example_A1_with_no_shuffle():
    """A1 (section 8.2), DG-SETUP-2..4: others in the order L07..L13, markets L01..L03, portals L04..L06 (identity
    shuffles): [L07, L08] + L01 + L04, [L09, L10] + L02 + L05, [L11, L12, L13] + L03 + L06, the 5-card pile last."""
    rng = RecordingRng()
    deck = build_location_deck(load_decks(), rng)
    assert deck == ["L07", "L08", "L01", "L04", "L09", "L10", "L02", "L05", "L11", "L12", "L13", "L03", "L06"]
    assert rng.calls == [
        ["L07", "L08", "L09", "L10", "L11", "L12", "L13"],  # DG-SETUP-2: the others, which decides the split
        ["L01", "L02", "L03"], ["L04", "L05", "L06"],  # DG-SETUP-3: which market / portal joins which pile
        ["L07", "L08", "L01", "L04"], ["L09", "L10", "L02", "L05"], ["L11", "L12", "L13", "L03", "L06"],  # each pile
    ]


@pytest.mark.parametrize("seed", range(40))
def test_DG_SETUP_2_to_4_example_A1_each_pile_shuffled(seed):
    """A1: with the others in the order L07..L13 (and markets, portals in id order) but each pile really shuffled,
    the deck has 13 cards, positions 9-13 hold exactly {L11, L12, L13, L03, L06}, positions 1-4 and 5-8 each hold
    one market and one portal, and the third portal comes no earlier than round 9."""
    deck = build_location_deck(load_decks(), RecordingRng(random.Random(seed), shuffle_sizes={4, 5}))
    assert len(deck) == 13
    assert set(deck[8:]) == {"L11", "L12", "L13", "L03", "L06"}
    assert set(deck[:4]) == {"L07", "L08", "L01", "L04"} and set(deck[4:8]) == {"L09", "L10", "L02", "L05"}
    assert [i for i, c in enumerate(deck) if c in PORTALS][2] >= 8


def test_DG_SETUP_2_to_4_block_invariants_over_many_seeds():
    """DG-SETUP-2..4, section 2.3: for every seed the deck is the 13 Draghan locations; positions 1-4, 5-8, 9-13 each
    hold one market, one portal and 2 / 2 / 3 others; so the first portal is in rounds 1-4, the second in 5-8,
    the third never before round 9. And the draws do vary: every market, portal and other location reaches
    every block, and every position of a block."""
    d = load_decks()
    blocks = location_blocks()
    where: dict[str, set[int]] = {c: set() for c in d.location_draghan}
    positions: dict[str, set[int]] = {c: set() for c in d.location_draghan}
    for seed in range(600):
        deck = build_location_deck(d, random.Random(seed))
        assert sorted(deck) == sorted(d.location_draghan)
        for b, r in enumerate(blocks):
            block = deck[r.start:r.stop]
            assert len(set(block) & MARKETS) == 1 and len(set(block) & PORTALS) == 1
            assert len(block) - 2 == OTHER_SPLIT[b]
            for c in block:
                where[c].add(b)
        portal_rounds = [i + 1 for i, c in enumerate(deck) if c in PORTALS]
        assert portal_rounds[0] <= 4 and 5 <= portal_rounds[1] <= 8 and portal_rounds[2] >= 9
        for i, c in enumerate(deck):
            positions[c].add(i)
    assert all(blocks_seen == {0, 1, 2} for blocks_seen in where.values())
    assert all(p == set(range(13)) for p in positions.values())


def test_DG_SETUP_4_first_card_distribution():
    """DG-SETUP-3/4: each pile is shuffled uniformly, so the top card is a portal (or a market) a quarter of the time
    and one of the 7 others half of the time."""
    d = load_decks()
    n = 4000
    tops = Counter(d.card(build_location_deck(d, random.Random(seed))[0]).ability for seed in range(n))
    assert abs(tops["portal"] / n - 0.25) < 0.03 and abs(tops["market"] / n - 0.25) < 0.03


@pytest.mark.parametrize("seed", [0, 1, 7, 2024])
def test_DG_SETUP_2_to_4_same_draws_as_the_reference_and_only_the_rng_passed_in(seed):
    """DG-SETUP-2..4: the same deck and the same generator state afterwards as the reference wording; the global
    random module is not touched, and different seeds differ."""
    random.seed(11)
    before = random.random()
    random.seed(11)
    ours, theirs = random.Random(seed), random.Random(seed)
    deck = build_location_deck(load_decks(), ours)
    assert random.random() == before
    assert deck == reference_location_deck(load_decks(), theirs)
    assert ours.getstate() == theirs.getstate()
    assert deck == build_location_deck(load_decks(), random.Random(seed))
    assert deck != build_location_deck(load_decks(), random.Random(seed + 1000))


def test_DG_SETUP_2_an_owners_file_order_is_only_the_start_of_the_shuffle(tmp_path):
    """DG-SETUP-2: with the Draghan locations listed in another order the deck still has the block structure."""
    data = bundled()
    data["decks"]["location_draghan"].reverse()
    d = load_decks(write(tmp_path, data))
    deck = build_location_deck(d, RecordingRng())
    assert deck == ["L13", "L12", "L03", "L06", "L11", "L10", "L02", "L05", "L09", "L08", "L07", "L01", "L04"]


def test_location_blocks_positions_1_4_5_8_9_13():
    """Section 7, section 2.3: the three blocks are positions 1-4, 5-8 and 9-13 (indices 0-3, 4-7, 8-12)."""
    assert [list(r) for r in location_blocks()] == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11, 12]]


def test_DG_SETUP_1_shuffled_copies_and_shuffles_with_the_given_rng():
    """DG-SETUP-1: each deck is shuffled separately; ``shuffled`` returns a new list, leaves the deck's tuple alone
    and draws exactly one ``rng.shuffle``."""
    d = load_decks()
    a, b = random.Random(5), random.Random(5)
    out = shuffled(d.encounter_draghan, a)
    expected = list(d.encounter_draghan)
    b.shuffle(expected)
    assert out == expected and a.getstate() == b.getstate()
    assert sorted(out) == sorted(d.encounter_draghan) and out != list(d.encounter_draghan)
    assert d.encounter_draghan == tuple(c[0] for c in DRAGHAN_MONSTERS + DRAGHAN_EQUIPMENT)
    source = ["a", "b", "c"]
    rng = RecordingRng()
    result = shuffled(source, rng)
    assert rng.calls == [["a", "b", "c"]] and result == source and result is not source


def test_shuffle_asks_the_generator_to_shuffle():
    """Every shuffle is the generator's own (a recording test generator sees the call)."""
    calls = []

    class Recording(random.Random):
        def shuffle(self, x):
            calls.append(list(x))

    deck = ["A", "B", "C"]
    shuffle(deck, Recording(1))
    assert calls == [["A", "B", "C"]] and deck == ["A", "B", "C"]
