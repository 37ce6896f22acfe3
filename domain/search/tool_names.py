"""Which tool printed an output, when the output does not say.

Agents ask "how many errors did cargo report", "overall test counts of the vitest run", "which
test did jest skip"; the tools rarely print their own name. cargo's last line is ``error: could
not compile `ledger` (lib) due to 1 previous error``, vitest's summary ``Test Files  6 failed``,
jest's ``Test Suites: 3 failed``. A line only one tool prints names it: its words are indexed
with the output's sections (``facts``), the way a 504 already reaches "gateway timeout".

Each sign is a literal piece of a line that tool prints on every run of the kind asked about
(its banner, its summary, its failure line) and no other tool prints. The output is read only at
its two ends, where tools print those lines: a sign costs a bounded substring search whatever
the output's size.
"""

from __future__ import annotations

import re

# (the words for the tool, the literal signs of its output): every sign is one tool's own.
_TOOLS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # cargo and rustc: the build's last line, the pointer to rustc's explanations, the profile
    # a build finished with, the index it updated.
    (
        "cargo rust rustc",
        ("could not compile `", "rustc --explain", "` profile [", "Updating crates.io index"),
    ),
    # vitest's summary (two spaces after "Test Files").
    ("vitest", (" Test Files  ",)),
    # jest's summary.
    ("jest", ("Test Suites: ", "Ran all test suites")),
    # pytest's banner and its summary of failures.
    ("pytest python", ("= test session starts =", "= short test summary info =")),
    # go test's result lines.
    ("go golang", ("--- FAIL: ", "--- PASS: ", "=== RUN   ")),
    # Gradle's outcome line; Maven's outcome and its failed goal.
    ("gradle", ("BUILD FAILED in ", "BUILD SUCCESSFUL in ")),
    (
        "maven mvn",
        ("[INFO] BUILD FAILURE", "[INFO] BUILD SUCCESS", "[ERROR] Failed to execute goal"),
    ),
)
# Signs that need a number to be one tool's own (``error TS2345:``, mypy's and eslint's
# summaries, ruff's count of fixable problems): a literal every match holds, then the pattern,
# which never crosses a line.
_PATTERNS: tuple[tuple[str, str, re.Pattern[str]], ...] = (
    ("tsc typescript", "error TS", re.compile(r"error TS\d{4}: ")),
    ("mypy", " source file", re.compile(r"in \d+ files? \(checked \d+ source files?\)")),
    ("eslint", "\u2716 ", re.compile(r"\u2716 \d+ problems? \(\d+ errors?, \d+ warnings?\)")),
    ("ruff", "fixable with `--fix`", re.compile(r"\[\*\] \d+ fixable with `--fix`")),
)
_WORD = re.compile(r"[a-z0-9]+")
# How much of each end of an output is read: tools print their banner first and their summary
# last.
END_CHARACTERS = 16_384


def tool_facts(text: str) -> str:
    """The words for the tools whose signs ``text`` holds at its start or end, leaving out the
    words it already says (``""`` when it shows no tool's sign)."""
    ends = text
    if len(text) > 2 * END_CHARACTERS:
        ends = text[:END_CHARACTERS] + "\n" + text[-END_CHARACTERS:]
    words: dict[str, None] = {}
    for said, signs in _TOOLS:
        if any(sign in ends for sign in signs):
            words.update(dict.fromkeys(said.split()))
    for said, literal, pattern in _PATTERNS:
        if literal in ends and pattern.search(ends) is not None:
            words.update(dict.fromkeys(said.split()))
    if not words:
        return ""
    written = set(_WORD.findall(ends.lower()))
    return " ".join(word for word in words if word not in written)
