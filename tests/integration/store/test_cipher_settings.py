"""The settings a search's statements run under, as ADRs 0175 and 0181 measured them:
SQLCipher's memory security off (on, it wipes and locks every allocation SQLite makes: +40–50 %
CPU for a 10 k-chunk ranking statement) and a 2 MB page cache once indexing is done (SQLite's
8 MB in each of the server's tool threads held 17 MB after searches on a 10 k-chunk base; a
larger one bought half a millisecond of a search on the bench's repeated results)."""

from __future__ import annotations

from pathlib import Path

from adapters.sqlcipher.connection import PAGE_CACHE_KIB
from tests.integration.store.helpers import document, open_store


def test_a_searching_connection_runs_without_memory_security_and_with_a_2_mb_cache(
    tmp_path: Path,
) -> None:
    store = open_store(tmp_path / "knowledge.db")
    store.index(document("kept", "kept words in a section"))
    connection = store._pool.connection()

    assert connection.execute("PRAGMA cipher_memory_security").fetchone()[0] in (0, "0")
    assert connection.execute("PRAGMA cache_size").fetchone()[0] == -PAGE_CACHE_KIB == -2048
    store.close()
