"""One measured vault operation, in its own process (its peak memory is its own).

``python -m entrypoints.bench.vault_ops_run OPERATION [SOURCE]`` runs on the vault of the
current ``HOME`` (the benchmark gives each run its own) and prints one JSON line:

- ``reindex``: every session made stale first (as after a scanner change), then re-indexed;
- ``merge SOURCE``: the vault at SOURCE (key in ``CAPY_VAULT_MERGE_KEY``) merged in;
- ``compact``: raw rows compressed and the file rewritten;
- ``rekey``: the vault re-encrypted under a new key (the old file removed afterwards).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from application.use_cases.vault.merge_vault import MergeRequest
from domain.vault.importing import ImportStatus
from entrypoints.containers.runtime import RuntimeOptions
from entrypoints.containers.vault import VaultContainer


def _stale_everything(container: VaultContainer) -> int:
    import sqlcipher3

    from adapters.sqlcipher.key_material import passphrase_pragma

    connection = sqlcipher3.connect(str(container.vault_core.path()), isolation_level=None)
    try:
        connection.execute(passphrase_pragma(container.vault_core.key().secret))
        cursor = connection.execute("UPDATE vault_sessions SET index_version = 0")
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return int(cursor.rowcount)
    finally:
        connection.close()


def _measure(container: VaultContainer, operation: str, args: list[str]) -> dict[str, Any]:
    if operation == "reindex":
        sessions = _stale_everything(container)
        size = container.use_cases.statistics().execute().size_bytes
        began = time.perf_counter()
        report = container.use_cases.reindex().execute()
        seconds = time.perf_counter() - began
        return {
            "seconds": seconds,
            "sessions": sessions,
            "reindexed": report.reindexed,
            "bytes": size,
        }
    if operation == "merge":
        env = container.core.options().env
        request = MergeRequest(Path(args[0]), env.get("CAPY_VAULT_MERGE_KEY"))
        began = time.perf_counter()
        merged = container.use_cases.merge().execute(request)
        seconds = time.perf_counter() - began
        size = sum(o.size_bytes for o in merged.outcomes if o.status is ImportStatus.NEW)
        return {"seconds": seconds, "sessions": merged.count(ImportStatus.NEW), "bytes": size}
    if operation == "compact":
        began = time.perf_counter()
        done = container.use_cases.compact().execute()
        seconds = time.perf_counter() - began
        return {
            "seconds": seconds,
            "files": done.candidates,
            "compressed": done.compressed,
            "bytes_before": done.bytes_before,
            "bytes_after": done.bytes_after,
        }
    if operation == "rekey":
        path = container.vault_core.path()
        began = time.perf_counter()
        rotated = container.use_cases.rekey().execute(path, remove_backup=True)
        seconds = time.perf_counter() - began
        return {"seconds": seconds, "rows": rotated.rows_verified, "bytes": path.stat().st_size}
    raise SystemExit(f"unknown operation {operation!r}")


def main(argv: list[str]) -> None:
    container = VaultContainer(options=RuntimeOptions())
    try:
        result = _measure(container, argv[0], argv[1:])
    finally:
        container.shutdown_resources()
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1:])
