"""What linkers write about a link, in the words an agent asks with: entries of the tool
vocabulary (``tool_vocabulary``), kept in a file of their own (ADR 0306).

GNU ld (and gold) report a symbol two objects both define as ``multiple definition of
`tank_count'; report.c.o: first defined here``: an agent asks which symbol is defined twice, a
duplicate symbol. A build echoes the command that links a program (ninja's ``-v``, make, a
failed step) as the compiler driver given objects and ``-o``: an agent asks for the link
command, and the line is only the driver and its arguments.

ADR 0389 adds a link that failed: ld and gold report a symbol no object defines as ``undefined
reference to `csv_free_columns'``, gcc's driver closes the link's failure with ``collect2:
error: ld returned 1 exit status``. Both are written only by the link step of a build (compiling
has no such error): an agent asks why the link failed, and the lines name ``ld`` at best. The
entry reads ld's line, which the other stands beside (clang's ``linker command failed`` says the
words itself).
"""

from __future__ import annotations

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# ld's and gold's report of a symbol defined again, the symbol quoted as binutils quotes it
# (`` `name' ``, or typographic quotes under a UTF-8 locale).
_DEFINED_AGAIN = precompiled(r"\bmultiple definition of [`'‘\"]")

# A compiler driver's command line that links: the driver (``cc``, ``gcc``, ``g++``, ``c++``,
# ``clang``, ``clang++``, by any path), then on its line ``-o``, no ``-c``, and an object or an
# archive among its arguments.
_LINK_LINE = precompiled(
    r"(?<![^\s/])(?:c(?:c|\+\+|lang(?:\+\+)?)|g(?:cc|\+\+))(?= )"
    r"(?![^\n]* -c )(?=[^\n]* -o \S)[^\n]*?\.(?:o|a)(?!\S)"
)


def _links(text: str) -> bool:
    """Whether a line of ``text`` is a link command (``_LINK_LINE``), asked only of the lines
    holding `` -o ``: the driver's letters, ``c`` and ``g``, stand everywhere in prose."""
    at = text.find(" -o ")
    while at != -1:
        start = text.rfind("\n", 0, at) + 1
        end = text.find("\n", at)
        end = len(text) if end == -1 else end
        if _LINK_LINE.search(text, start, end) is not None:
            return True
        at = text.find(" -o ", end)
    return False


# A link step's failure, in ld's and gold's words for a missing symbol (quoted as
# ``_DEFINED_AGAIN``), asked behind its quote (a memchr each): looked for in every section, it
# and ``collect2``'s ``ld returned`` cost 1.2 % of the tool vocabulary's instructions (ADR 0389).
_LINK_FAILED = precompiled(r"\bundefined reference to [`'‘]")

# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words.
BUILD_ENTRIES: tuple[VocabularyEntry, ...] = (
    ((("", "multiple definition of "),), _DEFINED_AGAIN.search, "symbol twice duplicate"),
    ((("-", " -o "),), _links, "link command"),
    (
        (
            ("`", "undefined reference to `"),
            ("‘", "undefined reference to ‘"),
            ("'", "undefined reference to '"),
        ),
        _LINK_FAILED.search,
        "link linker",
    ),
)
