"""Run code and, when the output is large and an intent is given, answer with matches only."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import attrs

from application.use_cases.execute_request import ExecuteReply, ExecuteRequest
from application.use_cases.held_text import HeldText
from application.use_cases.run_code import RunCode
from application.use_cases.run_code_request import RunCodeRequest, RunCodeResult
from application.use_cases.summarise_output import SummariseOutput
from domain.chunking.utf8 import byte_len, truncate_bytes
from domain.errors import CapyError
from domain.execution.binary_output import binary_note, looks_binary
from domain.execution.classification import ExitClass, describe
from domain.execution.run import StreamOutput
from domain.execution.truncation import truncate_text
from domain.search.intent_confidence import worth_replacing
from domain.search.reply_tuning import WHOLE_OUTPUT_MAX_BYTES
from domain.server.source_labels import execute_label, file_label
from domain.settings import Settings

# Output larger than this, run without an intent, is indexed and answered with a compact view
# (ADR 0043): about 5,000 tokens, past which an agent rarely reads a whole output.
COMPACT_VIEW_BYTES = 20_000
FALLBACK_BYTES = 3_000  # shown when indexing fails
# Room under store.max_source_bytes for the cut marker and for redaction markers longer than
# the secrets they replace: the indexed text must never be refused for its size.
INDEX_HEADROOM = 1 / 32
TIMEOUT_HINT = (
    "pass a larger `timeout` (milliseconds), make the program print progress as it goes, or "
    "use `background: true` for a server or watcher"
)
INTENT_TIP = (
    "(capy: this output was cut to fit; pass `intent` to get back only the sections that match "
    "it instead)"
)
_SUMMARISED = (ExitClass.SUCCESS, ExitClass.SOFT_FAILURE, ExitClass.ERROR)


class ExecuteWithIntent:
    """``RunCode``, then intent search over large output.

    Rules:
    - the permission check, sandbox and exit classification are ``RunCode``'s;
    - the run keeps up to ``store.max_source_bytes`` of each stream (not just
      ``executor.max_output_bytes``), so the middle of a long log is searched too;
    - without an ``intent``, a finished run whose text is over 20,000 bytes is indexed the same
      way and the reply is its ``compact_view`` (first and last lines, section titles,
      distinctive terms, how to search it) instead of up to 100 KB of output (ADR 0043);
    - with an ``intent`` and a finished run (success, soft failure or error) whose text is
      bigger than the intent reply can be (``worth_replacing``, about 1.7 KB), that whole
      text is indexed as an **ephemeral** source labelled
      ``execute:<language>:<hash8>`` or ``file:<path>:<hash8>`` (hash of the output: every
      distinct output keeps its own source; identical output reuses it and reports its real
      section count), each section also found by the words of the code that printed it,
      searched for the intent within that source only, and the reply is
      ``intent_reply`` — the same text the quality benchmark measures — or, for an output of a
      few KB where capy is not confident the reply holds what was asked, the output itself
      (``SummariseOutput``, ADR 0053); output larger than
      ``store.max_source_bytes`` is indexed as its start and end, and the reply says how much
      of the middle was cut;
    - timed-out and backgrounded runs always return their partial output and note;
    - output the sandbox had to cut, run without an intent, ends with a tip to pass one;
    - if indexing or the search fails, the first 3,000 bytes come back with the reason;
    - a binary stream (NUL bytes, or mostly undecodable bytes and control characters) is
      neither shown nor indexed: the reply names its size and how to inspect it; its bytes
      still count as produced.

    ``summarise_output`` is built on first need: running code never waits for, or fails with,
    the knowledge store.
    """

    def __init__(
        self,
        *,
        run_code: RunCode,
        summarise_output: Callable[[], SummariseOutput],
        project_root: Path,
        settings: Settings,
    ) -> None:
        self._run = run_code
        self._summarise = summarise_output
        self._root = project_root
        self._max_index = settings.store.max_source_bytes

    def execute(self, request: ExecuteRequest) -> ExecuteReply:
        intent = request.intent.strip()
        result = _without_binary(
            self._run.execute(
                RunCodeRequest(
                    language=request.language,
                    code=request.code,
                    timeout_ms=request.timeout_ms,
                    background=request.background,
                    file_path=request.file_path,
                    keep_bytes=self._max_index,
                )
            )
        )
        outcome = result.run.outcome
        produced = outcome.stdout.total_bytes + outcome.stderr.total_bytes
        text = result.text
        full = result.full_text
        if result.run.exit_class not in _SUMMARISED or self._shown_whole(result, full, intent):
            if result.run.exit_class is ExitClass.TIMED_OUT and result.is_error:
                text += f"\n\nWhat to do: {TIMEOUT_HINT}"
            elif not intent and outcome.stdout.truncated:
                text += f"\n\n{INTENT_TIP}"
            return ExecuteReply(text, result.is_error, produced)
        fitted = truncate_text(full, self._max_index - int(self._max_index * INDEX_HEADROOM))
        cut = result.cut_bytes + fitted.total_bytes - fitted.kept_bytes
        # From here on only the indexed text is needed of the output: the larger capture and
        # the text built from it (megabytes each) are let go before indexing makes its own
        # copies, and the indexed text is held by its box alone (packed while it is stored).
        del full, outcome
        result = _without_kept(result)
        label = self._label(result, fitted.text)
        size = byte_len(fitted.text)
        # What is shown if indexing fails, taken now: the box may be packed by then (ADR 0267).
        fallback = truncate_bytes(fitted.text, FALLBACK_BYTES)
        indexed = HeldText(fitted.text)
        del fitted
        try:
            summariser = self._summarise()
            if intent:
                answer = summariser.summarise(label, intent, indexed, request.code)
                if answer.whole:
                    return ExecuteReply(text, result.is_error, produced, label, size)
                summary = answer.text
            else:
                summary = summariser.overview(label, indexed, request.code)
        except CapyError as error:
            note = f"(could not index the output: {error} — showing the first 3 KB)"
            return ExecuteReply(f"{fallback}\n\n{note}", result.is_error, produced)
        if result.is_error:
            summary = f"{_exit_line(result)}\n\n{summary}"
        if cut > 0:
            summary += f"\n\n{_cut_note(produced, cut)}"
        return ExecuteReply(summary, result.is_error, produced, label, size)

    def _shown_whole(self, result: RunCodeResult, full: str, intent: str) -> bool:
        """Whether the output (``full``: ``result.full_text``) is returned as it is, never
        indexed: with an intent, when a reply could be as big as it; without one, up to
        ``COMPACT_VIEW_BYTES``."""
        if not intent:
            return byte_len(full) <= COMPACT_VIEW_BYTES
        return byte_len(full) <= WHOLE_OUTPUT_MAX_BYTES and not worth_replacing(
            self._label(result, full), full
        )

    def _label(self, result: RunCodeResult, text: str) -> str:
        if result.file_path is None:
            return execute_label(result.language.value, text)
        path = Path(result.file_path)
        try:
            shown = path.relative_to(self._root.resolve()).as_posix()
        except ValueError:
            shown = path.as_posix()
        return file_label(shown, text)


def _without_binary(result: RunCodeResult) -> RunCodeResult:
    """``result`` with each binary stream replaced by a note saying so (and nothing to index)."""
    outcome = result.run.outcome
    kept = outcome.kept
    out_binary = looks_binary(outcome.stdout.text) or (
        kept is not None and looks_binary(kept.stdout.text)
    )
    err_binary = looks_binary(outcome.stderr.text) or (
        kept is not None and looks_binary(kept.stderr.text)
    )
    if not (out_binary or err_binary):
        return result
    stdout = _hidden(outcome.stdout) if out_binary else outcome.stdout
    stderr = _hidden(outcome.stderr) if err_binary else outcome.stderr
    if kept is not None:
        kept = attrs.evolve(
            kept,
            stdout=_hidden(kept.stdout) if out_binary else kept.stdout,
            stderr=_hidden(kept.stderr) if err_binary else kept.stderr,
        )
    plain = attrs.evolve(outcome, stdout=stdout, stderr=stderr, kept=kept)
    return attrs.evolve(result, run=describe(result.language, plain))


def _without_kept(result: RunCodeResult) -> RunCodeResult:
    """``result`` without the larger capture kept for indexing (its reply text stays)."""
    outcome = attrs.evolve(result.run.outcome, kept=None)
    return attrs.evolve(result, run=attrs.evolve(result.run, outcome=outcome))


def _hidden(stream: StreamOutput) -> StreamOutput:
    return StreamOutput(binary_note(stream.total_bytes), stream.total_bytes, stream.total_bytes)


def _cut_note(produced: int, cut: int) -> str:
    return (
        f"(capy: the program wrote {produced / 1024:,.0f} KB, more than store.max_source_bytes "
        f"lets capy index; the middle {cut / 1024:,.0f} KB were cut and not searched — filter "
        "the output in the program, or raise store.max_source_bytes in .capy.toml)"
    )


def _exit_line(result: RunCodeResult) -> str:
    code = result.run.outcome.exit_code
    how = "killed by a signal" if code is None else f"exit code {code}"
    return f"The program failed ({how}); its output was indexed."
