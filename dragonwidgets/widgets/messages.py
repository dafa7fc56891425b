"""The intents the front end may send, defined once, and their validation.

The browser never changes game state: it sends a custom message ``{"kind": ..., <fields>}`` and the
widget routes it to the public method of the same name (``act``, ``goto``, ...), the one a notebook
calls. A message that is not exactly one of these shapes is refused before any method runs.

>>> parse_intent({"kind": "act", "id": "move T1 red"})
('act', {'id': 'move T1 red'})
>>> parse_intent({"kind": "goto", "step": True})
Traceback (most recent call last):
...
dragonwidgets.widgets.messages.IntentError: message 'goto': field 'step' must be an int, got True
"""

from __future__ import annotations

import math
from typing import Any

#: kind -> {field: type}. Each kind is also the name of the widget method it calls with those fields.
MESSAGE_KINDS: dict[str, dict[str, type]] = {
    "act": {"id": str},
    "goto": {"step": int},
    "undo": {},
    "play": {},
    "pause": {},
    "bot_step": {},
    "resolve_chance": {},
    "set_viewer": {"viewer": str},
    "set_seat": {"seat": int, "who": str},
    "set_pace": {"pace": float},
}

#: Longest string field accepted (an action id or a bot name is far shorter).
MAX_TEXT = 200


class IntentError(ValueError):
    """A front-end message or a widget call was refused; the message says why and what to do."""


def _check_field(kind: str, name: str, want: type, value: Any) -> Any:
    if want is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif want is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        value = float(value) if ok else value
    else:
        ok = isinstance(value, str) and len(value) <= MAX_TEXT
    if not ok:
        shown = repr(value)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        raise IntentError(f"message {kind!r}: field {name!r} must be {_a(want)}, got {shown}")
    return value


def _a(want: type) -> str:
    return {int: "an int", float: "a finite number", str: f"a string of at most {MAX_TEXT} characters"}[want]


def parse_intent(content: Any) -> tuple[str, dict[str, Any]]:
    """Return ``(method name, keyword arguments)`` for a front-end message.

    Raises:
        IntentError: not a dict, unknown or missing ``kind``, a missing or extra field, or a field of
            the wrong type.
    """
    if not isinstance(content, dict):
        raise IntentError(f"a message is a dict with a 'kind', got {type(content).__name__}")
    kind = content.get("kind")
    if not isinstance(kind, str) or kind not in MESSAGE_KINDS:
        known = ", ".join(MESSAGE_KINDS)
        raise IntentError(f"unknown message kind {str(kind)[:40]!r}; known kinds: {known}")
    fields = MESSAGE_KINDS[kind]
    extra = sorted(set(content) - set(fields) - {"kind"})
    if extra:
        raise IntentError(f"message {kind!r} has unexpected field(s) {', '.join(map(repr, extra))[:80]}")
    args = {}
    for name, want in fields.items():
        if name not in content:
            raise IntentError(f"message {kind!r} needs the field {name!r}")
        args[name] = _check_field(kind, name, want, content[name])
    return kind, args
