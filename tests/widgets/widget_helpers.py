"""Drive a widget as its front end does, without a browser.

``intent(w, kind, **fields)`` sends a custom message the way the comm does; ``snapshot(w)`` captures the
engine's record and every synced trait (except ``last_error``) to prove that a refused intent changed
nothing.
"""

from __future__ import annotations

import copy
import json

SYNCED_GAME_TRAITS = (
    "game_name", "board", "observation", "legal_actions", "can_act", "step", "history_length", "log", "seats",
    "bot_names", "viewer", "view_seat", "status", "playing", "pace", "player_names", "text",
)


def intent(w, kind: str, **fields) -> None:
    """Deliver ``{"kind": kind, **fields}`` as a custom message from the front end."""
    w._handle_custom_msg({"kind": kind, **fields}, [])


def snapshot(w) -> tuple[dict, dict]:
    """The game record and the synced traits other than ``last_error``."""
    return w.game.to_record(), {k: copy.deepcopy(getattr(w, k)) for k in SYNCED_GAME_TRAITS}


def synced_json(w) -> str:
    """Everything the browser receives about the game, as the JSON the comm would carry."""
    state = w.get_state()
    return json.dumps({k: state[k] for k in SYNCED_GAME_TRAITS + ("last_error",)}, sort_keys=True)
