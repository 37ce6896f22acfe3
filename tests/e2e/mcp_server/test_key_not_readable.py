"""Code run by ``capy_execute`` cannot read capy's keys from the server's ``/proc`` files.

The tests run as root, so ``PR_SET_DUMPABLE`` does not hide anything here: what keeps the key
out of ``/proc/<server>/environ`` is the server re-executing itself without it (ADR 0018).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp_types import TextContent

pytestmark = pytest.mark.anyio

DB_KEY = "SUPERSECRETKEY123-capy-db"
VAULT_KEY = "VAULTSECRET456-capy-vault"

# Only the lines that matter are printed, so that nothing can hide in a cut-out middle.
SHELL_READER = (
    "echo server environ: $(wc -c < /proc/$PPID/environ) bytes; "
    "tr '\\0' '\\n' < /proc/$PPID/environ | grep -i -e capy -e secret; "
    "env | grep -i -e capy -e secret; echo done"
)
PYTHON_READER = """
import os
ppid = os.getppid()
with open(f"/proc/{ppid}/cmdline", "rb") as f:
    print("server cmdline:", f.read().replace(b"\\0", b" ").decode())
with open(f"/proc/{ppid}/environ", "rb") as f:
    server = f.read().decode(errors="replace").split("\\0")
print("server environ:", len(server), "entries")
for entry in server + [f"{k}={v}" for k, v in os.environ.items()]:
    if "CAPY" in entry.upper() or "SECRET" in entry.upper():
        print(entry)
"""


async def call(client: Client, tool: str, arguments: dict[str, object]) -> tuple[str, bool]:
    result = await client.call_tool(tool, arguments)
    content = result.content[0]
    assert isinstance(content, TextContent)
    return content.text, bool(result.is_error)


@pytest.fixture
def keyed_params(server_params: StdioServerParameters) -> StdioServerParameters:
    env = {**(server_params.env or {}), "CAPY_DB_KEY": DB_KEY, "CAPY_VAULT_KEY": VAULT_KEY}
    return server_params.model_copy(update={"env": env})


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs Linux /proc")
async def test_sandboxed_code_cannot_read_the_key_from_the_server_process(
    keyed_params: StdioServerParameters,
) -> None:
    async with Client(keyed_params) as client:
        shell, shell_failed = await call(
            client,
            "capy_execute",
            {"language": "shell", "code": SHELL_READER},
        )
        python, python_failed = await call(
            client, "capy_execute", {"language": "python", "code": PYTHON_READER}
        )
    assert not shell_failed and "server environ:" in shell and "done" in shell, shell
    assert not python_failed and "capy --project-dir" in python and "server environ:" in python, (
        python
    )
    for text in (shell, python):
        assert DB_KEY not in text
        assert VAULT_KEY not in text
        assert "CAPY_DB_KEY" not in text


async def test_the_server_still_uses_the_key_it_was_given(
    keyed_params: StdioServerParameters, capy_bin: str, project: Path
) -> None:
    (project / "notes.md").write_text("# Release\n\nShip on Friday after the canary passes.\n")
    async with Client(keyed_params) as client:
        text, is_error = await call(client, "capy_index", {"path": "notes.md"})
        assert not is_error, text
        text, is_error = await call(client, "capy_search", {"queries": ["canary release"]})
        assert not is_error and "canary" in text, text
    env = dict(keyed_params.env or {})
    # no key file was made: the database is encrypted with CAPY_DB_KEY, which the CLI
    # (started without any handoff) opens it with
    keys = Path(env["XDG_CONFIG_HOME"]) / "capy" / "keys"
    assert not keys.exists() or not any(keys.iterdir())
    found = subprocess.run(
        [capy_bin, "--project-dir", str(project), "search", "canary"],
        env=env,
        cwd=project,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert found.returncode == 0, found.stderr
    assert "canary" in found.stdout
