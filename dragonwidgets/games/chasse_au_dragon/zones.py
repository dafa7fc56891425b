"""Moving cards between management-board zones: losses, loot and the camp's actions (CD-ZONE, CD-ENC-9, CD-DUEL-8, CD-CAMP)."""

from __future__ import annotations

from .state import POWER, ChasseState, Management


def add(zone: dict[str, int], card: str, n: int = 1) -> None:
    """Put ``n`` cards of type ``card`` into a wealth zone (a multiset)."""
    zone[card] = zone.get(card, 0) + n


def take(zone: dict[str, int], card: str) -> None:
    """Take one card of type ``card`` out of a wealth zone (raises ``ValueError`` if absent)."""
    if zone.get(card, 0) <= 0:
        raise ValueError(f"no {card} card in that zone")
    zone[card] -= 1
    if zone[card] == 0:
        del zone[card]


def wealth(zone: dict[str, int]) -> int:
    """Return the summed power of a wealth zone's cards (CD-MON-3)."""
    return sum(POWER[t] * n for t, n in zone.items())


def lose_backpack(state: ChasseState, seat: int) -> int:
    """Remove every backpack card from the game; return how many (CD-ENC-9, CD-RAID-4)."""
    board = state.boards[seat]
    n = sum(board.backpack.values())
    for t, k in board.backpack.items():
        state.removed[t] = state.removed.get(t, 0) + k
    board.backpack = {}
    return n


def lose_cage(state: ChasseState, seat: int) -> int:
    """Remove every cage goblin from the game; return how many (CD-ENC-9, CD-RAID-4)."""
    board = state.boards[seat]
    n = board.cage
    state.removed["goblin"] = state.removed.get("goblin", 0) + n
    board.cage = 0
    return n


def hand_over(loser: Management, winner: Management) -> tuple[int, int]:
    """The duel's loser gives backpack and cage to the winner's backpack and cage (CD-DUEL-8, CD-INT-10).

    Returns ``(cards, goblins)`` handed over. Vault, dungeon, equipment and pantry stay (CD-DUEL-10).
    """
    cards = sum(loser.backpack.values())
    for t, n in loser.backpack.items():
        add(winner.backpack, t, n)
    loser.backpack = {}
    goblins = loser.cage
    winner.cage += goblins
    loser.cage = 0
    return cards, goblins


def score(board: Management, base_equipment_score: int = 0) -> int:
    """Return a player's wealth: backpack + vault + equipment power (CD-SCORE-1..3, CD-INT-19).

    Goblins are worth nothing; base equipment adds ``base_equipment_score`` (0 by default).

    >>> score(Management(backpack={"orc": 1}, vault={"troll": 1}, equipment="giant", cage=5))
    28
    >>> score(Management(vault={"orc": 1}), base_equipment_score=4)
    10
    """
    kit = POWER[board.equipment] if board.equipment else base_equipment_score
    return wealth(board.backpack) + wealth(board.vault) + kit
