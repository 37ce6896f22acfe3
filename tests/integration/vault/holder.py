"""Another process holding a vault open (one read, then idle), as a running capy would."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from adapters.sqlcipher.key_material import passphrase_pragma


def script(path: Path, key: str, body: str) -> list[str]:
    """``python -c`` opening the vault with its key, then running ``body``."""
    return [
        sys.executable,
        "-c",
        "import os, sqlcipher3, sys\n"
        f"c = sqlcipher3.connect({str(path)!r}, isolation_level=None)\n"
        f"c.execute({passphrase_pragma(key)!r})\n" + body,
    ]


@contextmanager
def held_open(path: Path, key: str) -> Iterator[None]:
    holder = subprocess.Popen(
        script(
            path,
            key,
            "c.execute('SELECT count(*) FROM vault_sessions').fetchall()\n"
            "print('open', flush=True)\n"
            "sys.stdin.read()\n",
        ),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdin is not None and holder.stdout is not None
    try:
        assert holder.stdout.readline().strip() == "open"
        yield
    finally:
        holder.stdin.close()
        holder.stdout.close()
        holder.wait()
