"""Every pattern capy runs on untrusted text grows linearly with hostile input (ADR 0069).

Patterns are discovered, not listed (``tests/support/regex_audit``): compiled patterns held by
the modules that read hook input, tool output, transcripts, fetched pages and shell commands,
and literal patterns passed to ``re.*`` in their source. Each is fed long runs of every
character class, near-misses built from its own literal words, and nesting, at 1, 8 and 64 KB;
its CPU time for 8x the input must stay under 20x (linear ~8x, quadratic ~64x). Growth, never
an absolute time, is what is asserted.
"""

from __future__ import annotations

import pytest

from tests.support.regex_audit import GROWTH_LIMIT, Found, discover, growth

FOUND = discover()


def test_the_audit_finds_the_patterns_of_every_reader() -> None:
    where = {f.where.split(".")[1] for f in FOUND}
    assert {"hooks", "continuity", "redaction", "shell", "chunking", "permissions"} <= where
    assert len(FOUND) > 200


@pytest.mark.parametrize("found", FOUND, ids=[f"{f.where}#{i}" for i, f in enumerate(FOUND)])
def test_no_pattern_backtracks_super_linearly(found: Found) -> None:
    worst = growth(found)
    assert worst.ratio <= GROWTH_LIMIT, (
        f"{found.where}: {found.pattern.pattern!r} grows {worst.ratio:.0f}x for 8x the input "
        f"{worst.input!r}…"
    )
