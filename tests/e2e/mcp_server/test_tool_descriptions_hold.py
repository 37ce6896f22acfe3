"""What the tool descriptions promise is what the tools do, over stdio with the real client:
capy_execute_file's FILE_CONTENT is a variable of the code's language (not an environment
variable), and capy_cleanup(purge_ephemeral) removes every ephemeral source."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp_types import TextContent

pytestmark = pytest.mark.anyio


async def _call(client: Client, tool: str, arguments: dict[str, object]) -> str:
    result = await client.call_tool(tool, arguments)
    content = result.content[0]
    assert isinstance(content, TextContent) and not result.is_error, content
    return content.text


async def test_file_content_is_a_variable_of_the_language_not_of_the_environment(
    server_params: StdioServerParameters, project: Path
) -> None:
    (project / "data.txt").write_text("alpha\nbeta\n")
    async with Client(server_params) as client:
        listed = await client.list_tools()
        spec = next(t for t in listed.tools if t.name == "capy_execute_file")
        assert "not environment variables" in (spec.description or "")
        python = await _call(
            client,
            "capy_execute_file",
            {
                "path": "data.txt",
                "language": "python",
                "code": "import os\nprint(len(FILE_CONTENT.split()), FILE_CONTENT_PATH.endswith('data.txt'),"
                " 'FILE_CONTENT' in os.environ)",
            },
        )
        assert python.strip() == "2 True False"
        shell = await _call(
            client,
            "capy_execute_file",
            {
                "path": "data.txt",
                "language": "shell",
                "code": 'echo "$FILE_CONTENT" | wc -l; env | grep -c ^FILE_CONTENT= || true',
            },
        )
        assert shell.split() == ["2", "0"]


async def test_purge_ephemeral_removes_every_ephemeral_source(
    server_params: StdioServerParameters,
) -> None:
    async with Client(server_params) as client:
        await _call(client, "capy_index", {"content": "kept: a durable note", "source": "note"})
        for n in range(3):
            code = f"for i in $(seq 1 2000); do echo run {n} line $i; done"
            await _call(
                client, "capy_execute", {"language": "shell", "code": code, "intent": "line 7"}
            )
        listed = await client.list_tools()
        spec = next(t for t in listed.tools if t.name == "capy_cleanup")
        described = spec.input_schema["properties"]["purge_ephemeral"]["description"]
        assert "every ephemeral source" in described

        preview = await _call(client, "capy_cleanup", {"purge_ephemeral": True})
        assert "3 sources would be removed: 3 ephemeral (purged)" in preview
        assert preview.count("| execute:shell:") == 3 and "| note |" not in preview
        done = await _call(client, "capy_cleanup", {"purge_ephemeral": True, "dry_run": False})
        assert "3 sources removed" in done
        again = await _call(client, "capy_cleanup", {"purge_ephemeral": True})
        assert again == "No evictable sources found."
        found = await _call(client, "capy_search", {"queries": ["durable note"]})
        assert "note" in found
