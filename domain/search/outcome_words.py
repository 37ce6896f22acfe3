"""How a run went, in an agent's words and in the tool's.

Agents ask "what failed", "why did it crash", "the timeout", "is anything broken"; tools write
``FATAL: disk quota exceeded``, ``ERROR``, ``panic:``, ``Traceback (most recent call last):``,
``Process completed with exit code 1``, ``E   AssertionError``, ``✗``, a 503, ``ETIMEDOUT``. The
words a line's outcome stands for (``outcome_facts``) are indexed with its section and read by
excerpts (``line_facts``), so the agent's words reach the tool's, the way a 504 already reaches
"gateway timeout".

Some of those words only say that something went wrong, not what it is about
(``generic_words``); the patterns are looked for only where their needles stand
(``needle_scan``).
"""

from __future__ import annotations

import re

from domain.precompiled import precompiled
from domain.search.marker_capitals import capitals_only_in_markers
from domain.search.needle_scan import AT_NEEDLE, THE_LINE, folds_alike, found_at_needles, holds_any
from domain.search.sign_gates import gated, holds_gated
from domain.search.word_stems import stem_prefix

_ERROR_WORDS = "error failed"
_CRASH_WORDS = "crashed crash error failed"
_TIMEOUT_WORDS = "timeout"
_FAILED_WORDS = "failed"  # a check that failed is no error of the program that ran it
_TYPO_WORDS = "typo misspelled"  # what a parser could not read is most often mistyped

# An entry at error level or worse: ``ERROR``, ``FATAL``, ``CRITICAL``, nginx's ``[crit]``.
_ERROR_LEVEL = precompiled(
    r"\b(?:ERROR|FATAL|CRITICAL|PANIC|EMERG)\b|\[(?:error|crit|alert|emerg)\]"
)
_ERROR_SIGNS = ("ERROR", "FATAL", "CRITICAL", "PANIC", "EMERG", "[error]", "[crit]", "[alert]")
# The signs a text its own lower case (no capital) can hold.
_LOWER_ERROR_SIGNS = tuple(sign for sign in _ERROR_SIGNS if sign == sign.lower())
# Each pattern's needles with where a match can start, counted back from the needle (``_said``).
_ERROR_NEEDLES = tuple((needle, AT_NEEDLE) for needle in (*_ERROR_SIGNS, "[emerg]"))
# A program that died: a panic, an uncaught exception's traceback, a signal, the OOM killer.
_CRASH = precompiled(
    r"\bpanic(?:ked)?\b|^Traceback \(most recent call last\)|\bSegmentation fault\b"
    r"|\bsegfault\b|\bcore dumped\b|\bOOMKilled\b|\bUncaught (?:\w+ )?(?:Error|Exception)\b"
    r"|\bFatal error\b|^Exception in thread\b|\bunhandled (?:promise )?rejection\b",
    re.IGNORECASE | re.MULTILINE,
)
# Looked for in the text's lower-case copy, as ``_CRASH`` is case-blind: ``PANIC: …``,
# ``SEGFAULT in worker``, ``CORE DUMPED``, ``FATAL ERROR: … heap out of memory`` are crashes too.
_CRASH_SIGNS: tuple[str, ...] = (
    "anic",
    "raceback",
    "egmentation",
    "egfault",
    "dumped",
    "oomk",
    "ncaught",
    "atal e",
    "exception in",
    "nhandled",
)
# A literal part, in lower case, that every match of each alternative above opens with.
_CRASH_NEEDLES = tuple(
    (needle, AT_NEEDLE)
    for needle in (
        "panic",
        "traceback (most recent call last)",
        "segmentation fault",
        "segfault",
        "core dumped",
        "oomkilled",
        "uncaught ",
        "fatal error",
        "exception in thread",
        "unhandled ",
    )
)
# A command that exited non-zero: ``exit code 1``, ``exited with code 137``, ``exit status 2``,
# Python's ``returned non-zero exit status 1``, make's ``Error 2``.
_EXIT = precompiled(
    r"\bexit(?:ed)?(?: with)? (?:code|status)[ :=]*(?:[1-9]\d*)\b|\bnon-zero exit\b"
    r"|^make(?:\[\d+\])?: \*\*\* .*Error \d+",
    re.IGNORECASE | re.MULTILINE,
)
_EXIT_SIGNS = ("xit", "rror")
# ``exit`` opens a match, or ends ``non-zero `` (9 characters); make's line opens its match.
_EXIT_NEEDLES = (("exit", (0, 9)), (": *** ", THE_LINE))
# pytest's ``E   AssertionError: …`` lines, ``✗``/``×`` marks of failed checks.
_FAILED_MARK = precompiled(r"^[ \t]*(?:E {2,}\S|[✗×✕] )", re.MULTILINE)
_FAILED_NEEDLES = tuple((needle, THE_LINE) for needle in ("E  ", "✗ ", "× ", "✕ "))
_TIMEOUT = precompiled(
    r"\btimed? ?out\b|\bdeadline exceeded\b|\bETIMEDOUT\b|\bDeadlineExceeded\b", re.IGNORECASE
)
_TIMEOUT_SIGNS = ("ime", "IME", "eadline", "EADLINE")
# ``time`` opens ``timed out`` and is one character into ``ETIMEDOUT``.
_TIMEOUT_NEEDLES = (("time", (0, 1)), ("deadline", AT_NEEDLE))
# What a parser could not read: sqlite's ``near "SELEC": syntax error``, bash's ``syntax error
# near unexpected token``, Python's and Node's ``SyntaxError``. An agent asks for the "typo" or
# the "misspelled" keyword.
_TYPO = precompiled(r"\bsyntax ?error\b", re.IGNORECASE)
_TYPO_SIGNS = ("yntax", "YNTAX")
_TYPO_NEEDLES = (("syntax", AT_NEEDLE),)
_GATED_TYPO_SIGNS = gated(_TYPO_SIGNS)


def outcome_facts(text: str, lowered: str | None = None) -> str:
    """The outcome words for the lines of ``text`` that it does not already say, in any
    inflection (a word every
    error-level line spells out would only weigh less for the full-text index, ``ERROR`` in a
    log of errors): ``error failed`` for an error-level entry or a non-zero exit, ``failed``
    for a failed check (``✗``, pytest's ``E`` lines), ``crashed`` for a panic, a traceback or
    a signal, ``timeout`` for a run that timed out, ``typo misspelled`` for a syntax error;
    ``""`` when it says none. Each pattern runs behind a substring test, and only on the lines
    that hold one of its needles (``_said``); and only when one of the words it would add is
    not said already, as a said word is dropped at the end anyway. ``lowered``:
    ``text.lower()``, when the caller has made it (ADR 0276)."""
    words: dict[str, None] = {}

    def add(said: str) -> None:
        words.update(dict.fromkeys(said.split()))

    if lowered is None:
        lowered = text.lower()
    # Whether each stem is said, asked once: for the gates and again for the words kept.
    said: dict[str, bool] = {}
    fail_said = _is_said(_STEMS["failed"], lowered, said)
    errors_wanted = not (fail_said and _is_said(_STEMS["error"], lowered, said))  # _ERROR_WORDS
    crash_wanted = errors_wanted or not _is_said(_STEMS["crash"], lowered, said)  # _CRASH_WORDS
    timeout = not _is_said(_STEMS["timeout"], lowered, said) and holds_any(text, _TIMEOUT_SIGNS)
    # A sign's scan is spared too where the words are all said (``_crash_and_exit_signs``).
    crash = crash_wanted and holds_any(lowered, _CRASH_SIGNS)
    exits = errors_wanted and holds_any(text, _EXIT_SIGNS)
    folded = lowered if (crash or exits or timeout) and folds_alike(text, lowered) else None
    if errors_wanted and _states_error_level(text, lowered):
        add(_ERROR_WORDS)
    if crash and found_at_needles(_CRASH, text, folded, _CRASH_NEEDLES):
        add(_CRASH_WORDS)
    if exits and found_at_needles(_EXIT, text, folded, _EXIT_NEEDLES):
        add(_ERROR_WORDS)
    marks = not text.isascii() and ("✗" in text or "×" in text or "✕" in text)
    # ``E  `` and ``YNTAX`` are looked for behind their capital (``sign_gates``).
    if (
        not fail_said
        and (("E" in text and "E  " in text) or marks)
        and found_at_needles(_FAILED_MARK, text, text, _FAILED_NEEDLES)
    ):
        add(_FAILED_WORDS)
    if timeout and found_at_needles(_TIMEOUT, text, folded, _TIMEOUT_NEEDLES):
        add(_TIMEOUT_WORDS)
    if holds_gated(text, _GATED_TYPO_SIGNS) and not (
        _is_said(_STEMS["typo"], lowered, said) and _is_said(_STEMS["misspelled"], lowered, said)
    ):
        typo = lowered if folds_alike(text, lowered) else None
        if found_at_needles(_TYPO, text, typo, _TYPO_NEEDLES):
            add(_TYPO_WORDS)
    if not words:
        return ""
    return " ".join(word for word in words if not _is_said(_STEMS[word], lowered, said))


def _is_said(stem: str, lowered: str, said: dict[str, bool]) -> bool:
    """``stem in lowered``, each stem looked for once a text."""
    found = said.get(stem)
    if found is None:
        found = said[stem] = stem in lowered
    return found


def adds_error(text: str) -> bool:
    """Whether ``outcome_facts(text)`` holds the word ``error``: only an error-level entry, a
    crash or a non-zero exit give it, and only to a text that does not say it already. Asked
    for that word alone, the other outcomes' scans are spared (ADR 0220)."""
    lowered = text.lower()
    if _STEMS["error"] in lowered:
        return False
    crash, exits, folded = _crash_and_exit_signs(text, lowered, holds_any(text, _TIMEOUT_SIGNS))
    return (
        _states_error_level(text, lowered)
        or (crash and found_at_needles(_CRASH, text, folded, _CRASH_NEEDLES))
        or (exits and found_at_needles(_EXIT, text, folded, _EXIT_NEEDLES))
    )


def asked_outcome(text: str, asked: frozenset[str]) -> str:
    """The words of ``outcome_facts(text)`` that are in ``asked`` (in an order of their own):
    only the scans that could give one of them are run, ``timeout``'s alone for ``timeout``,
    none for a word the text says already (ADR 0246)."""
    lowered = text.lower()
    said: dict[str, bool] = {}
    wanted = {word for word in asked if not _is_said(_STEMS[word], lowered, said)}
    if not wanted:
        return ""
    errors = "error" in wanted or "failed" in wanted  # an error level, a crash or an exit
    crashes = "crashed" in wanted or "crash" in wanted
    folded: list[str | None] = []  # the lower-case copy the case-blind patterns may read

    def haystack() -> str | None:
        if not folded:
            folded.append(lowered if folds_alike(text, lowered) else None)
        return folded[0]

    went_wrong = errors and _states_error_level(text, lowered)
    crash = (
        (crashes or (errors and not went_wrong))
        and holds_any(lowered, _CRASH_SIGNS)
        and found_at_needles(_CRASH, text, haystack(), _CRASH_NEEDLES)
    )
    went_wrong = (
        went_wrong
        or crash
        or (
            errors
            and holds_any(text, _EXIT_SIGNS)
            and found_at_needles(_EXIT, text, haystack(), _EXIT_NEEDLES)
        )
    )
    words: list[str] = [word for word in ("error", "failed") if went_wrong and word in wanted]
    if (
        "failed" in wanted
        and not went_wrong
        and (
            ("E" in text and "E  " in text)
            or (not text.isascii() and ("✗" in text or "×" in text or "✕" in text))
        )
        and found_at_needles(_FAILED_MARK, text, text, _FAILED_NEEDLES)
    ):
        words.append("failed")
    if crash:
        words += [word for word in ("crashed", "crash") if word in wanted]
    if (
        "timeout" in wanted
        and holds_any(text, _TIMEOUT_SIGNS)
        and found_at_needles(_TIMEOUT, text, haystack(), _TIMEOUT_NEEDLES)
    ):
        words.append("timeout")
    if (
        ("typo" in wanted or "misspelled" in wanted)
        and holds_gated(text, _GATED_TYPO_SIGNS)
        and found_at_needles(_TYPO, text, haystack(), _TYPO_NEEDLES)
    ):
        words += [word for word in ("typo", "misspelled") if word in wanted]
    return " ".join(words)


def _crash_and_exit_signs(text: str, lowered: str, timeout: bool) -> tuple[bool, bool, str | None]:
    """Whether ``text`` holds a crash's and an exit's signs, and the lower-case copy the
    case-blind patterns may read (``None``: the text itself). The copy serves when a crash, an
    exit or a ``timeout`` sign is there: its positions are the text's unless a letter folds in
    a way ``lower`` does not follow."""
    crash = holds_any(lowered, _CRASH_SIGNS)
    exits = holds_any(text, _EXIT_SIGNS)
    folded = lowered if (crash or exits or timeout) and folds_alike(text, lowered) else None
    return crash, exits, folded


def _states_error_level(text: str, lowered: str) -> bool:
    """Whether a line of ``text`` is an error-level entry."""
    return holds_any(text, error_signs(text, lowered)) and found_at_needles(
        _ERROR_LEVEL, text, text, _ERROR_NEEDLES
    )


def error_signs(text: str, lowered: str) -> tuple[str, ...]:
    """The error-level signs ``text`` may hold, given its lower-case copy (or ``""``): a text
    equal to its copy holds no capital (the first letter ``lower`` changes would differ there),
    so none of the signs in capitals, each a scan of the text saved. Nor does a text whose
    capitals are all redaction markers' (``[REDACTED_SECRET]``): a sign in capitals holds no
    ``[`` or ``]``, so it would lie inside a marker, and no marker holds one."""
    if lowered == text or (lowered and capitals_only_in_markers(text)):
        return _LOWER_ERROR_SIGNS
    return _ERROR_SIGNS


OUTCOME_WORDS = f"{_ERROR_WORDS} {_CRASH_WORDS} {_TIMEOUT_WORDS} {_TYPO_WORDS}"
# Each word's stem, worked out once rather than for every chunk that gets the word.
_STEMS = {word: stem_prefix(word) for word in f"{OUTCOME_WORDS} {_FAILED_WORDS}".split()}
