"""Chunking: turning a document into searchable sections of at most 4 KB (UTF-8).

The package's names are loaded on first use (PEP 562): a module that needs only one small
helper (``domain.chunking.utf8`` for a search snippet) does not pay for every chunker's
patterns, which ``capy search`` never runs.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from domain.chunking.detection import detect_content_type, is_json
    from domain.chunking.dispatch import chunk, chunk_stream
    from domain.chunking.limits import MAX_CHUNK_BYTES

__all__ = ["MAX_CHUNK_BYTES", "chunk", "chunk_stream", "detect_content_type", "is_json"]

_HOMES = {
    "MAX_CHUNK_BYTES": "domain.chunking.limits",
    "chunk": "domain.chunking.dispatch",
    "chunk_stream": "domain.chunking.dispatch",
    "detect_content_type": "domain.chunking.detection",
    "is_json": "domain.chunking.detection",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value
