"""``capy hook <event>``: the host's hook, run once per tool call. The hook's composition root.

Speed is the feature here (ADR 0020): this module is reached from ``entrypoints.main`` before
cyclopts, and composes its few collaborators by hand instead of through dependency-injector,
so a run imports no CLI framework, DI framework, database driver or HTTP client.

It never breaks the host: bad input, an unknown event or tool, or any internal failure means
no output and exit code 0 (the host proceeds as if capy were absent). Only an explicit deny rule
still denies. Nothing is written to stderr. ``--help`` prints the usage on stdout.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Mapping

from adapters.quick_json import loads

TYPE_CHECKING = False  # typing is not imported at run time (ADR 0102)
if TYPE_CHECKING:
    from typing import Any

    from application.ports.hook_platform import HookPlatform
    from application.ports.session_journal import SessionJournal
    from domain.hooks.decision import Decision
    from domain.hooks.tool_call import HookInput

_USAGE = (
    "usage: capy hook <event> [--platform claude-code|codex|gemini-cli|cursor|vscode-copilot] "
    "[--project-dir DIR]\n"
    "events: pretooluse, posttooluse, posttoolusefailure, precompact, sessionstart, sessionend,\n"
    "        userpromptsubmit\n"
    "The host tool runs this with the event's JSON on stdin; `capy setup` registers it.\n"
)


HOOK_SECONDS = 2.0  # the host waits on every hook: past this, the check stops (ADR 0028)


def run_hook(args: list[str]) -> int:
    """Handle one hook event; always exit 0 (see the module docstring)."""
    real_stderr = sys.stderr
    sys.stderr = io.StringIO()  # a stray warning must not reach the host
    disarm: Any = _nothing
    try:
        disarm = _deadline(HOOK_SECONDS)
        output = _handle(args, real_stderr)
    except BaseException:
        output = None
    finally:
        disarm()
        sys.stderr = real_stderr
    if output:
        try:
            sys.stdout.write(output + "\n")
            sys.stdout.flush()
        except (OSError, ValueError):
            pass
    return 0


def _nothing() -> None:
    return None


def _deadline(seconds: float) -> Any:
    """Stop whatever runs after ``seconds`` with ``AnalysisLimit``: a check stopped that way
    denies where a deny rule could apply, and routing has no opinion. Returns the disarm."""
    # ``_signal``, the C module ``signal`` wraps: already loaded by the interpreter, whereas
    # ``signal`` builds its enums at import (~1 ms of every hook, ADR 0102).
    if TYPE_CHECKING:  # the same functions and constants, typed
        import signal
    else:
        import _signal as signal

    def expired(signum: int, frame: Any) -> None:
        from domain.shell.limits import AnalysisLimit

        raise AnalysisLimit(f"checking it took longer than the {seconds:g} s a hook may take")

    if not hasattr(signal, "setitimer"):
        return _nothing
    try:
        previous = signal.signal(signal.SIGALRM, expired)
    except ValueError:  # not the main thread (tests): no deadline
        return _nothing
    signal.setitimer(signal.ITIMER_REAL, seconds)

    def disarm() -> None:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)

    return disarm


def _handle(args: list[str], stderr: Any) -> str | None:
    from domain.hooks.events import event_from_name

    if "--help" in args or "-h" in args:  # a person asking; a host never passes these
        return _USAGE.rstrip("\n")
    options = _options(args)
    event = event_from_name(options.get("event", ""))
    if event is None:
        if sys.stdin is None or sys.stdin.isatty():
            stderr.write(_USAGE)
        return None
    payload = _read_payload()
    if payload is None:
        return None
    platform = _platform(options, payload)
    hook_input = platform.parse(event, payload)
    decision = _decide(hook_input, platform.instruction_files)
    if event.value == "sessionend":
        _archive(payload, hook_input.project_dir)
    return platform.render(hook_input, decision)


def _archive(payload: Mapping[str, Any], project_dir: str) -> None:
    """Hand the ended session to a detached vault import; never fails the hook."""
    try:
        from entrypoints.session_end_archive import archive_ended_session

        archive_ended_session(payload, project_dir, os.environ)
    except Exception:
        return


def _options(args: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    rest = iter(args)
    for arg in rest:
        name, eq, value = arg.partition("=")
        if name in {"--platform", "--project-dir"}:
            options[name[2:]] = value if eq else next(rest, "")
        elif not arg.startswith("-") and "event" not in options:
            options["event"] = arg
    return options


def _read_payload() -> Mapping[str, Any] | None:
    if sys.stdin is None or sys.stdin.isatty():
        return None
    raw = sys.stdin.buffer.read()
    if not raw or raw.isspace():  # not ``strip()``: a 10 MB payload is not copied to ask
        return None
    try:
        payload = loads(raw)
    except ValueError:
        return None
    return payload if isinstance(payload, dict) else None


def _platform(options: Mapping[str, str], payload: Mapping[str, Any]) -> HookPlatform:
    from adapters.platforms.detect import detect_platform, platform_name

    name = platform_name(options.get("platform", "")) or detect_platform(payload)
    project_dir = options.get("project-dir", "")
    env = os.environ
    if name == "codex":
        from adapters.platforms.codex import CodexHookPlatform

        return CodexHookPlatform(env, project_dir)
    if name == "gemini-cli":
        from adapters.platforms.gemini_cli import GeminiCliHookPlatform

        return GeminiCliHookPlatform(env, project_dir)
    if name == "cursor":
        from adapters.platforms.cursor import CursorHookPlatform

        return CursorHookPlatform(env, project_dir)
    if name == "vscode-copilot":
        from adapters.platforms.vscode_copilot import VsCodeCopilotHookPlatform

        return VsCodeCopilotHookPlatform(env, project_dir)
    from adapters.platforms.claude_code import ClaudeCodeHookPlatform

    return ClaudeCodeHookPlatform(env, project_dir)


def _decide(hook_input: HookInput, instruction_files: tuple[str, ...]) -> Decision:
    from domain.hooks.events import HookEvent

    event = hook_input.event
    if event in {HookEvent.POST_TOOL_USE, HookEvent.USER_PROMPT_SUBMIT}:
        return _record(hook_input)
    from adapters.json_guidance_state import JsonGuidanceState, guidance_directory
    from domain.hooks.decision import NO_OPINION, Deny

    guidance = JsonGuidanceState(guidance_directory(os.environ))
    if event is HookEvent.PRE_TOOL_USE:
        from adapters.settings_tool_permissions import ClaudeSettingsToolPermissions
        from application.use_cases.route_tool_call import RouteToolCall
        from domain.continuity.event import SUBAGENT_TOOLS

        permissions = ClaudeSettingsToolPermissions(hook_input.project_dir)
        decision = RouteToolCall(permissions, guidance).execute(hook_input)
        launches = hook_input.tool is not None and hook_input.tool.name in SUBAGENT_TOOLS
        if launches and not isinstance(decision, Deny):
            _record(hook_input)  # a subagent starts: part of the session's story
        return decision
    if event is HookEvent.SESSION_START:
        from adapters.markdown_instruction_files import MarkdownInstructionFiles
        from application.use_cases.inject_session_context import InjectSessionContext
        from application.use_cases.restore_session import RestoreSession

        instructions = MarkdownInstructionFiles(hook_input.project_dir)
        journal = _journal()
        _expire(journal)  # first: a journal past its two weeks is never restored
        restore = RestoreSession(journal)
        return InjectSessionContext(instructions, guidance, restore).execute(
            hook_input, instruction_files
        )
    if event in {HookEvent.PRE_COMPACT, HookEvent.SESSION_END}:
        from application.use_cases.forget_guidance import ForgetGuidance

        decision = ForgetGuidance(guidance).execute(hook_input)
        if event is HookEvent.PRE_COMPACT:
            from application.use_cases.snapshot_session import SnapshotSession

            SnapshotSession(_journal()).execute(hook_input)
        return decision
    return NO_OPINION


def _journal() -> SessionJournal:
    from adapters.jsonl_session_journal import JsonlSessionJournal, journal_directory

    return JsonlSessionJournal(journal_directory(os.environ))


def _expire(journal: SessionJournal) -> None:
    """Journals idle for two weeks go, whether or not a server ever runs (ADR 0062)."""
    from adapters.system_clock import SystemClock
    from application.use_cases.expire_session_journals import ExpireSessionJournals

    try:
        ExpireSessionJournals(journal, SystemClock()).execute()
    except Exception:  # retention must never cost the host its session start
        pass


def _record(hook_input: HookInput) -> Decision:
    """Session continuity: the event's facts go to the session's journal (ADR 0039), unless
    capture is switched off (``[continuity] capture = false``, ``CAPY_CONTINUITY_CAPTURE=0``)."""
    from adapters.continuity_capture import capture_enabled
    from domain.hooks.decision import NO_OPINION

    if not capture_enabled(os.environ, hook_input.project_dir):
        return NO_OPINION
    from adapters.system_clock import SystemClock
    from application.use_cases.record_session_events import RecordSessionEvents

    return RecordSessionEvents(_journal(), SystemClock()).execute(hook_input)
