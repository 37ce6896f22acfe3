"""What a finished run means for the agent, and the text that tells it.

Shell exit 1 with output on stdout is a soft failure (``grep`` found nothing, ``diff`` found a
difference): the output is the answer, not an error. Any other non-zero exit is an error. Unlike
the reference implementation, stderr is never dropped: on success or soft failure it follows
stdout under a ``stderr:`` heading.
"""

from __future__ import annotations

import enum

import attrs

from domain.execution.language import Language
from domain.execution.run import RunOutcome


class ExitClass(enum.Enum):
    SUCCESS = "success"
    SOFT_FAILURE = "soft_failure"
    ERROR = "error"
    TIMED_OUT = "timed_out"
    BACKGROUNDED = "backgrounded"
    KILLED = "killed"  # output cap


@attrs.frozen
class ClassifiedRun:
    """An outcome, what it means, and the text to return (``is_error`` for MCP's ``isError``)."""

    outcome: RunOutcome
    exit_class: ExitClass
    text: str
    is_error: bool


def classify(language: Language, outcome: RunOutcome) -> ExitClass:
    if outcome.backgrounded:
        return ExitClass.BACKGROUNDED
    if outcome.killed_by_cap:
        return ExitClass.KILLED
    if outcome.timed_out:
        return ExitClass.TIMED_OUT
    if outcome.exit_code == 0:
        return ExitClass.SUCCESS
    if language is Language.SHELL and outcome.exit_code == 1 and outcome.stdout.text.strip():
        return ExitClass.SOFT_FAILURE
    return ExitClass.ERROR


def _with_stderr(stdout: str, stderr: str) -> str:
    if stderr.strip():
        return f"{stdout.rstrip(chr(10))}\n\nstderr:\n{stderr}" if stdout else f"stderr:\n{stderr}"
    return stdout


def describe(language: Language, outcome: RunOutcome) -> ClassifiedRun:
    """Classify ``outcome`` and build the text an agent reads."""
    exit_class = classify(language, outcome)
    out, err = outcome.stdout.text, outcome.stderr.text
    body = _with_stderr(out, err)
    ms = outcome.timeout_ms
    if exit_class is ExitClass.SUCCESS or exit_class is ExitClass.SOFT_FAILURE:
        return ClassifiedRun(outcome, exit_class, body or "(no output)", False)
    if exit_class is ExitClass.BACKGROUNDED:
        note = f"(still running in the background after {ms} ms — PID {outcome.pid})"
        return ClassifiedRun(outcome, exit_class, f"{body}\n\n{note}" if body else note, False)
    if exit_class is ExitClass.TIMED_OUT:
        if out.strip():
            note = f"(timed out after {ms} ms — the output above is partial)"
            return ClassifiedRun(outcome, exit_class, f"{body}\n\n{note}", False)
        text = f"Timed out after {ms} ms with no output."
        if err.strip():
            text += f"\n\nstderr:\n{err}"
        return ClassifiedRun(outcome, exit_class, text, True)
    if exit_class is ExitClass.KILLED:
        text = f"{body}\n\n(stopped: output exceeded the hard cap; the process tree was killed)"
        return ClassifiedRun(outcome, exit_class, text.lstrip(), True)
    code = "killed by a signal" if outcome.exit_code is None else str(outcome.exit_code)
    text = f"Exit code: {code}\n\nstdout:\n{out}\n\nstderr:\n{err}"
    return ClassifiedRun(outcome, exit_class, text, True)


def describe_kept(language: Language, outcome: RunOutcome) -> str:
    """``describe``'s text built from the larger ``kept`` capture, when the run has one: the text
    to index. The exit class is the same either way (the streams differ only in length)."""
    if outcome.kept is None:
        return describe(language, outcome).text
    wide = attrs.evolve(outcome, stdout=outcome.kept.stdout, stderr=outcome.kept.stderr, kept=None)
    return describe(language, wide).text
