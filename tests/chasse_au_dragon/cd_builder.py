"""Build literal La Chasse au Dragon positions for rule tests: adventurers, camps, zones, piles, phase.

``position(...)`` starts a fresh game (manual chance by default, so every die is an explicit
``throw {face}`` / ``flee {face}`` / ``raid a b`` id), writes the given table into ``game.state``
and resets ``game._legal_cache = None``. The game then waits at the start of ``active``'s turn: at
the movement decision, or at the raid (a chance node) when the raids option is on and ``active`` is
the first player (CD-TURN-2, CD-RAID-2). Everything a test checks afterwards goes through
``legal_actions`` / ``apply`` like a player would: the builder only sets the table.

Keeping positions honest:

- The 124 cards stay 124 (CD-SETUP-6): a card the builder puts into a zone or a named pile is taken
  out of the unnamed piles (from the bottom of the deepest piles first), and a dealt card a named pile
  no longer holds goes under the unnamed piles (deepest first), as returned cards do (CD-ENC-6).
  ``removed`` lists cards already out of the game; they too come out of the unnamed piles.
- Zones hold what the rules let them hold (CD-ZONE-9): wealth cards (orc..giant) in the backpack,
  vault and equipment, goblins in the cage, dungeon and pantry (1..3 quarters, CD-GOB-6). A dragon
  card in a zone would have ended the game (CD-END-1), so it is refused.
- Camps are distinct forest-edge squares (CD-SETUP-4); piles lie on inner squares only (CD-BOARD-2).

``undo``/``goto`` replay from setup, so they drop what the builder wrote: tests never rewind a built
position.

>>> g = position(2, at={0: "2,2"}, boards={0: Board(cage=2, pantry=1)}, piles={"2,2": ["troll", "orc"]})
>>> g.legal_action_ids()[-1], g.state.boards[0].cage, g.state.piles[2, 2]
('stop', 2, ['troll', 'orc'])
>>> total_cards(g)
124

Tables the rules cannot produce are refused:

>>> position(2, boards={0: Board(cage=1, backpack=["goblin"])})
Traceback (most recent call last):
...
ValueError: seat 0: goblins are never wealth, the backpack holds orc..giant cards (CD-ZONE-9)
>>> position(2, boards={0: Board(pantry=4)})
Traceback (most recent call last):
...
ValueError: seat 0: the pantry holds one goblin with 1..3 quarters left, not 4 (CD-GOB-1, CD-GOB-6)
>>> position(2, camps={1: "3,3"})
Traceback (most recent call last):
...
ValueError: seat 1: a camp lies on a free forest-edge square, not 3,3 (CD-SETUP-4, CD-BOARD-2)
>>> position(2, piles={"3,3": ["dragon"] * 5})
Traceback (most recent call last):
...
ValueError: the game has 4 dragon cards, the table asks for 5 (CD-SETUP-6)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable

from dragonwidgets.games.chasse_au_dragon import ChasseGame
from dragonwidgets.games.chasse_au_dragon.position import cards_by_type as table_cards
from dragonwidgets.games.chasse_au_dragon.setup import COUNTS, depth, is_edge
from dragonwidgets.games.chasse_au_dragon.state import MOVE, RAID, REVEAL, Management, parse_square, square_id

WEALTH_CARDS = ("orc", "ogre", "troll", "giant")  # what a zone can hold while the game goes on (CD-ZONE-9)


@dataclass
class Board:
    """One seat's management board (CD-ZONE-1..6); backpack and vault as lists of card types."""

    backpack: Iterable[str] = ()
    cage: int = 0
    vault: Iterable[str] = ()
    dungeon: int = 0
    equipment: str | None = None
    pantry: int = 0

    def management(self, seat: int) -> Management:
        """Return the engine's board, or raise ``ValueError`` for contents the rules cannot produce."""
        for zone in ("backpack", "vault"):
            for card in getattr(self, zone):
                if card not in WEALTH_CARDS:
                    what = "goblins are never wealth" if card == "goblin" else f"a {card} card cannot be here"
                    raise ValueError(f"seat {seat}: {what}, the {zone} holds orc..giant cards (CD-ZONE-9)")
        if self.equipment is not None and self.equipment not in WEALTH_CARDS:
            raise ValueError(f"seat {seat}: equipment is an orc..giant card, not {self.equipment!r} "
                             "(CD-ZONE-5, CD-ZONE-9)")
        if self.cage < 0 or self.dungeon < 0:
            raise ValueError(f"seat {seat}: cage and dungeon hold 0 or more whole goblins (CD-ZONE-2, CD-ZONE-4)")
        if not 0 <= self.pantry <= 3:
            raise ValueError(f"seat {seat}: the pantry holds one goblin with 1..3 quarters left, not {self.pantry} "
                             "(CD-GOB-1, CD-GOB-6)")
        return Management(backpack=dict(Counter(self.backpack)), cage=self.cage, vault=dict(Counter(self.vault)),
                          dungeon=self.dungeon, equipment=self.equipment, pantry=self.pantry)

    def cards(self) -> Counter:
        """Return the cards this board holds, by type (a pantry goblin is one card)."""
        out = Counter(self.backpack) + Counter(self.vault)
        out["goblin"] += self.cage + self.dungeon + (1 if self.pantry else 0)
        if self.equipment:
            out[self.equipment] += 1
        return +out


def sq(square: str | tuple[int, int]) -> tuple[int, int]:
    """Return a square as ``(x, y)`` from ``"x,y"`` or a pair."""
    return parse_square(square) if isinstance(square, str) else (int(square[0]), int(square[1]))


def position(
    players: int = 2,
    *,
    active: int = 0,
    first_player: int = 0,
    at: dict[int, str | tuple[int, int]] | None = None,
    camps: dict[int, str | tuple[int, int]] | None = None,
    boards: dict[int, Board] | None = None,
    piles: dict[str | tuple[int, int], list[str]] | None = None,
    removed: dict[str, int] | None = None,
    round: int = 1,
    seed: int = 0,
    chance: str = "manual",
    **options: Any,
) -> ChasseGame:
    """Return a game at the start of ``active``'s turn with exactly the given table.

    ``at[seat]``: the adventurer's square (default: its camp). ``camps[seat]``: its camp (default:
    the setup file's table, CD-REC-3). ``boards[seat]``: its management board (default: empty).
    ``piles[square]``: that pile, top card first (``[]`` = an emptied pile). ``first_player`` is the
    game's option of that name. Other keyword arguments are game options.

    Raises ``ValueError`` for a table the rules could not produce (see the module docstring).
    """
    game = ChasseGame(players=players, seed=seed, chance=chance, first_player=first_player, **options)
    s = game.state
    if not 0 <= active < players:
        raise ValueError(f"active must be a seat 0..{players - 1}, got {active}")
    for seat, where in (camps or {}).items():
        c = sq(where)
        if not is_edge(*c) or not all(0 <= v < 8 for v in c) or any(
                c == s.camps[o] for o in range(players) if o != seat and o not in (camps or {})):
            raise ValueError(f"seat {seat}: a camp lies on a free forest-edge square, not {square_id(c)} "
                             "(CD-SETUP-4, CD-BOARD-2)")
        s.camps[seat] = c
    if len(set(s.camps)) != players:
        raise ValueError("two camps on one square (CD-SETUP-4, CD-INT-4)")
    s.positions = list(s.camps)
    for seat, where in (at or {}).items():
        p = sq(where)
        if not all(0 <= v < 8 for v in p):
            raise ValueError(f"seat {seat}: {square_id(p)} is off the 8x8 board (CD-BOARD-1)")
        s.positions[seat] = p
    built = {seat: b.management(seat) for seat, b in (boards or {}).items()}
    for seat, m in built.items():
        s.boards[seat] = m
    named = {sq(k): list(v) for k, v in (piles or {}).items()}
    for p, pile in named.items():
        if is_edge(*p):
            raise ValueError(f"{square_id(p)} is on the forest edge, where no monster goes (CD-BOARD-2)")
        bad = [c for c in pile if c not in COUNTS]
        if bad:
            raise ValueError(f"{square_id(p)}: {bad[0]!r} is not a monster card (CD-MON-1)")
    _deal_honestly(s, named, [b for b in (boards or {}).values()], Counter(removed or {}))
    s.active, s.round = active, round
    s.steps, s.defender, s.fleeing, s.flight_tried, s.revealed, s.fight = 0, None, None, False, False, None
    s.last_rolls = {}
    s.phase = RAID if game.options["dragon_raids"] and active == first_player else MOVE
    game._legal_cache = None
    return game


def _deal_honestly(s: Any, named: dict, boards: list[Board], removed: Counter) -> None:
    """Set the named piles and keep the 124 cards (see the module docstring)."""
    wanted = sum((b.cards() for b in boards), Counter()) + removed
    for pile in named.values():
        wanted.update(pile)
    for t, n in wanted.items():
        if n > COUNTS[t]:
            raise ValueError(f"the game has {COUNTS[t]} {t} cards, the table asks for {n} (CD-SETUP-6)")
    freed = Counter()
    for p, pile in named.items():
        freed.update(s.piles[p])
        s.piles[p] = list(pile)
    others = sorted((p for p in s.piles if p not in named), key=lambda p: (-depth(*p), p[1], p[0]))
    # cards the table needs beyond what the named piles freed come out of the other piles, bottom first
    need = wanted - freed
    spare = freed - wanted
    for t, n in need.items():
        for p in others:
            while n and t in s.piles[p]:
                pile = s.piles[p]
                del pile[len(pile) - 1 - pile[::-1].index(t)]
                n -= 1
        if n:
            raise ValueError(f"not enough {t} cards left in the other piles for this table (CD-SETUP-6)")
    for i, t in enumerate(sorted(spare.elements(), key=list(COUNTS).index)):
        if not others:
            raise ValueError("every pile is named: the dealt cards they no longer hold have nowhere to go")
        s.piles[others[i % len(others)]].append(t)
    s.removed = dict(removed)


def total_cards(game: ChasseGame) -> int:
    """Return every card in the game: piles, zones (a pantry goblin is one card) and removed (CD-SETUP-6)."""
    s = game.state
    n = sum(map(len, s.piles.values())) + sum(s.removed.values())
    for b in s.boards:
        n += sum(b.backpack.values()) + sum(b.vault.values()) + b.cage + b.dungeon + (b.pantry > 0)
        n += b.equipment is not None
    return n


def cards_by_type(game: ChasseGame) -> Counter:
    """Return every card in the game by type (piles, zones, pantry, removed): always CD-MON-1's counts."""
    return table_cards(game.state)


def play(game: ChasseGame, *ids: str) -> list:
    """Apply the action ids in order; return all their events.

    An encounter's card turned up with manual chance (the chance node ``reveal {type}``) is the pile's top
    card, as auto chance turns it up, unless the next id picks one (:func:`turn_up`).
    """
    events = []
    for i in ids:
        if not i.startswith("reveal "):
            events += turn_up(game)
        events += game.apply(i)
    return events + turn_up(game)


def turn_up(game: ChasseGame) -> list:
    """At an encounter's reveal (manual chance, CD-ENC-1), pick the pile's top card; return the events."""
    if game.state.phase != REVEAL:
        return []
    return game.apply(f"reveal {game.state.pile_here()[0]}")


def ids(game: ChasseGame) -> list[str]:
    """Return the legal action ids now."""
    return game.legal_action_ids()


def kinds(events: list) -> list[str]:
    """Return the events' kinds in order."""
    return [e.kind for e in events]


def board(game: ChasseGame, seat: int) -> dict[str, Any]:
    """Return ``seat``'s management board as plain data (the full table's view)."""
    b = game.state.boards[seat]
    return {"backpack": dict(b.backpack), "cage": b.cage, "vault": dict(b.vault), "dungeon": b.dungeon,
            "equipment": b.equipment, "pantry": b.pantry}


def where(game: ChasseGame, seat: int) -> str:
    """Return the square id of ``seat``'s adventurer."""
    return square_id(game.state.positions[seat])


def pile(game: ChasseGame, square: str) -> list[str]:
    """Return a copy of the pile on ``square``, top card first."""
    return list(game.state.piles[sq(square)])


def walk(game: ChasseGame, *squares: str) -> list:
    """Step through ``squares`` in order and stop if the movement is still open; return the events."""
    events = play(game, *(f"step {x}" for x in squares))
    if game.state.phase == MOVE and "stop" in game.legal_action_ids():
        events += play(game, "stop")
    return events
