"""The sweep ledger in a dict."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from application.ports.sweep_ledger import SweepLedger, SweptSession


class InMemorySweepLedger(SweepLedger):
    def __init__(self) -> None:
        self._entries: dict[str, SweptSession] = {}

    def swept_sessions(self) -> Mapping[str, SweptSession]:
        return dict(self._entries)

    def record_swept(self, entries: Iterable[SweptSession]) -> None:
        for entry in entries:
            self._entries[entry.key] = entry
