"""What HTML Tidy's report writes as marks, in the words an agent asks with: entries of the tool
vocabulary (``tool_vocabulary``), kept in a file of their own (ADR 0398).

``tidy -e`` writes each message as ``line 16 column 35 - Warning: replacing unexpected b with
</b>``: the level, then the message naming the elements it is about by their tags. A tag is
the element's short name of the HTML standard: ``b`` is bold text, ``i`` italic, ``td`` a
table cell, ``li`` a list item, ``img`` an image. Its accessibility checks (``-access``) are
the messages of level ``Access``. An agent asks for the misnested bold tags, the table cell's
attribute, the accessibility check: the report says none of those words.
"""

from __future__ import annotations

import re

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# The start of every message of ``tidy -e``'s report: where the message is, its level.
_MESSAGE = r"^line \d+ column \d+ - "
# The elements of HTML whose tags are short for what they are, and those words.
_ELEMENTS = (
    ("b", "bold"),
    ("i", "italic"),
    ("u", "underline"),
    ("s", "strikethrough"),
    ("em", "emphasis"),
    ("p", "paragraph"),
    ("a", "link anchor"),
    ("img", "image"),
    ("td", "table cell"),
    ("th", "table header cell"),
    ("tr", "table row"),
    ("ul", "list"),
    ("ol", "numbered list"),
    ("li", "list item"),
    ("br", "line break"),
    ("hr", "horizontal rule"),
    ("h[1-6]", "heading"),
)

# The sign of every entry below, a scan asked once for all of them (``tool_vocabulary``'s shared
# scans, ADR 0361) behind a message's ``:`` and ``-`` (``:`` first: sections of words hold ``-``
# everywhere, rarely ``:``): every test holds it, so a text without it holds none of the entries.
MARKUP_REPORT_SIGN = precompiled(r"line \d+ column \d+ - [A-Z][a-z]+:")
_SIGNS = ((":-", MARKUP_REPORT_SIGN.search),)


def _element(tag: str, words: str) -> VocabularyEntry:
    """The entry giving ``words`` when a message of the report names the element ``tag``
    (``<b>``, ``</b>``)."""
    pattern = precompiled(_MESSAGE + rf"[A-Z][a-z]+: .*</?{tag}>", re.M)
    return (_SIGNS, pattern.search, words)


_ACCESS = precompiled(_MESSAGE + r"Access: ", re.M)


# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words.
MARKUP_ENTRIES: tuple[VocabularyEntry, ...] = (
    (_SIGNS, _ACCESS.search, "accessibility"),
    *(_element(tag, words) for tag, words in _ELEMENTS),
)
