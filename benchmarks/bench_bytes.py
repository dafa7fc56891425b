"""Bytes of widget state Python sends to the browser per applied action, over full games (any game).

No browser or kernel is needed: the widget is created in plain Python (``comm`` gives it a dummy
comm) and its comm's ``send`` is wrapped to record every message as the kernel would send it (JSON
of the comm message's ``data`` plus any binary buffers). One *applied action* is one decision taken
the way the front end takes it: ``w.act(id)`` for the human seat (a random legal action) or
``w.bot_step()`` for a bot seat; the chance outcomes drawn right after it (die rolls) are part of it.

Two figures per action:

- ``sent``: what actually went over the comm (state updates and custom messages as JSON, plus the
  binary buffers: a long ``sync`` message travels deflated in one);
- ``naive``: the JSON size of the traits of ``w.get_state()`` whose value changed, sent whole: what
  ipywidgets' own sync sends, and a lower bound for any protocol that sends changed traits whole.
  ``ratio`` is the median sent over the median naive.

    python benchmarks/bench_bytes.py [--game emerald drachenland ...] [--games 3] [--players 2 3]

It prints figures and never asserts.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import dragonwidgets  # noqa: E402
from dragonwidgets.engine.actions import CHANCE  # noqa: E402


def _size(obj) -> int:
    return len(json.dumps(obj, separators=(",", ":"), default=str).encode())


class CommMeter:
    """Wrap a widget's comm ``send`` and add up the bytes of every message it sends."""

    def __init__(self, widget):
        self.bytes = 0
        self.messages = 0
        comm = widget.comm
        original = comm.send

        def send(data=None, metadata=None, buffers=None, **kw):
            self.bytes += _size(data) + sum(len(memoryview(b).cast("B")) for b in (buffers or []))
            self.messages += 1
            return original(data=data, metadata=metadata, buffers=buffers, **kw)

        comm.send = send

    def take(self) -> tuple[int, int]:
        """Return (bytes, messages) since the last call and reset the counters."""
        out = (self.bytes, self.messages)
        self.bytes = self.messages = 0
        return out


def state_sizes(widget) -> dict[str, int]:
    """Return the JSON size of each synced trait (``get_state()`` without binary buffers)."""
    return {k: _size(v) for k, v in widget.get_state().items()}


def changed_traits(before: dict, after: dict) -> dict[str, int]:
    """Return ``{trait: JSON bytes}`` of the traits whose value changed."""
    return {k: _size(v) for k, v in after.items() if before.get(k) != v}


#: game name -> its widget class in ``dragonwidgets``.
WIDGETS = {"emerald": "EmeraldWidget", "drachenland": "DrachenlandWidget", "chasse_au_dragon": "ChasseAuDragonWidget",
           "draghan": "DraghanWidget"}


def bot_for(game_name: str) -> str:
    """The bot of the other seats: ``greedy`` (Draghan: ``planner``), else the game's first bot."""
    names = dragonwidgets.bot_names(game_name)
    return next((b for b in ("greedy", "planner") if b in names), names[0])


def play_game(game_name: str, players: int, seed: int, viewer: str) -> dict[str, list[int] | int]:
    """Play one game (seat 0 human choosing at random, the others ``greedy``, or ``planner`` for Draghan);
    measure each action."""
    seats = ["human"] + [bot_for(game_name)] * (players - 1)
    w = getattr(dragonwidgets, WIDGETS[game_name])(players=players, seed=seed, seats=seats)
    w.viewer = viewer
    meter = CommMeter(w)
    rng = random.Random(seed)
    initial = sum(state_sizes(w).values())
    meter.take()
    sent, diff, msgs, by_trait = [], [], [], {}
    state = w.get_state()
    game = w.game
    while not game.is_over:
        if game.current_player == CHANCE:  # only with manual chance; auto draws follow each action
            w.resolve_chance()
        elif seats[game.current_player] == "human":
            legal = game.legal_actions()
            w.act(legal[rng.randrange(len(legal))].id)
        else:
            w.bot_step()
        b, m = meter.take()
        new_state = w.get_state()
        sent.append(b)
        msgs.append(m)
        changed = changed_traits(state, new_state)
        diff.append(sum(changed.values()))
        for k, v in changed.items():
            by_trait.setdefault(k, []).append(v)
        state = new_state
    return {"sent": sent, "diff": diff, "messages": msgs, "initial": initial, "steps": game.step,
            "by_trait": by_trait}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=3, help="games per player count and viewer")
    ap.add_argument("--game", nargs="+", default=sorted(WIDGETS), choices=sorted(WIDGETS))
    ap.add_argument("--players", type=int, nargs="+", default=None, help="default: every count the game allows")
    ap.add_argument("--viewers", nargs="+", default=["0", "teacher"],
                    help='viewer trait values to measure ("0" = seat 0\'s view, "teacher" = full table)')
    args = ap.parse_args(argv)
    for name in args.game:
        report(name, args.games, args.players, args.viewers)
        print()


def report(name: str, games_each: int, players_wanted: list[int] | None, viewers: list[str]) -> None:
    cls = dragonwidgets.engine.game_class(name)
    player_counts = players_wanted or list(range(cls.min_players, cls.max_players + 1))
    print(f"{name}: bytes Python sends to the browser per applied action (comm messages: JSON plus binary "
          f"buffers), {games_each} full games each; seat 0 human (random legal action), the others "
          f"{bot_for(name)} bots\n")
    header = (f"{'players':>7} {'viewer':>8} {'actions':>8} {'sent median':>12} {'sent max':>9} "
              f"{'naive median':>13} {'naive max':>10} {'ratio':>6} {'msgs/action':>12} {'initial state':>14} "
              f"{'sent/game':>10}")
    print(header)
    print("-" * len(header))
    for players in player_counts:
        for viewer in viewers:
            games = [play_game(name, players, 1 + 7919 * i + players, viewer) for i in range(games_each)]
            sent = [b for g in games for b in g["sent"]]
            diff = [b for g in games for b in g["diff"]]
            msgs = [m for g in games for m in g["messages"]]
            per_game = statistics.median(sum(g["sent"]) for g in games)
            initial = statistics.median(g["initial"] for g in games)
            ratio = statistics.median(sent) / statistics.median(diff)
            print(f"{players:>7} {viewer:>8} {len(sent):>8} {statistics.median(sent):>12.0f} {max(sent):>9} "
                  f"{statistics.median(diff):>13.0f} {max(diff):>10} {ratio:>6.3f} {statistics.mean(msgs):>12.2f} "
                  f"{initial:>14.0f} {per_game:>10.0f}")
            sys.stdout.flush()
            if viewer == viewers[0] and players == player_counts[0]:
                breakdown, n = games[0]["by_trait"], len(games[0]["sent"])
    print(f"\nWhich traits change, {player_counts[0]} players, viewer {viewers[0]!r}, first game "
          f"({n} actions): times changed, median and max JSON bytes when changed (sent whole by ipywidgets)")
    for trait, xs in sorted(breakdown.items(), key=lambda kv: -sum(kv[1])):
        print(f"  {trait:16} {len(xs):>5} {statistics.median(xs):>8.0f} {max(xs):>8}")


if __name__ == "__main__":
    main()
