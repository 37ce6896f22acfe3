"""``capy setup`` in temporary git repositories: fresh, merged, twice, and with broken files."""

from __future__ import annotations

import json
import os
import subprocess
import tomllib
from pathlib import Path

from domain.doctor.hooks import CLAUDE_EVENTS
from tests.e2e.setup.conftest import RunSetup, capy_commands, snapshot
from tests.unit.setup.test_install_advice import STRANGER

EVENTS = set(CLAUDE_EVENTS)


def test_fresh_repository_gets_every_file(run_setup: RunSetup, repo: Path) -> None:
    done = run_setup()
    assert done.returncode == 0, done.stdout + done.stderr
    settings = json.loads((repo / ".claude/settings.json").read_text())
    commands = capy_commands(settings)
    assert set(commands) == EVENTS
    assert all(len(c) == 1 for c in commands.values())
    server = json.loads((repo / ".mcp.json").read_text())["mcpServers"]["capy"]
    assert server["command"].endswith(".capy/capy.sh") and server["args"] == ["serve"]
    assert "env" not in server  # works with no key in the environment
    codex = tomllib.loads((repo / ".codex/config.toml").read_text())["mcp_servers"]["capy"]
    assert codex["command"] == "sh" and codex["args"][-2:] == ["capy", "serve"]
    codex_hooks = json.loads((repo / ".codex/hooks.json").read_text())
    assert set(codex_hooks) == {"hooks"}
    assert "--platform codex" in codex_hooks["hooks"]["PreToolUse"][0]["hooks"][0]["command"]
    assert "@.capy/AGENTS.md" in (repo / "CLAUDE.md").read_text().splitlines()
    assert "<capy_routing>" in (repo / ".capy/AGENTS.md").read_text()
    assert "<capy_routing>" in (repo / "AGENTS.md").read_text()
    ignore = (repo / ".gitignore").read_text().splitlines()
    assert ".capy/*" in ignore and "!.capy/AGENTS.md" in ignore
    assert os.access(repo / ".capy/capy.sh", os.X_OK)
    assert os.access(repo / ".git/hooks/pre-commit", os.X_OK)
    assert "Run `capy doctor`" in done.stdout


def test_existing_configuration_is_kept_and_a_second_run_changes_nothing(
    run_setup: RunSetup, repo: Path
) -> None:
    (repo / ".claude").mkdir()
    own_hook = {"matcher": "Write", "hooks": [{"type": "command", "command": "./lint.sh"}]}
    (repo / ".claude/settings.json").write_text(
        json.dumps(
            {"permissions": {"allow": ["Bash(ls:*)"]}, "hooks": {"PreToolUse": [own_hook]}},
            indent=4,
        )
    )
    (repo / ".mcp.json").write_text(json.dumps({"mcpServers": {"docs": {"command": "docs-mcp"}}}))
    (repo / ".codex").mkdir()
    (repo / ".codex/config.toml").write_text(
        '# my codex settings\nmodel = "gpt-5"\n\n[mcp_servers.docs]\ncommand = "docs-mcp"\n'
    )
    (repo / "AGENTS.md").write_text("# Agents\n\nBe nice.\n")
    (repo / ".gitignore").write_text("node_modules/\n")
    (repo / ".git/hooks/pre-commit").write_text("#!/bin/sh\necho own-check\n")
    assert run_setup().returncode == 0
    first = snapshot(repo)
    settings = json.loads(first[".claude/settings.json"])
    assert settings["permissions"] == {"allow": ["Bash(ls:*)"]}
    assert settings["hooks"]["PreToolUse"][0] == own_hook
    assert first[".claude/settings.json"].startswith(b'{\n    "')  # the user's indentation
    assert json.loads(first[".mcp.json"])["mcpServers"]["docs"] == {"command": "docs-mcp"}
    toml = first[".codex/config.toml"].decode()
    assert toml.startswith("# my codex settings\n")
    assert tomllib.loads(toml)["mcp_servers"]["docs"] == {"command": "docs-mcp"}
    assert tomllib.loads(toml)["model"] == "gpt-5"
    assert first["AGENTS.md"].decode().startswith("# Agents\n\nBe nice.\n")
    assert b"node_modules/" in first[".gitignore"]
    assert b"echo own-check" in first[".git/hooks/pre-commit"]

    again = run_setup()
    assert again.returncode == 0
    assert snapshot(repo) == first
    assert "updated" not in again.stdout and "created" not in again.stdout


def test_a_broken_settings_file_is_reported_and_left_alone(run_setup: RunSetup, repo: Path) -> None:
    (repo / ".claude").mkdir()
    broken = '{"permissions": {"allow": ["Bash(ls:*)"],}\n'
    (repo / ".claude/settings.json").write_text(broken)
    (repo / ".codex").mkdir()
    (repo / ".codex/config.toml").write_text("[mcp_servers.capy\ncommand = 1\n")
    done = run_setup()
    assert done.returncode == 1
    assert ".claude/settings.json" in done.stdout and "not valid JSON" in done.stdout
    assert ".codex/config.toml" in done.stdout and "not valid TOML" in done.stdout
    assert "run `capy setup` again" in done.stdout
    assert (repo / ".claude/settings.json").read_text() == broken
    assert (repo / ".codex/config.toml").read_text() == "[mcp_servers.capy\ncommand = 1\n"
    assert json.loads((repo / ".mcp.json").read_text())["mcpServers"]["capy"]


def test_local_scope_moves_capys_hooks(run_setup: RunSetup, repo: Path) -> None:
    assert run_setup("--platform", "claude-code").returncode == 0
    assert run_setup("--platform", "claude-code", "--scope", "local").returncode == 0
    local = json.loads((repo / ".claude/settings.local.json").read_text())
    assert set(capy_commands(local)) == EVENTS
    shared = json.loads((repo / ".claude/settings.json").read_text())
    assert "hooks" not in shared
    assert not (repo / ".codex").exists()


def test_the_registered_hook_command_runs(run_setup: RunSetup, repo: Path) -> None:
    assert run_setup().returncode == 0
    settings = json.loads((repo / ".claude/settings.json").read_text())
    command = capy_commands(settings)["PreToolUse"][0]
    payload = {"session_id": "s", "tool_name": "WebFetch", "tool_input": {"url": "https://x.io"}}
    done = subprocess.run(
        ["sh", "-c", command],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        env={**os.environ, "CLAUDE_PROJECT_DIR": str(repo)},
        cwd=repo,
        timeout=30,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout)["hookSpecificOutput"]["permissionDecision"] == "deny"


def test_the_launcher_reports_a_missing_capy(
    run_setup: RunSetup, repo: Path, tmp_path: Path
) -> None:
    assert run_setup().returncode == 0
    launcher = repo / ".capy/capy.sh"
    (repo / ".capy/capy-path").write_text("/nonexistent/capy\n")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path / "nohome")}
    start = subprocess.run(
        [str(launcher), "hook", "sessionstart"],
        input="{}",
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert start.returncode == 0
    context = json.loads(start.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "not installed" in context
    tool = subprocess.run(
        [str(launcher), "hook", "pretooluse"],
        input="{}",
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert (tool.returncode, tool.stdout, tool.stderr) == (0, "", "")
    serve = subprocess.run(
        [str(launcher), "serve"], capture_output=True, text=True, env=env, check=False
    )
    assert serve.returncode == 127 and "not installed" in serve.stderr
    for advice in (context, serve.stderr):  # install from a checkout, never PyPI's capy
        assert "make install-tool" in advice and "capy doctor" in advice
        assert "uv tool install <checkout>" in advice and "pipx install <checkout>" in advice
    assert not STRANGER.search(serve.stderr)


def test_the_committed_launcher_names_no_path_of_this_machine(
    run_setup: RunSetup, repo: Path, tmp_path: Path
) -> None:
    assert run_setup().returncode == 0
    script = (repo / ".capy/capy.sh").read_text()
    noted = (repo / ".capy/capy-path").read_text().strip()
    assert noted and os.access(noted, os.X_OK), "setup noted no capy: nothing to check"
    for machine_path in (noted, str(repo), str(Path.home()), str(Path(noted).parent)):
        assert machine_path not in script
    ignored = subprocess.run(
        ["git", "check-ignore", "-q", ".capy/capy-path"], cwd=repo, check=False
    )
    assert ignored.returncode == 0, "the machine-local note would be committed"
    committed = subprocess.run(
        ["git", "check-ignore", "-q", ".capy/capy.sh"], cwd=repo, check=False
    )
    assert committed.returncode == 1
    # A teammate's checkout has no note: capy is found on PATH at run time.
    (repo / ".capy/capy-path").unlink()
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "capy").symlink_to(noted)
    found = subprocess.run(
        [str(repo / ".capy/capy.sh"), "--version"],
        env={"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(tmp_path / "teammate")},
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert found.returncode == 0 and found.stdout.strip(), found.stderr
