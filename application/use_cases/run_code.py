"""Run agent-written code in the sandbox, after the host's permission rules allow it."""

from __future__ import annotations

from pathlib import Path

from application.ports.policy_source import PolicySource
from application.ports.sandbox import Sandbox
from application.use_cases.read_target import read_search, resolve_read_target
from application.use_cases.run_code_request import RunCodeRequest, RunCodeResult
from domain.errors import InvalidInput
from domain.execution.classification import describe
from domain.execution.file_prologue import build_program
from domain.execution.language import Language
from domain.execution.run import SandboxRequest
from domain.permissions.denial import denial_error
from domain.permissions.evaluation import Decision, evaluate_code, evaluate_read
from domain.permissions.protected_paths import ProtectedPath, check_code, check_read


class RunCode:
    """Check, run, classify.

    Order: language and code → permission rules (unreadable rules raise ``PolicyError``: fail
    closed) → for a file, capy's protected places and the ``Read`` rules on its canonical path
    → the code (never naming capy's key store; shell as a script; other languages by the
    commands they start) → sandbox → exit classification.
    A denial raises ``PolicyDenied``. The server cannot ask a person, so ``ask`` rules do not
    block here; the hook asks before the call reaches capy (ADR 0018).
    """

    def __init__(
        self,
        *,
        sandbox: Sandbox,
        policy_source: PolicySource,
        project_root: Path,
        protected: tuple[ProtectedPath, ...] = (),
    ) -> None:
        self._sandbox = sandbox
        self._policy = policy_source
        self._root = project_root
        self._protected = protected

    def execute(self, request: RunCodeRequest) -> RunCodeResult:
        language = Language.parse(request.language)
        if not request.code.strip():
            raise InvalidInput("no code to run", hint="pass the program in the 'code' parameter")
        if request.timeout_ms is not None and request.timeout_ms <= 0:
            raise InvalidInput(
                f"timeout must be a positive number of milliseconds, got {request.timeout_ms}",
                hint="leave it out to use executor.timeout",
            )
        policy = self._policy.load()
        file_path: str | None = None
        if request.file_path is not None:
            if not request.file_path.strip():
                raise InvalidInput("empty file path", hint="pass a path to an existing file")
            search = read_search(policy, self._root, self._protected)
            target = resolve_read_target(request.file_path, self._root, search)
            check_read(target, self._protected)
            verdict = evaluate_read(policy, target)
            if verdict.decision is Decision.DENY:
                raise denial_error(verdict)
            _require_regular_file(request.file_path, target.absolute)
            file_path = target.absolute
        check_code(request.code, self._protected, shell_script=language is Language.SHELL)
        verdict = evaluate_code(policy, language.value, request.code)
        if verdict.blocks_server:
            raise denial_error(verdict)
        program = build_program(language, request.code, file_path)
        outcome = self._sandbox.run(
            SandboxRequest(
                language, program, request.timeout_ms, request.background, request.keep_bytes
            )
        )
        return RunCodeResult(language, describe(language, outcome), file_path)


def _require_regular_file(given: str, absolute: str) -> None:
    path = Path(absolute)
    if path.is_file():
        return
    if path.exists():
        raise InvalidInput(
            f"{given} is not a regular file (looked at {absolute})",
            hint="pass a file; directories, named pipes and devices cannot be run as input",
        )
    raise InvalidInput(
        f"no such file: {given} (looked at {absolute})",
        hint="relative paths are taken from the project root",
    )
