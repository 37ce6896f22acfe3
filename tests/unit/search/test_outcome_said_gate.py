"""Outcome words asked only where a word they add is not said: the same words as before.

``outcome_facts`` drops at its end every word whose stem the text holds, so a pattern all of
whose words are said cannot change its answer; it now skips those patterns and their signs'
scans. The oracle below is ``outcome_facts`` as it was before (every pattern tried behind its
signs), with the same helpers.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.search import needle_scan as ns
from domain.search import outcome_words as ow


def _outcome_facts_asking_every_pattern(text: str) -> str:
    words: dict[str, None] = {}

    def add(said: str) -> None:
        words.update(dict.fromkeys(said.split()))

    lowered = text.lower()
    timeout = ns.holds_any(text, ow._TIMEOUT_SIGNS)
    crash, exits, folded = ow._crash_and_exit_signs(text, lowered, timeout)
    if ow._states_error_level(text, lowered):
        add(ow._ERROR_WORDS)
    if crash and ns.found_at_needles(ow._CRASH, text, folded, ow._CRASH_NEEDLES):
        add(ow._CRASH_WORDS)
    if exits and ns.found_at_needles(ow._EXIT, text, folded, ow._EXIT_NEEDLES):
        add(ow._ERROR_WORDS)
    marks = not text.isascii() and ("✗" in text or "×" in text or "✕" in text)
    if (("E" in text and "E  " in text) or marks) and ns.found_at_needles(
        ow._FAILED_MARK, text, text, ow._FAILED_NEEDLES
    ):
        add(ow._FAILED_WORDS)
    if timeout and ns.found_at_needles(ow._TIMEOUT, text, folded, ow._TIMEOUT_NEEDLES):
        add(ow._TIMEOUT_WORDS)
    if ow.holds_gated(text, ow._GATED_TYPO_SIGNS):
        typo = lowered if ns.folds_alike(text, lowered) else None
        if ns.found_at_needles(ow._TYPO, text, typo, ow._TYPO_NEEDLES):
            add(ow._TYPO_WORDS)
    if not words:
        return ""
    return " ".join(word for word in words if ow._STEMS[word] not in lowered)


# What makes each pattern match, the words they add said in every case and inflection, and
# the letters that fold oddly.
_PIECES = [
    "panic",
    "PANIC",
    "Traceback (most recent call last)",
    "segfault",
    "core dumped",
    "Uncaught TypeError",
    "exit code 1",
    "non-zero exit",
    "make: *** x",
    "ERROR",
    "FATAL",
    "[error]",
    "[crit]",
    "E   assert",
    "✗ ",
    "timed out",
    "timeout",
    "ETIMEDOUT",
    "deadline exceeded",
    "syntax error",
    "SyntaxError",
    "error",
    "Errors",
    "fail",
    "FAILED",
    "failure",
    "crash",
    "Crashed",
    "CRASH",
    "Timeout",
    "TIMEOUT",
    "time-out",
    "typo",
    "Typos",
    "misspell",
    "MISSPELLED",
    "misspel",
    "\u0130",  # dotted capital I
    "\u212a",  # Kelvin sign
    "\n",
    " ",
    "  ",
    "_",
    "x",
    "E",
]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=16).map("".join))
def test_outcome_words_are_those_every_pattern_asked_gave(text: str) -> None:
    assert ow.outcome_facts(text) == _outcome_facts_asking_every_pattern(text)


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=60))
def test_any_text_gets_the_words_every_pattern_asked_gave(text: str) -> None:
    assert ow.outcome_facts(text) == _outcome_facts_asking_every_pattern(text)


def test_a_said_word_spares_its_pattern_and_the_rest_still_run() -> None:
    # Every word said: nothing to add. A crash said but not its error: ``error`` still comes.
    assert ow.outcome_facts("panic: crash error failed timeout typo misspelled") == ""
    assert ow.outcome_facts("panic: it crashed") == "error failed"
    assert ow.outcome_facts("request timed out after a failure") == "timeout"
    assert ow.outcome_facts("ERROR: deadline exceeded; see the error log") == "failed timeout"
