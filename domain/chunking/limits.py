"""Size limits shared by every chunker, measured in UTF-8 bytes.

4 KB keeps one chunk a readable screenful for an agent and small enough that a handful of them
fit in a search answer; every chunker guarantees no chunk body exceeds it (a fenced code block
that is split is re-fenced, so its fence lines may add a few bytes — see ``oversized``).
"""

from __future__ import annotations

MAX_CHUNK_BYTES = 4096
OVERLAP_LINES = 2
TITLE_MAX_BYTES = 80
