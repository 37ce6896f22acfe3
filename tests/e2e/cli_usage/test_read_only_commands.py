"""Commands that only look never write, move or create anything — whatever the path holds.

Each read-only command is pointed (``--db`` or ``CAPY_VAULT_PATH``) at a text file, a folder, a
FIFO, an empty file and a damaged capy database. Every one must refuse with a message naming
the path, leave every byte where it was and create nothing: no database, no key file, no mark.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from adapters.sqlcipher.vault.sqlcipher_vault_store import SqlcipherVaultStore
from tests.integration.store.helpers import damage_first_page, document

CAPY = Path(sys.executable).parent / "capy"

KNOWLEDGE_COMMANDS = {
    "stats": ["stats"],
    "sources": ["sources"],
    "search": ["search", "anything"],
    "dbsize": ["dbsize"],
    "doctor": ["doctor"],
    "which": ["which"],
}
VAULT_COMMANDS = {
    "vault list": ["vault", "list"],
    "vault search": ["vault", "search", "anything"],
    "vault show": ["vault", "show", "0b5e9f6c"],
    "vault stats": ["vault", "stats"],
}


def _text(path: Path) -> None:
    path.write_text("my notes, not a database\n")


def _folder(path: Path) -> None:
    path.mkdir()
    (path / "inside.txt").write_text("kept\n")


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _empty(path: Path) -> None:
    path.write_bytes(b"")


def _damaged_knowledge(path: Path) -> None:
    store = SqlcipherKnowledgeStore(path, "some key")
    store.index(document("a", "alpha " * 3000))
    store.close()
    damage_first_page(path)


def _damaged_vault(path: Path) -> None:
    from tests.unit.vault.sessions import archived

    vault = SqlcipherVaultStore(path, "some key")
    vault.save([archived("0b5e9f6c-1a2d-4c3b-8e7f-112233445566", main=os.urandom(40_000))])
    vault.close()
    damage_first_page(path)


TARGETS: dict[str, Callable[[Path], None]] = {
    "text file": _text,
    "folder": _folder,
    "fifo": _fifo,
    "empty file": _empty,
}


def _snapshot(root: Path) -> dict[str, str]:
    """Every entry under ``root``: a file's SHA-256, or what kind of entry it is."""
    found: dict[str, str] = {}
    for entry in sorted(root.rglob("*")):
        name = str(entry.relative_to(root))
        if entry.is_fifo():
            found[name] = "fifo"
        elif entry.is_dir():
            found[name] = "dir"
        else:
            found[name] = hashlib.sha256(entry.read_bytes()).hexdigest()
    return found


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(CAPY), *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,  # a command that opened the FIFO would hang here
        check=False,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize("target", [*TARGETS, "damaged capy database"])
def test_read_only_knowledge_commands_touch_nothing(tmp_path: Path, target: str) -> None:
    work = tmp_path / "work"
    work.mkdir()
    path = work / "notes.txt"
    TARGETS.get(target, _damaged_knowledge)(path)
    env = {k: v for k, v in os.environ.items() if k not in ("CAPY_DB_KEY", "CAPY_VAULT_KEY")}
    before = _snapshot(Path(env["HOME"])), _snapshot(work)

    for name, args in KNOWLEDGE_COMMANDS.items():
        done = _run(["--db", str(path), *args], work, env)
        said = done.stdout + done.stderr
        assert str(path) in said, (name, said)
        if name not in ("which", "doctor"):  # these report; the others refuse
            assert done.returncode != 0, (name, said)
        assert (_snapshot(Path(env["HOME"])), _snapshot(work)) == before, name


@pytest.mark.parametrize("target", [*TARGETS, "damaged capy database"])
def test_read_only_vault_commands_touch_nothing(tmp_path: Path, target: str) -> None:
    work = tmp_path / "work"
    work.mkdir()
    path = work / "notes.txt"
    TARGETS.get(target, _damaged_vault)(path)
    env = {k: v for k, v in os.environ.items() if k not in ("CAPY_DB_KEY", "CAPY_VAULT_KEY")}
    env["CAPY_VAULT_PATH"] = str(path)
    before = _snapshot(Path(env["HOME"])), _snapshot(work)

    for name, args in VAULT_COMMANDS.items():
        done = _run(args, work, env)
        said = done.stdout + done.stderr
        assert done.returncode != 0 and str(path) in said, (name, said)
        assert (_snapshot(Path(env["HOME"])), _snapshot(work)) == before, name


def test_on_a_fresh_machine_looking_creates_nothing(tmp_path: Path) -> None:
    work = tmp_path / "project"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("CAPY_DB_KEY", "CAPY_VAULT_KEY")}
    home = Path(env["HOME"])
    before = _snapshot(home), _snapshot(work)
    for name, args in {**KNOWLEDGE_COMMANDS, **VAULT_COMMANDS}.items():
        _run(args, work, env)
        assert (_snapshot(home), _snapshot(work)) == before, name
