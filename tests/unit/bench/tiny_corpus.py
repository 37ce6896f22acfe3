"""A tiny benchmark corpus (two entries, three cases) and a writer for it."""

from __future__ import annotations

import json
from pathlib import Path

MARKDOWN = """# Service

## Install

Run `make install` and then `svc init`.

## Configuration

The pool size is set by `SVC_POOL_SIZE` and defaults to 12 connections.

## Troubleshooting

If you see ECONNREFUSED, the database is not running; start it with `docker compose up db`.
"""

PLAINTEXT = (
    "\n".join(f"step {i}: ok" for i in range(40))
    + "\nerror: disk quota exceeded on /var/lib/data\n"
)


def small_entries() -> list[dict[str, object]]:
    return [
        {
            "id": "md_001",
            "content_type": "markdown",
            "haystack": MARKDOWN,
            "source_label": "bench-md-1",
            "source_kind": "durable",
            "cases": [
                {
                    "case_id": "md_001_q1",
                    "query": "pool size connections",
                    "needles": ["defaults to 12 connections"],
                    "expected_rank_ceiling": 2,
                },
                {
                    "case_id": "md_001_q2",
                    "query": "kerberos keytab rotation",
                    "needles": [],
                    "expected_rank_ceiling": 0,
                },
            ],
        },
        {
            "id": "pt_001",
            "content_type": "plaintext",
            "haystack": PLAINTEXT,
            "source_label": "bench-pt-1",
            "source_kind": "ephemeral",
            "cases": [
                {
                    "case_id": "pt_001_q1",
                    "query": "disk quota exceeded",
                    "needles": ["disk quota exceeded on /var/lib/data"],
                    "expected_rank_ceiling": 1,
                }
            ],
        },
    ]


def write_fixtures(directory: Path, entries: list[dict[str, object]]) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    by_type: dict[str, list[str]] = {}
    for entry in entries:
        by_type.setdefault(str(entry["content_type"]), []).append(json.dumps(entry))
    for content_type, lines in by_type.items():
        (directory / f"{content_type}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return directory
