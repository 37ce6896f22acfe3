"""``capy index`` with the semantic layer installed: it embeds what it indexed before it
returns, and only that — the backlog it did not index is left to the server's spare time."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from adapters.embedding import model_files
from tests.e2e.test_index_cli import KEY, _command

pytestmark = pytest.mark.skipif(
    bool(model_files.missing_modules()), reason="the semantic extra is not installed"
)


def _capy(db: Path, *args: str, semantic: bool) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CAPY_DB_KEY": KEY, model_files.SWITCH: "1" if semantic else "0"}
    return subprocess.run(
        _command(db, *args), capture_output=True, text=True, env=env, timeout=300, check=False
    )


def test_index_embeds_only_what_it_indexed(tmp_path: Path) -> None:
    db = tmp_path / "knowledge.db"
    backlog = tmp_path / "backlog.md"
    backlog.write_text("# Pods\n\nReason: OOMKilled, exit code 137\n")
    fresh = tmp_path / "fresh.md"
    fresh.write_text("# Disk\n\nwrite failed: No space left on device\n")
    assert _capy(db, "index", str(backlog), semantic=False).returncode == 0

    done = _capy(db, "index", str(fresh), semantic=True)

    assert done.returncode == 0, done.stderr
    assert "embedded 1 section for search by meaning" in done.stdout
    stats = _capy(db, "stats", "--json", semantic=True)
    layer = json.loads(stats.stdout)["semantic_layer"]
    assert (layer["embedded"], layer["sections"], layer["waiting_sources"]) == (1, 2, 1)


def test_index_leaves_what_its_budget_did_not_reach_to_the_server(tmp_path: Path) -> None:
    db = tmp_path / "knowledge.db"
    notes = tmp_path / "notes.md"
    notes.write_text("# Pods\n\nReason: OOMKilled, exit code 137\n")

    done = _capy(db, "index", str(notes), "--embed-seconds", "0", semantic=True)

    assert done.returncode == 0, done.stderr
    assert "embedded 0 of 1 section for search by meaning in 0 s;" in done.stdout
    assert "the rest (1 section) is embedded by capy's server in its spare time" in done.stdout
    layer = json.loads(_capy(db, "stats", "--json", semantic=True).stdout)["semantic_layer"]
    assert (layer["embedded"], layer["sections"], layer["waiting_sources"]) == (0, 1, 1)

    again = _capy(db, "index", str(notes), semantic=True)  # the next run carries on

    assert "embedded 1 section for search by meaning" in again.stdout


def test_ephemeral_output_left_unembedded_is_said_to_stay_found_by_words(tmp_path: Path) -> None:
    db = tmp_path / "knowledge.db"
    log = tmp_path / "build.log"
    log.write_text("error: linker command failed with exit code 1\n")

    done = _capy(
        db, "index", str(log), "--kind", "ephemeral", "--embed-seconds", "0", semantic=True
    )

    assert done.returncode == 0, done.stderr
    assert "embedded 0 of 1 section for search by meaning in 0 s;" in done.stdout
    assert "the rest (1 section) is found by its words only" in done.stdout


def test_a_small_store_answers_by_meaning_what_no_word_of_it_holds(tmp_path: Path) -> None:
    db = tmp_path / "knowledge.db"
    notes = tmp_path / "workers.md"
    notes.write_text(
        "\n\n".join(
            f"## Section {i}\n\n"
            + " ".join(f"worker {i} handled request {j} and logged it." for j in range(8))
            for i in range(6)
        )
        + "\n\n## Pods\n\nReason: OOMKilled\nExit Code: 137\n"
    )
    assert _capy(db, "index", str(notes), semantic=True).returncode == 0

    found = _capy(db, "search", "the container ran out of memory", semantic=True)

    assert found.returncode == 0, found.stderr
    assert "OOMKilled" in found.stdout


TRACEBACKS = """$ python3 export_report.py
Traceback (most recent call last):
  File "/srv/jobs/export_report.py", line 5, in <module>
    json.dump(rows, out)
OSError: [Errno 28] No space left on device

$ python3 load_matrix.py
Traceback (most recent call last):
  File "/srv/jobs/load_matrix.py", line 4, in <module>
    samples = [bytearray(64 * 1024 * 1024) for _ in range(16)]
MemoryError

$ python3 serve.py
Traceback (most recent call last):
  File "/srv/jobs/serve.py", line 7, in <module>
    second.bind(("127.0.0.1", 43985))
OSError: [Errno 98] Address already in use

$ python3 average.py
Traceback (most recent call last):
  File "/srv/jobs/average.py", line 3, in <module>
    print(sum(values) / len(values))
ZeroDivisionError: division by zero
"""


def test_a_question_whose_words_the_output_lacks_is_answered_by_the_line_that_says_it(
    tmp_path: Path,
) -> None:
    # "script" and "RAM" are no word of the output: the layer ranks the line that says it first.
    # Words alone reach it too since RAM is searched as memory (ADR 0148).
    db = tmp_path / "knowledge.db"
    log = tmp_path / "jobs.log"
    log.write_text(TRACEBACKS)
    assert _capy(db, "index", str(log), semantic=True).returncode == 0

    found = _capy(db, "search", "which script ran out of RAM", semantic=True)
    words = _capy(db, "search", "which script ran out of RAM", semantic=False)

    assert found.returncode == 0, found.stderr
    assert "MemoryError" in found.stdout.split("2.")[0]  # the first result
    assert words.returncode == 0, words.stderr
    assert "MemoryError" in words.stdout
