"""Intent search over the whole captured output, and the batch tool's key-store guard."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mcp import Client

from adapters.memory.in_memory_sandbox import InMemorySandbox
from domain.execution.run import KeptOutput, RunOutcome
from domain.execution.truncation import truncate_bytes
from domain.settings import StoreSettings
from entrypoints.containers.server import ServerComposition
from tests.unit.mcp_server.conftest import call

pytestmark = pytest.mark.anyio

NEEDLE = "FATAL ledger-reconciler checksum drift on shard 42"
MAX_SOURCE = StoreSettings().max_source_bytes


def build_log(lines: int = 6_000) -> bytes:
    rows = [f"INFO step {i} compiled module_{i % 97} ok" for i in range(lines)]
    rows[lines // 2] = NEEDLE
    return ("\n".join(rows) + "\n").encode()


def outcome_keeping(data: bytes, keep: int) -> RunOutcome:
    """What the real sandbox returns: a 100 KB reply stream plus the larger kept stream."""
    return RunOutcome(
        stdout=truncate_bytes(data, 102_400),
        kept=KeptOutput(stdout=truncate_bytes(data, keep)),
    )


async def test_intent_searches_the_middle_the_reply_stream_lost(
    client: Client, sandbox: InMemorySandbox
) -> None:
    log = build_log()
    outcome = outcome_keeping(log, MAX_SOURCE)
    assert NEEDLE not in outcome.stdout.text  # the 100 KB reply cut it out
    sandbox.script(outcome)
    text, is_error = await call(
        client,
        "capy_execute",
        {"language": "python", "code": "build()", "intent": "ledger-reconciler checksum drift"},
    )
    assert not is_error
    assert NEEDLE in text
    assert len(text.encode()) < 20_000
    assert "were cut" not in text
    assert sandbox.requests[-1].keep_bytes == MAX_SOURCE


async def test_execute_file_with_intent_searches_the_whole_output_too(
    client: Client, sandbox: InMemorySandbox, tmp_path: Path
) -> None:
    (tmp_path / "build.log").write_text("x\n")
    sandbox.script(outcome_keeping(build_log(), MAX_SOURCE))
    text, is_error = await call(
        client,
        "capy_execute_file",
        {"path": "build.log", "language": "python", "code": "x", "intent": "checksum drift"},
    )
    assert not is_error
    assert NEEDLE in text and "file:build.log:" in text
    assert sandbox.requests[-1].keep_bytes == MAX_SOURCE


async def test_without_intent_large_output_is_indexed_and_answered_with_a_compact_view(
    client: Client, sandbox: InMemorySandbox
) -> None:
    log = build_log()
    sandbox.script(outcome_keeping(log, MAX_SOURCE))
    text, is_error = await call(client, "capy_execute", {"language": "python", "code": "build()"})
    assert not is_error
    assert sandbox.requests[-1].keep_bytes == MAX_SOURCE
    assert len(text.encode()) < 6_000
    assert "INFO step 0 compiled module_0 ok" in text  # the first lines
    assert "INFO step 5999 compiled module_82 ok" in text  # the last lines
    source = text.split('indexed as "', 1)[1].split('"', 1)[0]
    assert source.startswith("execute:python:")
    found, _ = await call(
        client, "capy_search", {"queries": ["ledger-reconciler checksum drift"], "source": source}
    )
    assert NEEDLE in found


async def test_output_over_the_index_limit_says_how_much_of_the_middle_was_cut(
    client: Client, sandbox: InMemorySandbox
) -> None:
    log = build_log(120_000)  # ~4.5 MB
    sandbox.script(outcome_keeping(log, MAX_SOURCE))
    text, is_error = await call(
        client,
        "capy_execute",
        {"language": "python", "code": "build()", "intent": "compiled module_5"},
    )
    assert not is_error
    found = re.search(r"wrote ([\d,]+) KB, .* the middle ([\d,]+) KB were cut", text)
    assert found is not None, text
    written, cut = (int(g.replace(",", "")) for g in found.groups())
    assert written == round(len(log) / 1024)
    assert (len(log) - MAX_SOURCE) / 1024 <= cut < (len(log) - MAX_SOURCE * 0.9) / 1024


async def test_processed_bytes_stay_what_the_program_wrote(
    client: Client, sandbox: InMemorySandbox, composition: ServerComposition
) -> None:
    log = build_log()
    sandbox.script(outcome_keeping(log, MAX_SOURCE))
    await call(client, "capy_execute", {"language": "python", "code": "x", "intent": "module_5"})
    usage = composition.tools.ledger().snapshot().counts
    assert usage.bytes_processed == len(log)


async def test_batch_refuses_commands_naming_the_key_store(
    client: Client, sandbox: InMemorySandbox
) -> None:
    for command in ("cat ~/.config/capy/keys/*", 'ls "$HOME/.config/capy/keys"'):
        text, is_error = await call(
            client,
            "capy_batch_execute",
            {
                "commands": [{"label": "ok", "command": "ls"}, {"label": "k", "command": command}],
                "queries": ["key"],
            },
        )
        assert is_error, text
        assert "key" in text.lower()
    assert sandbox.requests == []


async def test_batch_commands_share_the_index_budget_and_report_cuts(
    client: Client, sandbox: InMemorySandbox
) -> None:
    budget = MAX_SOURCE - MAX_SOURCE // 16
    log = build_log(60_000)  # ~2.2 MB, more than half the budget
    first_keep = budget // 3
    small = outcome_keeping(b"ok\n", first_keep)
    sandbox.script(small, outcome_keeping(log, first_keep), outcome_keeping(log, budget // 2))
    text, is_error = await call(
        client,
        "capy_batch_execute",
        {"commands": ["echo ok", "make a", "make b"], "queries": ["compiled module_3"]},
    )
    assert not is_error, text
    keeps = [r.keep_bytes or 0 for r in sandbox.requests]
    assert keeps[0] == first_keep
    assert keeps[1] > first_keep  # the room the first command left goes to the next ones
    cut_line = next(line for line in text.splitlines() if line.startswith("Middle cut"))
    assert "cmd_2 (" in cut_line and "cmd_3 (" in cut_line and "cmd_1" not in cut_line
