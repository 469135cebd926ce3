"""What may come in through the door: posted fields, websocket frames, action ids and actions.

Everything a browser sends is checked here before it reaches the engine or the database, and every
refusal is the same plain "not a valid move": a NUL character (which PostgreSQL cannot store), other
control characters, a frame too large or nested too deep to parse safely, a field that is not text.
"""

from __future__ import annotations

import json
import re
import unicodedata

MAX_FRAME = 32 * 1024  # bytes of one websocket frame: a table's whole form is well under 4 KiB
MAX_DEPTH = 6  # nesting of a frame or an action: a form is one object, an action at most four deep
MAX_FIELDS = 200  # fields of one form: the largest hand with its checkboxes is about 60
MAX_VALUE = 2000  # characters of one field (chat lines are shorter still)
ACTION_ID = re.compile(r"[A-Za-z0-9_.-]{1,64}")  # no ":" — the server's own ids (computer:…) use it


class Malformed(ValueError):
    """Input that is not a move at all; the door answers with services.MALFORMED."""


def has_control(text: str) -> bool:
    """Control characters (NUL included) and lone surrogates; format characters such as the joiners
    inside emoji are allowed."""
    return any(unicodedata.category(char) in ("Cc", "Cs") for char in text)


def depth_of(text: str) -> int:
    """The deepest nesting of `[` and `{` in a JSON text, counted without parsing it (strings skipped),
    so that a hostile frame cannot exhaust the parser's recursion."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def parse_json(text: object, max_bytes: int = MAX_FRAME, max_depth: int = MAX_DEPTH) -> object:
    """JSON from a browser, size- and depth-limited before it is parsed."""
    if not isinstance(text, str) or len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        raise Malformed("too large or not text")
    if depth_of(text) > max_depth:
        raise Malformed("nested too deep")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise Malformed("not JSON") from exc


def clean_fields(fields: object) -> dict[str, str]:
    """A form's fields as text → text: from a POST, or from a frame that htmx's ws-send built.

    Numbers and booleans become text as a form would post them; anything else, and any control
    character in a name or a value, makes the whole form malformed."""
    if not isinstance(fields, dict) or len(fields) > MAX_FIELDS:
        raise Malformed("not a form")
    cleaned = {}
    for key, value in fields.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif isinstance(value, int | float):
            value = str(value)
        if not isinstance(key, str) or not isinstance(value, str) or len(value) > MAX_VALUE:
            raise Malformed("not a form field")
        if has_control(key) or has_control(value):
            raise Malformed("control character")
        cleaned[key] = value
    return cleaned


def clean_action_id(value: object) -> str:
    if not isinstance(value, str) or not ACTION_ID.fullmatch(value):
        raise Malformed("not an action id")
    return value


def check_action(action: object, depth: int = 0) -> None:
    """An engine action is small JSON: objects, lists, text without control characters, numbers."""
    if depth > MAX_DEPTH:
        raise Malformed("nested too deep")
    if isinstance(action, dict):
        for key, value in action.items():
            check_action(key, depth + 1)
            check_action(value, depth + 1)
    elif isinstance(action, list):
        for value in action:
            check_action(value, depth + 1)
    elif isinstance(action, str):
        if len(action) > MAX_VALUE or has_control(action):
            raise Malformed("control character")
    elif action is not None and not isinstance(action, bool | int | float):
        raise Malformed("not JSON")
