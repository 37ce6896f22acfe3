"""The words a line says by a tool's documented mark, for the excerpt of a section to meet a
question where the section's vocabulary already does (ADR 0408's marks, ADR 0419).

gawk's ``--lint`` warns of a ``reference to uninitialized variable``: a variable read before
anything was assigned to it; any tool's ``division by zero`` is a divisor of zero. The section
gains the words when it is indexed (``tool_marks_vocabulary``); the line that says the mark is
the one an excerpt should show for them.
"""

from __future__ import annotations

# (the mark a line says, the words it means): the one list the section's vocabulary entries
# (``tool_marks_vocabulary``) and the lines' facts are both made from.
MARKS = (("uninitialized variable", "never assigned"), ("division by zero", "divisor"))

# Every word ``mark_facts`` can say.
MARK_WORDS = " ".join(words for _, words in MARKS)


def mark_facts(line: str) -> str:
    """The words of the marks ``line`` holds (``""`` when it holds none)."""
    return " ".join(words for sign, words in MARKS if sign in line)
