"""A small deterministic text board (the game's ``__repr__``), drawn from an observation.

It is drawn from an observation dict, so what it shows is exactly what that view may know: the
game's ``__repr__`` uses the public view (gold values hidden until the end).
"""

from __future__ import annotations

from typing import Any, Sequence

from .board import LAIR, NEST, Board

_DECISIONS = {
    "select_knight": "select a knight",
    "take_card": "take a card",
    "dragon_roll": "roll the dragon die",
    "choose_victim": "choose the dragon's victim",
    "pay_or_lose": "pay the dragon or lose the knight",
    "reveal_card": "turn up the next card",
}


def render(obs: dict[str, Any], board: Board, names: Sequence[str]) -> str:
    """Return the text picture of observation ``obs``: castle, path with knights, piles and the
    dragon beside its track, lair and nest, then one line per seat."""
    lines = [_header(obs, names), _castle(obs, board)]
    track = set(obs["flight_track"]["squares"])
    for sq in board.path:
        lines.append(_square_line(obs, board, sq, sq in track))
    lair = " ".join(c or "." for c in obs["lair_places"])
    lines.append(f"  {LAIR:<4} [{lair}]  treasures left {obs['treasures_left']}")
    lines.append(f"  {NEST:<4} {_knights(obs['knights'].get(NEST, {})) or '-'}")
    d = obs["dragon"]
    where = "on its track" if d["on_track"] else "off its track"
    roll = f", last roll {obs['last_roll']}" if obs["last_roll"] else ""
    track_span = f"{obs['flight_track']['squares'][0]}-{obs['flight_track']['squares'][-1]}"
    fixed = ", fixed" if obs["flight_track"]["fixed"] else ""
    lines.append(f"Dragon beside {d['square']} facing the {d['facing']}, {where} (track {track_span}{fixed}){roll}")
    for hand in obs["hands"]:
        lines.append(_hand_line(hand, board, names))
    if obs["decision"] is None and obs["scores"]:
        lines.append("Scores: " + ", ".join(f"{names[int(s)]} {v}" for s, v in obs["scores"].items()))
    return "\n".join(lines)


def _header(obs: dict[str, Any], names: Sequence[str]) -> str:
    head = f"Emerald, {len(obs['hands'])} players, turn {obs['turn']}"
    if obs["decision"] is None:
        return f"{head}: game over, {obs.get('end_reason') or ''}".rstrip(", ")
    decider = obs["active_player"]
    if obs["decision"] == "pay_or_lose" and obs["pending"]:
        decider = obs["pending"]["victim_owner"]
    nth = "first" if obs["knights_moved"] == 0 else "second"
    extra = f" ({nth} knight)" if obs["decision"] == "select_knight" else ""
    return f"{head}: {names[decider]} to {_DECISIONS[obs['decision']]}{extra}"


def _castle(obs: dict[str, Any], board: Board) -> str:
    parts = []
    for s in board.start_spaces:
        here = obs["knights"].get(s, {})
        parts.append(f"{s} [{_knights(here)}]")
    return "Castle: " + "  ".join(parts)


def _square_line(obs: dict[str, Any], board: Board, sq: str, beside_track: bool) -> str:
    cards = ""
    if sq in obs["piles"]:
        cards = "  ".join(_pile(obs["piles"][sq][p], board) for p in ("gold", "gem"))
    track = "|" if beside_track else " "
    dragon = ""
    if obs["dragon"]["square"] == sq:
        dragon = "<D" if obs["dragon"]["facing"] == "plain" else "D>"
    knights = _knights(obs["knights"].get(sq, {}))
    return f"  {sq:<4} {cards:<30} {track}{dragon:<2} {knights}".rstrip()


def _pile(pile: dict[str, Any], board: Board) -> str:
    top = pile["top"]
    if top is None:
        return f"face down (+{pile['count']})" if pile["count"] else "-"
    name = f"gold {top['value']}" if top["kind"] == "gold" else board.gem_names[top["gem"]]
    return f"{name} (+{pile['count'] - 1})"


def _knights(here: dict[str, int]) -> str:
    return " ".join(f"{c}" if n == 1 else f"{c}x{n}" for c, n in here.items())


def _hand_line(hand: dict[str, Any], board: Board, names: Sequence[str]) -> str:
    gold = (f"gold {'+'.join(map(str, hand['gold']))}" if hand["gold"] is not None
            else f"gold {hand['gold_count']} card(s)")
    if hand["gold"] == []:
        gold = "gold -"
    gems = ", ".join(f"{board.gem_names[g]} {n}" for g, n in hand["gems"].items() if n) or "-"
    bonus = ", ".join(hand["bonus"]) or "-"
    paid = f", paid {hand['gold_paid']}" if hand["gold_paid"] else ""
    return (f"{names[hand['seat']]}: {gold}; gems {gems}; treasures {hand['treasures']}; "
            f"bonus {bonus}{paid}")
