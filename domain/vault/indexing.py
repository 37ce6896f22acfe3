"""Which parts of a session the search index holds, and the version of that rule.

``INDEX_VERSION`` stamps every session's search rows. Changing what the scanner extracts (the
exclusion sets included) makes rows written before stale: bump it when the change ships, so
stale sessions can be found and re-indexed from their stored bytes.
"""

from __future__ import annotations

INDEX_VERSION = 2  # 2: host-injected text (reminders, command bookkeeping) left out

# File and notebook dumps: noise for a conversation search (the call stays on the assistant row).
EXCLUDED_RESULT_TOOLS = frozenset({"Read", "NotebookRead"})
# Their result body is a one-line "updated" note; the change itself is in toolUseResult.
DIFF_RESULT_TOOLS = frozenset({"Edit", "Write"})


def result_is_indexed(tool_name: str | None) -> bool:
    """Whether the output of a call to ``tool_name`` goes into the search index."""
    return tool_name not in EXCLUDED_RESULT_TOOLS and tool_name not in DIFF_RESULT_TOOLS
