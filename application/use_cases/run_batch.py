"""Run several shell commands in one call (``capy_batch_execute``)."""

from __future__ import annotations

from application.ports.clock import Clock
from application.ports.policy_source import PolicySource
from application.ports.sandbox import Sandbox
from application.use_cases.run_batch_request import (
    DEFAULT_BATCH_TIMEOUT_MS,
    BatchItem,
    BatchStatus,
    RunBatchRequest,
    RunBatchResult,
)
from domain.errors import InvalidInput
from domain.execution.language import Language
from domain.execution.run import SandboxRequest
from domain.permissions.denial import denial_error
from domain.permissions.evaluation import evaluate_shell
from domain.permissions.protected_paths import ProtectedPath, check_code


class RunBatch:
    """Check every command against the deny rules before running any (fail closed on
    unreadable rules), then run them in order, each with what is left of the budget — in
    milliseconds, so a 500 ms remainder is 500 ms. Once a command times out or the budget is
    gone, the rest are reported as skipped."""

    def __init__(
        self,
        *,
        sandbox: Sandbox,
        policy_source: PolicySource,
        clock: Clock,
        protected: tuple[ProtectedPath, ...] = (),
    ) -> None:
        self._sandbox = sandbox
        self._policy = policy_source
        self._clock = clock
        self._protected = protected

    def execute(self, request: RunBatchRequest) -> RunBatchResult:
        commands = [c for c in request.commands if c.command.strip()]
        if not commands:
            raise InvalidInput("no commands to run", hint="pass at least one {label, command}")
        budget_ms = request.timeout_ms or DEFAULT_BATCH_TIMEOUT_MS
        if budget_ms < 0:
            raise InvalidInput("timeout must be positive", hint="leave it out to use 60 s")
        policy = self._policy.load()
        for command in commands:
            check_code(command.command, self._protected, shell_script=True)
            verdict = evaluate_shell(policy, command.command)
            if verdict.blocks_server:
                error = denial_error(verdict)
                error.message = f"[{command.label}] {error.message}"
                raise error
        started = self._clock.monotonic()
        items: list[BatchItem] = []
        exhausted = False
        for command in commands:
            remaining = budget_ms - round((self._clock.monotonic() - started) * 1000)
            if exhausted or remaining <= 0:
                items.append(BatchItem(command.label, command.command, BatchStatus.SKIPPED))
                continue
            source = "{\n" + command.command + "\n} 2>&1"
            outcome = self._sandbox.run(SandboxRequest(Language.SHELL, source, remaining))
            status = BatchStatus.TIMED_OUT if outcome.timed_out else BatchStatus.RAN
            exhausted = outcome.timed_out
            items.append(
                BatchItem(command.label, command.command, status, outcome.stdout.text, outcome)
            )
        return RunBatchResult(tuple(items))
