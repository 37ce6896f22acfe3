"""Run as a separate process: wait for the start signal, then index one label many times."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from tests.integration.store.helpers import document, open_store


def main(db: str, go: str, name: str, rounds: int) -> None:
    while not Path(go).exists():
        time.sleep(0.001)
    store = open_store(Path(db))
    for round_ in range(rounds):
        store.index(document("shared-label", f"content {round_ % 3}"))
        store.index(document(f"{name}-{round_}", f"own text {name} {round_}"))
    store.close()
    print("ok")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]))
