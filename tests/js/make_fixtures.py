"""Write tests/js/fixtures/emerald.json: widget traits at a few Emerald positions, from the real
engine, for the vitest suite and the chromium harness (js/dev/). Run: python tests/js/make_fixtures.py
"""

from __future__ import annotations

import json
import pathlib

from dragonwidgets import EmeraldWidget

OUT = pathlib.Path(__file__).parent / "fixtures" / "emerald.json"
TRAITS = ("game_name", "board", "observation", "legal_actions", "can_act", "step", "history_length", "log",
          "seats", "bot_names", "viewer", "view_seat", "status", "last_error", "playing", "pace",
          "player_names", "text")


def traits(w: EmeraldWidget) -> dict:
    return {k: getattr(w, k) for k in TRAITS}


def play_until(w: EmeraldWidget, decision: str, limit: int = 2000) -> None:
    """Let bots play every seat until the observation's decision is ``decision`` (a person's)."""
    seats = list(w.seats)
    w.seats = ["greedy"] * len(seats)
    for _ in range(limit):
        if w.game.observation(None)["decision"] == decision:
            break
        w.bot_step()
    w.seats = seats


def main() -> None:
    out = {}
    w = EmeraldWidget(players=3, seed=1)
    out["start"] = traits(w)
    play_until(w, "pay_or_lose")
    out["pay_or_lose"] = traits(w)
    w.viewer = str(w.game.current_player)
    out["pay_or_lose_seat"] = traits(w)
    w.viewer = str((w.game.current_player + 1) % 3)
    out["pay_or_lose_other_seat"] = traits(w)
    w2 = EmeraldWidget(players=4, seed=5)
    play_until(w2, "take_card")
    out["take_card_4p"] = traits(w2)
    out["start_2p"] = traits(EmeraldWidget(players=2, seed=3))
    w3 = EmeraldWidget(players=2, seed=3, chance="manual")
    play_until(w3, "dragon_roll")
    out["manual_roll_2p"] = traits(w3)
    w5 = EmeraldWidget(players=5, seed=2, seats=["greedy"] * 5)
    while not w5.game.is_over:
        w5.bot_step()
    out["over_5p"] = traits(w5)
    w5.goto(w5.game.step * 2 // 3)
    out["mid_5p"] = traits(w5)
    OUT.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes): {', '.join(out)}")


if __name__ == "__main__":
    main()
