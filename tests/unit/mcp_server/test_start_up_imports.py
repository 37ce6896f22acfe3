"""``capy serve`` loads neither the fetch stack nor the unused parts of the MCP SDK at start."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

START_UP = """
import json, sys
from pathlib import Path
from entrypoints.mcp_server.sdk import load_server_sdk

load_server_sdk()
from concurrent.futures import ThreadPoolExecutor
from entrypoints.containers.runtime import RuntimeOptions
from entrypoints.containers.server import build_server_container
from entrypoints.mcp_server.lifecycle import run_until_client_leaves
from entrypoints.mcp_server.protocol import build_server

root = Path(sys.argv[1])
container = build_server_container(RuntimeOptions(project_dir=root, cwd=root, env={})
)
build_server(container.tools.specs(), container.dispatch, ThreadPoolExecutor(1), "test")
container.tools.router()
loaded = sorted(
    m for m in sys.modules
    if m.split(".")[0] in {"httpx", "bs4", "html2text", "onnxruntime", "tokenizers", "numpy"}
)
sdk = sorted(m for m in ("mcp.client", "mcp.server.mcpserver") if m in sys.modules)
fetcher = container.container.adapters.fetcher()
print(json.dumps({"fetch": loaded, "sdk": sdk, "after": "httpx" in sys.modules}))
"""


def test_server_start_leaves_the_fetch_stack_and_the_sdk_client_unloaded(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    found = _last_json_line(START_UP, str(tmp_path))
    assert found == {"fetch": [], "sdk": [], "after": True}


def _last_json_line(script: str, *argv: str) -> Any:
    """Run ``script`` in a fresh interpreter from the checkout; its last line, read as JSON."""
    done = subprocess.run(
        [sys.executable, "-c", script, *argv],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=Path(__file__).parents[3],
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_loading_the_server_sdk_after_mcp_was_imported_changes_nothing() -> None:
    import mcp

    from entrypoints.mcp_server.sdk import load_server_sdk

    load_server_sdk()
    assert sys.modules["mcp"] is mcp and hasattr(mcp, "Client")


FALLBACK = """
import importlib.util, sys
def broken(spec):
    raise ImportError("layout changed")
importlib.util.module_from_spec = broken
from entrypoints.mcp_server.sdk import load_server_sdk
load_server_sdk()
import mcp
from mcp.server.lowlevel import Server
print(hasattr(mcp, "Client"), Server.__name__)
"""


def test_an_sdk_that_cannot_load_bare_falls_back_to_a_normal_import() -> None:
    done = subprocess.run(
        [sys.executable, "-c", FALLBACK],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "Server"]


COMMANDS = """
import json, sys
from entrypoints.cli.app import _load_commands

_load_commands(sys.argv[1:])
print(json.dumps(sorted(m.rsplit(".", 1)[1] for m in sys.modules
                        if m.startswith("entrypoints.cli.commands."))))
"""


def _commands_loaded_for(*argv: str) -> list[str]:
    loaded: list[str] = _last_json_line(COMMANDS, *argv)
    return loaded


def test_the_server_registers_only_its_own_command() -> None:
    assert _commands_loaded_for("serve") == ["serve"]
    assert _commands_loaded_for() == ["serve"]  # bare capy is the server
    assert _commands_loaded_for("--project-dir", "/tmp/p", "serve", "--help") == ["serve"]
    everything = _commands_loaded_for("--help")
    assert {"bench", "serve", "vault", "sweep"} <= set(everything)
    assert "bench" in _commands_loaded_for("bench", "perf", "--help")


HTTP_STAND_INS = """
import json, sys
from entrypoints.mcp_server.sdk import load_server_sdk

load_server_sdk()
import mcp.server.lowlevel.server as lowlevel
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

http = sorted(
    m for m in sys.modules
    if m.startswith(("starlette", "mcp.server.auth", "mcp.server.streamable_http"))
)
try:
    lowlevel.Starlette()
    refused = ""
except RuntimeError as error:
    refused = str(error)
import starlette.applications

print(json.dumps({
    "http": http,
    "refused": refused,
    "real_later": starlette.applications.Starlette.__module__,
    "server": Server.__name__,
}))
"""


def test_the_sdks_http_transport_is_not_loaded_and_says_so_if_used() -> None:
    found = _last_json_line(HTTP_STAND_INS)
    assert found["http"] == []
    assert "did not load the SDK's HTTP transport" in found["refused"]
    assert found["real_later"] == "starlette.applications"  # a later import gets the real one
    assert found["server"] == "Server"
