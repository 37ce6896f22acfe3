"""Two processes and several threads writing one database at once."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

from domain.search_hit import SearchScope
from tests.integration.store.helpers import document, open_store
from tests.unit.store.queries import words

ROOT = Path(__file__).resolve().parents[3]


def test_two_processes_creating_and_indexing_one_label(tmp_path: Path) -> None:
    db, go = tmp_path / "knowledge.db", tmp_path / "go"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    workers = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.integration.store.concurrent_writer",
                str(db),
                str(go),
                name,
                "25",
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("first", "second")
    ]
    go.touch()
    for worker in workers:
        out, err = worker.communicate(timeout=120)
        assert worker.returncode == 0, err
        assert out.strip() == "ok"
        assert err == ""

    store = open_store(db)
    labels = [s.label for s in store.sources()]
    assert labels.count("shared-label") == 1
    assert len(labels) == 51
    shared = store.source_by_label("shared-label")
    assert shared is not None and len(store.chunks_of(shared.id)) == 1
    store.close()


def test_threads_share_one_store(tmp_path: Path) -> None:
    store = open_store(tmp_path / "knowledge.db")
    errors: list[BaseException] = []

    def work(n: int) -> None:
        try:
            for i in range(10):
                store.index(document(f"t{n}-{i}", f"thread {n} item {i} marker"))
                store.search(words("marker"), SearchScope(), 5)
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    assert len(store.sources()) == 40
    store.close()


def test_connections_of_finished_threads_are_closed(tmp_path: Path) -> None:
    store = open_store(tmp_path / "knowledge.db")
    for n in range(6):
        thread = threading.Thread(target=store.index, args=(document(f"d{n}", "text"),))
        thread.start()
        thread.join()
    store.source_by_label("d0")  # the main thread's connection, opened at start-up, stays

    assert store._pool.open_connections <= 2
    assert len(store.sources()) == 6
    store.close()


def test_write_transactions_retry_while_another_writer_holds_the_lock(tmp_path: Path) -> None:
    from adapters.sqlcipher.transactions import write_transaction

    store = open_store(tmp_path / "knowledge.db")
    holder, waiter = store._pool.dedicated(), store._pool.dedicated()
    waiter.execute("PRAGMA busy_timeout = 0")  # only the backoff loop may wait
    holder.execute("BEGIN IMMEDIATE")
    timer = threading.Timer(0.1, lambda: holder.execute("COMMIT"))
    timer.start()

    with write_transaction(waiter):
        waiter.execute("INSERT INTO vocabulary (word) VALUES ('waited')")

    timer.join()
    assert store.has_word("waited")
    for connection in (holder, waiter):
        connection.close()
    store.close()
