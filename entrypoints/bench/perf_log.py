"""One long log indexed whole: the throughput a user sees indexing a big file or output.

The log mixes what a service writes all day: access lines with statuses and latencies,
application lines at every level with request ids, now and then a traceback and a retry
that timed out. It is deterministic (a fixed seed), so runs compare.
"""

from __future__ import annotations

import random
import resource
import time
from pathlib import Path
from typing import Any

from application.use_cases.index_request import IndexRequest
from domain.chunking import chunk, detect_content_type
from domain.source_kind import SourceKind
from entrypoints.bench.bench_store import StoreChoice, bench_container

LOG_MB = 20

_PATHS = ["/api/orders", "/api/invoices/{}", "/health", "/login", "/static/app.js", "/api/users/{}"]
_STATUSES = [200] * 30 + [201, 204, 301, 304, 400, 401, 403, 404, 404, 500, 502, 503, 504]
_LEVELS = ["INFO"] * 12 + ["DEBUG"] * 6 + ["WARN"] * 2 + ["ERROR"]
_EVENTS = [
    "order {} accepted for tenant t{}",
    "cache miss for key user:{}:profile (shard {})",
    "payment {} settled after {} retries",
    "worker {} picked job export-{} from the queue",
    "connection to db-{} refused, retrying in {} ms",
    "upstream billing timed out after {} ms (attempt {})",
    "invoice {} rendered in {} ms",
]
_TRACEBACK = """Traceback (most recent call last):
  File "/srv/app/handlers/orders.py", line {}, in create
    total = price_of(cart)
  File "/srv/app/pricing.py", line 88, in price_of
    raise ValueError(f"no price for sku {}")
ValueError: no price for sku {}"""


def log_text(size_bytes: int, seed: int = 17) -> str:
    """About ``size_bytes`` bytes of ASCII log lines."""
    rng = random.Random(seed)
    lines: list[str] = []
    written = 0
    second = 0
    while written < size_bytes:
        second += rng.randint(0, 2)
        stamp = f"2025-06-14T{second // 3600 % 24:02d}:{second // 60 % 60:02d}:{second % 60:02d}Z"
        roll = rng.random()
        if roll < 0.5:
            path = rng.choice(_PATHS).format(rng.randint(1, 99999))
            line = (
                f'10.0.{rng.randint(0, 255)}.{rng.randint(1, 254)} - - [{stamp}] "GET {path} '
                f'HTTP/1.1" {rng.choice(_STATUSES)} {rng.randint(120, 90000)} '
                f"rt={rng.randint(1, 2500) / 1000:.3f}"
            )
        elif roll < 0.997:
            event = rng.choice(_EVENTS).format(rng.randint(1, 99999), rng.randint(1, 999))
            line = f"{stamp} {rng.choice(_LEVELS):<5} req={rng.getrandbits(48):012x} {event}"
        else:
            line = f"{stamp} ERROR unhandled exception\n" + _TRACEBACK.format(
                rng.randint(10, 400), rng.randint(1, 9999), rng.randint(1, 9999)
            )
        lines.append(line)
        written += len(line) + 1
    return "\n".join(lines) + "\n"


def measure_log(workdir: Path, megabytes: float = LOG_MB) -> dict[str, Any]:
    """Seconds to index a ``megabytes`` MB log as one source, content type detected as a
    user's file would be; the store's size limit is raised to fit it, as a user would. Next
    to it, the same chunks inserted in one transaction into an encrypted porter+trigram pair:
    the limit for what capy stores."""
    text = log_text(int(megabytes * 1_000_000))
    size = len(text.encode("utf-8"))
    project = workdir / "project"
    project.mkdir(parents=True, exist_ok=True)
    (project / ".capy.toml").write_text(f"[store]\nmax_source_bytes = {2 * size}\n")
    with bench_container(StoreChoice.SQLCIPHER, workdir, project_dir=project) as container:
        index = container.use_cases.index_content()
        began, began_cpu, began_worker = time.perf_counter(), time.process_time(), _workers_cpu()
        result = index.execute(
            IndexRequest(content=text, label="bench:log", kind=SourceKind.DURABLE)
        )
        seconds, cpu_seconds = time.perf_counter() - began, time.process_time() - began_cpu
        worker_cpu = _workers_cpu() - began_worker
    raw, raw_cpu = _encrypted_pair_seconds(text, workdir / "raw-enc.db")
    return {
        "bytes": size,
        "sections": result.sections,
        "seconds": round(seconds, 3),
        "mb_per_s": round(size / 1e6 / seconds, 3),
        "encrypted_porter_trigram_seconds": round(raw, 3),
        "encrypted_porter_trigram_mb_per_s": round(size / 1e6 / raw, 3),
        "speed_vs_encrypted_porter_trigram": round(raw / seconds, 3),
        # By CPU seconds, which other processes' load leaves alone: this process's and its
        # worker's (ADR 0149) together, and the larger of the two (what a core each allows).
        "cpu_seconds": round(cpu_seconds, 3),
        "worker_cpu_seconds": round(worker_cpu, 3),
        "cpu_mb_per_s": round(size / 1e6 / max(cpu_seconds + worker_cpu, 1e-9), 3),
        "critical_cpu_mb_per_s": round(size / 1e6 / max(cpu_seconds, worker_cpu, 1e-9), 3),
        "encrypted_porter_trigram_cpu_mb_per_s": round(size / 1e6 / max(raw_cpu, 1e-9), 3),
        "cpu_speed_vs_encrypted_porter_trigram": round(raw_cpu / max(cpu_seconds, 1e-9), 3),
    }


def _workers_cpu() -> float:
    """CPU seconds of this process's finished children (the document worker)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _encrypted_pair_seconds(text: str, path: Path) -> tuple[float, float]:
    """Seconds on the clock and of CPU to store ``text``'s chunks in the pair."""
    from entrypoints.bench.perf import PORTER_TABLE, TRIGRAM_TABLE, open_raw

    rows = [(c.title, c.content) for c in chunk(text, detect_content_type(text))]
    db = open_raw(path, {"p": PORTER_TABLE, "t": TRIGRAM_TABLE}, encrypted=True)
    try:
        began, began_cpu = time.perf_counter(), time.process_time()
        db.execute("BEGIN")
        for table in ("p", "t"):
            db.executemany(f"INSERT INTO {table}(title, content) VALUES (?, ?)", rows)
        db.execute("COMMIT")
        return time.perf_counter() - began, time.process_time() - began_cpu
    finally:
        db.close()
