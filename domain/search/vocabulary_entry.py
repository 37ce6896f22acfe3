"""The form of one entry of the tool vocabulary (``tool_vocabulary``), shared by the files that
hold its entries."""

from __future__ import annotations

from collections.abc import Callable

# A sign asked for behind characters of its own: the characters (each found by a ``memchr``;
# all must stand in the text), then the sign, a string looked for with ``in`` or a scan of the
# text (a pattern's ``search``, or its ``match`` for the text's start).
Sign = tuple[str, str | Callable[[str], object]]

# Signs one of which every text the entry speaks of holds, the test, the agent's words.
VocabularyEntry = tuple[tuple[Sign, ...], Callable[[str], object], str]
