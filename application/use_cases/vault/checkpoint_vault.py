"""Folding the vault's write-ahead log into its file (before copying it to another machine)."""

from __future__ import annotations

from application.ports.file_upkeep import FileUpkeep


class CheckpointVault:
    def __init__(self, upkeep: FileUpkeep) -> None:
        self._upkeep = upkeep

    def execute(self) -> None:
        """Raises ``StoreError`` when another process keeps the log busy."""
        self._upkeep.checkpoint()
