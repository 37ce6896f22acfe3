"""Progressive throttling of ``capy_search`` calls.

Many single-query search calls flood the agent's context just as raw output would. Within a
60-second window that starts at the first call (not at server start), calls 1–3 get the
requested number of results, calls 4–8 one result per query with a warning, and from the 9th
call on searches are refused with advice to batch queries. The window restarts once 60 s have
passed since it began.
"""

from __future__ import annotations

import attrs

WINDOW_SECONDS = 60.0
FULL_RESULT_CALLS = 3  # enough for a search, a refinement and a follow-up
REDUCED_RESULT_CALLS = 8  # after this the agent is looping; make it batch instead


@attrs.frozen
class ThrottleDecision:
    call_number: int
    window_age_seconds: float
    per_query_limit: int
    blocked: bool

    @property
    def warning(self) -> str:
        if self.blocked or self.call_number < FULL_RESULT_CALLS:
            return ""
        return (
            f"search call #{self.call_number}/{REDUCED_RESULT_CALLS} in this minute — results "
            f"limited to {self.per_query_limit} per query. Put several queries in one call "
            '(queries: ["q1", "q2", "q3"]) or use capy_batch_execute.'
        )


@attrs.define
class SearchThrottle:
    """Counts search calls in a window; ``admit`` is called once per ``capy_search`` call."""

    _window_start: float | None = None
    _calls: int = 0

    def admit(self, now: float, requested_limit: int) -> ThrottleDecision:
        if self._window_start is None or now - self._window_start >= WINDOW_SECONDS:
            self._window_start = now
            self._calls = 0
        self._calls += 1
        age = now - self._window_start
        if self._calls > REDUCED_RESULT_CALLS:
            return ThrottleDecision(self._calls, age, 0, blocked=True)
        limit = requested_limit if self._calls <= FULL_RESULT_CALLS else 1
        return ThrottleDecision(self._calls, age, max(1, limit), blocked=False)
