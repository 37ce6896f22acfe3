"""A hash of everything indexing leaves in the store, to show that a speed cut stores the same.

    python bench/store_identity.py 1000 10000      # the perf corpus at each size
    python bench/store_identity.py --log-mb 20     # the perf benchmark's log, as one source
    python bench/store_identity.py --secret --log-mb 20   # the same with two secrets in it
    python bench/store_identity.py --output --log-mb 10   # the log as a command's output

The perf benchmark's synthetic corpus is indexed through capy's own indexing (``index_all``)
into a fresh store (or, with ``--log-mb N``, the benchmark's N MB log as one source, as
``perf_log.measure_log`` indexes it: a document that size is cut in the worker process;
``--secret`` puts an AWS key and a ``Bearer`` header in it, a third of the way and near its
end, so that redaction changes it and the worker given it first is ended unread; ``--output``
indexes it as ``capy_execute`` indexes a program's output, each section also found by the
words of the program that printed it);
every table's rows are then hashed, ordered by all their columns, the full-text tables'
shadow tables (segments, structure records, ``docsize``, ``_config``) included, and each
full-text table's terms with every place they stand (``fts5vocab`` 'instance').
Only the clock's columns are left out: ``sources.indexed_at``,
``sources.last_accessed_at`` and ``migrations.applied_at``. Run it with the code before a cut
and after (``PYTHONPATH`` names the checkout whose code runs): equal hashes, the same store.
``all-tables`` covers the layout of the full-text index too (how its terms are cut into
segments); ``logical`` covers what a search can read (the rows and the terms, not their
segments).
"""

from __future__ import annotations

import hashlib
import sys
import tempfile
from pathlib import Path
from typing import Any

# After ``PYTHONPATH``: the code hashed is the one it names (another checkout, to compare).
sys.path.append(str(Path(__file__).resolve().parent.parent))

# The clock's columns: a second run differs there and nowhere else.
SKIPPED = {
    ("sources", "indexed_at"),
    ("sources", "last_accessed_at"),
    ("migrations", "applied_at"),
}
FULL_TEXT_TABLES = ("chunks", "chunks_trigram")


def _rows_hash(db: Any, table: str) -> tuple[int, str] | None:
    columns = [
        row[1]
        for row in db.execute(f"PRAGMA table_info('{table}')")
        if (table, row[1]) not in SKIPPED
    ]
    if not columns:
        return None
    listed = ", ".join(f'"{column}"' for column in columns)
    digest, count = hashlib.sha256(), 0
    for row in db.execute(f'SELECT {listed} FROM "{table}" ORDER BY {listed}'):
        digest.update(repr(row).encode())
        count += 1
    return count, digest.hexdigest()


def _is_shadow(table: str) -> bool:
    return any(table.startswith(f"{name}_") for name in FULL_TEXT_TABLES) and table not in (
        "chunk_texts",
        "chunk_owners",
        "chunk_vectors",
    )


def store_hashes(size: int) -> None:
    from entrypoints.bench.bench_store import StoreChoice, bench_container
    from entrypoints.bench.perf import index_all
    from entrypoints.bench.perf_corpus import perf_corpus

    corpus = perf_corpus(size)
    with (
        tempfile.TemporaryDirectory() as tmp,
        bench_container(StoreChoice.SQLCIPHER, Path(tmp)) as container,
    ):
        container.use_cases.index_content()
        index_all(container, corpus, lambda: None)
        _print_hashes(container, str(size))


# Two secrets redaction finds: a log holding them is cut by a second worker (ADR 0174).
SECRETS = (
    "2025-06-14T00:00:00Z INFO  upload with AKIAIOSFODNN7EXAMPLE done",
    'curl -H "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXRva2Vu.ZmFrZXNpZ25hdHVyZQ"',
)


def with_secrets(text: str) -> str:
    """``text`` with one of ``SECRETS`` after the line a third of the way in, the other after
    the one 99 % of the way in."""
    for share, secret in zip((0.99, 1 / 3), reversed(SECRETS), strict=True):
        at = text.index("\n", int(len(text) * share)) + 1
        text = text[:at] + secret + "\n" + text[at:]
    return text


# The program ``--output`` says printed the log: its words are each section's facts.
OUTPUT_PROGRAM = "import sys\nfor line in open('app.log'):\n    sys.stdout.write(line)\n"


def log_hashes(megabytes: float, secret: bool = False, output: bool = False) -> None:
    from application.use_cases.index_request import IndexRequest
    from domain.source_kind import SourceKind
    from entrypoints.bench.bench_store import StoreChoice, bench_container
    from entrypoints.bench.perf_log import log_text

    text = log_text(int(megabytes * 1_000_000))
    if secret:
        text = with_secrets(text)
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "project"
        project.mkdir()
        size = len(text.encode("utf-8"))
        (project / ".capy.toml").write_text(f"[store]\nmax_source_bytes = {2 * size}\n")
        with bench_container(StoreChoice.SQLCIPHER, Path(tmp), project_dir=project) as container:
            if output:
                container.use_cases.summarise_output().summarise(
                    "execute:python:log", "connection refused", text, OUTPUT_PROGRAM
                )
            else:
                container.use_cases.index_content().execute(
                    IndexRequest(content=text, label="bench:log", kind=SourceKind.DURABLE)
                )
            name = f"log-{megabytes:g}MB{'-secret' if secret else ''}{'-output' if output else ''}"
            _print_hashes(container, name)


def _print_hashes(container: Any, size: str) -> None:
    db = container.adapters.knowledge_store()._pool.connection()
    tables = [
        row[0]
        for row in db.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")
    ]
    every, logical = hashlib.sha256(), hashlib.sha256()
    for table in tables:
        found = _rows_hash(db, table)
        if found is None:
            continue
        count, digest = found
        every.update(table.encode() + bytes.fromhex(digest))
        if not _is_shadow(table):
            logical.update(table.encode() + bytes.fromhex(digest))
        print(f"  {size} {table:28s} {count:7d} {digest[:16]}")
    for name in FULL_TEXT_TABLES:
        db.execute(f"CREATE VIRTUAL TABLE temp.v_{name} USING fts5vocab(main, {name}, instance)")
        digest, count = hashlib.sha256(), 0
        ordered = (
            f"SELECT term, doc, col, offset FROM temp.v_{name} ORDER BY term, doc, col, offset"
        )
        for row in db.execute(ordered):
            digest.update(repr(row).encode())
            count += 1
        logical.update(name.encode() + digest.digest())
        print(f"  {size} {name + ' terms':28s} {count:7d} {digest.hexdigest()[:16]}")
    print(f"SIZE {size} all-tables {every.hexdigest()[:16]} logical {logical.hexdigest()[:16]}")


if __name__ == "__main__":
    import domain

    arguments = sys.argv[1:]
    if not arguments or {"-h", "--help"} & set(arguments):
        print(__doc__)
        sys.exit(0)
    print("code", Path(domain.__file__).parent.parent)
    secret = output = False
    while arguments:
        argument = arguments.pop(0)
        if argument == "--secret":
            secret = True
        elif argument == "--output":
            output = True
        elif argument == "--log-mb":
            log_hashes(float(arguments.pop(0)), secret, output)
        elif argument.isdigit():
            store_hashes(int(argument))
        else:
            sys.exit(f"unknown argument {argument!r}: give sizes, --log-mb N, --secret, --output")
