"""``capy index`` and ``capy cleanup`` as a user runs them, against a real encrypted database."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from entrypoints.containers.applications import CliContainer
from entrypoints.containers.runtime import RuntimeOptions

CAPY = Path(sys.executable).parent / "capy"
KEY = "index-e2e-key-0123456789abcdef0123456789"
GUIDE = "# Guide\n\nintro\n\n## Install\n\n```bash\npip install capy\n```\n\nSee [docs](x).\n"


def _executable() -> str:
    found = str(CAPY) if CAPY.exists() else shutil.which("capy")
    if found is None:
        pytest.skip("the capy console script is not installed")
    return found


def _command(db: Path, *args: str) -> list[str]:
    return [_executable(), "--db", str(db), "--project-dir", str(db.parent), *args]


def _env() -> dict[str, str]:
    return {**os.environ, "CAPY_DB_KEY": KEY}


def capy(db: Path, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        _command(db, *args), input=stdin, capture_output=True, env=_env(), timeout=120, check=False
    )
    return subprocess.CompletedProcess(
        done.args, done.returncode, done.stdout.decode(), done.stderr.decode()
    )


def stored_labels(db: Path) -> dict[str, int]:
    options = RuntimeOptions(db=db, project_dir=db.parent, cwd=db.parent, env={"CAPY_DB_KEY": KEY})
    container = CliContainer(options=options)
    try:
        return {s.label: s.chunk_count for s in container.adapters.knowledge_store().sources()}
    finally:
        container.shutdown_resources()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "knowledge.db"


def test_indexes_a_file_then_reports_it_unchanged(db: Path, tmp_path: Path) -> None:
    guide = tmp_path / "guide.md"
    guide.write_text(GUIDE)
    first = capy(db, "index", str(guide))
    assert first.returncode == 0, first.stderr
    assert "indexed guide.md [markdown, durable]: 2 sections (1 with code)" in first.stdout
    again = capy(db, "index", str(guide))
    assert "unchanged guide.md" in again.stdout and "2 sections" in again.stdout
    assert stored_labels(db) == {"guide.md": 2}


def test_stdin_with_label_and_kind(db: Path) -> None:
    done = capy(db, "index", "-", "--label", "piped", "--kind", "ephemeral", stdin=b"hello\n")
    assert done.returncode == 0, done.stderr
    assert "indexed piped [plaintext, ephemeral]" in done.stdout


def test_several_files_with_a_label_are_prefixed(db: Path, tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    for folder in ("a", "b"):
        (tmp_path / folder / "notes.txt").write_text(f"notes in {folder}\n")
    (tmp_path / "other.txt").write_text("other\n")
    paths = [str(tmp_path / "a" / "notes.txt"), str(tmp_path / "b" / "notes.txt")]
    done = capy(db, "index", *paths, str(tmp_path / "other.txt"), "--label", "batch")
    assert done.returncode == 0, done.stderr
    assert set(stored_labels(db)) == {"batch:a/notes.txt", "batch:b/notes.txt", "batch:other.txt"}
    assert "indexed 3 of 3 inputs" in done.stdout


def test_bad_inputs_are_refused_and_the_rest_still_indexed(db: Path, tmp_path: Path) -> None:
    files = {
        "binary.dat": b"\x7fELF\x00\x01",
        "latin1.txt": "café au lait\n".encode("latin-1"),
        "empty.txt": b"",
        "good.txt": b"all fine here\n",
    }
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    args = [str(tmp_path / n) for n in files] + [str(tmp_path / "missing.txt")]
    done = capy(db, "index", *args)
    assert done.returncode == 1
    assert "binary.dat: looks binary (NUL byte at offset 4)" in done.stderr
    assert "latin1.txt: not valid UTF-8 (bad byte at offset 3)" in done.stderr
    assert "iconv" in done.stderr
    assert "empty.txt: nothing to index" in done.stderr
    assert "missing.txt: no such file" in done.stderr
    assert "indexed 1 of 5 inputs, 4 failed" in done.stdout
    assert set(stored_labels(db)) == {"good.txt"}


def test_empty_stdin_is_refused(db: Path) -> None:
    done = capy(db, "index", "-", stdin=b"")
    assert done.returncode == 1
    assert "empty" in done.stderr


@pytest.mark.parametrize("seconds", ["-5", "nan"])
def test_a_negative_embedding_budget_is_refused_before_anything_is_indexed(
    db: Path, tmp_path: Path, seconds: str
) -> None:
    note = tmp_path / "note.md"
    note.write_text(GUIDE)
    done = capy(db, "index", "--embed-seconds", seconds, str(note))
    assert done.returncode == 1
    assert "--embed-seconds" in done.stderr and "0 or more seconds" in done.stderr
    assert stored_labels(db) == {}


def test_file_over_the_limit_names_the_setting(db: Path, tmp_path: Path) -> None:
    (tmp_path / ".capy.toml").write_text("[store]\nmax_source_bytes = 1000\n")
    big = tmp_path / "big.log"
    big.write_text("x" * 1001)
    done = capy(db, "index", str(big))
    assert done.returncode == 1
    assert "1,001 bytes, over the 1,000 byte limit" in done.stderr
    assert "store.max_source_bytes" in done.stderr
    piped = capy(db, "index", "-", stdin=b"y" * 5000)
    assert piped.returncode == 1 and "store.max_source_bytes" in piped.stderr


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_device_is_refused_without_reading_it_all(db: Path) -> None:
    done = capy(db, "index", "/dev/zero")
    assert done.returncode == 1
    assert "more than 2,097,152 bytes" in done.stderr


def test_a_directory_is_refused(db: Path, tmp_path: Path) -> None:
    done = capy(db, "index", str(tmp_path))
    assert done.returncode == 1
    assert "is a directory" in done.stderr


def test_malformed_json_is_indexed_as_plaintext_with_a_note(db: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"items": [1, 2')
    done = capy(db, "index", str(broken), "--content-type", "json")
    assert done.returncode == 0, done.stderr
    assert "[plaintext, durable]" in done.stdout
    assert "note: not valid JSON, indexed as plaintext" in done.stdout


def test_secrets_never_reach_the_database(db: Path) -> None:
    secret = "sk-ant-" + "Q" * 40
    capy(db, "index", "-", "--label", "env", stdin=f"ANTHROPIC_API_KEY={secret}\n".encode())
    found = capy(db, "search", "ANTHROPIC_API_KEY", "--source", "env")
    assert secret not in found.stdout
    assert secret.encode() not in db.read_bytes()


def test_cleanup_lists_then_removes_by_label(db: Path, tmp_path: Path) -> None:
    capy(db, "index", "-", "--label", "scratch", stdin=b"scratch notes\n")
    preview = capy(db, "cleanup", "--source", "scratch")
    assert preview.returncode == 0, preview.stderr
    assert "scratch" in preview.stdout and "manual" in preview.stdout
    assert "Use --force to remove these sources." in preview.stdout
    assert "scratch" in stored_labels(db)
    removed = capy(db, "cleanup", "--source", "scratch", "--force", "--vacuum")
    assert removed.returncode == 0, removed.stderr
    assert "VACUUM" in removed.stdout
    assert "scratch" not in stored_labels(db)
    assert "No evictable sources found." in capy(db, "cleanup").stdout


def test_cleanup_refuses_an_unknown_label(db: Path) -> None:
    done = capy(db, "cleanup", "--source", "nope")
    assert done.returncode == 1
    assert 'no source is labelled "nope"' in done.stderr


def test_two_processes_indexing_one_label_leave_one_source(db: Path, tmp_path: Path) -> None:
    contents = [tmp_path / f"v{i}.md" for i in range(2)]
    for i, path in enumerate(contents):
        path.write_text(f"# Version {i}\n\n" + f"line {i}\n" * 2000)
    processes = [
        subprocess.Popen(
            _command(db, "index", str(path), "--label", "shared"),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=_env(),
        )
        for path in contents * 2
    ]
    outcomes = [
        (p.wait(timeout=120), p.stderr.read().decode() if p.stderr else "") for p in processes
    ]
    for process in processes:
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()
    assert all(code == 0 for code, _ in outcomes), outcomes
    assert not any("locked" in err for _, err in outcomes)
    labels = stored_labels(db)
    assert set(labels) == {"shared"}


def test_help_explains_encoding_and_dry_run(db: Path) -> None:
    index_help = capy(db, "index", "--help")
    assert "UTF-8" in index_help.stdout and "store.max_source_bytes" in index_help.stdout
    cleanup_help = capy(db, "cleanup", "--help")
    assert "--force" in cleanup_help.stdout and "dry run" in cleanup_help.stdout
