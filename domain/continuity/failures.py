"""Whether a finished tool call failed, and the one line that says why.

Hosts report failures differently: Claude Code sends a separate failure event with an ``error``
text, Codex formats shell results as ``Exit code: N`` text, others send ``exit_code``,
``is_error`` or ``success: false`` in the result object.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from domain.hooks.tool_call import ToolOutcome
from domain.precompiled import precompiled

TYPE_CHECKING = False  # typing is not imported at run time (ADR 0102)
if TYPE_CHECKING:
    from typing import Any

_EXIT_TEXT = precompiled(r"^\W*(?:error:\s*)?exit(?:ed with)? code:?\s*(-?\d+)", re.IGNORECASE)
_EXIT_KEYS = ("exit_code", "exitCode", "returncode", "return_code", "exit_status")
_OUTPUT_KEYS = ("stderr", "error", "stdout", "output", "content", "result", "llmContent")
# An exception's name, an "error:" label or pytest's FAILED line says what went wrong; words
# such as "failed" only that something did. An exception's name is found word by word
# (``names_an_exception``): a pattern such as ``\w*Error\b`` backtracks on a long word.
_STRONG_LABEL = precompiled(
    r"\b(?:error|fatal|panic)\b\s*:|^(?:error|fatal|panic)\b|(?-i:^FAILED\b)", re.IGNORECASE
)
_WEAK = precompiled(
    r"\b(?:fail(?:ed|ure|s)?|denied|not found|no such|cannot|can't|could not|refused|"
    r"invalid|timed out|traceback)\b",
    re.IGNORECASE,
)
MAX_SCANNED = 16_384
# A passing run's output holds none of these (``output_failures`` reads it only if it does) …
_MARKERS = ("FAIL", "ERROR", "rror", "E: ", "×", "●", "✗", "npm ERR", "--> ")
# … nor a ``path:line:col: message`` a linter or ``go build`` prints.
_LOCATED = precompiled(r":\d+:\d+: ")
_WORD = precompiled(r"\w+")


def may_report_failures(output: str) -> bool:
    """Cheap test before any line of an output is read for a test runner's, compiler's, type
    checker's, linter's or package manager's report of a failure."""
    return any(marker in output for marker in _MARKERS) or bool(_LOCATED.search(output))


def names_an_exception(line: str) -> bool:
    """Whether a word of ``line`` is an exception's name (``AssertionError``, ``KeyError``,
    ``IllegalStateException``): each word is looked at once, so a hostile line costs linear
    time (``\\w*(?:Error|Exception)\\b`` backtracks on a long word)."""
    for match in _WORD.finditer(line):
        if match.group().lower().endswith(("error", "exception")):
            return True
    return False


def failure_text(outcome: ToolOutcome) -> str | None:
    """The text of a failure (possibly empty), or None when the call succeeded."""
    response = outcome.response
    if outcome.failed:
        return outcome.error or output_text(response)
    if isinstance(response, Mapping):
        code = next((response[k] for k in _EXIT_KEYS if isinstance(response.get(k), int)), 0)
        if (
            code != 0
            or bool(response.get("error"))  # Gemini CLI reports a failed tool this way
            or response.get("is_error") is True
            or response.get("isError") is True
            or response.get("success") is False
            or response.get("interrupted") is True
        ):
            error = response.get("error")
            if isinstance(error, Mapping) and isinstance(error.get("message"), str):
                return str(error["message"])
            return output_text(response) or (f"exit code {code}" if code else "failed")
    elif isinstance(response, str):
        match = _EXIT_TEXT.match(response)
        if match and match.group(1) != "0":
            return response
    return None


def output_text(response: Any) -> str:
    """The result's text; of each part only the end, where an error is reported."""
    if isinstance(response, str):
        return response[-MAX_SCANNED:]
    parts: list[Any] = []
    if isinstance(response, Mapping):
        parts = [response.get(key) for key in _OUTPUT_KEYS]
    elif isinstance(response, list):
        parts = [item.get("text") if isinstance(item, Mapping) else item for item in response[:20]]
    return "\n".join(p[-MAX_SCANNED:] for p in parts if isinstance(p, str) and p.strip())


def error_line(text: str) -> str:
    """The line that best says what went wrong: the last that names an error or exception
    (a traceback ends with it), else the last that says something failed, else the first."""
    lines = [line.strip() for line in text[-MAX_SCANNED:].splitlines() if line.strip()]
    lines = [line for line in lines if not _EXIT_TEXT.match(line)] or lines
    for line in reversed(lines):
        if names_an_exception(line) or _STRONG_LABEL.search(line):
            return line
    for line in reversed(lines):
        if _WEAK.search(line):
            return line
    return lines[0] if lines else ""
