"""The installed ``capy serve``, driven over stdio by the official MCP client, under deny rules:
every attempt of the bypass and key-store corpora is refused and nothing it would have done
happened; rules only get stricter while it runs; a hard link to a denied file is that file;
hostile paths get clear errors (numbers a client library cannot even send, and lone surrogates,
are sent as raw JSON in ``test_raw_stdio_input``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters

from tests.corpus import bypasses, key_store
from tests.e2e.mcp_server.test_tools_over_stdio import call

pytestmark = pytest.mark.anyio
QUICK = 5000  # ms: an attempt that slipped through must not hang the test


@pytest.fixture
def guarded(project: Path) -> Path:
    (project / ".claude").mkdir()
    (project / ".claude/settings.json").write_text(
        json.dumps({"permissions": {"deny": [*bypasses.DENY_RULES, "Read(.env)"]}})
    )
    (project / "DIR").mkdir()
    (project / "DIR/keep.txt").write_text("still here\n")
    (project / ".env").write_text("API_TOKEN=do-not-read-me-123\n")
    return project


def _nothing_happened(project: Path) -> None:
    assert not (project / "M").exists(), "a denied touch ran"
    assert (project / "DIR/keep.txt").exists(), "a denied rm -rf ran"


async def test_every_attempt_is_refused_and_nothing_ran(
    server_params: StdioServerParameters, guarded: Path
) -> None:
    slipped: list[str] = []
    async with Client(server_params) as client:
        for _, script in bypasses.shell_attempts():
            text, is_error = await call(
                client, "capy_execute", {"language": "shell", "code": script, "timeout": QUICK}
            )
            if not (is_error and "Blocked" in text):
                slipped.append(script[:80])
        for _, language, code in bypasses.code_attempts():
            text, is_error = await call(
                client, "capy_execute", {"language": language, "code": code, "timeout": QUICK}
            )
            if not (is_error and "Blocked" in text):
                slipped.append(f"{language}: {code[:80]}")
        commands = [
            {"label": str(n), "command": s}
            for n, s in enumerate(bypasses.SCRIPTS_FED_TO_SHELLS[:8])
        ]
        for command in commands:
            text, is_error = await call(
                client,
                "capy_batch_execute",
                {"commands": [command], "queries": ["x"], "timeout": QUICK},
            )
            if not (is_error and "Blocked" in text):
                slipped.append(f"batch: {command['command'][:80]}")
    assert not slipped, slipped
    _nothing_happened(guarded)


async def test_every_spelling_of_the_key_store_is_refused(
    server_params: StdioServerParameters, guarded: Path, isolated_home: Path
) -> None:
    keys = isolated_home / ".config/capy/keys"
    keys.mkdir(parents=True)
    (keys / "0123456789abcdef.key").write_text("secret-key-material\n")
    slipped = []
    async with Client(server_params) as client:
        for language, code in key_store.ATTEMPTS:
            code = code.replace("{home}", str(isolated_home))
            code = code.replace("{home_parent}", str(isolated_home.parent))
            text, is_error = await call(
                client, "capy_execute", {"language": language, "code": code, "timeout": QUICK}
            )
            if not (is_error and "key store" in text) or "secret-key-material" in text:
                slipped.append(f"{language}: {code}")
        for language, code in key_store.ORDINARY:
            text, is_error = await call(
                client, "capy_execute", {"language": language, "code": code, "timeout": QUICK}
            )
            assert not is_error, (code, text)
    assert not slipped, slipped


async def test_loosened_rules_wait_for_the_next_start(
    server_params: StdioServerParameters, guarded: Path
) -> None:
    settings = guarded / ".claude/settings.json"
    async with Client(server_params) as client:
        rewrite = f"open({str(settings)!r}, 'w').write('{{}}')"
        text, is_error = await call(client, "capy_execute", {"language": "python", "code": rewrite})
        assert not is_error, text
        assert json.loads(settings.read_text()) == {}
        text, is_error = await call(
            client, "capy_execute", {"language": "shell", "code": "touch M"}
        )
        assert is_error and "Blocked" in text
    _nothing_happened(guarded)
    async with Client(server_params) as client:  # the next start reads the loosened file
        text, is_error = await call(
            client, "capy_execute", {"language": "shell", "code": "touch M"}
        )
        assert not is_error, text
    assert (guarded / "M").exists()


async def test_a_hard_link_to_a_denied_file_is_refused_by_every_tool(
    server_params: StdioServerParameters, guarded: Path
) -> None:
    (guarded / "notes").mkdir()
    (guarded / "notes/today.md").hardlink_to(guarded / ".env")
    async with Client(server_params) as client:
        text, is_error = await call(
            client,
            "capy_execute_file",
            {"path": "notes/today.md", "language": "shell", "code": 'cat "$FILE_CONTENT_PATH"'},
        )
        assert is_error and "Read(.env)" in text and "do-not-read-me" not in text
        text, is_error = await call(client, "capy_index", {"path": "notes/today.md"})
        assert is_error and "Read(.env)" in text
        text, _ = await call(client, "capy_search", {"queries": ["do-not-read-me"]})
        assert "do-not-read-me" not in text


@pytest.mark.parametrize(
    ("tool", "arguments", "expected"),
    [
        ("capy_execute_file", {"path": "a\u0000b", "language": "shell", "code": "true"}, "NUL"),
        (
            "capy_execute_file",
            {"path": "a" * 100_000, "language": "shell", "code": "true"},
            "100,000",
        ),
        (
            "capy_execute_file",
            {"path": "d/" * 3000, "language": "shell", "code": "true"},
            "characters",
        ),
        ("capy_index", {"path": "x\u0000.md"}, "NUL"),
        ("capy_index", {"path": "b" * 100_000}, "100,000"),
    ],
)
async def test_hostile_paths_get_a_clear_error(
    server_params: StdioServerParameters, tool: str, arguments: dict[str, object], expected: str
) -> None:
    async with Client(server_params) as client:
        text, is_error = await call(client, tool, arguments)
        assert is_error
        assert expected in text, text
        assert "internal" not in text.lower() and "Traceback" not in text
        text, is_error = await call(
            client, "capy_execute", {"language": "shell", "code": "echo ok"}
        )
        assert not is_error and "ok" in text  # the server is still fine
