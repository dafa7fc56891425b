"""Draghan as numbers, for learning agents: the fixed action space, the chance space and the observation
tensor.

Card orders: every list below follows the decks file, deck by deck (characters, market, Draghan
encounters, Shadow encounters, Draghan locations, Shadow locations, large dragons), each in file order
(:func:`all_cards`). ``CH`` is the characters, ``E`` the equipment cards (market cards, then encounter
equipment, DG-INT-8), ``H`` the equipment with the healing icon (DG-HEAL), ``Mo`` the monsters (the
dragon card not among them), ``G`` the monsters paying gold (DG-RESULT-2), ``Mk`` the market cards, ``P``
the seats.

**Action space** (:func:`action_space`), one index per id, in this order; it depends on the decks file
and the player count only, and the order is part of the Draghan contract (a change bumps
``DraghanGame.version``):

1. ``choose {c}`` for each of ``CH`` (DG-SETUP-6); 2. ``heal {card}`` for each of ``H`` (DG-HEAL-1/3);
3. ``pass`` (not healing, DG-HEAL-2, or buying no more, DG-MARKET-2: one id); 4. ``travel``, ``stay``
(DG-PORTAL); 5. ``face {m}`` for each of ``Mo``, ``face dragon``, ``face none`` (DG-FIGHT-1, DG-INT-9);
6. ``use {card}`` for each of ``E`` with a skill icon (DG-FIGHT-3); 7. ``done``; 8. ``assist {m}`` for each of ``Mo``,
``assist dragon``, ``assist none`` (DG-LOC-3); 9. ``extra {m} {seats}`` (DG-INT-4), see below;
10. ``replace {c}`` for each of ``CH`` (DG-WOUND-4); 11. ``buy {card}`` for each of ``Mk`` (DG-MARKET-1);
12. ``give {card} {seat}`` for each of ``E``, then each seat (card-major, DG-SHARE-1); 13. ``skip``;
14. ``discard {card}`` for each of ``E`` (DG-EQUIP-2).

The one free value of an action id is the set of seats in ``extra {m} {seats}`` (the odd coins of a
monster's gold, one to each of those seats, written ``0+2``). It is bounded by the rules: the odd coins
are the gold modulo the number of characters that fought the monster, so there are at most
``min(gold, P - 1)`` of them, each to a different seat, in increasing seat order (DG-INT-4). The space
lists, for each monster of ``G`` and each size ``k`` from 1 to ``min(gold, P - 1)``, the ``k``-seat
sets in the order of ``itertools.combinations(range(P), k)``. A position written by hand whose
``gold_queue`` asks for more odd coins than that holds an action outside the space
(``legal_action_mask`` raises ``ValueError``).

The ids are the game's own action ids, so ``action_id(action_index(a)) == a``. Bundled decks (6
characters, 36 equipment cards of which 6 heal and 31 have skill icons, 47 monsters, 17 paying gold: 5 pay
1, 12 pay 2; 18 market cards): 6 + 6 + 3 + 49 + 31 + 1 + 49 + (34 / 87 / 140) + 6 + 18 + 36 * P + 1 + 36 =
**312 / 401 / 490** actions at 2 / 3 / 4 seats.

**Chance outcomes** (:func:`chance_space`): ``deal`` (DG-SETUP-6 with ``character_choice="random"``),
``lose {card}`` for each of ``E`` (the card a theft takes, DG-LOC-5), ``dragon {g}`` for each large
dragon (DG-DRAGON-1), ``replace {c}`` for each of ``CH`` (``replacement_character="random"``, DG-INT-13),
then with manual draws ``location {l}`` for each location (Draghan then Shadow), ``encounter {e}`` for
each encounter card (Draghan then Shadow, the dragon card included), ``market {card}`` and
``join {card}`` for each of ``Mk`` (DG-LOC-6, DG-SETUP-7). Bundled decks: 1 + 36 + 4 + 6 + 19 + 66 + 18 +
18 = **168** at every seat count.

**Observation tensor** (:func:`observation_layout` lists each field with its offset): a flat float32 vector
built from ``observation(seat)`` alone (:class:`ObservationEncoder`). Draghan is open: every seat sees the
same table (its ``viewer`` aside); what no seat sees is the order of the face-down decks and the large
dragons not drawn (digest section 7), and neither is in the observation. Counts are raw numbers; a zone
of cards is a multi-hot row (1 for each card in it): the order the cards came in is not kept. Left out,
because other fields give them: each table entry's ``req`` and ``dragon`` (the card and the large dragon
drawn give them) and ``facing`` (the ``targets`` give it). Its length with the bundled decks: **789 /
925 / 1,061** at 2 / 3 / 4 seats (``observation_layout(decks, players).describe()`` prints each field).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np

from dragonwidgets.engine.tensors import Field, SparseWriter, TensorLayout, index_table, look_up

from . import state as phase
from .cards import DECK_NAMES, SKILLS, Decks, icon_counts

#: The decisions and chance nodes (``phase``), in the order of the ``decision`` one-hot (all 0 once over).
DECISIONS = (phase.CHOOSE_CHARACTER, phase.HEAL_1, phase.REVEAL_LOCATION, phase.THEFT, phase.PORTAL,
             phase.REVEAL_ENCOUNTER, phase.DRAW_DRAGON, phase.DECLARE_TARGET, phase.DECLARE_EQUIPMENT, phase.ASSIST,
             phase.GOLD, phase.REPLACE, phase.DRAW_MARKET, phase.JOIN_CARD, phase.BUY, phase.SHARE, phase.HEAL_2,
             phase.CHECK)
REALMS = (phase.DRAGHAN, phase.SHADOW)
RESULTS = ("running", "won", "lost")
#: The face-down decks of ``deck_sizes``, in the order of that field (the state's decks).
DECKS = ("location_draghan", "location_shadow", "encounter_draghan", "encounter_shadow", "market", "dragons",
         "characters")


def all_cards(decks: Decks) -> tuple[str, ...]:
    """Return every card id of ``decks``, deck by deck in the file's deck order, each in file order."""
    return tuple(c for name in DECK_NAMES for c in getattr(decks, name))


def equipment(decks: Decks) -> tuple[str, ...]:
    """Return the equipment cards (market cards, then encounter equipment: one class, DG-INT-8)."""
    return tuple(c for c in all_cards(decks) if decks.cards[c].is_equipment)


def monsters(decks: Decks) -> tuple[str, ...]:
    """Return the monster cards (Draghan, then Shadow; the dragon card is not a monster)."""
    return tuple(c for c in all_cards(decks) if decks.cards[c].is_monster)


def dragon_card(decks: Decks) -> str:
    """Return the id of the dragon card hidden in the Shadow encounter deck (DG-DRAGON-1)."""
    return next(c for c in all_cards(decks) if decks.cards[c].kind == "dragon_card")


def table_cards(decks: Decks) -> tuple[str, ...]:
    """Return what can stand on the table: the monsters, then the dragon card (DG-INT-18)."""
    return (*monsters(decks), dragon_card(decks))


def odd_coin_seats(gold: int, players: int) -> list[str]:
    """Return the seat sets odd coins of ``gold`` can go to (see the module docstring), as id words.

    >>> odd_coin_seats(2, 3)
    ['0', '1', '2', '0+1', '0+2', '1+2']
    """
    return ["+".join(map(str, who)) for k in range(1, min(gold, players - 1) + 1)
            for who in combinations(range(players), k)]


def action_space(decks: Decks, players: int) -> list[str]:
    """Return every action id a seat can be offered, in index order (see the module docstring).

    >>> from .cards import load_decks
    >>> ids = action_space(load_decks(), 2)
    >>> len(ids), ids[:7], ids[-2:]
    (312, ['choose CH1', 'choose CH2', 'choose CH3', 'choose CH4', 'choose CH5', 'choose CH6', 'heal M07'], \
['discard S12', 'discard S13'])
    """
    card, items, beasts = decks.cards, equipment(decks), monsters(decks)
    return [
        *(f"choose {c}" for c in decks.characters),
        *(f"heal {c}" for c in items if card[c].heal),
        "pass", "travel", "stay",
        *(f"face {m}" for m in beasts), "face dragon", "face none",
        *(f"use {c}" for c in items if card[c].icons), "done",
        *(f"assist {m}" for m in beasts), "assist dragon", "assist none",
        *(f"extra {m} {who}" for m in beasts if (gold := card[m].gold) for who in odd_coin_seats(gold, players)),
        *(f"replace {c}" for c in decks.characters),
        *(f"buy {c}" for c in decks.market),
        *(f"give {c} {seat}" for c in items for seat in range(players)), "skip",
        *(f"discard {c}" for c in items),
    ]


def chance_space(decks: Decks) -> list[str]:
    """Return every chance outcome id in index order (see the module docstring).

    >>> from .cards import load_decks
    >>> ids = chance_space(load_decks())
    >>> len(ids), ids[:2], ids[-1]
    (168, ['deal', 'lose M01'], 'join M18')
    """
    encounters = (*decks.encounter_draghan, *decks.encounter_shadow)
    return ["deal", *(f"lose {c}" for c in equipment(decks)), *(f"dragon {g}" for g in decks.dragons),
            *(f"replace {c}" for c in decks.characters),
            *(f"location {c}" for c in (*decks.location_draghan, *decks.location_shadow)),
            *(f"encounter {c}" for c in encounters),
            *(f"market {c}" for c in decks.market), *(f"join {c}" for c in decks.market)]


def observation_layout(decks: Decks, players: int) -> TensorLayout:
    """Return the fields of the observation tensor for ``players`` seats with ``decks``, in order.

    >>> from .cards import load_decks
    >>> [observation_layout(load_decks(), p).size for p in (2, 3, 4)]
    [789, 925, 1061]
    """
    P, CH, E = players, len(decks.characters), len(equipment(decks))
    T, L, A = len(table_cards(decks)), len(decks.location_draghan) + len(decks.location_shadow), len(all_cards(decks))
    icons = ", ".join(SKILLS)
    return TensorLayout([
        Field("viewer", P, "one-hot: the seat this observation is for"),
        Field("decision", len(DECISIONS), f"one-hot: the decision or chance node now, {', '.join(DECISIONS)}; "
                                          "all 0 once over"),
        Field("active_player", P, "one-hot: the seat holding the map card (DG-ROUND-2)"),
        Field("round", 1, "count: the round number, 0 during the set-up (DG-ROUND-1)"),
        Field("realm", len(REALMS), "one-hot: draghan, shadow (DG-PORTAL)"),
        Field("result", len(RESULTS), "one-hot: running, won, lost (DG-END)"),
        Field("heroes", P * (1 + CH + 1 + E + 1 + 3), f"seat-major, per seat: 1 while it has a character, its "
              f"character one-hot ({CH}), 1 when wounded (DG-WOUND-1), its equipment multi-hot ({E}), its coins, "
              f"the icons it shows now ({icons} counts, DG-FIGHT-2); all 0 for an empty seat"),
        Field("set_aside", CH, "multi-hot: the characters set aside, the replacements (DG-SETUP-6)"),
        Field("supply", 1, "count: coins in the supply (DG-SETUP-8)"),
        Field("location", L, "one-hot: this round's location (Draghan, then Shadow)"),
        Field("assist", 3, f"counts: the icons of this round's assist location ({icons}, DG-LOC-3)"),
        Field("assist_target", T, "one-hot: the monster (or the dragon card, last) the assist goes to"),
        Field("threat", 1, "count: extra encounters this round's threat reveals (DG-LOC-4)"),
        Field("portals_up", L, "multi-hot: the portals turned up (DG-PORTAL)"),
        Field("travel_pending", 1, "1 when the team travels at the end of this round (DG-PORTAL-3)"),
        Field("market_display", len(decks.market), "multi-hot: the market cards on display (DG-LOC-6)"),
        Field("table", T, "multi-hot: the monsters on the table, then the dragon card (DG-EXPLORE, DG-DRAGON-1)"),
        Field("placed", 3 * T, f"card-major counts: the icons placed at each card of ``table`` ({icons}, DG-FIGHT-6)"),
        Field("dragon", len(decks.dragons), "one-hot: the large dragon drawn (DG-DRAGON-1)"),
        Field("dragons_aside", len(decks.dragons), "multi-hot: large dragons set aside by the campaign (DG-CAMP-3)"),
        Field("revealed_equipment", E, "multi-hot: the equipment revealed this round (DG-EXPLORE-4)"),
        Field("targets", P * (1 + T), "seat-major, per seat: 1 once it declared this round, then the card it "
                                      "faces one-hot (all 0 for 'face none', DG-INT-9)"),
        Field("used", P * E, "seat-major multi-hot: the equipment each seat committed to this fight (DG-FIGHT-3)"),
        Field("declaring", P, "one-hot: the seat declaring now (DG-INT-15)"),
        Field("deck_sizes", len(DECKS), f"counts: cards in each face-down deck ({', '.join(DECKS)})"),
        Field("discard", A, "multi-hot over every card (deck by deck): the discard pile"),
        Field("visited", L, "multi-hot: the locations visited (DG-LOC-8)"),
        Field("fled", 1, "count: Draghan monsters that fled so far (DG-RESULT-4)"),
        Field("defeated", 1, "count: monsters defeated so far (DG-FIGHT-7)"),
    ])


class ObservationEncoder:
    """Writes a seat's observation dict as the flat vector :func:`observation_layout` describes, for one
    decks file and seat count (made once per game by ``DraghanGame._observation_encoder``: every index table
    is made here).

    >>> import dragonwidgets
    >>> g = dragonwidgets.new_game("draghan", players=3, seed=1)
    >>> encoder = ObservationEncoder(g.decks, 3)
    >>> v = encoder.encode(g.observation(0))
    >>> v.shape, float(v[encoder.layout.slice("supply")][0])
    ((925,), 28.0)
    """

    def __init__(self, decks: Decks, players: int):
        self.layout = observation_layout(decks, players)
        self._seat = index_table(range(players))
        self._character = index_table(decks.characters)
        self._equipment = index_table(equipment(decks))
        self._table = index_table(table_cards(decks))
        self._location = index_table((*decks.location_draghan, *decks.location_shadow))
        self._market = index_table(decks.market)
        self._dragon = index_table(decks.dragons)
        self._card = index_table(all_cards(decks))
        self._decision = index_table(DECISIONS)
        self._realm, self._result = index_table(REALMS), index_table(RESULTS)
        self._hero_row = 1 + len(self._character) + 1 + len(self._equipment) + 1 + 3

    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        """Return the observation dict ``obs`` (a seat's, from ``DraghanGame.observation``) as a float32 vector.

        Raises:
            ValueError: ``obs`` names a card the decks do not have in that place.
        """
        writer = SparseWriter(self.layout.offsets)
        put, one_hot = writer.put, writer.one_hot
        one_hot("viewer", self._seat, obs["viewer"])
        one_hot("decision", self._decision, obs["decision"])
        one_hot("active_player", self._seat, obs["active_player"])
        put("round", 0, obs["round"])
        one_hot("realm", self._realm, obs["realm"])
        one_hot("result", self._result, obs["result"])
        for seat, hero in enumerate(obs["heroes"]):
            if hero is not None:
                self._put_hero(writer, seat * self._hero_row, hero)
        self._many(writer, "set_aside", self._character, obs["set_aside"])
        put("supply", 0, obs["supply"])
        one_hot("location", self._location, obs["location"])
        self._icons(writer, "assist", 0, obs["assist"])
        one_hot("assist_target", self._table, obs["assist_target"])
        put("threat", 0, obs["threat"])
        self._many(writer, "portals_up", self._location, obs["portals_up"])
        put("travel_pending", 0, obs["travel_pending"])
        self._many(writer, "market_display", self._market, obs["market_display"])
        for entry in obs["table"]:
            i = look_up(self._table, entry["id"], "table")
            put("table", i)
            for k, n in enumerate(entry["placed"]):
                put("placed", 3 * i + k, n)
        one_hot("dragon", self._dragon, obs["dragon"])
        self._many(writer, "dragons_aside", self._dragon, obs["dragons_aside"])
        self._many(writer, "revealed_equipment", self._equipment, obs["revealed_equipment"])
        row = 1 + len(self._table)
        for seat, target in obs["targets"].items():
            base = look_up(self._seat, int(seat), "targets") * row
            put("targets", base)
            one_hot("targets", self._table, target, base + 1)
        for seat, cards in obs["used"].items():
            self._many(writer, "used", self._equipment, cards, look_up(self._seat, int(seat), "used") * len(self._equipment))
        one_hot("declaring", self._seat, obs["declaring"])
        for d, name in enumerate(DECKS):
            put("deck_sizes", d, obs["deck_sizes"][name])
        self._many(writer, "discard", self._card, obs["discard"])
        self._many(writer, "visited", self._location, obs["visited"])
        put("fled", 0, obs["fled"])
        put("defeated", 0, obs["defeated"])
        return writer.vector(self.layout)

    def _put_hero(self, writer: SparseWriter, base: int, hero: dict[str, Any]) -> None:
        """One seat's row of ``heroes``: present, character, wounded, equipment, coins, icons shown."""
        CH, E = len(self._character), len(self._equipment)
        writer.put("heroes", base)
        writer.one_hot("heroes", self._character, hero["card"], base + 1)
        writer.put("heroes", base + 1 + CH, hero["wounded"])
        self._many(writer, "heroes", self._equipment, hero["equipment"], base + 2 + CH)
        writer.put("heroes", base + 2 + CH + E, hero["coins"])
        self._icons(writer, "heroes", base + 3 + CH + E, hero["shows"])

    @staticmethod
    def _many(writer: SparseWriter, name: str, table: dict, cards: list[str], base: int = 0) -> None:
        """A multi-hot row of field ``name`` at ``base``: 1 for each card of ``cards``."""
        for c in cards:
            writer.one_hot(name, table, c, base)

    @staticmethod
    def _icons(writer: SparseWriter, name: str, base: int, icons: str) -> None:
        """The (S, C, K) counts of ``icons`` (``"SSK"``) at ``base`` of field ``name``."""
        for k, n in enumerate(icon_counts(icons)):
            writer.put(name, base + k, n)
