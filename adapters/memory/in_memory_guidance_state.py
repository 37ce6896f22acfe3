"""GuidanceState in a dict, for tests and dry runs."""

from __future__ import annotations

from application.ports.guidance_state import GuidanceState


class InMemoryGuidanceState(GuidanceState):
    def __init__(self) -> None:
        self.seen: dict[str, set[str]] = {}

    def first_time(self, session_id: str, kind: str) -> bool:
        if not session_id:
            return True
        kinds = self.seen.setdefault(session_id, set())
        if kind in kinds:
            return False
        kinds.add(kind)
        return True

    def forget(self, session_id: str) -> None:
        self.seen.pop(session_id, None)
