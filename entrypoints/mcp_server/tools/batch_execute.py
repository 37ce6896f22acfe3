"""``capy_batch_execute``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from application.use_cases.batch_execute import BatchExecute
from application.use_cases.batch_request import (
    DEFAULT_BUDGET_MS,
    BatchCommand,
    BatchReply,
    BatchRequest,
    CommandStatus,
    QueryAnswer,
)
from domain.search.reply import distinctive_line, result_texts, worth_showing
from domain.server.usage import Origin, UsageLedger
from domain.wording import plural
from entrypoints.mcp_server import arguments
from entrypoints.mcp_server.replies import ToolArgumentError, ToolReply
from entrypoints.mcp_server.tools.execute import timeout_ms

MAX_INVENTORY = 30  # listing hundreds of section titles would flood the context itself
MAX_NAMED = 10  # commands named per status line (exited non-zero, skipped, …)


def read_commands(args: Mapping[str, Any]) -> tuple[BatchCommand, ...]:
    """Objects ``{label, command}`` or bare strings; a missing label becomes ``cmd_<n>``."""
    commands: list[BatchCommand] = []
    for index, item in enumerate(arguments.object_list(args, "commands"), start=1):
        if isinstance(item, str):
            label, command = "", item
        elif isinstance(item, Mapping):
            label = str(item.get("label") or "").strip()
            command = item.get("command") or ""
            if not isinstance(command, str):
                raise ToolArgumentError(f"commands[{index - 1}].command must be a string")
        else:
            raise ToolArgumentError(
                'each command must be {"label": "...", "command": "..."} or a string'
            )
        if command.strip():
            commands.append(BatchCommand(label or f"cmd_{index}", command))
    if not commands:
        raise ToolArgumentError(
            'missing required parameter: commands (e.g. [{"label": "tests", "command": "pytest"}])'
        )
    return tuple(commands)


class BatchExecuteTool:
    def __init__(self, use_case: Callable[[], BatchExecute], ledger: UsageLedger) -> None:
        self._use_case = use_case
        self._ledger = ledger

    def __call__(self, args: Mapping[str, Any]) -> ToolReply:
        commands = read_commands(args)
        queries = tuple(arguments.string_list(args, "queries"))
        if not queries:
            raise ToolArgumentError(
                "missing required parameter: queries (what the output should answer, "
                'e.g. ["failing tests", "error messages"])'
            )
        budget = timeout_ms(args, DEFAULT_BUDGET_MS) or DEFAULT_BUDGET_MS
        reply = self._use_case().execute(BatchRequest(commands, queries, budget))
        self._ledger.record_processed(Origin.SANDBOX, reply.produced_bytes)
        self._ledger.record_indexed(reply.output_bytes)
        return ToolReply(render_batch(reply))


def _names(labels: list[str]) -> str:
    shown = ", ".join(labels[:MAX_NAMED])
    return shown + (f" and {len(labels) - MAX_NAMED} more" if len(labels) > MAX_NAMED else "")


def _kb(size: int) -> str:
    return f"{size / 1024:.1f}KB"


def _answer(answer: QueryAnswer) -> list[str]:
    if answer.capped:
        return [
            f"## {answer.query}",
            f'(reply is full — use capy_search(queries: ["{answer.query}"]) for this one)',
            "",
        ]
    lines = [f"## {answer.query}", ""]
    if not answer.results:
        return [*lines, "No matching sections found.", ""]
    if answer.whole_base:
        lines += [
            "⚠ Nothing in this batch's output matched; these come from the rest of the "
            "knowledge base:",
            "",
        ]
    shown = worth_showing(answer.results, answer.query)
    return [*lines, "\n\n".join(result_texts(shown, sources=answer.whole_base)), ""]


def render_batch(reply: BatchReply) -> str:
    ran = len(reply.runs)
    lines = [
        f"Ran {plural(ran, 'command')} ({plural(reply.output_lines, 'line')}, "
        f"{_kb(reply.output_bytes)}). Indexed {plural(len(reply.sections), 'section')} as "
        f'"{reply.label}". Searched {plural(len(reply.answers), "query", "queries")}.'
    ]
    skipped = [r.label for r in reply.runs if r.status is CommandStatus.SKIPPED]
    timed_out = [r.label for r in reply.runs if r.status is CommandStatus.TIMED_OUT]
    failed = [r.label for r in reply.runs if r.status is CommandStatus.FAILED]
    exits = [
        f"{r.label} ({r.exit_code})"
        for r in reply.runs
        if r.status is CommandStatus.RAN and r.exit_code not in (0, None)
    ]
    if exits:
        lines.append(f"Exited non-zero: {_names(exits)}.")
    if timed_out:
        lines.append(f"Timed out: {_names(timed_out)} (partial output kept).")
    if skipped:
        lines.append(
            f"Skipped (time budget used up): {_names(skipped)} — raise `timeout` (ms for "
            "the whole batch) or split the batch."
        )
    if failed:
        lines.append(f"Could not start: {_names(failed)} (see their sections).")
    cut = [
        f"{r.label} ({_kb(r.cut_bytes)} of {_kb(r.produced_bytes)})"
        for r in reply.runs
        if r.cut_bytes
    ]
    if cut:
        lines.append(
            f"Middle cut before indexing (start and end kept): {_names(cut)} — filter the "
            "output in the command, or run it alone for a larger share."
        )
    lines += ["", "## Indexed sections"]
    lines += [f"- {s.title} ({_kb(s.size_bytes)})" for s in reply.sections[:MAX_INVENTORY]]
    if len(reply.sections) > MAX_INVENTORY:
        lines.append(f"- … and {len(reply.sections) - MAX_INVENTORY} more")
    lines.append("")
    for answer in reply.answers:
        lines += _answer(answer)
    lines.append(
        f'Search this output again with capy_search(queries: [...], source: "{reply.label}"); '
        "leave out `source` to search everything indexed."
    )
    # The output's distinctive words suggest what else to ask for: worth their bytes only when
    # a query found nothing in it.
    terms = distinctive_line(reply.terms)
    if terms and any(not a.results or a.whole_base for a in reply.answers if not a.capped):
        lines += ["", terms]
    return "\n".join(lines)
