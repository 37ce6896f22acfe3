"""A library of scripted sessions for judging session continuity through the real hooks.

Each session is what a host sends to ``capy hook`` in a situation real sessions hit every day
— a compaction with and without PreCompact, two in a row, a resume days later, a ``/clear``,
test and build failures the host reports as success, plan mode, a skill, MCP tools, pasted data,
5,000 low-priority events — with the facts a person says must come back, written down before
any run (``facts``), and those that must not (``absent``). The last SessionStart of a session
is its restore. The tool outputs are those the real tools print.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from entrypoints.bench import continuity_session as notes
from entrypoints.bench.continuity_session import Step

AGE = "x-age"  # not a hook: the runner makes the session's files this many days old


@attrs.frozen
class LibrarySession:
    name: str
    situation: str
    steps: Callable[[str], list[Step]]
    facts: tuple[str, ...]
    absent: tuple[str, ...] = ()
    server: bool = False


class Script:
    """Hook calls of one host session (its id can change, as on ``/clear``)."""

    def __init__(self, project: str, session: str) -> None:
        self.project = project
        self.session = session
        self.steps: list[Step] = []

    def _base(self, event: str) -> dict[str, Any]:
        return {"session_id": self.session, "cwd": self.project, "hook_event_name": event}

    def prompt(self, text: str, mode: str = "") -> None:
        payload = {**self._base("UserPromptSubmit"), "prompt": text}
        if mode:
            payload["permission_mode"] = mode
        self.steps.append(Step("userpromptsubmit", payload))

    def tool(self, name: str, arguments: dict[str, Any], response: Any = None) -> None:
        payload = {**self._base("PostToolUse"), "tool_name": name, "tool_input": arguments}
        payload["tool_response"] = response if response is not None else {}
        self.steps.append(Step("posttooluse", payload))

    def failure(self, name: str, arguments: dict[str, Any], error: str) -> None:
        payload = {**self._base("PostToolUseFailure"), "tool_name": name, "tool_input": arguments}
        payload["error"] = error
        self.steps.append(Step("posttoolusefailure", payload))

    def bash(self, command: str, stdout: str = "", stderr: str = "") -> None:
        self.tool(
            "Bash", {"command": command}, {"stdout": stdout, "stderr": stderr, "interrupted": False}
        )

    def edit(self, path: str) -> None:
        self.tool("Edit", {"file_path": f"{self.project}/{path}"}, {"filePath": path})

    def read(self, path: str) -> None:
        self.tool("Read", {"file_path": f"{self.project}/{path}"}, {"type": "text"})

    def precompact(self) -> None:
        self.steps.append(Step("precompact", {**self._base("PreCompact"), "trigger": "auto"}))

    def start(self, source: str) -> None:
        self.steps.append(Step("sessionstart", {**self._base("SessionStart"), "source": source}))

    def end(self, reason: str = "prompt_input_exit") -> None:
        self.steps.append(Step("sessionend", {**self._base("SessionEnd"), "reason": reason}))

    def age(self, days: float) -> None:
        self.steps.append(Step(AGE, {"days": days}))


_PYTEST_FAILED = """....F....
=================================== FAILURES ===================================
______________________________ test_rerun_is_noop ______________________________
E       AssertionError: 2 != 1
tests/test_reconcile.py:41: AssertionError
=========================== short test summary info ============================
FAILED tests/test_reconcile.py::test_rerun_is_noop - AssertionError: 2 != 1
1 failed, 8 passed in 0.42s"""
_MYPY_FAILED = (
    'src/ledger/reconcile.py:57: error: Argument 1 to "apply" has incompatible type "str"; '
    'expected "int"  [arg-type]\nFound 1 error in 1 file (checked 14 source files)'
)
_NPM_FAILED = """npm error code E404
npm error 404 Not Found - GET https://registry.npmjs.org/left-padd - Not found
npm error A complete log of this run can be found in: /home/dev/.npm/_logs/x.log"""
_TSC_FAILED = "src/cart.ts(12,7): error TS2322: Type 'string' is not assignable to type 'number'."


def _ledger(s: Script) -> None:
    """The common start: a goal, a decision, an edit, a failing run."""
    s.prompt("/goal Make the nightly ledger reconciliation idempotent")
    s.read("src/ledger/reconcile.py")
    s.prompt("Let's use an upsert keyed by entry id instead of delete-then-insert.")
    s.edit("src/ledger/reconcile.py")
    s.failure(
        "Bash", {"command": "pytest -q tests/test_reconcile.py"}, "Exit code 1\n" + _PYTEST_FAILED
    )


def compaction_with_precompact(project: str) -> list[Step]:
    s = Script(project, "lib-01")
    _ledger(s)
    s.bash("git switch -c fix/idempotent-reconcile", "Switched to a new branch")
    s.precompact()
    s.start("compact")
    return s.steps


def compaction_without_precompact(project: str) -> list[Step]:
    s = Script(project, "lib-02")
    _ledger(s)
    s.precompact()
    s.start("compact")
    s.edit("src/ledger/upsert.py")  # after the last PreCompact …
    s.prompt("Never write to the production ledger from tests.")
    s.start("compact")  # … and this compaction's PreCompact timed out
    return s.steps


def two_compactions(project: str) -> list[Step]:
    s = Script(project, "lib-03")
    _ledger(s)
    s.precompact()
    s.start("compact")
    s.edit("src/ledger/upsert.py")
    s.bash("pytest -q tests/test_reconcile.py", "9 passed in 0.40s")
    s.tool("TodoWrite", {"todos": [
        {"content": "Backfill the entry ids", "status": "in_progress"},
        {"content": "Document the upsert", "status": "pending"},
    ]})  # fmt: skip
    s.precompact()
    s.start("compact")
    return s.steps


def resume_days_later(project: str) -> list[Step]:
    s = Script(project, "lib-04")
    _ledger(s)
    s.bash("git commit -am 'Reconcile with an upsert'", "[fix 1a2b3c4] Reconcile with an upsert")
    s.end()
    s.age(5)
    s.session = "lib-04-next"  # an older host gives the resumed session a new id
    s.start("resume")
    return s.steps


def clear(project: str) -> list[Step]:
    s = Script(project, "lib-05")
    _ledger(s)
    s.end("clear")
    s.session = "lib-05-after-clear"
    s.start("clear")
    s.prompt("/goal Rename the CSV exporter's columns to snake_case")
    s.edit("src/export/csv_columns.py")
    s.start("compact")
    return s.steps


def failures_reported_as_success(project: str) -> list[Step]:
    s = Script(project, "lib-06")
    s.prompt("Fix the reconcile tests and the type errors, then add left-pad to the UI.")
    s.bash("pytest -q 2>&1 | tail -20", _PYTEST_FAILED)
    s.bash("mypy --strict src || true", _MYPY_FAILED)
    s.bash("cd ui && npm install left-padd; echo done", "done", _NPM_FAILED)
    s.bash("npx tsc --noEmit | head", _TSC_FAILED)
    s.edit("ui/src/cart.ts")
    s.bash("npx tsc --noEmit | head", "")  # the type error is fixed
    s.precompact()
    s.start("compact")
    return s.steps


def plan_mode(project: str) -> list[Step]:
    s = Script(project, "lib-07")
    s.prompt("Plan how to move sessions from cookies to JWT before touching code.")
    s.tool("EnterPlanMode", {}, {"message": "Entered plan mode"})
    s.read("src/auth/session.py")
    plan = "# Move sessions to signed JWTs\n\n1. Add a signer\n2. Migrate the middleware"
    s.tool(
        "ExitPlanMode", {"plan": plan}, {"plan": plan, "filePath": "/home/dev/.claude/plans/jwt.md"}
    )
    s.edit("src/auth/jwt_signer.py")
    s.start("compact")
    return s.steps


def planning_now(project: str) -> list[Step]:
    s = Script(project, "lib-14")
    s.prompt("Find why the nightly export is slow.", "default")
    s.read("src/export/nightly.py")
    s.prompt("Plan a fix that streams rows instead of loading them all.", "plan")
    s.read("src/export/rows.py")
    s.precompact()
    s.start("compact")
    return s.steps


def a_skill(project: str) -> list[Step]:
    s = Script(project, "lib-08")
    s.prompt("/review src/payments/refund.py for race conditions")
    s.tool("Skill", {"skill": "security-review", "args": "src/payments"}, {"success": True})
    s.read("src/payments/refund.py")
    s.precompact()
    s.start("compact")
    return s.steps


def mcp_tools(project: str) -> list[Step]:
    s = Script(project, "lib-09")
    s.prompt("Triage the checkout 500s reported in Sentry and file an issue.")
    s.tool(
        "mcp__sentry__get_issue_details",
        {"issueId": "CHK-311"},
        [{"type": "text", "text": "KeyError: 'sku'"}],
    )
    s.tool("mcp__github__create_issue", {"title": "Checkout 500 on missing sku"}, {"number": 88})
    s.tool(
        "mcp__postgres__query",
        {"sql": "select 1"},
        {"isError": True, "content": [{"type": "text", "text": "connection refused"}]},
    )
    s.start("compact")
    return s.steps


def pasted_data(project: str) -> list[Step]:
    s = Script(project, "lib-10")
    s.prompt("You are a senior SRE reviewing this incident. Follow the runbook in docs/ONCALL.md.")
    log = "2026-05-18T09:00:01Z ERROR upstream timeout host=db-2\n" * 60
    s.prompt("Here is the gateway log from the outage:\n" + log)
    s.read("AGENTS.md")
    s.precompact()
    s.start("compact")
    return s.steps


def flood(project: str) -> list[Step]:
    s = Script(project, "lib-11")
    _ledger(s)
    for i in range(2_500):
        s.tool("Grep", {"pattern": f"filler{i}", "path": f"{project}/src"}, {"numFiles": 0})
        s.bash(f"ls src/module_{i}", "x.py")
    s.precompact()
    s.start("compact")
    return s.steps


def notes_app(project: str) -> list[Step]:
    steps = notes.before_compaction(project)
    return [*steps, notes.session_start(project, "compact")]


def _codex(project: str) -> list[Step]:
    s = Script(project, "lib-13")
    s.prompt("Port the retry helper to use exponential backoff with jitter.")
    s.tool(
        "apply_patch",
        {"command": "*** Begin Patch\n*** Update File: src/retry.py\n@@\n-x\n+y\n*** End Patch"},
    )
    s.bash(
        "pytest -q tests/test_retry.py",
        "FAILED tests/test_retry.py::test_jitter - AssertionError: 0.0 == 0.0\n1 failed",
    )
    s.end()
    s.start("resume")
    for step in s.steps:
        step.payload["turn_id"] = "t1"
        step.payload["model"] = "gpt-5-codex"
    return s.steps


LIBRARY: tuple[LibrarySession, ...] = (
    LibrarySession(
        "compact with PreCompact", "PreCompact keeps a snapshot; SessionStart(compact) restores it",
        compaction_with_precompact,
        ("Make the nightly ledger reconciliation idempotent", "upsert keyed by entry id",
         "src/ledger/reconcile.py", "AssertionError: 2 != 1", "fix/idempotent-reconcile"),
        server=True,
    ),
    LibrarySession(
        "compact without PreCompact", "an edit and a rule after the last PreCompact, whose "
        "next run timed out", compaction_without_precompact,
        ("src/ledger/upsert.py", "Never write to the production ledger from tests",
         "upsert keyed by entry id", "AssertionError: 2 != 1"),
    ),
    LibrarySession(
        "two compactions in a row", "work between two compactions, the failing test then passing",
        two_compactions,
        ("src/ledger/upsert.py", "Backfill the entry ids (in progress)", "src/ledger/reconcile.py",
         "upsert keyed by entry id"),
        absent=("Unresolved errors",),
    ),
    LibrarySession(
        "resume days later", "SessionEnd, five days idle, resumed under a new id",
        resume_days_later,
        ("Make the nightly ledger reconciliation idempotent", "Reconcile with an upsert",
         "AssertionError: 2 != 1"),
        server=True,
    ),
    LibrarySession(
        "/clear", "a session, /clear, new work in the cleared session, a compaction", clear,
        ("Rename the CSV exporter's columns to snake_case", "src/export/csv_columns.py"),
        absent=("ledger",),
    ),
    LibrarySession(
        "failures reported as success", "pytest | tail, mypy || true, npm install; echo, tsc | "
        "head — all exit 0", failures_reported_as_success,
        ("FAILED tests/test_reconcile.py::test_rerun_is_noop - AssertionError: 2 != 1",
         "src/ledger/reconcile.py:57: error: Argument 1",
         "npm error 404 Not Found", "Resolved errors: npx tsc --noEmit"),
        server=True,
    ),
    LibrarySession(
        "plan mode", "plan mode entered, a plan approved, then the first edit", plan_mode,
        ("Plan mode: approved: Move sessions to signed JWTs", "jwt.md", "src/auth/jwt_signer.py"),
    ),
    LibrarySession(
        "planning when compacted", "the user switched to plan mode (shift+tab), no plan yet",
        planning_now,
        ("Plan mode: in plan mode", "streams rows instead of loading them all",
         "src/export/rows.py"),
    ),
    LibrarySession(
        "a skill", "/review slash command and the Skill tool", a_skill,
        ("/review src/payments/refund.py for race conditions", "security-review src/payments"),
    ),
    LibrarySession(
        "MCP tools", "three MCP servers' tools, one failing", mcp_tools,
        ("sentry (get_issue_details)", "github (create_issue)", "postgres (query failed)",
         "Triage the checkout 500s"),
    ),
    LibrarySession(
        "pasted data, role, rules file",
        "a role, a runbook to follow, a pasted log, AGENTS.md read", pasted_data,
        ("You are a senior SRE reviewing this incident", "docs/ONCALL.md", "AGENTS.md",
         "lines, first line: Here is the gateway log from the outage:"),
        absent=("upstream timeout host=db-2\n",),
    ),
    LibrarySession(
        "5,000 low-priority events", "the ledger start, then 2,500 searches and 2,500 passing "
        "commands", flood,
        ("Make the nightly ledger reconciliation idempotent", "upsert keyed by entry id",
         "src/ledger/reconcile.py", "AssertionError: 2 != 1"),
        server=True,
    ),
    LibrarySession(
        "notes app (capy bench continuity)", "subagent, tasks, git, pip, a mypy error, /goal",
        notes_app,
        (notes.GOAL, notes.OPEN_TASK, notes.LAST_DECISION, notes.UNRESOLVED_ERROR,
         *notes.EDITED_FILES[:2]),
    ),
    LibrarySession(
        "Codex resume", "a Codex session (apply_patch, a failing run) resumed", _codex,
        ("Port the retry helper", "src/retry.py", "test_jitter - AssertionError"),
    ),
)  # fmt: skip
