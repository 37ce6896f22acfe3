"""JSON on the hook's path without importing ``json``: the same C scanner and encoder.

``json`` does its work in ``_json``, a C module; what importing ``json`` adds is three Python
modules and six regular expressions compiled at import, ~0.15× a bare interpreter's start on
every tool call of the host agent (ADR 0102). ``loads`` and ``dumps`` here build ``_json``'s
scanner and encoder with the arguments ``json.loads``/``json.dumps`` give them by default, so a
valid document reads and writes exactly as with ``json``; anything else (an error, bytes that
are not UTF-8, a value ``_json`` cannot encode) is handed to ``json`` itself, which raises the
usual ``ValueError``/``TypeError`` with its usual message.
"""

from __future__ import annotations

import _json  # the C half of ``json``

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_BLANKS = " \t\n\r"  # JSON's whitespace, as ``json.decoder.WHITESPACE``
_CONSTANTS = {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}


class _Decoding:
    """The attributes ``json.JSONDecoder()`` hands ``_json.make_scanner``."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = _CONSTANTS.__getitem__


_scan = _json.make_scanner(_Decoding())  # type: ignore[arg-type]  # reads these attributes


def loads(document: str | bytes) -> Any:
    """``json.loads(document)``."""
    if isinstance(document, bytes | bytearray):
        if (
            document[:3] == b"\xef\xbb\xbf"
            or b"\x00" in document[:4]
            or document[:2]
            in {
                b"\xff\xfe",
                b"\xfe\xff",
            }
        ):
            return _json_module().loads(document)  # a BOM or UTF-16/32: ``json`` detects it
        try:
            text = document.decode("utf-8", "surrogatepass")
        except UnicodeDecodeError:
            return _json_module().loads(document)
    else:
        text = document
    start = len(text) - len(text.lstrip(_BLANKS))
    try:
        value, end = _scan(text, start)
    except (StopIteration, ValueError):
        return _json_module().loads(text)
    if end != len(text) and text[end:].strip(_BLANKS):
        return _json_module().loads(text)  # "Extra data"
    return value


def dumps(value: Any, *, ensure_ascii: bool = True, sort_keys: bool = False) -> str:
    """``json.dumps(value, ensure_ascii=…, sort_keys=…)``."""
    escape = _json.encode_basestring_ascii if ensure_ascii else _json.encode_basestring
    if isinstance(value, str):
        return str(escape(value))
    encode = _json.make_encoder({}, _refuse, escape, None, ": ", ", ", sort_keys, False, True)
    try:
        return "".join(encode(value, 0))
    except (TypeError, ValueError):
        return str(_json_module().dumps(value, ensure_ascii=ensure_ascii, sort_keys=sort_keys))


def _refuse(value: object) -> object:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _json_module() -> Any:
    import json

    return json
