"""A chunk: one searchable section of a source."""

from __future__ import annotations

import attrs


@attrs.frozen
class Chunk:
    """One section of a document, as stored in the full-text index.

    ``title`` is a breadcrumb a reader can recognise (``Install > Linux``, ``items > id-3``,
    ``Turns 4-7``); ``has_code`` marks chunks holding code or structured data.
    """

    title: str
    content: str
    has_code: bool = False
