"""A Sandbox that runs nothing: it records requests and returns scripted outcomes."""

from __future__ import annotations

from collections import deque

from application.ports.sandbox import Sandbox
from domain.errors import InvalidInput
from domain.execution.language import Language
from domain.execution.run import RunOutcome, SandboxRequest, StreamOutput


class InMemorySandbox(Sandbox):
    def __init__(self, languages: tuple[Language, ...] = tuple(Language)) -> None:
        self.languages = languages
        self.requests: list[SandboxRequest] = []
        self.outcomes: deque[RunOutcome] = deque()
        self.shut_down = False

    def script(self, *outcomes: RunOutcome) -> None:
        """Queue outcomes; when none is queued, a run echoes nothing and exits 0."""
        self.outcomes.extend(outcomes)

    @staticmethod
    def output(stdout: str = "", stderr: str = "", exit_code: int | None = 0) -> RunOutcome:
        def stream(text: str) -> StreamOutput:
            size = len(text.encode())
            return StreamOutput(text, size, size)

        return RunOutcome(stdout=stream(stdout), stderr=stream(stderr), exit_code=exit_code)

    def available_languages(self) -> tuple[Language, ...]:
        return self.languages

    def run(self, request: SandboxRequest) -> RunOutcome:
        if request.language not in self.languages:
            raise InvalidInput(f"no runtime found for {request.language.value}")
        self.requests.append(request)
        return self.outcomes.popleft() if self.outcomes else RunOutcome()

    def shutdown(self) -> None:
        self.shut_down = True
