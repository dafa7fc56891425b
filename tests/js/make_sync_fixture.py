"""Write tests/js/fixtures/sync.json: what the kernel sends a widget's front end over a stretch of play.

The widget's state when the front end connects (``initial``), the ``sync`` messages of 25 actions and a
rewind (``{"content", "buffer"}``, the buffer of a deflated one in base64), and the state Python holds at
the end (``final``): ``tests/js/sync.test.js`` applies the messages
with ``js/shared/sync.js`` and must reach ``final``.

    python tests/js/make_sync_fixture.py
"""

from __future__ import annotations

import base64
import json
import random
from pathlib import Path

import dragonwidgets
from dragonwidgets.engine import CHANCE

OUT = Path(__file__).with_name("fixtures") / "sync.json"


def record(name: str, players: int, seed: int, viewer: str) -> dict:
    w = dragonwidgets.GameWidget(dragonwidgets.new_game(name, players=players, seed=seed),
                                 seats=["human"] + ["random"] * (players - 1), viewer=viewer, playing=False)
    initial = _traits(w)
    messages = []
    original = w.comm.send

    def send(data=None, buffers=None, **kw):
        if data.get("method") == "custom":
            buffer = base64.b64encode(bytes(buffers[0])).decode() if buffers else None
            messages.append({"content": json.loads(json.dumps(data["content"])), "buffer": buffer})
        return original(data=data, buffers=buffers, **kw)

    w.comm.send = send
    rng = random.Random(seed)
    for _ in range(25):
        if w.game.is_over:
            break
        if w.game.current_player == CHANCE:
            w.resolve_chance()
        elif w.seats[w.game.current_player] == "human":
            legal = w.game.legal_actions()
            w.act(legal[rng.randrange(len(legal))].id)
        else:
            w.bot_step()
    w.goto(w.step // 2)
    return {"initial": initial, "messages": messages,
            "final": _traits(w)}


def _traits(w) -> dict:
    """The game's synced traits as JSON (not the bundle, the layout or the static board)."""
    skip = {"board", "layout", "tabbable", "tooltip"}
    return {k: v for k, v in json.loads(json.dumps(w.get_state())).items() if not k.startswith("_") and k not in skip}


def main() -> None:
    data = {"drachenland_seat": record("drachenland", 3, 4, "0"), "emerald_teacher": record("emerald", 3, 4, "teacher")}
    OUT.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {OUT} ({OUT.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
