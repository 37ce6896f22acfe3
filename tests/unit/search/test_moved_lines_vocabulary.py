"""The agent's word for a line a diff removes and adds again (ADR 0344), and the lookalikes that
get none."""

from __future__ import annotations

import pytest

from domain.search.tool_vocabulary import tool_vocabulary_facts

_REORDERED = (
    "--- apiary/swarms.py:before\n"
    "+++ apiary/swarms.py:after\n"
    "@@ -1,9 +1,13 @@\n"
    "+import sys\n"
    " from apiary.hives import Hive\n"
    "-    import sys\n"
)


def test_a_line_removed_and_added_again_is_moved() -> None:
    assert tool_vocabulary_facts(_REORDERED) == "moved"


def test_an_output_that_says_moved_is_not_told_it_again() -> None:
    assert tool_vocabulary_facts(_REORDERED + "# moved the import up\n") == ""


@pytest.mark.parametrize(
    "text",
    [
        # A line changed, not moved; a lone brace on both sides; the same path in the two file
        # headers; the two lines without a hunk's header.
        "@@ -1,2 +1,2 @@\n-import sys\n+import os\n",
        "@@ -3,4 +3,4 @@\n-}\n+}\n-    end\n+    end\n",
        "--- swarms.py\n+++ swarms.py\n@@ -1 +1 @@\n-import sys\n+import os\n",
        "-import sys\n+import sys\n",
    ],
)
def test_lookalikes_get_none(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""
