"""``capy search`` as a user runs it, over a knowledge base indexed beforehand."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CAPY = Path(sys.executable).parent / "capy"
KEY = "search-e2e-key-0123456789abcdef0123456789"
DOC = """# Runbook

## Rollback

Run `helm rollback billing 3` when the readiness probe fails for five minutes.

## Secrets

Secrets live in Vault under kv/billing/prod.
"""


def _capy_executable() -> str:
    executable = str(CAPY) if CAPY.exists() else shutil.which("capy")
    if executable is None:
        pytest.skip("the capy console script is not installed")
    return executable


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A knowledge base filled by ``capy index``, as a user would (once for the module)."""
    tmp_path = tmp_path_factory.mktemp("search-e2e")
    path = tmp_path / "knowledge.db"
    (tmp_path / "runbook.md").write_text(DOC, encoding="utf-8")
    env = {**os.environ, "CAPY_DB_KEY": KEY}
    base = [_capy_executable(), "--db", str(path), "--project-dir", str(tmp_path), "index"]
    for args, stdin in (
        ([str(tmp_path / "runbook.md"), "--label", "docs/runbook.md"], None),
        (["-", "--label", "execute:shell", "--kind", "ephemeral"], "npm ERR! code ELIFECYCLE\n"),
        (
            ["-", "--label", "execute:helm", "--kind", "ephemeral"],
            "helm rollback billing 3 failed: readiness probe timed out after five minutes\n",
        ),
    ):
        done = subprocess.run(
            [*base, *args],
            input=stdin,
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
            check=False,
        )
        assert done.returncode == 0, done.stderr
    return path


def capy(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CAPY_DB_KEY": KEY}
    return subprocess.run(
        [_capy_executable(), "--db", str(db), "--project-dir", str(db.parent), "search", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


def test_one_query_prints_one_json_object(db: Path) -> None:
    out = capy(db, "rollback readiness", "--json")
    assert out.returncode == 0, out.stderr
    payload = json.loads(out.stdout)
    assert payload["query"] == "rollback readiness"
    top = payload["results"][0]
    assert set(top) == {"rank", "source", "kind", "title", "content", "snippet", "score", "layer"}
    assert (top["rank"], top["source"], top["title"]) == (
        1,
        "docs/runbook.md",
        "Runbook > Rollback",
    )


def test_several_queries_print_an_array(db: Path) -> None:
    out = capy(db, "rollback", "vault", "--json", "--limit", "1")
    payload = json.loads(out.stdout)
    assert [p["query"] for p in payload] == ["rollback", "vault"]
    assert payload[1]["results"][0]["title"] == "Runbook > Secrets"


def test_kinds_widen_the_search_to_tool_output(db: Path) -> None:
    hidden = json.loads(capy(db, "ELIFECYCLE", "--json").stdout)
    assert hidden["results"] == []
    shown = json.loads(capy(db, "ELIFECYCLE", "--json", "--kinds", "durable,ephemeral").stdout)
    assert shown["results"][0]["source"] == "execute:shell"
    every = json.loads(capy(db, "ELIFECYCLE", "--json", "--all-kinds").stdout)
    assert every["results"][0]["kind"] == "ephemeral"


def test_human_output_names_source_title_and_snippet(db: Path) -> None:
    out = capy(db, "vault secrets")
    assert out.returncode == 0, out.stderr
    assert "docs/runbook.md" in out.stdout and "Runbook > Secrets" in out.stdout
    assert "kv/billing/prod" in out.stdout


def test_bad_input_is_one_line_with_what_to_do(db: Path) -> None:
    out = capy(db, "x", "--kinds", "forever")
    assert out.returncode == 1
    assert "durable" in out.stderr and "Traceback" not in out.stderr
    out = capy(db, "x", "--limit", "0")
    assert out.returncode == 1 and "between 1 and" in out.stderr


def test_searching_a_project_with_nothing_indexed_creates_no_database(tmp_path: Path) -> None:
    missing = tmp_path / "never.db"
    out = capy(missing, "anything")
    assert out.returncode == 0
    assert "nothing has been indexed" in out.stderr
    assert not missing.exists()
    assert json.loads(capy(missing, "anything", "--json").stdout) == {
        "query": "anything",
        "results": [],
    }


def test_no_results_names_the_words_nothing_holds_and_what_was_not_searched(db: Path) -> None:
    out = capy(db, "zookeeper quorum rollback")
    assert out.returncode == 0, out.stderr
    assert "No results." in out.stdout, "the search found something: nothing to check"
    assert "No indexed section holds these words: 'zookeeper', 'quorum'." in out.stdout
    assert "'rollback'" not in out.stdout  # the runbook holds that one
    hidden = capy(db, "ELIFECYCLE")
    assert "No results." in hidden.stdout
    assert "No indexed section holds" not in hidden.stdout  # tool output holds it
    said = " ".join(hidden.stdout.split())
    assert (
        "Not searched: 2 ephemeral sources (tool output) — and they match this query too:" in said
    )
    assert "execute:shell" in said and "--all-kinds" in said


def test_results_say_when_the_tool_output_left_out_matches_too(db: Path) -> None:
    out = capy(db, "helm rollback readiness")
    assert out.returncode == 0, out.stderr
    assert "docs/runbook.md" in out.stdout, "the durable answer is missing: nothing to check"
    said = " ".join(out.stdout.split())
    assert (
        "Not searched: 2 ephemeral sources (tool output) — and they match this query too:" in said
    )
    assert "execute:helm" in said
    widened = capy(db, "helm rollback readiness", "--all-kinds")
    assert "Not searched" not in widened.stdout
    plain = capy(db, "vault secrets")
    assert "Not searched" not in plain.stdout  # the tool output holds nothing about it
