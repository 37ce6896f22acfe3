"""Folding the vault's write-ahead log into its file (before copying it to another machine)."""

from __future__ import annotations

from application.ports.vault_store import VaultStore


class CheckpointVault:
    def __init__(self, store: VaultStore) -> None:
        self._store = store

    def execute(self) -> None:
        """Raises ``StoreError`` when another process keeps the log busy."""
        self._store.checkpoint()
