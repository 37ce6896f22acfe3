"""What the ``FetchAndIndex`` use case takes."""

from __future__ import annotations

import attrs


@attrs.frozen
class FetchRequest:
    """A page to fetch and index.

    ``source`` is the label (default: the URL); ``kind`` is validated by the use case, so a
    tool argument can be passed through as given; ``force`` skips the fetch cache.
    """

    url: str
    source: str | None = None
    force: bool = False
    kind: str = "ephemeral"
