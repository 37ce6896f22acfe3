"""capy_execute / capy_execute_file through the MCP client, over scripted sandbox outcomes."""

from __future__ import annotations

from pathlib import Path

import pytest
from dependency_injector import providers
from mcp import Client

from adapters.memory.in_memory_policy_source import InMemoryPolicySource
from adapters.memory.in_memory_sandbox import InMemorySandbox
from domain.errors import StoreError
from domain.execution.language import Language
from domain.execution.run import RunOutcome, StreamOutput
from domain.permissions.rules import policy_from_lists
from domain.server.source_labels import output_hash
from entrypoints.containers.server import ServerComposition
from tests.unit.mcp_server.conftest import call

pytestmark = pytest.mark.anyio


def log_output(lines: int = 400, needle_at: int = 250) -> str:
    rows = []
    for i in range(lines):
        if i == needle_at:
            rows.append(f"2026-01-01T10:{i % 60:02d}:00 ERROR payment-gateway connection refused")
        else:
            rows.append(f"2026-01-01T10:{i % 60:02d}:00 INFO worker-{i % 7} handled request {i}")
    return "\n".join(rows) + "\n"


async def test_small_output_comes_back_as_is(client: Client, sandbox: InMemorySandbox) -> None:
    sandbox.script(sandbox.output("hello\n"))
    text, is_error = await call(client, "capy_execute", {"language": "python", "code": "print(1)"})
    assert (text, is_error) == ("hello\n", False)


async def test_stderr_of_a_successful_run_is_returned_marked(
    client: Client, sandbox: InMemorySandbox
) -> None:
    sandbox.script(sandbox.output("result\n", "DeprecationWarning: old api\n"))
    text, is_error = await call(client, "capy_execute", {"language": "python", "code": "x"})
    assert not is_error
    assert "result" in text
    assert "stderr:\nDeprecationWarning: old api" in text


async def test_non_zero_exit_is_an_error_with_both_streams(
    client: Client, sandbox: InMemorySandbox
) -> None:
    sandbox.script(sandbox.output("partial\n", "Traceback: boom\n", exit_code=2))
    text, is_error = await call(client, "capy_execute", {"language": "python", "code": "x"})
    assert is_error
    assert "Exit code: 2" in text and "boom" in text and "partial" in text


async def test_timeout_is_passed_in_milliseconds_exactly(
    client: Client, sandbox: InMemorySandbox
) -> None:
    await call(client, "capy_execute", {"language": "shell", "code": "true", "timeout": 750})
    await call(client, "capy_execute", {"language": "shell", "code": "true"})
    assert [r.timeout_ms for r in sandbox.requests] == [750, None]


async def test_timeout_without_output_is_an_error_saying_what_to_do(
    client: Client, sandbox: InMemorySandbox
) -> None:
    sandbox.script(RunOutcome(exit_code=None, timed_out=True, timeout_ms=500))
    text, is_error = await call(
        client, "capy_execute", {"language": "shell", "code": "sleep 9", "timeout": 500}
    )
    assert is_error
    assert "500 ms" in text and "background" in text


async def test_background_run_returns_partial_output_and_pid(
    client: Client, sandbox: InMemorySandbox
) -> None:
    sandbox.script(
        RunOutcome(
            stdout=StreamOutput("listening on 8000\n", 18, 18),
            exit_code=None,
            timed_out=True,
            backgrounded=True,
            pid=4242,
            timeout_ms=1000,
        )
    )
    text, is_error = await call(
        client,
        "capy_execute",
        {"language": "shell", "code": "serve", "timeout": 1000, "background": True},
    )
    assert not is_error
    assert "listening on 8000" in text and "4242" in text
    assert sandbox.requests[0].background


async def test_missing_runtime_is_an_error_naming_the_language(
    composition: object, client: Client, sandbox: InMemorySandbox
) -> None:
    sandbox.languages = (Language.SHELL,)
    text, is_error = await call(client, "capy_execute", {"language": "ruby", "code": "p 1"})
    assert is_error and "ruby" in text


async def test_missing_code_is_an_argument_error(client: Client) -> None:
    text, is_error = await call(client, "capy_execute", {"language": "python"})
    assert is_error and "code" in text


async def test_denied_command_never_reaches_the_sandbox(
    client: Client, sandbox: InMemorySandbox, policy: InMemoryPolicySource
) -> None:
    policy.policy = policy_from_lists(deny=("Bash(rm -rf *)",))
    text, is_error = await call(
        client, "capy_execute", {"language": "shell", "code": "echo hi && rm -rf /tmp/x"}
    )
    assert is_error and "rm -rf" in text
    assert sandbox.requests == []


async def test_large_output_with_intent_returns_only_the_matching_section(
    client: Client, sandbox: InMemorySandbox
) -> None:
    output = log_output()
    sandbox.script(sandbox.output(output))
    text, is_error = await call(
        client,
        "capy_execute",
        {"language": "python", "code": "x", "intent": "payment gateway connection refused"},
    )
    assert not is_error
    assert f"execute:python:{output_hash(output)}" in text
    assert "connection refused" in text
    assert len(text.encode()) < len(output.encode()) / 5


async def test_each_distinct_output_keeps_its_own_source(
    client: Client, sandbox: InMemorySandbox
) -> None:
    first, second = log_output(needle_at=10), log_output(needle_at=300)
    sandbox.script(sandbox.output(first), sandbox.output(second), sandbox.output(first))
    args = {"language": "python", "code": "x", "intent": "connection refused"}
    one, _ = await call(client, "capy_execute", args)
    two, _ = await call(client, "capy_execute", args)
    again, _ = await call(client, "capy_execute", args)
    assert output_hash(first) in one and output_hash(second) in two
    sections = one.splitlines()[0]
    assert again.splitlines()[0] == sections  # identical output: same label, real count
    assert "Indexed 0 sections" not in again
    found, _ = await call(
        client,
        "capy_search",
        {"queries": ["connection refused"], "source": f"execute:python:{output_hash(first)}"},
    )
    assert output_hash(first) in found


async def test_execute_file_labels_by_project_relative_path(
    client: Client, sandbox: InMemorySandbox, tmp_path: Path
) -> None:
    (tmp_path / "app.log").write_text("x\n")
    output = log_output()
    sandbox.script(sandbox.output(output))
    text, is_error = await call(
        client,
        "capy_execute_file",
        {"path": "app.log", "language": "python", "code": "x", "intent": "connection refused"},
    )
    assert not is_error
    assert f"file:app.log:{output_hash(output)}" in text


async def test_execute_file_refuses_a_read_denied_path(
    client: Client, sandbox: InMemorySandbox, policy: InMemoryPolicySource, tmp_path: Path
) -> None:
    (tmp_path / ".env").write_text("SECRET=1\n")
    policy.policy = policy_from_lists(deny=("Read(./.env)",))
    text, is_error = await call(
        client,
        "capy_execute_file",
        {"path": f"{tmp_path}/sub/../.env", "language": "python", "code": "print(1)"},
    )
    assert is_error and "denied" in text
    assert sandbox.requests == []


async def test_processed_bytes_count_what_the_program_wrote(
    client: Client, sandbox: InMemorySandbox
) -> None:
    sandbox.script(RunOutcome(stdout=StreamOutput("kept", total_bytes=2_000_000, kept_bytes=4)))
    await call(client, "capy_execute", {"language": "python", "code": "x"})
    text, _ = await call(client, "capy_stats", {})
    assert "sandbox output 1.9 MiB" in text


def _broken_store() -> None:
    raise StoreError("cannot open the knowledge base", "check CAPY_DB_KEY")


async def test_running_code_does_not_need_the_knowledge_base(
    composition: ServerComposition, client: Client, sandbox: InMemorySandbox
) -> None:
    sandbox.script(sandbox.output("fine\n"), sandbox.output(log_output()))
    with composition.container.adapters.knowledge_store.override(providers.Callable(_broken_store)):
        text, is_error = await call(client, "capy_execute", {"language": "shell", "code": "x"})
        assert (text, is_error) == ("fine\n", False)
        text, is_error = await call(
            client, "capy_execute", {"language": "shell", "code": "x", "intent": "refused"}
        )
    assert not is_error
    assert "could not index the output" in text and "CAPY_DB_KEY" in text
    assert len(text.encode()) < 3_500


async def test_cut_output_without_intent_suggests_one(
    client: Client, sandbox: InMemorySandbox
) -> None:
    sandbox.script(RunOutcome(stdout=StreamOutput("head … tail", 500_000, 100_000)))
    text, is_error = await call(client, "capy_execute", {"language": "python", "code": "x"})
    assert not is_error and "pass `intent`" in text


async def test_an_intent_in_the_words_of_the_command_finds_its_output(
    client: Client, sandbox: InMemorySandbox
) -> None:
    findings = [
        f"src/shop/cart_{i}.py:{i}:1: E501 Line too long ({90 + i} > 88)" for i in range(300)
    ]
    output = "\n".join([*findings, "Found 300 errors.", "[*] 12 fixable with the `--fix` option."])
    sandbox.script(sandbox.output(output))
    text, is_error = await call(
        client,
        "capy_execute",
        {"language": "shell", "code": "ruff check .", "intent": "how many problems did ruff find"},
    )
    assert not is_error
    assert "Found 300 errors." in text


def docker_ps(rows: int = 30) -> str:
    lines = [f"{'CONTAINER ID':<15}{'IMAGE':<26}{'STATUS':<28}NAMES"]
    for i in range(rows):
        status = "Up 2 minutes (unhealthy)" if i in (7, 19) else f"Up {i + 1} hours"
        lines.append(f"{i:012x}   {'registry/app:' + str(i):<26}{status:<28}app-{i}")
    return "\n".join(lines) + "\n"


async def test_a_small_table_with_an_intent_returns_its_header_and_matching_rows(
    client: Client, sandbox: InMemorySandbox
) -> None:
    output = docker_ps()
    assert 2_000 < len(output.encode()) < 5_000
    sandbox.script(sandbox.output(output))
    text, is_error = await call(
        client, "capy_execute", {"language": "shell", "code": "docker ps", "intent": "unhealthy"}
    )
    assert not is_error
    lines = text.splitlines()
    assert lines[2].split() == ["CONTAINER", "ID", "IMAGE", "STATUS", "NAMES"]
    assert [line.split()[-1] for line in lines if "(unhealthy)" in line] == ["app-7", "app-19"]
    assert "app-8" not in text
    assert len(text.encode()) < len(output.encode()) / 2


async def test_a_small_output_capy_cannot_answer_confidently_comes_back_whole(
    client: Client, sandbox: InMemorySandbox
) -> None:
    output = log_output(lines=60, needle_at=30)
    assert 2_000 < len(output.encode()) < 5_000
    sandbox.script(sandbox.output(output), sandbox.output(docker_ps()))
    # the answer is the row that wins, which matching lines need not include
    args = {"language": "python", "code": "x", "intent": "which worker handled most requests"}
    text, is_error = await call(client, "capy_execute", args)
    assert (text, is_error) == (output, False)
    nothing = {"language": "shell", "code": "docker ps", "intent": "paused by the daemon"}
    text, is_error = await call(client, "capy_execute", nothing)
    assert (text, is_error) == (docker_ps(), False)


async def test_output_no_bigger_than_a_reply_comes_back_as_is_with_an_intent(
    client: Client, sandbox: InMemorySandbox
) -> None:
    output = log_output(lines=10, needle_at=5)
    sandbox.script(sandbox.output(output))
    args = {"language": "python", "code": "x", "intent": "connection refused"}
    assert await call(client, "capy_execute", args) == (output, False)
