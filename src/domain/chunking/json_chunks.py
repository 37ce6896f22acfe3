"""JSON chunking: objects by key path, arrays in batches titled by an identity field.

- A flat object (no nested containers) that pretty-prints under the limit is one chunk.
- Otherwise each key (sorted) is chunked under its path; a key whose value yields nothing on its
  own (a primitive, an empty container) becomes a small chunk of its compact value.
- Arrays are batched while the items' compact size fits; a batch is titled by the items'
  identity field (``id``, ``name``, …) or by index range. An item too big for a chunk on its own
  is chunked like any other value under ``path > [i]``, and an over-long primitive is cut.
- Returns ``None`` when the text is not JSON, so the caller can fall back to plaintext.
"""

from __future__ import annotations

import json
from typing import Any

from domain.chunk import Chunk
from domain.chunking.limits import MAX_CHUNK_BYTES, TITLE_MAX_BYTES
from domain.chunking.oversized import split_lines_to_fit
from domain.chunking.utf8 import byte_len, truncate_bytes

IDENTITY_FIELDS = ("id", "name", "title", "path", "slug", "key", "label")
ROOT = "(root)"


def _dumps(value: Any, indent: int | None, separators: tuple[str, str] | None) -> str:
    text = json.dumps(value, indent=indent, separators=separators, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # an escaped lone surrogate: keep it escaped
        text = json.dumps(value, indent=indent, separators=separators)
    return text


def _pretty(value: Any) -> str:
    return _dumps(value, 2, None)


def _compact(value: Any) -> str:
    return _dumps(value, None, (",", ":"))


def _title(path: list[str]) -> str:
    return " > ".join(path) if path else ROOT


def _identity(item: Any, field: str) -> str | None:
    if not isinstance(item, dict):
        return None
    value = item.get(field)
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        return None
    shown = " ".join(str(value).split())
    return truncate_bytes(shown, TITLE_MAX_BYTES) if shown else None


def _batch_title(prefix: str, items: list[Any], start: int) -> str:
    first = items[0]
    field = next((f for f in IDENTITY_FIELDS if _identity(first, f) is not None), None)
    ids = [_identity(item, field) for item in items] if field else []
    if ids and all(i is not None for i in ids):
        names = [i for i in ids if i is not None]
        if len(names) == 1:
            return f"{prefix} > {names[0]}"
        if len(names) <= 3:
            return f"{prefix} > {', '.join(names)}"
        return f"{prefix} > {names[0]}…{names[-1]}"
    end = start + len(items) - 1
    return f"{prefix} > [{start}]" if end == start else f"{prefix} > [{start}-{end}]"


class _JsonChunker:
    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes

    def value(self, value: Any, path: list[str]) -> list[Chunk]:
        if isinstance(value, dict):
            return self.object(value, path)
        if isinstance(value, list):
            return self.array(value, path)
        text = _compact(value)
        if byte_len(text) <= self.max_bytes:
            return []
        return self.cut(text, _title(path))

    def cut(self, text: str, title: str) -> list[Chunk]:
        return [
            Chunk(title=title, content=piece, has_code=True)
            for piece in split_lines_to_fit(text, self.max_bytes)
        ]

    def fitted(self, value: Any, title: str) -> list[Chunk]:
        pretty = _pretty(value)
        if byte_len(pretty) <= self.max_bytes:
            return [Chunk(title=title, content=pretty, has_code=True)]
        return self.cut(_compact(value), title)

    def object(self, value: dict[str, Any], path: list[str]) -> list[Chunk]:
        flat = not any(isinstance(v, dict | list) for v in value.values())
        if flat and value and byte_len(_pretty(value)) < self.max_bytes:
            return [Chunk(title=_title(path), content=_pretty(value), has_code=True)]
        chunks: list[Chunk] = []
        for key in sorted(value):
            child_path = [*path, str(key)]
            children = self.value(value[key], child_path)
            if not children:
                children = self.fitted(value[key], _title(child_path))
            chunks.extend(children)
        return chunks

    def array(self, items: list[Any], path: list[str]) -> list[Chunk]:
        prefix = _title(path)
        chunks: list[Chunk] = []
        batch: list[Any] = []
        batch_start = 0
        size = 2  # the brackets of the compact batch

        def flush() -> None:
            if batch:
                chunks.extend(self.fitted(list(batch), _batch_title(prefix, batch, batch_start)))

        for index, item in enumerate(items):
            item_size = byte_len(_compact(item)) + 1  # and its comma
            if item_size + 2 > self.max_bytes:
                flush()
                batch, size = [], 2
                label = _batch_title(prefix, [item], index)
                chunks.extend(self.value(item, [label]) or self.fitted(item, label))
                batch_start = index + 1
                continue
            if batch and size + item_size > self.max_bytes:
                flush()
                batch, size, batch_start = [], 2, index
            batch.append(item)
            size += item_size
        flush()
        return chunks


def chunk_json(text: str, max_bytes: int = MAX_CHUNK_BYTES) -> list[Chunk] | None:
    """Chunks of a JSON document, or ``None`` if ``text`` is not valid JSON."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    try:
        return _JsonChunker(max_bytes).value(value, [])
    except RecursionError:
        return None
