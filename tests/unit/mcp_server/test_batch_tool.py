"""capy_batch_execute: coercion, permission checks first, one source, per-query answers."""

from __future__ import annotations

import json

import pytest
from mcp import Client

from adapters.memory.in_memory_policy_source import InMemoryPolicySource
from adapters.memory.in_memory_sandbox import InMemorySandbox
from application.use_cases.batch_execute import MAX_COMMANDS, numbered
from application.use_cases.batch_request import BatchCommand
from domain.execution.run import RunOutcome
from domain.permissions.rules import policy_from_lists
from entrypoints.mcp_server.tools.batch_execute import MAX_INVENTORY
from tests.unit.mcp_server.conftest import call

pytestmark = pytest.mark.anyio


async def test_runs_commands_in_order_and_answers_from_their_output(
    client: Client, sandbox: InMemorySandbox
) -> None:
    sandbox.script(
        sandbox.output("3 passed, 1 failed\nFAILED test_login - AssertionError\n", exit_code=1),
        sandbox.output("commit abc123 fix login redirect\n"),
    )
    text, is_error = await call(
        client,
        "capy_batch_execute",
        {
            "commands": [
                {"label": "tests", "command": "pytest -q"},
                {"label": "history", "command": "git log --oneline"},
            ],
            "queries": ["failed test", "login redirect commit"],
        },
    )
    assert not is_error, text
    assert text.startswith("Ran 2 commands")
    assert "Exited non-zero: tests (1)." in text
    assert "## Indexed sections" in text and "- tests" in text and "- history" in text
    assert "## failed test" in text and "test_login" in text
    assert "## login redirect commit" in text and "abc123" in text
    assert 'source: "batch:tests,history:' in text
    scripts = [r.source for r in sandbox.requests]
    assert "pytest -q" in scripts[0] and "2>&1" in scripts[0]
    assert "git log" in scripts[1]


async def test_commands_as_json_string_bare_strings_and_missing_labels(
    client: Client, sandbox: InMemorySandbox
) -> None:
    commands = json.dumps(["echo one", {"command": "echo two"}, {"label": "x", "command": ""}])
    text, is_error = await call(
        client, "capy_batch_execute", {"commands": commands, "queries": "one"}
    )
    assert not is_error, text
    assert "cmd_1" in text and "cmd_2" in text
    assert len(sandbox.requests) == 2


async def test_a_denied_command_stops_the_batch_before_anything_runs(
    client: Client, sandbox: InMemorySandbox, policy: InMemoryPolicySource
) -> None:
    policy.policy = policy_from_lists(deny=("Bash(curl:*)",))
    text, is_error = await call(
        client,
        "capy_batch_execute",
        {
            "commands": [{"label": "ok", "command": "ls"}, {"label": "bad", "command": "curl x"}],
            "queries": ["anything"],
        },
    )
    assert is_error and "curl" in text
    assert sandbox.requests == []


async def test_missing_queries_or_commands_are_argument_errors(client: Client) -> None:
    text, is_error = await call(client, "capy_batch_execute", {"commands": ["ls"]})
    assert is_error and "queries" in text
    text, is_error = await call(client, "capy_batch_execute", {"queries": ["x"]})
    assert is_error and "commands" in text


async def test_a_timed_out_command_skips_the_rest(client: Client, sandbox: InMemorySandbox) -> None:
    sandbox.script(RunOutcome(exit_code=None, timed_out=True, timeout_ms=1000))
    text, is_error = await call(
        client,
        "capy_batch_execute",
        {"commands": ["sleep 100", "echo later"], "queries": ["later"], "timeout": 1000},
    )
    assert not is_error
    assert "Timed out: cmd_1" in text and "Skipped" in text and "cmd_2" in text
    assert len(sandbox.requests) == 1
    assert sandbox.requests[0].timeout_ms is not None and sandbox.requests[0].timeout_ms <= 1000


async def test_a_query_without_matches_in_the_batch_falls_back_to_the_knowledge_base(
    client: Client, sandbox: InMemorySandbox
) -> None:
    await call(
        client,
        "capy_index",
        {"content": "# Deploy\n\nKubernetes rollout uses blue green.", "source": "runbook"},
    )
    sandbox.script(sandbox.output("nothing relevant here\n"))
    text, _ = await call(
        client, "capy_batch_execute", {"commands": ["ls"], "queries": ["kubernetes rollout"]}
    )
    assert "rest of the knowledge base" in text
    assert "runbook" in text


async def test_queries_past_the_output_cap_point_to_capy_search(
    client: Client, sandbox: InMemorySandbox
) -> None:
    sections = [f"## part {i}\n\n" + f"alpha beta gamma {i} " * 100 for i in range(20)]
    sandbox.script(sandbox.output("\n\n".join(sections)))
    queries = [f"alpha beta {i}" for i in range(30)]
    text, is_error = await call(
        client, "capy_batch_execute", {"commands": ["cat big"], "queries": queries}
    )
    assert not is_error
    assert "capy_search(queries:" in text
    assert len(text.encode()) < 120 * 1024


async def test_repeated_labels_are_numbered_and_the_reply_stays_short(
    client: Client, sandbox: InMemorySandbox
) -> None:
    sandbox.script(*[sandbox.output(f"line of file {i}\n", exit_code=2) for i in range(100)])
    commands = [{"label": "l", "command": f"cat f{i}"} for i in range(100)]
    text, is_error = await call(
        client, "capy_batch_execute", {"commands": commands, "queries": ["file 7"]}
    )
    assert not is_error, text
    inventory = text.split("## Indexed sections\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert inventory[:3] == ["- l (0.0KB)", "- l#2 (0.0KB)", "- l#3 (0.0KB)"]
    assert len(inventory) == MAX_INVENTORY + 1 and inventory[-1].startswith("- … and ")
    assert "Exited non-zero: l (2), l#2 (2)," in text and "l#10 (2) and 90 more." in text
    label = text.split('source: "', 1)[1].split('"', 1)[0]
    assert label.startswith("batch:l:") and len(label) == len("batch:l:") + 8
    assert len(text) < 4_000


def test_labels_the_agent_numbered_itself_stay_distinct() -> None:
    commands = (BatchCommand("l", "a"), BatchCommand("l#2", "b"), BatchCommand("l", "c"))
    assert [c.label for c in numbered(commands)] == ["l", "l#2", "l#3"]


async def test_too_many_commands_are_refused_before_any_runs(
    client: Client, sandbox: InMemorySandbox
) -> None:
    commands = ["true"] * (MAX_COMMANDS + 1)
    text, is_error = await call(
        client, "capy_batch_execute", {"commands": commands, "queries": ["x"]}
    )
    assert is_error and f"at most {MAX_COMMANDS}" in text and "split" in text
    assert sandbox.requests == []


async def test_binary_output_of_a_command_is_replaced_by_a_note(
    client: Client, sandbox: InMemorySandbox
) -> None:
    garbage = "".join(chr(c) for c in range(256)) * 40
    sandbox.script(sandbox.output(garbage), sandbox.output("build ok\n"))
    text, is_error = await call(
        client,
        "capy_batch_execute",
        {
            "commands": [
                {"label": "dump", "command": "cat image.png"},
                {"label": "build", "command": "make"},
            ],
            "queries": ["binary output not shown", "build"],
        },
    )
    assert not is_error, text
    assert "binary output (" in text
    assert "\x00" not in text and "\x01" not in text
    assert "build ok" in text


async def test_distinctive_terms_are_offered_only_when_a_query_found_nothing(
    client: Client, sandbox: InMemorySandbox
) -> None:
    names = ["retry_budget", "retry_budget", "shard_map", "shard_map", "lease_clock", "lease_clock"]
    parts = [
        f"## step {i}\n\nworker pool resize to {i}\n{name} {i} left\n"
        for i, name in enumerate(names)
    ]
    output = "\n".join(parts)
    sandbox.script(sandbox.output(output), sandbox.output(output))
    found, _ = await call(
        client, "capy_batch_execute", {"commands": ["cat steps"], "queries": ["worker pool"]}
    )
    assert "distinctive terms" not in found
    missed, _ = await call(
        client, "capy_batch_execute", {"commands": ["cat steps"], "queries": ["zebra crossing"]}
    )
    assert "Its distinctive terms: " in missed and "retry_budget" in missed
