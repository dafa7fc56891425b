"""Text: a small deterministic picture of the public table (the widget's ``text`` and ``repr``), and the
plurals the choices and events share."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import COLOURS

if TYPE_CHECKING:
    from .game import DrachenlandGame


def plural(item: str, n: int) -> str:
    """Return ``item`` for one, its plural for more: ``"ruby"`` -> ``"rubies"``."""
    if n == 1:
        return item
    return item[:-1] + "ies" if item.endswith("y") else item + "s"


def spaces(n: int) -> str:
    """Return a distance in words: ``"1 space"``, ``"3 spaces"``."""
    return f"{n} space{'s' * (n > 1)}"


_GEM_LETTER = {"ruby": "R", "emerald": "G", "sapphire": "S", "diamond": "D"}
_TOKEN_SHORT = {"boatman": "boat", "baby_dragon": "baby", "forced_march": "march", "magic_hand": "hand",
                "fate": "fate", "ring": "RING"}


def render(game: DrachenlandGame) -> str:
    """Return the public table as text: dice, volcanoes, adventurers, tokens (no hidden hoards).

    >>> from .game import DrachenlandGame
    >>> print(render(DrachenlandGame(players=2, seed=3)).splitlines()[0])
    Drachenland, 2 players · opening round · Humans to bring an adventurer in
    """
    s = game.state
    where = {"opening": "opening round"} if s.turn == 0 else {}
    head = where.get("opening", f"round {s.turn}")
    if s.phase == "over":
        doing = f"over: {s.end_reason}"
    elif s.phase == "reveal":
        doing = f"the token on {s.revealing} to be turned face up"
    elif s.turn == 0:
        doing = f"{game.player_name(s.active)} to bring an adventurer in"
    else:
        doing = f"{game.player_name(s.active)} to {s.phase.replace('_', ' ')}"
    lines = [f"Drachenland, {s.players} players · {head} · {doing}"]
    if s.dice:
        dice = " ".join(f"[{v}]" if not used else f"({v})" for v, used in zip(s.dice, s.dice_used))
        lines.append(f"dice {dice}")
    for v in game.board.volcanoes:
        gems = "".join(_GEM_LETTER[g] * n for g, n in s.gems[v].items())
        if v in s.face_down:
            token = "?"
        else:
            token = _TOKEN_SHORT.get(s.token[v] or "", "-")
        dragons = "".join(f" {c}-dragon" for c in COLOURS if s.dragons[c] == v)
        lines.append(f"{v} eggs {s.eggs[v]} gems {gems or '-':<8} token {token}{dragons}")
    for seat in range(s.players):
        pos = " ".join(f"{c}@{s.positions[seat][c] or 'off'}{'+ring' if c in s.rings[seat] else ''}" for c in COLOURS)
        held = " ".join(f"{_TOKEN_SHORT[k]}x{n}" for k, n in s.held[seat].items() if n)
        lines.append(f"{game.player_name(seat)}: {pos} | {held or 'no tokens'}")
    return "\n".join(lines)
