"""Build literal Drachenland positions for rule tests: adventurers, volcanoes, tokens, dragons, dice.

``position(...)`` starts a fresh game in manual chance mode, writes the given pieces into its state,
and then (with ``dice=``) starts the active seat's turn by applying the real ``roll a b`` chance
action (and ``keep`` when the seat still holds its fate token). Everything the test then checks
goes through ``legal_actions`` / ``apply`` like a player would: the builder only sets the table.

Keeping positions reachable-looking:

- Tokens are never invented. A volcano's token is set by *swapping* it with the slot (another
  volcano, or the box) that holds that kind, so the 16 dragon-head tokens stay the pool of D3.
- A revealed royal dragon is the token dealt to its ``dragon_from`` volcano (default: where it is
  now), turned face up there (its slot is then empty, DL-DRAGON-1), then moved to where it is now.
- A token a seat holds beyond its own three (a forced march, a magic hand, a second boatman...)
  was taken with an egg (DL-TREASURE-4): the builder takes it from an unnamed volcano (``taken_from``
  names them if it matters), leaves that volcano face up with no token and one egg fewer, and puts
  the egg in the seat's hoard.
- A ring on an adventurer comes from the supply (DL-RING-3); only adventurers in play wear one.
- No two adventurers share a stone and none stands on an entrance (DL-MOVE-5, DL-MOVE-8). A
  volcano with an adventurer on it, or with fewer eggs than printed, is face up (DL-MOVE-6); the
  first egg taken there took its token unless that was a ring or a royal dragon (DL-TREASURE-4).
- ``eggs_left`` is recounted from the volcanoes (DL-END-1 uses it).

Volcanoes not named keep their dealt eggs and gems and stay face down. ``undo``/``goto`` replay from
setup, so they drop what the builder wrote: tests here never rewind a built position.

>>> g = position(4, adventurers={0: {"red": "V13"}}, dragons={"red": "V13"},
...              volcanoes={"V04": Volcano(up=True, token="forced_march", ruby=2, emerald=1)}, dice=(3, 4))
>>> g.legal_action_ids()
['die 3', 'die 4', 'end turn']
>>> g.state.dragons["red"], g.state.token["V13"], "V13" in g.state.face_down
('V13', None, False)

Tables the rules cannot produce are refused:

>>> position(4, adventurers={0: {"red": "s01"}, 1: {"blue": "s01"}})
Traceback (most recent call last):
...
ValueError: two adventurers on the stone s01 (DL-MOVE-5)
>>> position(4, volcanoes={"V02": Volcano(eggs=2)})
Traceback (most recent call last):
...
ValueError: V02 shows 1 egg(s): it cannot hold 2 (DL-SETUP-6)
>>> position(4, volcanoes={"V02": Volcano(eggs=0, token="magic_hand")})
Traceback (most recent call last):
...
ValueError: V02: the first egg taken there brought its magic_hand (DL-TREASURE-4)
>>> position(4, volcanoes={f"V0{n}": Volcano(token="ring") for n in range(1, 5)})
Traceback (most recent call last):
...
ValueError: no ring token left in the pool to put on V04 (D3)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dragonwidgets.games.drachenland import DrachenlandGame
from dragonwidgets.games.drachenland.board import COLOURS
from dragonwidgets.games.drachenland.setup import egg_counts
from dragonwidgets.games.drachenland.state import HELD_TOKENS, REVEAL, ROLL

BOX = "BOX"
KEEP: Any = object()  # "leave as dealt"
OWN = {"fate": 1, "boatman": 1, "baby_dragon": 1}  # DL-SETUP-2: every seat's own three tokens
GEM_NAMES = ("ruby", "emerald", "sapphire", "diamond")


@dataclass
class Volcano:
    """What one volcano holds.

    ``token``: a kind (swapped in from the pool), ``None`` (gone: taken with an egg, or a royal dragon
    dealt here flew off, see ``dragon_from``) or KEEP (as dealt). ``up``: True face up, False face
    down, None as the story implies (face down unless an egg was taken there or no token is left).
    ``eggs`` None keeps the printed eggs, or one fewer when ``token`` is None (the egg took it).
    Gems: if any of ``ruby``/``emerald``/``sapphire``/``diamond`` is given, the others are 0; if
    none is given, the dealt gems stay.
    """

    eggs: int | None = None
    token: Any = KEEP
    up: bool | None = None
    ruby: int | None = None
    emerald: int | None = None
    sapphire: int | None = None
    diamond: int | None = None
    gems: dict[str, int] = field(default_factory=dict)

    def gem_counts(self) -> dict[str, int] | None:
        given = {g: getattr(self, g) for g in GEM_NAMES if getattr(self, g) is not None}
        if not given and not self.gems:
            return None
        return {g: given.get(g, self.gems.get(g, 0)) for g in GEM_NAMES}


def position(
    players: int = 4,
    *,
    active: int = 0,
    adventurers: dict[int, dict[str, str]] | None = None,
    volcanoes: dict[str, Volcano] | None = None,
    dragons: dict[str, str] | None = None,
    dragon_from: dict[str, str] | None = None,
    held: dict[int, dict[str, int]] | None = None,
    taken_from: tuple[str, ...] = (),
    rings: dict[int, set[str]] | None = None,
    hoards: dict[int, dict[str, int]] | None = None,
    dice: tuple[int, int] | None = None,
    fate: str | None = "keep",
    turn: int = 1,
    seed: int = 0,
    **options: Any,
) -> DrachenlandGame:
    """Return a game at the start of ``active``'s turn ``turn`` with exactly the given pieces.

    ``adventurers[seat]`` replaces that seat's adventurers on the board (colours not given are off
    the board); seats not given have none in play. ``held[seat]`` sets the counts of the listed
    token kinds. With ``dice=(a, b)`` the roll is applied (die A shows ``a``, die B ``b``, as the
    dice preset allows); then ``fate`` ("keep", or None to stop at the fate decision) if the seat
    holds its fate token. Without ``dice`` the game waits at the roll (a chance node).

    Raises ``ValueError`` for a position the rules could not produce (two adventurers on a stone,
    a token kind the pool does not have, a ring on an adventurer off the board, ...).
    """
    game = DrachenlandGame(players=players, seed=seed, chance="manual", **options)
    s, b = game.state, game.board
    volcanoes = dict(volcanoes or {})
    dragons = dict(dragons or {})
    origin = {c: (dragon_from or {}).get(c, v) for c, v in dragons.items()}

    slot = dict(s.token)  # volcano -> kind, plus the box
    slot[BOX] = s.boxed
    pinned: set[str] = set()

    def put(kind: str, where: str) -> None:
        """Swap ``kind`` into the slot ``where`` from an unpinned slot holding it."""
        if slot[where] == kind:
            pinned.add(where)
            return
        src = next((k for k, v in slot.items() if v == kind and k not in pinned and k != where), None)
        if src is None:
            raise ValueError(f"no {kind} token left in the pool to put on {where} (D3)")
        slot[src], slot[where] = slot[where], kind
        pinned.add(where)

    for c, v in origin.items():
        if c not in COLOURS or v not in b.eggs or dragons[c] not in b.eggs:
            raise ValueError(f"a royal dragon {c!r} lies on a volcano, got {dragons[c]!r} from {v!r} (DL-DRAGON-2)")
        put(f"royal_dragon_{c}", v)
    for v, spec in volcanoes.items():
        if v not in b.eggs:
            raise ValueError(f"{v!r} is not a volcano")
        if spec.token is KEEP:
            continue
        if spec.token is None:
            if v in origin.values():
                pinned.add(v)
                continue
            put(next(k for k in ("forced_march", "magic_hand", "boatman", "baby_dragon")
                     if any(val == k and key not in pinned for key, val in slot.items())), v)
            slot[v] = None  # taken with an egg long ago (DL-TREASURE-4)
        else:
            put(spec.token, v)
    # tokens held beyond a seat's own three were taken with eggs from unnamed volcanoes
    sources = [v for v in taken_from] + [v for v in reversed(b.volcanoes) if v not in volcanoes
                                         and v not in origin.values() and v not in taken_from]
    claimed: list[tuple[int, str, str]] = []
    for seat, kinds in (held or {}).items():
        for kind, n in kinds.items():
            if kind not in HELD_TOKENS:
                raise ValueError(f"players hold {HELD_TOKENS}, not {kind!r} (DL-TOKEN-5)")
            for _ in range(max(0, n - OWN.get(kind, 0))):
                v = next((x for x in sources if x not in pinned), None)
                if v is None:
                    raise ValueError("no unnamed volcano left to have given a token")
                put(kind, v)
                claimed.append((seat, kind, v))
    for v in b.volcanoes:
        s.token[v] = slot[v]
    s.boxed = slot[BOX]
    s.face_down = set(b.volcanoes)
    for seat, kind, v in claimed:
        s.token[v] = None
        s.face_down.discard(v)
        s.eggs[v] = max(0, s.eggs[v] - 1)
        s.hoards[seat]["egg"] += 1
    for c, v in origin.items():  # revealed where it was dealt, then flown or called to where it is
        assert s.token[v] == f"royal_dragon_{c}"
        s.token[v] = None
        s.face_down.discard(v)
        s.dragons[c] = dragons[c]
    printed = egg_counts(b, players)
    for v, spec in volcanoes.items():
        if spec.eggs is not None:
            s.eggs[v] = spec.eggs
        elif spec.token is None and v not in origin.values():
            s.eggs[v] = printed[v] - 1  # its token went with the first egg (DL-TREASURE-4)
        gems = spec.gem_counts()
        if gems is not None:
            s.gems[v] = gems
        if spec.up:
            s.face_down.discard(v)
    for v in b.volcanoes:
        _make_honest(s, v, printed[v], volcanoes.get(v), v in origin.values())
    for seat, kinds in (held or {}).items():
        for kind, n in kinds.items():
            s.held[seat][kind] = n
    _place(game, adventurers or {})
    for seat in s.positions:  # an adventurer on a volcano turned its token face up when it came (DL-MOVE-6)
        for v in seat.values():
            if v in s.face_down:
                if v in volcanoes and volcanoes[v].up is False:
                    raise ValueError(f"{v}: an adventurer stands there, so its token is face up (DL-MOVE-6)")
                s.face_down.discard(v)
                _make_honest(s, v, printed[v], volcanoes.get(v), v in origin.values())
    for seat, colours in (rings or {}).items():
        for c in colours:
            if s.positions[seat][c] is None:
                raise ValueError(f"seat {seat}'s {c} adventurer is off the board and cannot wear a ring (DL-INT-26)")
            s.rings[seat].add(c)
            s.ring_supply -= 1
    for seat, h in (hoards or {}).items():
        s.hoards[seat].update(h)
    s.eggs_left = sum(s.eggs.values())
    s.turn, s.opening_index, s.active = turn, players, active
    s.phase, s.dice, s.dice_used, s.step, s.used, s.chosen_die = ROLL, None, [False, False], None, [], None
    game._legal_cache = None
    if dice is not None:
        game.apply(f"roll {dice[0]} {dice[1]}")
        if fate is not None and s.held[active]["fate"] > 0:
            game.apply(fate)
    return game


def _make_honest(s: Any, v: str, printed: int, spec: Volcano | None, dragon_origin: bool) -> None:
    """Fix what the story of a volcano implies, or refuse a table the rules could not produce.

    A volcano with fewer eggs than printed was stood on, so it is face up, and the first egg taken
    there took its token unless it is a ring (DL-TREASURE-4) or a royal dragon (which then lies
    there, revealed). A volcano with no token left is face up, and lost it with an egg or to a
    dragon's flight (DL-INT-14).
    """
    explicit = spec is not None and spec.token is not KEEP
    if not 0 <= s.eggs[v] <= printed:
        raise ValueError(f"{v} shows {printed} egg(s): it cannot hold {s.eggs[v]} (DL-SETUP-6)")
    kind = s.token[v]
    if s.eggs[v] < printed:
        if spec is not None and spec.up is False:
            raise ValueError(f"{v}: an egg was taken there, so its token is face up (DL-MOVE-6)")
        s.face_down.discard(v)
        if kind in HELD_TOKENS:
            if explicit:
                raise ValueError(f"{v}: the first egg taken there brought its {kind} (DL-TREASURE-4)")
            s.token[v] = None
        elif kind and kind.startswith("royal_dragon_"):
            s.token[v] = None
            s.dragons[kind.removeprefix("royal_dragon_")] = v
    elif s.token[v] is None and not dragon_origin:
        raise ValueError(f"{v}: its token can only be gone with an egg or a dragon (DL-INT-14)")
    if s.token[v] is None:
        if spec is not None and spec.up is False:
            raise ValueError(f"{v}: a volcano with no token left is face up")
        s.face_down.discard(v)
    elif v not in s.face_down and kind and kind.startswith("royal_dragon_"):
        s.token[v] = None  # a face-up royal dragon is a piece on the board (DL-DRAGON-1)
        s.dragons[kind.removeprefix("royal_dragon_")] = v


def _place(game: DrachenlandGame, adventurers: dict[int, dict[str, str]]) -> None:
    s, b = game.state, game.board
    for seat in range(s.players):
        s.positions[seat] = dict.fromkeys(COLOURS)
    stones: set[str] = set()
    for seat, where in adventurers.items():
        for c, node in where.items():
            if c not in COLOURS or node not in b.neighbours or b.is_entrance(node):
                raise ValueError(f"{c!r} on {node!r}: adventurers are red/green/blue on a space (DL-MOVE-8)")
            if node not in b.eggs:
                if node in stones:
                    raise ValueError(f"two adventurers on the stone {node} (DL-MOVE-5)")
                stones.add(node)
            s.positions[seat][c] = node


def opening_game(players: int = 4, seed: int = 0, **options: Any) -> DrachenlandGame:
    """Return a new game at its opening round (manual chance: the first roll waits for the test)."""
    return DrachenlandGame(players=players, seed=seed, chance="manual", **options)


def play(game: DrachenlandGame, *ids: str) -> list:
    """Apply the action ids in order; return all their events.

    Manual chance makes every reveal a chance node where the token is picked (:mod:`.reveal`); the
    builder's tables name their tokens, so after each id a pending reveal turns up the token dealt
    there (:func:`reveal_as_dealt`), as auto chance does.
    """
    events = []
    for i in ids:
        events += game.apply(i)
        events += reveal_as_dealt(game)
    return events


def reveal_as_dealt(game: DrachenlandGame) -> list:
    """At a pending reveal (manual chance), apply ``reveal {volcano} {the token dealt there}``; return its events."""
    s = game.state
    if s.phase != REVEAL:
        return []
    return game.apply(f"reveal {s.revealing} {s.token[s.revealing]}")


def ids(game: DrachenlandGame) -> list[str]:
    """Return the legal action ids now."""
    return game.legal_action_ids()


def ends(game: DrachenlandGame, word: str = "walk") -> set[str]:
    """Return the end spaces offered now by ``walk {node}`` (or ``march {node}``) actions."""
    return {a.id.split()[1] for a in game.legal_actions() if a.id.split()[0] == word}


def kinds(events: list) -> list[str]:
    """Return the events' kinds in order."""
    return [e.kind for e in events]


def where(game: DrachenlandGame, seat: int, colour: str) -> str | None:
    """Return the node of ``seat``'s ``colour`` adventurer (None: off the board)."""
    return game.state.positions[seat][colour]


def hoard(game: DrachenlandGame, seat: int) -> dict[str, int]:
    """Return a copy of ``seat``'s hoard (the full table's view)."""
    return dict(game.state.hoards[seat])


def tokens(game: DrachenlandGame, seat: int) -> dict[str, int]:
    """Return a copy of the token counts ``seat`` holds."""
    return dict(game.state.held[seat])
