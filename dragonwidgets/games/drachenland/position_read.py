"""Reading a Drachenland position's fields: types, names and ranges, each error naming its field.

The shape of a position is documented in :mod:`.position`. Every reader here takes the raw JSON value
and the field's name (``"volcanoes.V07.gems.ruby"``) and returns plain Python values, or raises
:class:`~dragonwidgets.engine.PositionError` saying which field is wrong and what it may be. What the
values mean together (counts, what a real table allows) is checked in :mod:`.position_checks`.
"""

from __future__ import annotations

from typing import Any, NoReturn

from dragonwidgets.engine import PositionError

from .board import COLOURS, EGGS, GEM_COUNTS, GEMS, PLAYER_TOKENS, Board
from .state import HELD_TOKENS, HOARD_ITEMS

#: The keys of one volcano in ``volcanoes``.
VOLCANO_KEYS = ("eggs", "gems", "token", "face_down")
#: The highest ``turn`` a position may give. The rules end the game with the last egg only (DL-END-1) and set
#: no limit (DL-INT-30); every turn holds at least one decision (``end turn`` is always offered, DL-INT-8),
#: and the longest of 180 random games took 10,508 decisions, so no table plays this many turns.
MOST_TURNS = 100_000
#: The keys of ``action``: the adventurer's action under way (its movement and treasure phases).
ACTION_KEYS = ("adventurer", "die", "die_value", "entering", "die_spent", "walked", "moved", "stopped", "takes")


def fail(field: str, message: str) -> NoReturn:
    """Raise the :class:`PositionError` of ``field``: ``field 'volcanoes.V07.eggs': <message>``."""
    raise PositionError(f"field {field!r}: {message}")


def need(ok: object, field: str, message: str) -> None:
    """Raise the :class:`PositionError` of ``field`` unless ``ok``."""
    if not ok:
        fail(field, message)


def read_int(value: Any, field: str, low: int = 0, high: int | None = None) -> int:
    """Return ``value``, an int in ``low..high`` (``high`` None: no bound)."""
    need(isinstance(value, int) and not isinstance(value, bool), field, f"must be an int, got {value!r:.40}")
    top = "" if high is None else f"..{high}"
    need(value >= low and (high is None or value <= high), field, f"must be in {low}{top}, got {value}")
    return value


def read_bool(value: Any, field: str) -> bool:
    """Return ``value``, a bool."""
    need(isinstance(value, bool), field, f"must be true or false, got {value!r:.40}")
    return value


def read_choice(value: Any, field: str, choices: tuple[str, ...] | list[str], *, none: bool = False) -> Any:
    """Return ``value``, one of ``choices`` (or ``None`` when ``none``)."""
    if value is None and none:
        return None
    need(isinstance(value, str) and value in choices, field,
         f"must be one of {', '.join(choices)}{' or null' if none else ''}, got {value!r:.40}")
    return value


def read_dict(value: Any, field: str, keys: tuple[str, ...] | list[str]) -> dict[str, Any]:
    """Return ``value``, a dict whose keys are all among ``keys``."""
    need(isinstance(value, dict), field, f"must be an object, got {type(value).__name__}")
    for key in value:
        need(key in keys, f"{field}.{key}", f"unknown; the keys here are: {', '.join(keys)}")
    return value


def read_counts(value: Any, field: str, kinds: tuple[str, ...], most: dict[str, int],
                why: dict[str, str]) -> dict[str, int]:
    """Return ``{kind: count}`` for the kinds named (a dict whose keys are among ``kinds``), each count in
    ``0..most[kind]`` (the components, ``why[kind]``), checked before it is used; a kind given ``null`` is
    not named."""
    out = {}
    for k, n in read_dict(value, field, kinds).items():
        if n is not None:
            need(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= most[k], f"{field}.{k}",
                 f"must be in 0..{most[k]} ({why[k]}), got {n!r:.40}")
            out[k] = n
    return out


def read_seats(value: Any, field: str, players: int) -> list[Any]:
    """Return ``value``, a list of one entry per seat (``players`` entries)."""
    need(isinstance(value, list) and len(value) == players, field,
         f"must be a list of one entry per seat ({players}), got {value!r:.60}")
    return value


def read_volcanoes(value: Any, board: Board) -> dict[str, dict[str, Any]]:
    """Read ``volcanoes``: volcano id -> any of ``eggs`` (int), ``gems`` (gem -> int), ``token`` (a pool
    kind or null), ``face_down`` (bool). Named gems are the volcano's whole content (others 0)."""
    out: dict[str, dict[str, Any]] = {}
    for v, spec in read_dict(value, "volcanoes", board.volcanoes).items():
        field = f"volcanoes.{v}"
        spec = read_dict(spec, field, VOLCANO_KEYS)
        got: dict[str, Any] = {}
        if "eggs" in spec:
            eggs = board.eggs[v]
            need(isinstance(spec["eggs"], int) and not isinstance(spec["eggs"], bool), f"{field}.eggs",
                 f"must be an int, got {spec['eggs']!r:.40}")
            need(0 <= spec["eggs"] <= eggs, f"{field}.eggs", f"{v} shows {eggs} egg{'s' * (eggs > 1)} (DL-SETUP-6): it "
                 f"holds 0..{eggs}, got {spec['eggs']}")
            got["eggs"] = spec["eggs"]
        if "gems" in spec:
            slots = board.gem_slots[v]
            gems = read_counts(spec["gems"], f"{field}.gems", GEMS, dict.fromkeys(GEMS, slots),
                               dict.fromkeys(GEMS, f"{v} shows {slots} gems, DL-SETUP-6"))
            got["gems"] = {g: gems.get(g, 0) for g in GEMS}
        if "token" in spec:
            got["token"] = read_choice(spec["token"], f"{field}.token", sorted(board.pool), none=True)
        if "face_down" in spec:
            got["face_down"] = read_bool(spec["face_down"], f"{field}.face_down")
        out[v] = got
    return out


def read_adventurers(value: Any, board: Board, players: int) -> list[dict[str, str | None]]:
    """Read ``adventurers``: per seat, colour -> the space it stands on (null: off the board)."""
    out = []
    for seat, where in enumerate(read_seats(value, "adventurers", players)):
        got = {}
        for c, node in read_dict({} if where is None else where, f"adventurers.{seat}", COLOURS).items():
            if node is not None:
                need(isinstance(node, str) and node in board.neighbours and not board.is_entrance(node),
                     f"adventurers.{seat}.{c}",
                     f"an adventurer stands on a space, a volcano or a stone, never an entrance (DL-MOVE-8), "
                     f"got {node!r:.40}")
            got[c] = node
        out.append(got)
    return out


def read_rings(value: Any, players: int) -> list[set[str] | None]:
    """Read ``rings``: per seat, the colours of its adventurers that wear a ring (``None``: as set up)."""
    out: list[set[str] | None] = []
    for seat, colours in enumerate(read_seats(value, "rings", players)):
        field = f"rings.{seat}"
        if colours is None:
            out.append(None)
            continue
        need(isinstance(colours, list), field, f"must be a list of colours, got {colours!r:.40}")
        for c in colours:
            read_choice(c, field, COLOURS)
        need(len(set(colours)) == len(colours), field, "an adventurer wears one ring at most (DL-RING-4)")
        out.append(set(colours))
    return out


def read_seat_counts(value: Any, field: str, players: int, kinds: tuple[str, ...], most: dict[str, int],
                     why: dict[str, str]) -> list[dict[str, int]]:
    """Read ``tokens`` or ``hoards``: per seat, kind -> count (the kinds named; the others, and a seat given
    ``null``, as set up), each count at most ``most[kind]``."""
    seats = read_seats(value, field, players)
    return [read_counts({} if counts is None else counts, f"{field}.{seat}", kinds, most, why)
            for seat, counts in enumerate(seats)]


def most_held(board: Board) -> dict[str, int]:
    """Return kind -> the most tokens of that kind one seat can hold: its own (DL-SETUP-2, D2) and every one
    of the volcanoes' pool (D3)."""
    return {k: int(k in PLAYER_TOKENS) + board.pool.get(k, 0) for k in HELD_TOKENS}


def read_held(value: Any, board: Board, players: int) -> list[dict[str, int]]:
    """Read ``tokens``: per seat, the tokens it holds in front of its screen (DL-SETUP-3, DL-TOKEN-5), each
    kind at most :func:`most_held`."""
    why = {k: f"a seat holds {int(k in PLAYER_TOKENS)} {k} token of its own, DL-SETUP-2, and the volcanoes "
              f"{board.pool.get(k, 0)}, D3" for k in HELD_TOKENS}
    return read_seat_counts(value, "tokens", players, HELD_TOKENS, most_held(board), why)


def read_hoards(value: Any, players: int) -> list[dict[str, int]]:
    """Read ``hoards``: per seat, the eggs and gems behind its screen (DL-TREASURE-5), each at most the game's
    18 eggs and its gems of the colour (component list)."""
    most = {"egg": EGGS, **GEM_COUNTS}
    why = {k: f"the game has {n} {k}{'s' * (n > 1)}, component list" for k, n in most.items()}
    return read_seat_counts(value, "hoards", players, HOARD_ITEMS, most, why)


def read_dragons(value: Any, board: Board) -> dict[str, str | None]:
    """Read ``dragons``: colour -> the volcano of the revealed royal dragon (null: not revealed)."""
    return {c: read_choice(v, f"dragons.{c}", board.volcanoes, none=True)
            for c, v in read_dict(value, "dragons", COLOURS).items()}


def read_dice(value: Any, faces: tuple[tuple[int, ...], tuple[int, ...]]) -> list[int] | None:
    """Read ``dice``: ``[die A, die B]`` as the dice preset can show them (DL-REC-1), or null."""
    if value is None:
        return None
    need(isinstance(value, list) and len(value) == 2, "dice", f"must be [die A, die B] or null, got {value!r:.40}")
    for i, (pips, die) in enumerate(zip(value, faces)):
        need(isinstance(pips, int) and not isinstance(pips, bool) and pips in die, f"dice.{i}",
             f"die {'AB'[i]} shows one of {sorted(set(die))} (DL-REC-1), got {pips!r:.20}")
    return list(value)


def read_pair(value: Any, field: str) -> list[bool]:
    """Read ``dice_used``: ``[bool, bool]``."""
    need(isinstance(value, list) and len(value) == 2, field, f"must be [bool, bool], got {value!r:.40}")
    return [read_bool(x, f"{field}.{i}") for i, x in enumerate(value)]


def read_used(value: Any) -> list[str]:
    """Read ``used``: the colours of the adventurers that took a die this turn, in order (DL-TURN-3)."""
    need(isinstance(value, list), "used", f"must be a list of colours, got {value!r:.40}")
    for c in value:
        read_choice(c, "used", COLOURS)
    need(len(set(value)) == len(value), "used", "an adventurer takes one die a turn (DL-TURN-3)")
    return list(value)


def read_action(value: Any, board: Board) -> dict[str, Any] | None:
    """Read ``action``: the adventurer's action under way, or null (its keys: :data:`ACTION_KEYS`);
    ``die_value`` at most the highest die face or opening distance, ``takes`` at most one take and one
    more per magic hand (DL-TREASURE-1, DL-HAND-1, D3)."""
    if value is None:
        return None
    spec = read_dict(value, "action", ACTION_KEYS)
    need("adventurer" in spec, "action.adventurer", "names the adventurer whose action is under way")
    out: dict[str, Any] = {"adventurer": read_choice(spec["adventurer"], "action.adventurer", COLOURS)}
    if "die" in spec:
        out["die"] = None if spec["die"] is None else read_int(spec["die"], "action.die", 0, 1)
    faces = [f for dice in board.dice_presets.values() for die in dice for f in die]
    most = {"die_value": max(faces + [d for ds in board.opening_distances.values() for d in ds]),
            "takes": 1 + board.pool.get("magic_hand", 0)}
    for key in ("die_value", "takes"):
        if key in spec:
            out[key] = read_int(spec[key], f"action.{key}", 0, most[key])
    for key in ("entering", "die_spent", "walked", "moved", "stopped"):
        if key in spec:
            out[key] = read_bool(spec[key], f"action.{key}")
    return out
