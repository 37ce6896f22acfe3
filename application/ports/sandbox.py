"""Sandbox port: run a program in a subprocess and bring back bounded output."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from domain.execution.language import Language
from domain.execution.run import RunOutcome, SandboxRequest


@runtime_checkable
class Sandbox(Protocol):
    """Runs agent-written programs away from capy's own process.

    Contract:
    - each run gets a fresh temporary directory (removed afterwards unless backgrounded), its
      own session/process group, and an environment without capy's keys;
    - the whole process tree is killed on timeout, when combined output passes the hard cap,
      and at ``shutdown``; a backgrounded program survives the timeout and is tracked until it
      exits or ``shutdown`` is called;
    - stdout and stderr come back truncated to the configured size with real byte counts;
      a request with ``keep_bytes`` also gets them truncated to that size in ``kept`` (held
      as head and tail only, so memory stays bounded by it);
    - a language without an installed runtime raises ``InvalidInput`` naming what to install.
    """

    def available_languages(self) -> tuple[Language, ...]:
        """Languages whose runtime was found (detected once, then cached)."""
        ...

    def run(self, request: SandboxRequest) -> RunOutcome:
        """Run one program to completion (or timeout, cap, background)."""
        ...

    def shutdown(self) -> None:
        """Stop every background program (SIGTERM, then SIGKILL) and release resources."""
        ...
