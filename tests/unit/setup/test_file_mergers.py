"""The mergers behind ``capy setup`` on files in a temporary directory."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from adapters.setup.codex_toml import register_codex_toml
from adapters.setup.hooks_json import merge_hooks, remove_hooks
from adapters.setup.markdown_blocks import ensure_import, upsert_block
from adapters.setup.text_files import Malformed
from application.ports.project_files import ChangeAction, HookSpec, ServerSpec

SERVER = ServerSpec("capy", "/p/.capy/capy.sh", ("serve",), ("CAPY_DB_KEY",))
MARKERS = ("capy hook ",)


def test_codex_table_is_replaced_in_place_keeping_user_keys(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(
        'model = "o3"\n\n[mcp_servers.capy]\ncommand = "old"\nargs = [\n  "a",\n  "b",\n]\n'
        'startup_timeout_sec = 30\n\n[mcp_servers.capy.env]\nX = "1"\n\n[profiles.fast]\n'
        'model = "mini"\n'
    )
    change = register_codex_toml(path, "config.toml", SERVER)
    assert change.action is ChangeAction.UPDATED
    parsed = tomllib.loads(path.read_text())
    capy = parsed["mcp_servers"]["capy"]
    assert capy["command"] == "/p/.capy/capy.sh" and capy["args"] == ["serve"]
    assert capy["startup_timeout_sec"] == 30 and capy["env"] == {"X": "1"}
    assert parsed["profiles"]["fast"]["model"] == "mini" and parsed["model"] == "o3"
    assert register_codex_toml(path, "config.toml", SERVER).action is ChangeAction.UNCHANGED


def test_codex_inline_definition_is_not_rewritten(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    original = 'mcp_servers = { capy = { command = "old" } }\n'
    path.write_text(original)
    change = register_codex_toml(path, "config.toml", SERVER)
    assert change.action is ChangeAction.FAILED and "[mcp_servers.capy]" in change.hint
    assert path.read_text() == original


def test_hooks_merge_replaces_capys_handlers_in_place(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(
        json.dumps(
            {
                "hooks": {
                    "PreToolUse": [
                        {
                            "matcher": "Bash",
                            "hooks": [
                                {"type": "command", "command": "capy hook pretooluse"},
                                {"type": "command", "command": "./mine.sh"},
                            ],
                        },
                        {"matcher": "Edit", "hooks": [{"type": "command", "command": "./fmt.sh"}]},
                    ]
                }
            }
        )
    )
    spec = HookSpec("PreToolUse", "x/capy.sh hook pretooluse", "Bash")
    merge_hooks(path, "settings.json", (spec,), ("capy hook ", "capy.sh hook "))
    groups = json.loads(path.read_text())["hooks"]["PreToolUse"]
    # capy's group takes the place of the first group that held a capy handler
    assert groups[0]["hooks"][0]["command"] == "x/capy.sh hook pretooluse"
    assert groups[1]["hooks"] == [{"type": "command", "command": "./mine.sh"}]
    assert groups[2]["matcher"] == "Edit"
    remove_hooks(path, "settings.json", ("capy.sh hook ",))
    assert len(json.loads(path.read_text())["hooks"]["PreToolUse"]) == 2


def test_hooks_of_the_wrong_shape_are_reported(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"hooks": []}')
    try:
        merge_hooks(path, "settings.json", (HookSpec("PreToolUse", "capy hook x"),), MARKERS)
    except Malformed as error:
        assert error.change.action is ChangeAction.FAILED
        assert "not a JSON object" in error.change.detail
    else:
        raise AssertionError("expected Malformed")
    assert path.read_text() == '{"hooks": []}'


def test_markdown_import_and_block(tmp_path: Path) -> None:
    claude = tmp_path / "CLAUDE.md"
    claude.write_text("# Mine\n")
    ensure_import(claude, "CLAUDE.md", "@.capy/AGENTS.md", "# capy")
    ensure_import(claude, "CLAUDE.md", "@.capy/AGENTS.md", "# capy")
    assert claude.read_text() == "# Mine\n\n# capy\n\n@.capy/AGENTS.md\n"
    agents = tmp_path / "AGENTS.md"
    agents.write_text("# Agents\n")
    upsert_block(agents, "AGENTS.md", "<!-- b -->", "<!-- e -->", "one")
    upsert_block(agents, "AGENTS.md", "<!-- b -->", "<!-- e -->", "two")
    assert agents.read_text() == "# Agents\n\n<!-- b -->\ntwo\n<!-- e -->\n"
    agents.write_text("<!-- b -->\nno end\n")
    assert upsert_block(agents, "AGENTS.md", "<!-- b -->", "<!-- e -->", "x").action is (
        ChangeAction.FAILED
    )
