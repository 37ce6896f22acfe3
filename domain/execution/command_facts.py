"""The words of the code that produced an output, kept with that output's sections.

An agent asks about an output in the words of the command it ran: "how many problems did ruff
find" over ``ruff check .``, "pods stuck pending" over ``kubectl get pods``. The output rarely
names its own program (ruff prints ``Found 187 errors.``; ``kubectl get pods`` prints no
"pods"), so each section of it is found by the command line's words as well (its program,
subcommand, flags, paths): they are indexed as the sections' facts, never shown. A command
line can carry a secret (``curl -H "Authorization: Bearer …"``, ``PGPASSWORD=… psql``): the
words are taken from the command after redaction, like everything capy stores.

Only the words the output does not hold itself: a command that prints its own text (``echo
"FATAL: disk quota exceeded"`` after a loop of request lines) would otherwise give every
section the words of one line, and every section would match a question about that line as
well as the line does — the reply padded with sections that match nothing.
"""

from __future__ import annotations

import re

from domain.long_text import casing_slices
from domain.redaction import redact_secrets

# The first part of a long script says what it runs.
COMMAND_FACTS_BYTES = 300
_COMMAND_WORD = re.compile(r"[A-Za-z][\w.-]{1,40}")
# ``--no-audit``, ``--no-cache``: a flag naming what the command does not do says nothing the
# output is about.
_NEGATED_FLAG = re.compile(r"(?<!\S)--?no-[\w.-]+")


def command_facts(code: str, output: str = "") -> str:
    """The words of the first ``COMMAND_FACTS_BYTES`` characters of ``code`` redacted (the
    whole of it, so no secret is cut in two before it is recognised), space-separated, without
    its ``--no-…`` flags and without the words ``output`` holds (in any case)."""
    start = redact_secrets(code)[:COMMAND_FACTS_BYTES]
    words = _COMMAND_WORD.findall(_NEGATED_FLAG.sub(" ", start))
    if words and output:
        held = _held_words(output, {word.lower() for word in words})
        words = [word for word in words if word.lower() not in held]
    return " ".join(words)


def _held_words(output: str, wanted: set[str]) -> set[str]:
    """``set(_COMMAND_WORD.findall(output.lower())) & wanted``, a slice at a time: the list of
    every word of a 2 MB output, and its lower-cased copy, were ~30 MB, and the set of them all
    ~10 MB for a 10 MB table of distinct pod names (ADR 0267). A slice ends at a space or a
    newline, where no word continues."""
    held: set[str] = set()
    for part in casing_slices(output):
        held.update(word for word in _COMMAND_WORD.findall(part.lower()) if word in wanted)
    return held
