"""Reading tool arguments the way agents actually send them.

Models send arrays as real arrays, as JSON-encoded strings, or mixed with non-strings; numbers
as floats; booleans as strings. Each reader accepts those forms (text must be a string: a
number where code or a path belongs is a mistake, not a form) and raises
``ToolArgumentError`` with what to send otherwise.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from entrypoints.mcp_server.replies import ToolArgumentError


def _type_name(value: object) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


def text(args: Mapping[str, Any], name: str, *, required: bool = False) -> str:
    """A string parameter. Anything else is refused rather than turned into text: code sent as
    the number 123 would otherwise run as the program ``123`` and look like it worked."""
    value = args.get(name)
    if value is None or value == "":
        if required:
            raise ToolArgumentError(f"missing required parameter: {name}")
        return ""
    if not isinstance(value, str):
        raise ToolArgumentError(
            f"parameter {name} must be a string, got {_type_name(value)} — send it as JSON "
            f'text, e.g. "{name}": "…"'
        )
    return value


def string_list(args: Mapping[str, Any], name: str) -> list[str]:
    value = args.get(name)
    if value is None:
        return []
    if isinstance(value, str):
        stripped = value.strip()
        if stripped.startswith("["):
            try:
                value = json.loads(stripped)
            except json.JSONDecodeError:
                raise ToolArgumentError(
                    f"parameter {name} looks like a JSON array but does not parse; "
                    'send a list of strings, e.g. ["first query", "second query"]'
                ) from None
        else:
            return [stripped] if stripped else []
    if not isinstance(value, list):
        raise ToolArgumentError(f"parameter {name} must be a list of strings")
    return [item.strip() for item in value if isinstance(item, str) and item.strip()]


def integer(
    args: Mapping[str, Any],
    name: str,
    default: int,
    *,
    minimum: int = 0,
    maximum: int | None = None,
) -> int:
    value = args.get(name)
    if value is None or value == "":
        return default
    if isinstance(value, bool):
        raise ToolArgumentError(f"parameter {name} must be a number, got {value!r}")
    try:
        number = int(float(value))
    except OverflowError:
        raise ToolArgumentError(
            f"parameter {name} must be a finite number, got {_shown(value)}"
            + (f" (at most {maximum:,})" if maximum is not None else "")
        ) from None
    except (TypeError, ValueError):
        raise ToolArgumentError(f"parameter {name} must be a number, got {_shown(value)}") from None
    if number < minimum or (maximum is not None and number > maximum):
        upper = f" and {maximum}" if maximum is not None else ""
        raise ToolArgumentError(f"parameter {name} must be between {minimum}{upper}, got {number}")
    return number


def _shown(value: object) -> str:
    """A value as the agent should see it in an error: short, infinity spelled out."""
    if isinstance(value, float) and math.isnan(value):
        return "NaN"
    if isinstance(value, float) and math.isinf(value):
        return "infinity (a number too large for JSON, such as 1e400)"
    shown = repr(value)
    return shown if len(shown) <= 60 else shown[:57] + "…"


def boolean(args: Mapping[str, Any], name: str, default: bool) -> bool:
    value = args.get(name)
    if value is None or value == "":
        return default
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return value != 0
    if isinstance(value, str) and value.strip().lower() in {"true", "1", "yes"}:
        return True
    if isinstance(value, str) and value.strip().lower() in {"false", "0", "no"}:
        return False
    raise ToolArgumentError(f"parameter {name} must be true or false, got {value!r}")


def object_list(args: Mapping[str, Any], name: str) -> list[Any]:
    value = args.get(name)
    if value is None:
        return []
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except json.JSONDecodeError:
            raise ToolArgumentError(f"parameter {name} must be a list") from None
    if not isinstance(value, list):
        raise ToolArgumentError(f"parameter {name} must be a list")
    return value
