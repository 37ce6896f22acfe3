"""JSON chunking: objects by key path, arrays in batches titled by an identity field.

- Any object or array that pretty-prints under the limit is one chunk, like a markdown section.
- A bigger object keeps its plain fields together as one record chunk titled by its path, and
  each nested container (sorted by key) is chunked under ``path > key``.
- A chunk's text carries the key it sits under (``{"redact_headers": [...]}``): an agent reading
  it sees what the value is, and a search for the key finds it in the text, not only the title.
- An array of records (objects with a name: ``metadata.name`` of a Kubernetes object, the
  ``number`` and ``title`` of an issue or pull request, an identity field such as ``id`` or
  ``name``) too big for one chunk becomes one chunk per record, titled by that name: a search
  finds the record that matches and shows it, not the first item of a batch.
- Other arrays are batched while the items' compact size fits; a batch is titled by the items'
  identity field or by index range. An item
  too big for a chunk on its own is chunked like any other value under ``path > [i]``, and an
  over-long primitive is cut.
- Returns ``None`` when the text is not JSON, so the caller can fall back to plaintext.
"""

from __future__ import annotations

import json
from typing import Any

from domain.chunk import Chunk
from domain.chunking.limits import MAX_CHUNK_BYTES, TITLE_MAX_BYTES
from domain.chunking.oversized import split_lines_to_fit
from domain.chunking.utf8 import byte_len, truncate_bytes

IDENTITY_FIELDS = ("id", "name", "title", "path", "slug", "key", "label", "filePath")
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


def _pretty_within(value: Any, max_bytes: int) -> str | None:
    """``_pretty(value)`` when it fits in ``max_bytes``, else ``None``. The pretty form is the
    compact one with blanks added (a space after each ``:``, a line and its indent before
    each member), so a compact form over the limit rules it out: that one comes from the
    C encoder, ~10x faster than the pure-Python one an indent needs, which printed every
    big object whole at each level of its nesting only to find it too big."""
    if byte_len(_compact(value)) > max_bytes:
        return None
    pretty = _pretty(value)
    return pretty if byte_len(pretty) <= max_bytes else None


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


def _record_name(item: Any) -> str | None:
    """What a record calls itself: ``Deployment shop/web`` for a Kubernetes object, ``#42 Fix
    login`` for an issue or pull request, else its first identity field; None for no record."""
    if not isinstance(item, dict):
        return None
    meta = item.get("metadata")
    if isinstance(meta, dict) and isinstance(meta.get("name"), str):
        name = meta["name"]
        if isinstance(meta.get("namespace"), str):
            name = f"{meta['namespace']}/{name}"
        kind = item.get("kind")
        shown = f"{kind} {name}" if isinstance(kind, str) else name
        return truncate_bytes(" ".join(shown.split()), TITLE_MAX_BYTES)
    number, title = item.get("number"), item.get("title")
    if isinstance(number, int) and not isinstance(number, bool) and isinstance(title, str):
        return truncate_bytes(" ".join(f"#{number} {title}".split()), TITLE_MAX_BYTES)
    for field in IDENTITY_FIELDS:
        found = _identity(item, field)
        if found is not None:
            return found
    return None


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


def _keyed(key: str | None, value: Any) -> Any:
    """``value`` under its key (``{"redact_headers": [...]}``), so the key is part of the text."""
    return value if key is None else {key: value}


def _scalar(value: Any) -> bool:
    return not isinstance(value, dict | list) or not value


class _JsonChunker:
    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes

    def value(self, value: Any, path: list[str], key: str | None = None) -> list[Chunk]:
        """Chunks of ``value`` found at ``path`` (under ``key`` when it has one): whole when
        it fits, else an object by its members and an array in batches."""
        if _scalar(value):
            return self.fitted(_keyed(key, value), _title(path))
        whole = _pretty_within(_keyed(key, value), self.max_bytes)
        if whole is not None:
            title = (
                _title(path) if isinstance(value, dict) else _batch_title(_title(path), value, 0)
            )
            return [Chunk(title=title, content=whole, has_code=True)]
        if isinstance(value, dict):
            return self.object(value, path)
        return self.array(value, path, key)

    def cut(self, text: str, title: str) -> list[Chunk]:
        return [
            Chunk(title=title, content=piece, has_code=True)
            for piece in split_lines_to_fit(text, self.max_bytes)
        ]

    def fitted(self, value: Any, title: str) -> list[Chunk]:
        pretty = _pretty_within(value, self.max_bytes)
        if pretty is not None:
            return [Chunk(title=title, content=pretty, has_code=True)]
        return self.cut(_compact(value), title)

    def object(self, value: dict[str, Any], path: list[str]) -> list[Chunk]:
        """An object too big for one chunk: its plain fields (strings, numbers, empty
        containers) stay together as one record titled by the object's path — an event's
        ``title`` next to its ``culprit`` — and each nested container is chunked under its key."""
        chunks: list[Chunk] = []
        record: dict[str, Any] = {}
        for key in sorted(value):
            member = value[key]
            if not _scalar(member):
                continue
            if record and _pretty_within({**record, key: member}, self.max_bytes) is None:
                chunks.extend(self.fitted(record, _title(path)))
                record = {}
            if _pretty_within({key: member}, self.max_bytes) is None:
                chunks.extend(self.fitted({key: member}, _title([*path, str(key)])))
            else:
                record[key] = member
        if record:
            chunks.extend(self.fitted(record, _title(path)))
        for key in sorted(value):
            if not _scalar(value[key]):
                chunks.extend(self.value(value[key], [*path, str(key)], str(key)))
        return chunks

    def array(self, items: list[Any], path: list[str], key: str | None = None) -> list[Chunk]:
        prefix = _title(path)
        names = [_record_name(item) for item in items]
        if items and all(name is not None for name in names):
            return self.records(items, [f"{prefix} > {name}" for name in names])
        chunks: list[Chunk] = []
        batch: list[Any] = []
        batch_start = 0
        overhead = 2 + (byte_len(_compact(key)) + 3 if key is not None else 0)
        size = overhead  # the brackets of the compact batch (and its key)

        def flush() -> None:
            if batch:
                title = _batch_title(prefix, batch, batch_start)
                chunks.extend(self.fitted(_keyed(key, list(batch)), title))

        for index, item in enumerate(items):
            item_size = byte_len(_compact(item)) + 1  # and its comma
            if item_size + overhead > self.max_bytes:
                flush()
                batch, size = [], overhead
                label = _batch_title(prefix, [item], index)
                chunks.extend(self.value(item, [label]))
                batch_start = index + 1
                continue
            if batch and size + item_size > self.max_bytes:
                flush()
                batch, size, batch_start = [], overhead, index
            batch.append(item)
            size += item_size
        flush()
        return chunks

    def records(self, items: list[Any], titles: list[str]) -> list[Chunk]:
        """One chunk per record, pretty-printed; a record too big is chunked by its members."""
        chunks: list[Chunk] = []
        for item, title in zip(items, titles, strict=True):
            whole = _pretty_within(item, self.max_bytes)
            if whole is not None:
                chunks.append(Chunk(title=title, content=whole, has_code=True))
            else:
                chunks.extend(self.value(item, [title]))
        return chunks


def chunk_json(text: str, max_bytes: int = MAX_CHUNK_BYTES) -> list[Chunk] | None:
    """Chunks of a JSON document, or ``None`` if ``text`` is not valid JSON."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    chunker = _JsonChunker(max_bytes)
    if _scalar(value):  # a bare value or empty container: plaintext unless it is huge
        text = _compact(value)
        return chunker.cut(text, ROOT) if byte_len(text) > max_bytes else []
    try:
        return chunker.value(value, [])
    except RecursionError:
        return None
