"""The cards of a position: the mountain piles, the box and the seats' hands (see ``position.py``).

Every gold and gem card is somewhere: in a pile (face up on top, face down under it), in the box
(EM-SETUP-10), in a hand (gold face down, gems face up, EM-CARD-5/6) or paid to the dragon
(EM-SOOTHE-1). A position names some of these places exactly; the others keep what the set-up put
there. The cards a named place lists are taken from where the set-up put them, one kind (gold, gem)
at a time:

1. the cards the set-up put in the named places come loose;
2. each card listed is taken from the loose cards if one is there, else from a pile the position does
   not name (face-down cards first, then the face-up tops; never from a box it does not name: those
   cards are out of the game, unseen);
3. a ``"?"`` in a pile is any card: the next loose one, else one from an unnamed pile;
4. the places a card was taken from get the loose cards left over, in order; with none left, the pile
   is a card shorter (the card went to a hand);
5. a loose card nobody takes is an error (a pile loses cards only to the hands): nothing is created or
   lost, so the counts of the decks hold (25 gold, 24 gems: D1, D2).
"""

from __future__ import annotations

from typing import Any, NoReturn, cast

from .board import Board
from .position_checks import fail, need, read_dict, read_int, read_list
from .state import FOUR_GEMS, GEM, GOLD, OVER, Card, EmeraldState

#: A face-down card of a pile left to the set-up ("any card").
ANY = "?"
#: The keys of a hand in a position.
HAND_KEYS = ("gold", "gems", "paid", "bonus")


def read_card(value: Any, kind: str, board: Board, field: str, *, any_ok: bool = False) -> Card | None:
    """Return the card ``value`` names: a gold value (int), or a gem type by id or name (``"gem_2"``,
    ``"ruby"``); ``None`` for ``"?"`` where ``any_ok``."""
    if any_ok and value == ANY:
        return None
    if kind == GOLD:
        values = sorted(set(board.gold_deck))
        need(isinstance(value, int) and not isinstance(value, bool) and value in values, field,
             f"a gold card is its value, one of {values}, got {value!r:.40}")
        return value
    by_name = {name.lower(): gem for gem, name in board.gem_names.items()}
    gem = value if value in board.gem_types else by_name.get(value.lower()) if isinstance(value, str) else None
    need(gem is not None, field, f"a gem card is one of {', '.join(board.gem_types)} (or "
         f"{', '.join(n.lower() for n in board.gem_names.values())}), got {value!r:.40}")
    return gem


def place_cards(s: EmeraldState, board: Board, position: dict[str, Any]) -> None:
    """Set the piles, the box and the hands' gold, gems and paid gold of ``s`` (the set-up) from the
    position's ``piles``, ``box`` and ``hands``, as the module docstring says.

    Raises:
        PositionError: a card that is not in the decks, a pile longer than dealt (EM-SETUP-8), a box
            that is not 2 gold + 2 gems (EM-SETUP-10), a card named more often than the decks hold it
            (D1, D2), or cards of the set-up left nowhere.
    """
    named = _named_places(s, board, position)
    if not named[GOLD] and not named[GEM]:
        return
    setup = _setup_places(s)
    places = {kind: _deal(kind, setup[kind], named[kind], board) for kind in (GOLD, GEM)}
    for sq, piles in s.piles.items():
        for kind in (GOLD, GEM):
            piles[kind] = places[kind][f"piles.{sq}.{kind}"]
    s.out_of_game = places[GOLD]["box.gold"] + places[GEM]["box.gem"]
    for i, hand in enumerate(s.hands):
        gold, paid = places[GOLD][f"hands.{i}.gold"], places[GOLD][f"hands.{i}.paid"]
        hand.gold, hand.paid = cast("list[int]", gold), cast("list[int]", paid)  # gold cards are their values
        hand.gems = {}
        for gem in cast("list[str]", places[GEM][f"hands.{i}.gems"]):  # gem cards are gem ids
            hand.gems[gem] = hand.gems.get(gem, 0) + 1


def read_bonus(s: EmeraldState, board: Board, position: dict[str, Any]) -> None:
    """Set each hand's bonus cards from ``hands[i].bonus`` (ids ``four_different_gems``, ``majority_gem_1``...),
    and who holds them (EM-BONUS-1..4); the lists are kept in the game's order (four gems, then the
    majorities in gem order). Raises ``PositionError`` on an unknown or doubled bonus card."""
    raw = position.get("hands")
    if raw is None:
        return
    known = (FOUR_GEMS, *(f"majority_{g}" for g in board.gem_types))
    holders: dict[str, int] = {}
    for i, h in enumerate(raw):
        if h is None or h.get("bonus") is None:
            holders.update({b: i for b in s.hands[i].bonus})
            continue
        bonus = read_list(h["bonus"], f"hands.{i}.bonus")
        need(len(bonus) <= len(known), f"hands.{i}.bonus", f"there are {len(known)} bonus cards (EM-SETUP-3), got "
             f"{len(bonus)}")
        for b in bonus:
            need(b in known, f"hands.{i}.bonus", f"bonus cards are {', '.join(known)}, got {b!r:.40}")
            need(b not in holders, f"hands.{i}.bonus", f"there is one {b} card (EM-SETUP-3)")
            holders[b] = i
    s.four_gems_holder = holders.get(FOUR_GEMS)
    s.majority = {g: holders.get(f"majority_{g}") for g in board.gem_types} if s.phase == OVER else {
        g: holders[f"majority_{g}"] for g in board.gem_types if f"majority_{g}" in holders}
    for i, hand in enumerate(s.hands):
        hand.bonus = [b for b in known if holders.get(b) == i]


def _named_places(s: EmeraldState, board: Board, position: dict[str, Any]) -> dict[str, dict[str, list]]:
    """Return kind -> place -> the cards the position names there, bottom to top (``None``: any card).
    A place is named by its field: ``piles.M3.gold``, ``box.gem``, ``hands.0.gold``, ``hands.0.paid``,
    ``hands.0.gems``."""
    named: dict[str, dict[str, list]] = {GOLD: {}, GEM: {}}
    for sq, two in read_dict(position.get("piles", {}), "piles").items():
        need(sq in s.piles, f"piles.{sq}", f"no such mountain square; they are {', '.join(s.piles)}")
        two = read_dict(two, f"piles.{sq}", (GOLD, GEM))
        for kind, size in zip((GOLD, GEM), board.pile_sizes[sq]):
            if kind in two:
                f = f"piles.{sq}.{kind}"
                cards = read_list(two[kind], f)
                need(len(cards) <= size, f, f"{sq}'s {kind} pile is dealt {size} cards (EM-SETUP-8) and only loses "
                     f"cards, got {len(cards)}")
                named[kind][f] = [read_card(c, kind, board, f, any_ok=True) for c in reversed(cards)]  # top first
    box = read_dict(position.get("box", {}), "box", (GOLD, GEM))
    for kind, size in ((GOLD, board.gold_removed), (GEM, board.gem_removed)):
        if kind in box:
            f = f"box.{kind}"
            cards = read_list(box[kind], f)
            need(len(cards) == size, f, f"{size} {kind} cards are boxed unseen at set-up (EM-SETUP-10), got {len(cards)}")
            named[kind][f] = [read_card(c, kind, board, f) for c in cards]
    if position.get("hands") is not None:
        hands = read_list(position["hands"], "hands")
        need(len(hands) == s.players, "hands", f"one entry per seat ({s.players}; null for a seat left as set up), "
             f"got {len(hands)}")
        for i, h in enumerate(hands):
            if h is not None:
                _named_hand(read_dict(h, f"hands.{i}", HAND_KEYS), i, board, named)
    return named


def _named_hand(h: dict[str, Any], i: int, board: Board, named: dict[str, dict[str, list]]) -> None:
    """Read one seat's hand: its ``gold`` and ``paid`` lists and ``gems`` counts, each bounded by the decks
    (D1, D2) before a card is placed; a key left out or ``null`` is as set up (not named here)."""
    for key in ("gold", "paid"):
        if h.get(key) is not None:
            f = f"hands.{i}.{key}"
            cards = read_list(h[key], f)
            need(len(cards) <= len(board.gold_deck), f, f"the gold deck has {len(board.gold_deck)} cards (D1), "
                 f"got {len(cards)}")
            named[GOLD][f] = [read_card(c, GOLD, board, f) for c in cards]
    if h.get("gems") is not None:
        f = f"hands.{i}.gems"
        gems = []
        for name, n in read_dict(h["gems"], f).items():
            gem = cast(str, read_card(name, GEM, board, f))  # a gem id: without any_ok, never None
            gems += [gem] * read_int(n, f"{f}.{name}", 0, board.gem_deck.count(gem),
                                     f"the decks hold {board.gem_deck.count(gem)} {board.gem_names[gem]} cards, D2")
        named[GEM][f] = gems


def _setup_places(s: EmeraldState) -> dict[str, dict[str, list[Card]]]:
    """Return kind -> place -> the cards ``s`` has there, bottom to top (the places of ``_named_places``)."""
    places: dict[str, dict[str, list[Card]]] = {GOLD: {}, GEM: {}}
    for sq, piles in s.piles.items():
        for kind in (GOLD, GEM):
            places[kind][f"piles.{sq}.{kind}"] = list(piles[kind])
    places[GOLD]["box.gold"] = [c for c in s.out_of_game if isinstance(c, int)]
    places[GEM]["box.gem"] = [c for c in s.out_of_game if not isinstance(c, int)]
    for i, hand in enumerate(s.hands):
        places[GOLD][f"hands.{i}.gold"] = list(hand.gold)
        places[GOLD][f"hands.{i}.paid"] = list(hand.paid)
        places[GEM][f"hands.{i}.gems"] = [g for g, n in hand.gems.items() for _ in range(n)]
    return places


def _deal(kind: str, setup: dict[str, list[Card]], named: dict[str, list], board: Board) -> dict[str, list[Card]]:
    """Return place -> cards of one ``kind`` once the ``named`` places hold what they list (steps 1-5 of
    the module docstring); ``setup`` is where the set-up put every card of that kind."""
    loose = [(c, place) for place in named for c in reversed(setup[place])]  # step 1, each place top first
    unnamed_piles = [p for p in setup if p.startswith("piles.") and p not in named]
    taken: set[tuple[str, int]] = set()

    def take(card: Card | None, field: str) -> Card:
        for i, (c, _) in enumerate(loose):
            if card is None or c == card:
                del loose[i]
                return c
        for tops in (False, True):  # face-down cards first
            for place in unnamed_piles:
                cards = setup[place]
                for i in _slots(cards, tops):
                    if (place, i) not in taken and (card is None or cards[i] == card):
                        taken.add((place, i))
                        return cards[i]
        _no_card_left(card, kind, field, named, setup, board)

    dealt = {place: [None if c is None else take(c, place) for c in cards] for place, cards in named.items()}  # step 2
    for place, cards in dealt.items():  # step 3
        for i, c in enumerate(cards):
            if c is None:
                cards[i] = take(None, place)
    out = dict(setup)
    for place in unnamed_piles:  # step 4
        refilled = [(loose.pop(0)[0] if loose else None) if (place, i) in taken else c
                    for i, c in enumerate(setup[place])]
        out[place] = [c for c in refilled if c is not None]
    if loose:  # step 5
        fail(loose[0][1], f"{len(loose)} {kind} card(s) the set-up put there are nowhere in the position: a pile "
             f"loses cards only to the hands (EM-CARD-1, EM-CARD-5/6); name the hands that took them, or list the "
             f"pile whole ('?' for a face-down card)")
    out.update(cast("dict[str, list[Card]]", dealt))  # step 3 took a card for every None
    return out


def _slots(cards: list[Card], tops: bool) -> range:
    """Return the indices of a pile's face-up top (``tops``) or of its face-down cards."""
    return range(max(len(cards) - 1, 0), len(cards)) if tops else range(len(cards) - 1)


def _no_card_left(card: Card | None, kind: str, field: str, named: dict[str, list], setup: dict[str, list[Card]],
                  board: Board) -> NoReturn:
    """Raise the ``PositionError`` of a card the decks cannot give: how many there are and where."""
    if card is None:
        fail(field, f"no {kind} card is left for a '?': every {kind} card is placed elsewhere")
    deck = board.gold_deck if kind == GOLD else board.gem_deck
    name = f"gold {card}" if kind == GOLD else board.gem_names[card]  # type: ignore[index]
    in_named = sum(cards.count(card) for cards in named.values())
    box = f"box.{kind}"
    boxed = 0 if box in named else setup[box].count(card)
    fail(field, f"no {name} card left to place: the decks hold {deck.count(card)} (EM-SETUP-7, D1/D2), this "
         f"position names {in_named}" + (f" and {boxed} lie in the box, unseen (EM-SETUP-10; name the 'box' to "
                                          f"change it)" if boxed else ""))
