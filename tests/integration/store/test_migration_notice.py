"""A migration that rewrites every stored text tells the user, on a store large enough for it
to take noticeable time, what it does and that it is done once (ADR 0155); a small store, or
a migration that rewrites nothing, migrates silently."""

from __future__ import annotations

from pathlib import Path

from adapters.sqlcipher.connection import connect
from adapters.sqlcipher.key_material import for_file
from adapters.sqlcipher.migration_notice import NOTICEABLE_BYTES, MigrationNotice, used_bytes
from adapters.sqlcipher.migrations import applied, available, migrate
from domain.search_hit import SearchScope
from tests.integration.store.helpers import KEY, OLD_LOG, open_store, store_before
from tests.unit.store.queries import substrings

ABOVE = NOTICEABLE_BYTES + 1024 * 1024


def test_only_the_migration_that_rebuilds_the_substrings_index_rewrites_the_store() -> None:
    assert [m.name for m in available() if m.rewrites] == ["0009_log_substrings"]


def test_a_large_store_is_told_what_the_upgrade_does_and_that_it_is_done_once(
    tmp_path: Path,
) -> None:
    path = tmp_path / "knowledge.db"
    store_before(path, "0009", OLD_LOG, vectors_bytes=ABOVE)
    said: list[str] = []
    store = open_store(path, warnings=said)
    assert len(said) == 2, said
    before, after = said
    assert before.startswith(f"upgrading the knowledge database {path} (")
    assert "rebuilding its index of parts of words from every stored text" in before
    assert "done once" in before
    assert after.startswith(f"the knowledge database {path} is upgraded (")
    assert store.search(substrings("DataIntegrityViolation"), SearchScope(), 5)
    store.close()
    store = open_store(path, warnings=said)
    store.close()
    assert len(said) == 2  # the next start has nothing to do, and says nothing


def test_a_small_store_is_upgraded_silently(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    store_before(path, "0009", OLD_LOG)
    said: list[str] = []
    store = open_store(path, warnings=said)
    assert store.search(substrings("DataIntegrityViolation"), SearchScope(), 5)
    store.close()
    assert said == []


def _migrated(path: Path, at_least_bytes: int) -> tuple[list[str], list[str]]:
    connection = connect(path, for_file(KEY, path).pragma)
    said: list[str] = []
    try:
        fresh = migrate(connection, notice=MigrationNotice(said.append, "the file", at_least_bytes))
        assert "0010_fts_merge_width" in applied(connection)
    finally:
        connection.close()
    return said, fresh


def test_the_runner_tells_at_its_threshold_and_not_below_it(tmp_path: Path) -> None:
    small, exact = tmp_path / "small.db", tmp_path / "exact.db"
    for path in (small, exact):
        store_before(path, "0009", OLD_LOG)
    connection = connect(small, for_file(KEY, small).pragma)
    size = used_bytes(connection)
    connection.close()
    said, fresh = _migrated(small, at_least_bytes=size + 1)
    assert said == [] and "0009_log_substrings" in fresh
    said, fresh = _migrated(exact, at_least_bytes=size)
    assert len(said) == 2 and said[0].startswith("upgrading the file (0 MB)")
    assert said[1].startswith("the file is upgraded")
    assert "0009_log_substrings" in fresh


def test_migrations_that_rewrite_nothing_are_never_announced(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    store_before(path, "0010", OLD_LOG, vectors_bytes=ABOVE)
    said, fresh = _migrated(path, at_least_bytes=0)
    assert fresh == ["0010_fts_merge_width"]
    assert said == []
    said, fresh = _migrated(path, at_least_bytes=0)  # nothing left to apply
    assert (said, fresh) == ([], [])
