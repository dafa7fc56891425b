"""The intents the front end may send, defined once, their validation, and their way into the widget.

The browser never changes game state: it sends a custom message ``{"kind": ..., <fields>}`` and the
widget (:class:`FrontEndMessages`) routes it to the public method of the same name (``act``, ``goto``,
...), the one a notebook calls; it refuses trait writes from the browser. A message that is not exactly one of these shapes is refused before any method runs, and at once: a
message with more fields than any kind has, a string field over :data:`MAX_TEXT` characters or binary
buffers is refused without reading further, and no refusal prints a value it was sent (only its type
or a short prefix), so a huge or deeply nested message costs no more to refuse than a small one.

>>> parse_intent({"kind": "act", "id": "move T1 red"})
('act', {'id': 'move T1 red'})
>>> parse_intent({"kind": "goto", "step": True})
Traceback (most recent call last):
...
dragonwidgets.widgets.messages.IntentError: message 'goto': field 'step' must be an int, got True
"""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING, Any

import traitlets as t

if TYPE_CHECKING:  # the traits and the other parts' methods, for mypy (see _parts.py)
    from ._parts import WidgetParts
else:
    WidgetParts = object

class Text(str):
    """The type of a message field holding a person's words (a comment): a str of at most :data:`MAX_WORDS`
    characters (other strings are ids and names, at most :data:`MAX_TEXT`)."""


#: Longest text field (:class:`Text`) accepted: the longest comment a game takes (``history.MAX_COMMENT_CHARS``).
MAX_WORDS = 10_000

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
    "resync": {},
    "edit_start": {},
    "edit": {"ops": list},
    "edit_play": {},
    "edit_cancel": {},
    # annotations and recording a lesson (annotations.py)
    "enter_variation": {"step": int, "index": int},
    "record_start": {},
    "record_stop": {},
    "annotate": {"step": int, "text": Text},
    "set_question": {"step": int, "accepted": list},
    "clear_question": {"step": int},
    "record_export": {},
    "record_save": {"name": str},
    # the analysis switch and the review (analysis_panel.py)
    "analyse_start": {"knowledge": str},
    "analyse_stop": {},
    "review_start": {},
    "review_stop": {},
}

#: Longest string field accepted (an action id or a bot name is far shorter).
MAX_TEXT = 200
#: Most keys a message may have: ``kind`` and the fields of the kind with the most of them.
MAX_KEYS = 1 + max(len(fields) for fields in MESSAGE_KINDS.values())
_LOG = logging.getLogger(__name__)


class IntentError(ValueError):
    """A front-end message or a widget call was refused; the message says why and what to do."""


def _check_field(kind: str, name: str, want: type, value: Any) -> Any:
    if want is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif want is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        value = float(value) if ok else value
    elif want is Text:
        ok = isinstance(value, str) and len(value) <= MAX_WORDS
    elif want is list:
        ok = isinstance(value, list)  # its items are checked by the method (e.g. editing.checked_ops)
    else:
        ok = isinstance(value, str) and len(value) <= MAX_TEXT
    if not ok:
        raise IntentError(f"message {kind!r}: field {name!r} must be {_a(want)}, got {shown(value)}")
    return value


def shown(value: Any) -> str:
    """Return a short description of a value a message carried: a number, or a string's first 50
    characters and its length, else only its type (never the repr of a list or dict: it may be huge or
    nested deeper than Python can print).

    >>> shown("x" * 5000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (5000 characters)"
    >>> shown([[[]]]), shown(True), shown(2.5)
    ('a list', 'True', '2.5')
    """
    if value is None or isinstance(value, (bool, int, float)):
        text = repr(value)
        return text if len(text) <= 40 else f"a {len(text)}-digit number"
    if isinstance(value, str):
        return repr(value) if len(value) <= 50 else f"{value[:50]!r}... ({len(value)} characters)"
    kinds: dict[type, str] = {list: "a list", dict: "an object"}
    return kinds.get(type(value), f"a {type(value).__name__}")


def _a(want: type) -> str:
    return {int: "an int", float: "a finite number", str: f"a string of at most {MAX_TEXT} characters",
            list: "a list", Text: f"a string of at most {MAX_WORDS:,} characters"}[want]


def parse_intent(content: Any, buffers: Any = None) -> tuple[str, dict[str, Any]]:
    """Return ``(method name, keyword arguments)`` for a front-end message.

    Raises:
        IntentError: not a dict, more than :data:`MAX_KEYS` keys, binary buffers, unknown or missing
            ``kind``, a missing or extra field, or a field of the wrong type. The time to refuse does
            not grow with the message's size.
    """
    if not isinstance(content, dict):
        raise IntentError(f"a message is a dict with a 'kind', got {shown(content)}")
    if len(content) > MAX_KEYS:
        raise IntentError(f"a message has at most {MAX_KEYS} keys (its kind and fields), got {len(content)}")
    if buffers:
        raise IntentError("a message carries no binary buffers")
    kind = content.get("kind")
    if not isinstance(kind, str) or kind not in MESSAGE_KINDS:
        known = ", ".join(list(MESSAGE_KINDS)[:10])  # the first ones: the error stays short as kinds are added
        raise IntentError(f"unknown message kind {shown(kind)}; known kinds: {known}... ({len(MESSAGE_KINDS)} in all, "
                          "dragonwidgets.widgets.messages.MESSAGE_KINDS)")
    fields = MESSAGE_KINDS[kind]
    extra = [k for k in content if k != "kind" and k not in fields]
    if extra:
        raise IntentError(f"message {kind!r} has unexpected field(s) {', '.join(shown(k) for k in extra)}")
    args = {}
    for name, want in fields.items():
        if name not in content:
            raise IntentError(f"message {kind!r} needs the field {name!r}")
        args[name] = _check_field(kind, name, want, content[name])
    return kind, args


class FrontEndMessages(WidgetParts):
    """The front end's path into :class:`~dragonwidgets.widgets.GameWidget` (it supplies ``last_error``,
    ``keys``, ``send_state``, ``_check_page_intent``, ``_error_for_page`` and a public method per kind of
    :data:`MESSAGE_KINDS`)."""

    def _on_front_end_msg(self, _widget: Any, content: Any, buffers: Any) -> None:
        """Route one custom message to its method; any refusal sets ``last_error`` only."""
        kind = None
        try:
            kind, args = parse_intent(content, buffers)
            self._check_page_intent(kind)  # what only the notebook may do now (views.py)
            getattr(self, kind)(**args)
        except Exception as exc:  # noqa: BLE001 - nothing from the browser may break the kernel
            if not isinstance(exc, (ValueError, TypeError, IndexError, t.TraitError)):
                _LOG.exception("unexpected error handling a %r message", kind)  # never the message itself
            self.last_error = self._error_for_page(exc)  # in a seat's view, only what it may know (views.py)
        else:
            self.last_error = ""

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Refuse trait writes from the browser: it sends intents instead (see ``MESSAGE_KINDS``)."""
        names = sorted(k for k in sync_data if k in self.keys)
        if names:
            self.last_error = (
                f"the front end may not set {', '.join(names)}; it sends intents "
                f"({', '.join(MESSAGE_KINDS)}) and Python changes the state"
            )
            self.send_state(names)
