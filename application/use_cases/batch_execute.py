"""Run several shell commands, index their output as one source, answer queries from it."""

from __future__ import annotations

import attrs

from application.ports.clock import Clock
from application.ports.knowledge_store import KnowledgeStore
from application.ports.policy_source import PolicySource
from application.ports.sandbox import Sandbox
from application.use_cases.batch_request import (
    BatchCommand,
    BatchReply,
    BatchRequest,
    CommandRun,
    CommandStatus,
    IndexedSection,
    QueryAnswer,
)
from application.use_cases.find_distinctive_terms import FindDistinctiveTerms
from application.use_cases.index_content import IndexContent
from application.use_cases.index_request import IndexRequest
from application.use_cases.search_knowledge import SearchKnowledge
from domain.chunk import Chunk
from domain.chunking import chunk, detect_content_type
from domain.chunking.utf8 import byte_len
from domain.content_type import ContentType
from domain.errors import CapyError, InvalidInput
from domain.execution.binary_output import binary_note, looks_binary
from domain.execution.command_facts import command_facts
from domain.execution.file_prologue import build_program
from domain.execution.language import Language
from domain.execution.run import RunOutcome, SandboxRequest, StreamOutput
from domain.execution.truncation import truncate_text
from domain.permissions.denial import denial_error
from domain.permissions.evaluation import evaluate_code
from domain.permissions.protected_paths import ProtectedPath, check_code
from domain.search import reply_tuning
from domain.search_hit import SearchScope
from domain.server.source_labels import batch_label
from domain.settings import Settings
from domain.source_kind import SourceKind

RESULTS_PER_QUERY = reply_tuning.REPLY_RESULTS
# Titles a chunker gives a whole output; the label says more.
_GENERIC_TITLES = frozenset({"Output", "Content", "(root)"})
# A batch is a research step, not a loop: a hundred commands already take minutes and index more
# than one reply can describe; more belong in a loop inside one command or in several batches.
MAX_COMMANDS = 100
OUTPUT_CAP_BYTES = 80 * 1024
MIN_KEEP_BYTES = 4 * 1024
# Room under store.max_source_bytes for section headings, notes and redaction markers.
INDEX_HEADROOM = 1 / 16


class BatchExecute:
    """Check every command, run them in order, index, search.

    Rules:
    - at most 100 commands; a label used twice is numbered (``tests``, ``tests#2``, …) so every
      command keeps its own section and line in the reply;
    - every command is checked before any of them runs — never naming capy's key store (the
      check ``RunCode`` applies), then against the permission rules; one refusal refuses the
      whole batch (``PolicyDenied``, naming the command's label); unreadable rules fail closed;
    - commands run as shell scripts with stderr merged into stdout, one after another, within
      one time budget: each gets what is left of it as its timeout; once it is used up (or a
      command timed out) the rest are skipped and say so;
    - everything is indexed, so each command keeps an equal share of what is left of
      ``store.max_source_bytes`` when it starts (at least 4 KB; room earlier commands did not
      use goes to later ones): its start and end, with the middle cut when it wrote more; the
      reply names the commands that were cut and by how much;
    - the combined output (``# <label>`` sections) becomes ONE ephemeral source, each
      command's output chunked as what it is (JSON records, a test run's failures, a log's
      windows, …: ``domain.chunking``) under titles that start with its label, and searchable
      by the words of its command line too (``ruff check .`` is found for "ruff"), so a query
      about one command is answered from that command's output;
    - each query is searched in that source only (three results); when nothing there
      matches, in the whole knowledge base, and the answer says so; once the answers hold
      80 KB of text the remaining queries are not searched.
    """

    def __init__(
        self,
        *,
        sandbox: Sandbox,
        policy_source: PolicySource,
        index_content: IndexContent,
        search: SearchKnowledge,
        distinctive_terms: FindDistinctiveTerms,
        store: KnowledgeStore,
        clock: Clock,
        settings: Settings,
        protected: tuple[ProtectedPath, ...] = (),
    ) -> None:
        self._sandbox = sandbox
        self._policy = policy_source
        self._index = index_content
        self._search = search
        self._terms = distinctive_terms
        self._store = store
        self._clock = clock
        self._index_budget = settings.store.max_source_bytes - int(
            settings.store.max_source_bytes * INDEX_HEADROOM
        )
        self._protected = protected

    def execute(self, request: BatchRequest) -> BatchReply:
        if not request.commands:
            raise InvalidInput("no commands to run", 'pass commands: [{"label", "command"}]')
        if not request.queries:
            raise InvalidInput(
                "no queries to answer", "pass queries: the questions the output should answer"
            )
        if len(request.commands) > MAX_COMMANDS:
            raise InvalidInput(
                f"{len(request.commands)} commands in one batch; at most {MAX_COMMANDS} run",
                "loop inside one command (for f in …; do …; done) or split the work into several "
                "batches",
            )
        if request.timeout_ms <= 0:
            raise InvalidInput(
                f"timeout must be a positive number of milliseconds, got {request.timeout_ms}",
                "leave it out for the default of 60 s for the whole batch",
            )
        commands = numbered(request.commands)
        self._check(commands)
        runs, sections, chunks = self._run_all(commands, request.timeout_ms)
        combined = "\n".join(sections)
        fitted = truncate_text(combined, self._index_budget)  # only when headings tipped it over
        combined = fitted.text
        label = batch_label([c.label for c in request.commands], combined)
        self._index.execute(
            IndexRequest(
                content=combined,
                label=label,
                kind=SourceKind.EPHEMERAL,
                content_type=ContentType.MARKDOWN,
                chunks=None if fitted.truncated else tuple(chunks),
            )
        )
        source = self._store.source_by_label(label)
        stored = self._store.chunks_of(source.id) if source is not None else []
        inventory = tuple(IndexedSection(s.chunk.title, byte_len(s.chunk.content)) for s in stored)
        terms = tuple(self._terms.terms(source.id)) if source is not None else ()
        return BatchReply(
            label=label,
            runs=tuple(runs),
            output_bytes=byte_len(combined),
            output_lines=combined.count("\n") + 1,
            sections=inventory,
            answers=self._answer(request.queries, label),
            terms=terms,
        )

    def _check(self, commands: tuple[BatchCommand, ...]) -> None:
        policy = self._policy.load()
        for command in commands:
            check_code(command.command, self._protected, shell_script=True)
        for command in commands:
            verdict = evaluate_code(policy, Language.SHELL.value, command.command)
            if verdict.blocks_server:
                error = denial_error(verdict)
                error.message = f"[{command.label}] {error.message}"
                raise error

    def _run_all(
        self, commands: tuple[BatchCommand, ...], budget_ms: int
    ) -> tuple[list[CommandRun], list[str], list[Chunk]]:
        """Each command's run, its ``# label`` section of the combined output, and the chunks
        of all of them."""
        started = self._clock.monotonic()
        unused = self._index_budget
        runs: list[CommandRun] = []
        sections: list[str] = []
        chunks: list[Chunk] = []
        out_of_time = False
        for position, command in enumerate(commands):
            keep = max(MIN_KEEP_BYTES, unused // (len(commands) - position))
            remaining_ms = budget_ms - round((self._clock.monotonic() - started) * 1000)
            if out_of_time or remaining_ms <= 0:
                out_of_time = True
                runs.append(CommandRun(command.label, CommandStatus.SKIPPED))
                sections.append(f"# {command.label}\n\n(skipped — the batch's time ran out)\n")
                continue
            program = build_program(Language.SHELL, f"{{\n{command.command}\n}} 2>&1")
            try:
                outcome = self._sandbox.run(
                    SandboxRequest(Language.SHELL, program, remaining_ms, keep_bytes=keep)
                )
            except CapyError as error:
                runs.append(CommandRun(command.label, CommandStatus.FAILED, exit_code=None))
                sections.append(f"# {command.label}\n\n(could not run: {error})\n")
                continue
            produced = outcome.stdout.total_bytes + outcome.stderr.total_bytes
            status = CommandStatus.TIMED_OUT if outcome.timed_out else CommandStatus.RAN
            out_of_time = outcome.timed_out
            cut = outcome.kept.cut_bytes if outcome.kept is not None else 0
            runs.append(CommandRun(command.label, status, produced, outcome.exit_code, cut))
            body = _body(outcome)
            sections.append(f"# {command.label}\n\n{body}\n")
            unused = max(0, unused - byte_len(sections[-1]))
        for command, section in zip(commands, sections, strict=True):
            chunks.extend(command_chunks(command, section.split("\n\n", 1)[1]))
        return runs, sections, chunks

    def _answer(self, queries: tuple[str, ...], label: str) -> tuple[QueryAnswer, ...]:
        answers: list[QueryAnswer] = []
        size = 0
        own = SearchScope(source=label, exact_source=True)
        for query in queries:
            if size > OUTPUT_CAP_BYTES:
                answers.append(QueryAnswer(query, capped=True))
                continue
            found = self._search.search(query, RESULTS_PER_QUERY, own)
            whole_base = False
            if not found:
                found = self._search.search(query, RESULTS_PER_QUERY)
                whole_base = bool(found)
            size += sum(byte_len(r.snippet) + byte_len(r.title) for r in found.results)
            answers.append(QueryAnswer(query, found.results, whole_base))
        return tuple(answers)


def command_chunks(command: BatchCommand, body: str) -> list[Chunk]:
    """One command's output chunked as what it is, each title led by the command's label and
    the command line's words the output does not hold among the chunk's facts."""
    text = body.strip() or "(no output)"
    words = command_facts(command.command, text)
    found = list(chunk(text, detect_content_type(text))) or [Chunk("Output", text)]
    return [
        attrs.evolve(
            piece,
            title=command.label
            if piece.title in _GENERIC_TITLES
            else f"{command.label} > {piece.title}",
            facts=f"{words} {piece.facts}".strip(),
        )
        for piece in found
    ]


def numbered(commands: tuple[BatchCommand, ...]) -> tuple[BatchCommand, ...]:
    """``commands`` with a repeated label numbered from its second use: ``l``, ``l#2``, …"""
    seen: dict[str, int] = {}
    taken = {c.label for c in commands}
    result: list[BatchCommand] = []
    for command in commands:
        count = seen.get(command.label, 0) + 1
        seen[command.label] = count
        label = command.label
        if count > 1:
            label = f"{command.label}#{count}"
            while label in taken:  # a command was already labelled ``l#2`` by the agent
                count += 1
                label = f"{command.label}#{count}"
            seen[command.label] = count
            taken.add(label)
        result.append(BatchCommand(label, command.command))
    return tuple(result)


def _body(outcome: RunOutcome) -> str:
    stdout, stderr = _streams(outcome)
    text = _readable(stdout).rstrip("\n")
    if stderr.text.strip():
        text = f"{text}\n\nstderr:\n{_readable(stderr).rstrip()}".lstrip("\n")
    if outcome.timed_out:
        note = f"(timed out after {outcome.timeout_ms} ms — the output above is partial)"
        return f"{text}\n\n{note}" if text else note
    return text or "(no output)"


def _readable(stream: StreamOutput) -> str:
    """Binary output is never indexed or shown: a note with its size stands in for it."""
    return binary_note(stream.total_bytes) if looks_binary(stream.text) else stream.text


def _streams(outcome: RunOutcome) -> tuple[StreamOutput, StreamOutput]:
    """The larger capture kept for indexing, when the sandbox returned one."""
    if outcome.kept is not None:
        return outcome.kept.stdout, outcome.kept.stderr
    return outcome.stdout, outcome.stderr
