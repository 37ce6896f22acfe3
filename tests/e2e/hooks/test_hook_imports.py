"""The hook path stays light: no CLI/DI frameworks, database driver, HTTP client or attrs —
with or without the user's permission rules (the engine's values are slotted classes too).

Guarded by what the installed command imports (``PYTHONPROFILEIMPORTTIME``), not by a timer.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

ALWAYS_FORBIDDEN = {
    "sqlcipher3",
    "sqlite3",
    "httpx",
    "mcp",
    "cyclopts",
    "dependency_injector",
    "rich",
    "textual",
    "importlib.metadata",
    "pydantic",
    "anyio",
    "onnxruntime",
    "tokenizers",
    "numpy",
}
FORBIDDEN_WITHOUT_RULES = {"attrs", "attr", "dataclasses", "inspect", "pathlib"}
# Standard modules whose import alone costs a share of a bare interpreter's start: ``typing``
# (ports and annotations name it for the type checker only), ``signal`` (its enums; the
# deadline uses ``_signal``) and ``json`` (its patterns; ``adapters.quick_json`` drives the
# same C scanner and encoder). ADR 0102.
HEAVY_STANDARD = {"typing", "signal", "json"}


def _imported(
    capy: str, project: Path, payload: dict[str, object], event: str = "pretooluse"
) -> set[str]:
    done = subprocess.run(
        [capy, "hook", event],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        env={**os.environ, "CLAUDE_PROJECT_DIR": str(project), "PYTHONPROFILEIMPORTTIME": "1"},
        timeout=30,
        check=True,
    )
    return {m.group(1) for m in re.finditer(r"\|\s+([\w.]+)\s*$", done.stderr, re.MULTILINE)}


def _top(modules: set[str]) -> set[str]:
    return modules | {m.split(".")[0] for m in modules}


BASH = {"session_id": "s", "tool_name": "Bash", "tool_input": {"command": "curl https://x"}}


def test_routing_without_rules_imports_only_the_essentials(
    capy_command: str, project: Path
) -> None:
    modules = _top(_imported(capy_command, project, BASH))
    assert "entrypoints.hook" in modules  # the audit sees the hook's imports at all
    assert not modules & (ALWAYS_FORBIDDEN | FORBIDDEN_WITHOUT_RULES | HEAVY_STANDARD)


def test_a_plain_command_without_rules_does_not_load_the_shell_reader(
    capy_command: str, project: Path
) -> None:
    ls = {"session_id": "s", "tool_name": "Bash", "tool_input": {"command": "ls -la"}}
    modules = _top(_imported(capy_command, project, ls))
    assert "domain.hooks.routing" in modules
    assert not {m for m in modules if m.startswith("domain.shell.")} - {"domain.shell.limits"}
    assert not modules & (ALWAYS_FORBIDDEN | FORBIDDEN_WITHOUT_RULES)


@pytest.mark.parametrize(
    "tool",
    [
        {"tool_name": "WebFetch", "tool_input": {"url": "https://github.com/o/r/pull/1"}},
        {"tool_name": "Agent", "tool_input": {"prompt": "x"}},
        {"tool_name": "mcp__capy__capy_execute", "tool_input": {"language": "python", "code": "1"}},
    ],
)
def test_other_tools_stay_light(capy_command: str, project: Path, tool: dict[str, object]) -> None:
    modules = _top(_imported(capy_command, project, {"session_id": "s", **tool}))
    assert not modules & ALWAYS_FORBIDDEN


# Only code in other languages needs the per-language call scanner (ADR 0020).
CODE_SCANNER = {
    "domain.permissions.shell_escape",
    "domain.permissions.call_specs",
    "domain.permissions.code_literals",
    "domain.permissions.python_imports",
}


def _deny_sudo(project: Path) -> None:
    (project / ".claude").mkdir()
    (project / ".claude" / "settings.json").write_text(
        json.dumps({"permissions": {"deny": ["Bash(sudo *)"]}})
    )


def test_deny_rules_load_the_permission_engine_but_nothing_heavier(
    capy_command: str, project: Path
) -> None:
    _deny_sudo(project)
    modules = _top(_imported(capy_command, project, BASH))
    assert "domain.permissions.evaluation" in modules
    assert not modules & (
        ALWAYS_FORBIDDEN | FORBIDDEN_WITHOUT_RULES | CODE_SCANNER | HEAVY_STANDARD
    )


@pytest.mark.parametrize(
    "tool",
    [
        {"tool_name": "Bash", "tool_input": {"command": "python3 -c 'import os'"}},
        {
            "tool_name": "mcp__capy__capy_execute",
            "tool_input": {"language": "python", "code": "import os; os.system('ls')"},
        },
    ],
)
def test_code_checks_load_the_code_scanner_without_class_libraries(
    capy_command: str, project: Path, tool: dict[str, object]
) -> None:
    _deny_sudo(project)
    modules = _top(_imported(capy_command, project, {"session_id": "s", **tool}))
    assert "domain.permissions.shell_escape" in modules
    assert not modules & (ALWAYS_FORBIDDEN | FORBIDDEN_WITHOUT_RULES)


def test_a_plain_command_no_rule_meets_is_judged_without_the_shell_reader(
    capy_command: str, project: Path
) -> None:
    _deny_sudo(project)
    ls = {"session_id": "s", "tool_name": "Bash", "tool_input": {"command": "ls -la"}}
    modules = _top(_imported(capy_command, project, ls))
    assert "domain.permissions.plain_commands" in modules  # the rules were read
    assert not {m for m in modules if m.startswith("domain.shell.")} - {"domain.shell.limits"}
    assert "domain.permissions.evaluation" not in modules
    assert not modules & (ALWAYS_FORBIDDEN | FORBIDDEN_WITHOUT_RULES | HEAVY_STANDARD)
    sudo = {"session_id": "s", "tool_name": "Bash", "tool_input": {"command": "sudo ls"}}
    assert "domain.permissions.evaluation" in _top(_imported(capy_command, project, sudo))


def test_a_bash_check_under_rules_does_not_look_for_read_targets(
    capy_command: str, project: Path
) -> None:
    _deny_sudo(project)
    modules = _top(_imported(capy_command, project, BASH))
    assert "domain.permissions.evaluation" in modules
    assert not modules & {
        "application.use_cases.read_target",
        "domain.permissions.protected_paths",
        "domain.permissions.path_mentions",
        "domain.permissions.path_rules",
        "domain.hooks.web_fetch",
        "domain.hooks.subagent",
    }


# What a capturing hook never needs to record one event: the clock's datetime, the snapshot's
# rendering (PreCompact and SessionStart only) and, for a file tool, the shell reader.
NOT_FOR_CAPTURE = {"datetime", "domain.continuity.snapshot", "domain.continuity.state"}


@pytest.mark.parametrize(
    ("event", "payload", "reader"),
    [
        (
            "posttooluse",
            {"tool_name": "Read", "tool_input": {"file_path": "src/app.py"}, "tool_response": {}},
            False,
        ),
        (
            "posttooluse",
            {"tool_name": "Edit", "tool_input": {"file_path": "src/app.py"}, "tool_response": {}},
            False,
        ),
        (
            "posttooluse",
            {"tool_name": "Bash", "tool_input": {"command": "git status"}, "tool_response": {}},
            True,
        ),
        (
            "userpromptsubmit",
            {"prompt": "Please fix the failing test; never touch the API."},
            False,
        ),
    ],
)
def test_capturing_hooks_load_only_what_the_event_needs(
    capy_command: str, project: Path, event: str, payload: dict[str, object], reader: bool
) -> None:
    modules = _top(_imported(capy_command, project, {"session_id": "s", **payload}, event))
    assert "domain.redaction" in modules  # every fact is redacted before it is stored
    assert not modules & (
        ALWAYS_FORBIDDEN | FORBIDDEN_WITHOUT_RULES | NOT_FOR_CAPTURE | HEAVY_STANDARD
    )
    assert ("domain.shell.reader" in modules) is reader


def test_rules_the_call_cannot_meet_do_not_load_the_engine(
    capy_command: str, project: Path
) -> None:
    (project / ".claude").mkdir()
    (project / ".claude" / "settings.json").write_text(
        json.dumps({"permissions": {"deny": ["Read(.env)", "WebFetch"], "allow": ["Bash(ls:*)"]}})
    )
    bash = _top(_imported(capy_command, project, BASH))
    assert not bash & (ALWAYS_FORBIDDEN | FORBIDDEN_WITHOUT_RULES)
    (project / ".claude" / "settings.json").write_text(
        json.dumps({"permissions": {"deny": ["Bash(sudo *)"]}})
    )
    read = {"session_id": "s", "tool_name": "Read", "tool_input": {"file_path": "/etc/hosts"}}
    assert not _top(_imported(capy_command, project, read)) & FORBIDDEN_WITHOUT_RULES


def test_session_end_hands_over_without_opening_the_vault(
    capy_command: str, project: Path, tmp_path: Path
) -> None:
    transcript = tmp_path / "projects" / "-p" / "7c1d2e90-4b3a-4f6e-9a51-2f0c8d3b6a11.jsonl"
    transcript.parent.mkdir(parents=True)
    transcript.write_text('{"type":"user","message":{"role":"user","content":"hi"}}\n')
    payload = {"session_id": "s", "transcript_path": str(transcript), "reason": "exit"}
    modules = _top(_imported(capy_command, project, payload, event="sessionend"))
    assert "entrypoints.session_end_archive" in modules  # the hand-off ran
    assert not modules & ALWAYS_FORBIDDEN


# What a SessionStart never needs to restore a session: the facts were read, worded and
# redacted when they were recorded, so the readers of tool calls, prompts and shell commands,
# the redaction patterns, ``typing`` and ``re`` stay unloaded; only the fold and the
# rendering run (ADR 0106).
NOT_FOR_RESTORE = {
    "datetime",
    "re",
    "domain.precompiled",
    "domain.redaction",
    "domain.shell",
    "domain.lazy_pattern",
    "domain.continuity.shell_facts",
    "domain.continuity.tool_facts",
    "domain.continuity.prompt_facts",
    "domain.continuity.host_facts",
    "domain.continuity.failures",
    "domain.continuity.output_failures",
}

_FAILED_RUN = "FAILED tests/test_ledger.py::test_rerun - AssertionError: 2 != 1\n1 failed"


def _recorded_session(
    capy: str, project: Path, base: dict[str, object], codex: bool, precompact: bool
) -> None:
    """A short session through the real capturing hooks: a goal, an edit, a failing run."""
    if codex:
        patch = "*** Begin Patch\n*** Update File: src/ledger.py\n@@\n-a\n+b\n*** End Patch"
        edit = {"tool_name": "apply_patch", "tool_input": {"command": patch}}
        run = {
            "tool_name": "exec_command",
            "tool_input": {"command": ["bash", "-lc", "pytest tests/test_ledger.py"]},
            "tool_response": f"Exit code: 1\nOutput:\n{_FAILED_RUN}",
        }
    else:
        edit = {"tool_name": "Edit", "tool_input": {"file_path": f"{project}/src/ledger.py"}}
        run = {
            "tool_name": "Bash",
            "tool_input": {"command": "pytest tests/test_ledger.py"},
            "tool_response": {"stdout": _FAILED_RUN, "stderr": ""},
        }
    steps = [
        ("userpromptsubmit", {"prompt": "Make the nightly ledger reconciliation idempotent"}),
        ("posttooluse", {**edit, "tool_response": {}} if not codex else edit),
        ("posttooluse", run),
    ]
    if precompact:
        steps.append(("precompact", {"trigger": "auto"}))
    for event, fields in steps:
        subprocess.run(
            [capy, "hook", event],
            input=json.dumps({**base, **fields}),
            capture_output=True,
            text=True,
            env={**os.environ, "CLAUDE_PROJECT_DIR": str(project)},
            timeout=30,
            check=True,
        )


@pytest.mark.parametrize("codex", [False, True], ids=["claude-code", "codex"])
@pytest.mark.parametrize(
    ("source", "precompact"),
    [("compact", False), ("compact", True), ("resume", False), ("startup", False), ("clear", True)],
    ids=["compact-rebuilt", "compact-kept", "resume", "startup", "clear"],
)
def test_session_start_restores_without_the_readers_of_what_was_recorded(
    capy_command: str, project: Path, codex: bool, source: str, precompact: bool
) -> None:
    base: dict[str, object] = {"session_id": "restored-1", "cwd": str(project)}
    if codex:
        base.update(turn_id="t1", model="gpt-5-codex")
    else:  # Claude Code names the transcript on every hook; the session id is read from it
        base["transcript_path"] = f"{project}/7c1d2e90-4b3a-4f6e-9a51-2f0c8d3b6a11.jsonl"
    _recorded_session(capy_command, project, base, codex, precompact)
    start = {**base, "hook_event_name": "SessionStart", "source": source}
    modules = _top(_imported(capy_command, project, start, "sessionstart"))
    assert "application.use_cases.restore_session" in modules  # the restore path ran
    assert not modules & (
        ALWAYS_FORBIDDEN | FORBIDDEN_WITHOUT_RULES | HEAVY_STANDARD | NOT_FOR_RESTORE
    )
