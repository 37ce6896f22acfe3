"""How much analysis one decision may cost, and what happens past it.

Every reading of shell text (and of code in other languages) charges the characters it scans
to one budget. Past the size of a single text, the total scanned (nested scripts re-read their
text), the nesting depth, or an optional deadline, the analysis stops with ``AnalysisLimit``:
the permission engine then fails closed where a deny rule could apply, and routing has no
opinion (ADR 0028).
"""

from __future__ import annotations

from collections.abc import Callable

MAX_TEXT_CHARS = 1_000_000  # one command line, script or program
MAX_TOTAL_CHARS = 4_000_000  # everything read for one decision, nested scripts included
MAX_NESTING = 12  # scripts inside scripts (bash -c, eval, $(…), heredocs fed to shells…)
MAX_STAGES = 64  # wrappers peeled off one command (sudo env nice timeout …)
# Simple commands and words (redirection targets included) read for one decision: a
# hand-written command line holds a few dozen, a long generated script a few hundred. Reading
# and checking one command costs ~40 µs, so these keep the worst 50 KB line within the hook's
# budget (ADR 0085); words are counted as they are read, so a command of 100 k words stops early.
MAX_COMMANDS = 1_000
MAX_WORDS = 5_000
# Heredocs opened in one decision: each body is looked for line by line; a command line holds
# a few, and 3,600 ``<<E`` on one line cost more than 1,000 commands (ADR 0085).
MAX_HEREDOCS = 1_000


class AnalysisLimit(Exception):
    """The analysis stopped before it could see everything; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _size(chars: int) -> str:
    if chars >= 1_000_000:
        return f"{chars / 1_000_000:.1f} M characters"
    if chars >= 1_000:
        return f"{chars / 1_000:.0f} k characters"
    return f"{chars} characters"


class AnalysisBudget:
    """Characters scanned so far, against the limits; ``expired`` is an optional deadline.

    Not a ``Value``: it is the one mutable thing an analysis carries around.
    """

    __slots__ = (
        "_expired",
        "commands",
        "heredocs",
        "max_commands",
        "max_text",
        "max_total",
        "max_words",
        "used",
        "words",
    )

    def __init__(
        self,
        *,
        max_text: int = MAX_TEXT_CHARS,
        max_total: int = MAX_TOTAL_CHARS,
        max_commands: int = MAX_COMMANDS,
        max_words: int = MAX_WORDS,
        expired: Callable[[], bool] | None = None,
    ) -> None:
        self.max_text = max_text
        self.max_total = max_total
        self.max_commands = max_commands
        self.max_words = max_words
        self.used = 0
        self.commands = 0
        self.words = 0
        self.heredocs = 0
        self._expired = expired

    def command(self, words: int) -> None:
        """Account for one simple command of ``words`` words read."""
        self.commands += 1
        self.words += words
        if self.commands > self.max_commands:
            raise AnalysisLimit(f"the command line holds more than {self.max_commands:,} commands")
        if self.words > self.max_words:
            raise AnalysisLimit(f"the command line holds more than {self.max_words:,} words")

    def check_words(self, pending: int) -> None:
        """Stop as soon as the words read so far, ``pending`` of them in a command not yet
        finished, pass the bound: one command of 100 k words is not read whole first."""
        if self.words + pending > self.max_words:
            raise AnalysisLimit(f"the command line holds more than {self.max_words:,} words")

    def heredoc(self) -> None:
        """Account for one heredoc opened (its body is looked for and read)."""
        self.heredocs += 1
        if self.heredocs > MAX_HEREDOCS:
            raise AnalysisLimit(f"the command line opens more than {MAX_HEREDOCS:,} heredocs")

    def charge(self, text: str, what: str = "the command") -> None:
        """Account for reading ``text``; raise ``AnalysisLimit`` past any bound."""
        size = len(text)
        if size > self.max_text:
            raise AnalysisLimit(
                f"{what} is {_size(size)} long, more than the {_size(self.max_text)} capy checks"
            )
        self.used += size
        if self.used > self.max_total:
            raise AnalysisLimit(
                f"checking {what} meant reading more than {_size(self.max_total)} of nested scripts"
            )
        if self._expired is not None and self._expired():
            raise AnalysisLimit("checking the command took longer than capy allows a hook")


def nesting_limit(depth: int) -> None:
    if depth > MAX_NESTING:
        raise AnalysisLimit(f"scripts are nested more than {MAX_NESTING} levels deep")
