"""SetupProject: wire a project for Claude Code and Codex in one step (``capy setup``)."""

from __future__ import annotations

from pathlib import Path

import attrs

from application.ports.project_files import (
    ChangeAction,
    FileChange,
    HookSpec,
    ProjectFiles,
    ServerSpec,
)
from domain.hooks.guidance import ROUTING_BLOCK

CLAUDE_CODE = "claude-code"
CODEX = "codex"
PLATFORMS = (CLAUDE_CODE, CODEX)

LAUNCHER = ".capy/capy.sh"
ROUTING_FILE = ".capy/AGENTS.md"
ROUTING_IMPORT = "@.capy/AGENTS.md"
ROUTING_HEADING = "# capy — context-window routing"
AGENTS_BEGIN = "<!-- capy:begin (written by `capy setup`; run it again to refresh) -->"
AGENTS_END = "<!-- capy:end -->"
# What identifies capy's handlers in a hooks file, whichever way they were installed.
HOOK_MARKERS = ("capy.sh hook ", "capy.sh' hook ", 'capy.sh" hook ', "capy hook ")
GITIGNORE = (".capy/*", "!.capy/AGENTS.md", "!.capy/capy.sh", "!.capy/config.toml")
LOCAL_SETTINGS = ".claude/settings.local.json"  # "yours only": never committed
# Tools capy routes: the host's own plus capy's MCP tools (any server name holding "capy").
CLAUDE_TOOLS = "^(Bash|WebFetch|Read|Grep|Agent|Task|mcp__.*capy.*)$"
CODEX_TOOLS = "^(Bash|shell|shell_command|exec_command|local_shell|mcp__.*capy.*)$"
# Tools whose results say something about the session (files, tasks, errors, git, subagents).
CAPTURED_TOOLS = (
    "^(Bash|Read|Edit|MultiEdit|Write|NotebookEdit|Glob|Grep|TodoWrite|TaskCreate|TaskUpdate"
    "|Agent|Task|mcp__.*)$"
)
# Forwarded to the Codex server when set; capy works without them (it keeps its own key).
CODEX_ENV_VARS = ("CAPY_DB_KEY", "CAPY_VAULT_KEY")
# Codex has no project-directory variable and its files are committed: its commands find the
# launcher by walking up from the working directory, so no path of this machine is written.
# ``$0`` is "capy", so the command reads ``… capy hook <event>`` like every capy handler.
_FIND_LAUNCHER = (
    f'd=$(pwd); until [ -x "$d/{LAUNCHER}" ] || [ "$d" = / ]; do d=$(dirname "$d"); done; '
    f'if [ -x "$d/{LAUNCHER}" ]; then exec "$d/{LAUNCHER}" "$@"; fi; '
)
CODEX_HOOK_SCRIPT = _FIND_LAUNCHER + "exit 0"  # a hook never breaks the host
CODEX_SERVE_SCRIPT = (
    _FIND_LAUNCHER + f'echo "capy: no {LAUNCHER} in $(pwd) or above; run capy setup in the '
    'project" >&2; exit 127'
)


@attrs.frozen
class SetupRequest:
    """``platforms`` ⊆ (claude-code, codex); ``scope`` "project" (settings.json, committed) or
    "local" (settings.local.json); ``db_paths`` are knowledge DBs inside the project, relative."""

    project_root: Path
    capy_executable: str
    platforms: tuple[str, ...] = PLATFORMS
    scope: str = "project"
    db_paths: tuple[str, ...] = ()


@attrs.frozen
class SetupReport:
    changes: tuple[FileChange, ...]

    @property
    def ok(self) -> bool:
        return all(change.action is not ChangeAction.FAILED for change in self.changes)


ROUTING_DOCUMENT = (
    f"{ROUTING_HEADING}\n\n"
    "Written by `capy setup` (run it again to refresh); imported from CLAUDE.md.\n\n"
    f"{ROUTING_BLOCK}\n"
)


class SetupProject:
    """Write or merge every file a host needs to use capy, without clobbering anyone else's.

    - Shared: the launcher script (finds capy on any machine), ``.capy/AGENTS.md`` with the
      routing instructions, ``.gitignore`` entries (``settings.local.json`` too when the hooks
      go there), and the git pre-commit guard.
    - Claude Code: ``.mcp.json`` server entry, the hooks in ``.claude/settings.json`` (or
      ``settings.local.json``; capy's entries leave the other file), ``@.capy/AGENTS.md`` in
      ``CLAUDE.md``.
    - Codex: ``[mcp_servers.capy]`` in ``.codex/config.toml``, hooks in ``.codex/hooks.json``,
      and the routing inline in ``AGENTS.md`` (Codex has no import syntax).
    - Only hooks that do something are registered: a capy handler left from an earlier setup
      under another event is removed (each one costs the host a process per call).
    - Every file meant to be committed is free of this machine's paths.
    - Idempotent; a file that cannot be parsed is reported and left untouched.
    """

    def __init__(self, files: ProjectFiles) -> None:
        self._files = files

    def execute(self, request: SetupRequest) -> SetupReport:
        files = self._files
        local = request.scope == "local" and CLAUDE_CODE in request.platforms
        changes = [
            files.write_launcher(LAUNCHER, request.capy_executable),
            files.write_owned(ROUTING_FILE, ROUTING_DOCUMENT),
            files.ensure_ignored(".gitignore", GITIGNORE + ((LOCAL_SETTINGS,) if local else ())),
            files.install_pre_commit(LAUNCHER, request.db_paths),
        ]
        if CLAUDE_CODE in request.platforms:
            changes += self._claude_code(request)
        if CODEX in request.platforms:
            changes += self._codex()
        return SetupReport(tuple(changes))

    def _claude_code(self, request: SetupRequest) -> list[FileChange]:
        # VS Code also runs these hooks, without CLAUDE_PROJECT_DIR but from the workspace root.
        launcher = f'"${{CLAUDE_PROJECT_DIR:-.}}"/{LAUNCHER}'
        # Capturing hooks answer nothing, so the host need not wait for them (async).
        hooks = (
            HookSpec("PreToolUse", f"{launcher} hook pretooluse", CLAUDE_TOOLS, timeout=10),
            HookSpec(
                "PostToolUse", f"{launcher} hook posttooluse", CAPTURED_TOOLS, 10, run_async=True
            ),
            HookSpec(
                "PostToolUseFailure",
                f"{launcher} hook posttoolusefailure",
                CAPTURED_TOOLS,
                10,
                run_async=True,
            ),
            HookSpec(
                "UserPromptSubmit", f"{launcher} hook userpromptsubmit", timeout=10, run_async=True
            ),
            HookSpec("PreCompact", f"{launcher} hook precompact", timeout=10),
            HookSpec("SessionStart", f"{launcher} hook sessionstart", timeout=10),
            HookSpec("SessionEnd", f"{launcher} hook sessionend", timeout=5),
        )
        local = request.scope == "local"
        chosen = LOCAL_SETTINGS if local else ".claude/settings.json"
        other = ".claude/settings.json" if local else LOCAL_SETTINGS
        server = ServerSpec("capy", "${CLAUDE_PROJECT_DIR:-.}/" + LAUNCHER, ("serve",))
        return [
            self._files.register_mcp_json(".mcp.json", server),
            self._files.merge_hooks(chosen, hooks, HOOK_MARKERS),
            self._files.remove_hooks(other, HOOK_MARKERS),
            self._files.ensure_import("CLAUDE.md", ROUTING_IMPORT, ROUTING_HEADING),
        ]

    def _codex(self) -> list[FileChange]:
        # Codex has no compaction source at SessionStart: its sessions are restored on resume.
        hooks = (
            HookSpec("PreToolUse", _codex_hook("pretooluse"), CODEX_TOOLS, 10),
            HookSpec("PostToolUse", _codex_hook("posttooluse"), timeout=10),
            HookSpec("UserPromptSubmit", _codex_hook("userpromptsubmit"), timeout=10),
            HookSpec("SessionStart", _codex_hook("sessionstart"), timeout=10),
        )
        serve = ("-c", CODEX_SERVE_SCRIPT, "capy", "serve")
        server = ServerSpec("capy", "sh", serve, CODEX_ENV_VARS)
        body = f"## capy — context-window routing\n\n{ROUTING_BLOCK}"
        return [
            self._files.register_codex_toml(".codex/config.toml", server),
            self._files.merge_hooks(".codex/hooks.json", hooks, HOOK_MARKERS),
            self._files.upsert_block("AGENTS.md", AGENTS_BEGIN, AGENTS_END, body),
        ]


def _codex_hook(event: str) -> str:
    return f"sh -c '{CODEX_HOOK_SCRIPT}' capy hook {event} --platform codex"
