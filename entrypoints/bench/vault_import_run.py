"""One measured import, in its own process so its peak memory is its own.

``python -m entrypoints.bench.vault_import_run ROOT...`` imports each Claude config folder
in turn into the vault of the current ``HOME`` (the benchmark gives it a fresh one) and
prints one JSON line: seconds, bytes read, the largest session and what happened to them.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from application.use_cases.vault.import_sessions import ImportRequest
from domain.vault.importing import ImportStatus
from entrypoints.containers.runtime import RuntimeOptions
from entrypoints.containers.vault import VaultContainer


def main(roots: list[str]) -> None:
    container = VaultContainer(options=RuntimeOptions())
    counts = dict.fromkeys((status.value for status in ImportStatus), 0)
    size = largest = 0
    began = time.perf_counter()
    try:
        for root in roots:
            report = container.use_cases.import_sessions().execute(ImportRequest(root=Path(root)))
            for outcome in report.outcomes:
                counts[outcome.status.value] += 1
                size += outcome.size_bytes
                largest = max(largest, outcome.size_bytes)
    finally:
        container.shutdown_resources()
    seconds = time.perf_counter() - began
    report = {"seconds": seconds, "bytes": size, "largest_session": largest, "sessions": counts}
    print(json.dumps(report))


if __name__ == "__main__":
    main(sys.argv[1:])
