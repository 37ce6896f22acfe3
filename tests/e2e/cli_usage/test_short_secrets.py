"""Through the installed capy: short secrets never reach the knowledge base, code and docs
around them stay searchable as written (capy index, capy search, capy_execute over stdio)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp_types import TextContent

from tests.e2e.installed import installed_capy, run_capy

ENV_FILE = """# settings for the staging deploy
export DB_PASSWORD="SuperSecret123"
api_key=abcd1234efgh
password=hunter2secret
db_password=SuperSecret123
API_URL=https://staging.example.com
"""
CODE_FILE = """# deploy helpers
def connect(user: str, password: str) -> Connection:
    token = get_token()
    return open_db(user, password=password, token=token)
# Set API_KEY=<your key> before running the deploy.
"""
SECRETS = ("SuperSecret123", "abcd1234efgh", "hunter2secret")
KEY = "short-secrets-test-key-0123456789"


def _capy(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    project = ("--db", str(tmp_path / "kb.db"), "--project-dir", str(tmp_path))
    return run_capy(*project, *args, cwd=tmp_path, key=KEY)


def test_indexed_files_keep_no_short_secret_and_all_their_code(tmp_path: Path) -> None:
    (tmp_path / "staging.env").write_text(ENV_FILE)
    (tmp_path / "deploy.py").write_text(CODE_FILE)
    done = _capy(tmp_path, "index", "staging.env", "deploy.py", "--content-type", "plaintext")
    assert done.returncode == 0, done.stderr
    found = json.loads(
        _capy(tmp_path, "search", "DB_PASSWORD api_key", "get_token connect", "--json").stdout
    )
    stored = "\n".join(r["content"] for query in found for r in query["results"])
    assert not any(secret in stored for secret in SECRETS)
    assert 'export DB_PASSWORD="[REDACTED_SECRET]"' in stored
    assert "api_key=[REDACTED_SECRET]" in stored and "password=[REDACTED_SECRET]" in stored
    assert "API_URL=https://staging.example.com" in stored
    for line in CODE_FILE.splitlines():
        assert line in stored


@pytest.mark.anyio
async def test_tool_output_is_redacted_before_it_is_indexed(
    tmp_path: Path, isolated_home: Path
) -> None:
    params = StdioServerParameters(
        command=installed_capy(),
        args=["--project-dir", str(tmp_path), "--db", str(tmp_path / "kb.db"), "serve"],
        env={
            "HOME": str(isolated_home),
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "CAPY_DB_KEY": KEY,
        },
        cwd=str(tmp_path),
    )
    noisy = "".join(f"echo 'step {i}: ok'\n" for i in range(400))
    code = f"{noisy}cat <<'EOF'\n{ENV_FILE}EOF\n"
    async with Client(params) as client:
        result = await client.call_tool(
            "capy_execute", {"language": "shell", "code": code, "intent": "DB_PASSWORD api_key"}
        )
        content = result.content[0]
        assert isinstance(content, TextContent) and not result.is_error
        assert not any(secret in content.text for secret in SECRETS)
        search = await client.call_tool(
            "capy_search",
            {"queries": ["DB_PASSWORD", "api_key"], "include_kinds": ["ephemeral"]},
        )
        text = search.content[0]
        assert isinstance(text, TextContent)
        assert "[REDACTED_SECRET]" in text.text
        assert not any(secret in text.text for secret in SECRETS)
