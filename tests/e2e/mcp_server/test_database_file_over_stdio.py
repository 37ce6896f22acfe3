"""The knowledge database deleted, replaced or damaged while the installed capy uses it: no
acknowledged write is lost, and a damaged file is explained with the way out."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters

from tests.e2e.mcp_server.test_tools_over_stdio import call

pytestmark = pytest.mark.anyio


def _with_db(params: StdioServerParameters, db: Path) -> StdioServerParameters:
    return params.model_copy(update={"args": ["--db", str(db), *params.args]})


async def test_a_write_after_the_file_was_deleted_survives_a_restart(
    server_params: StdioServerParameters, tmp_path: Path
) -> None:
    db = tmp_path / "db" / "knowledge.db"
    params = _with_db(server_params, db)
    async with Client(params) as client:
        text, is_error = await call(client, "capy_index", {"content": "alpha one", "source": "a"})
        assert not is_error, text
        for path in db.parent.glob("knowledge.db*"):
            path.unlink()
        text, is_error = await call(
            client, "capy_index", {"content": "zebrafinch beta two", "source": "b"}
        )
        assert not is_error, text
    async with Client(params) as client:
        text, _ = await call(client, "capy_search", {"queries": ["zebrafinch"]})
        assert "zebrafinch" in text


async def test_a_replacement_the_key_cannot_open_is_refused_with_the_reason(
    server_params: StdioServerParameters, tmp_path: Path
) -> None:
    db = tmp_path / "db" / "knowledge.db"
    params = _with_db(server_params, db)
    async with Client(params) as client:
        await call(client, "capy_index", {"content": "alpha", "source": "a"})
        other = tmp_path / "other.db"
        other_params = _with_db(server_params, other)
        other_params.env = {**(other_params.env or {}), "CAPY_DB_KEY": "a-different-key-0123456789"}
        async with Client(other_params) as other_client:
            await call(other_client, "capy_index", {"content": "gamma", "source": "g"})
        os.replace(other, db)
        text, is_error = await call(client, "capy_index", {"content": "delta", "source": "d"})
        assert is_error
        assert "replaced while capy ran" in text and str(db) in text


def test_a_damaged_database_is_explained_by_the_cli(
    capy_bin: str, server_env: dict[str, str], project: Path, tmp_path: Path
) -> None:
    db = tmp_path / "db" / "knowledge.db"
    env = {**server_env, "CAPY_DB_KEY": "cli-damage-test-key-0123456789"}
    docs = tmp_path / "docs"
    docs.mkdir()
    for n in range(40):
        (docs / f"d{n}.md").write_text(f"# Doc {n}\n\n" + f"payload number {n} " * 300)
    base = [capy_bin, "--db", str(db), "--project-dir", str(project)]
    subprocess.run(
        [*base, "index", *map(str, docs.iterdir())], env=env, check=True, capture_output=True
    )
    subprocess.run([*base, "checkpoint"], env=env, check=True, capture_output=True)
    size = db.stat().st_size
    start = size // 2 // 4096 * 4096
    with db.open("r+b") as handle:
        handle.seek(start)
        handle.write(os.urandom(size - start))
    done = subprocess.run(
        [*base, "search", "payload number 33"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert str(db) in done.stderr and "damaged" in done.stderr and "mv " in done.stderr
    assert "bug in capy" not in done.stderr
