"""A chunk: one searchable section of a source."""

from __future__ import annotations

import attrs


@attrs.frozen
class Chunk:
    """One section of a document, as stored in the full-text index.

    ``title`` is a breadcrumb a reader can recognise (``Install > Linux``, ``items > id-3``,
    ``Turns 4-7``); ``has_code`` marks chunks holding code or structured data; ``facts`` are
    the words its lines' codes stand for (``server error`` for an access log's 500, ``slow``
    for ``rt=1.4``): searched like its text, never shown.
    """

    title: str
    content: str
    has_code: bool = False
    facts: str = ""
