"""Restoring onto a real file system: confined to the folder, private modes, symlinks."""

from __future__ import annotations

import os
import stat
from pathlib import Path, PurePosixPath

import pytest

from adapters.filesystem_restore_folders import FilesystemRestoreFolders
from application.ports.restore_folders import UnsafePath


def test_files_and_folders_are_private(tmp_path: Path) -> None:
    folder = FilesystemRestoreFolders().open(tmp_path / "new" / "root")
    written = folder.write(PurePosixPath("s/sub/file.txt"), [b"a", b"b"])
    assert written.read_bytes() == b"ab"
    assert stat.S_IMODE(written.stat().st_mode) == 0o600
    for directory in (tmp_path / "new", tmp_path / "new/root", tmp_path / "new/root/s/sub"):
        assert stat.S_IMODE(directory.stat().st_mode) == 0o700


def test_a_symlinked_folder_leading_out_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    root = tmp_path / "root"
    root.mkdir()
    (root / "s").mkdir()
    (root / "s" / "escape").symlink_to(outside)
    folder = FilesystemRestoreFolders().open(root)
    with pytest.raises(UnsafePath):
        folder.write(PurePosixPath("s/escape/planted.txt"), [b"x"])
    assert list(outside.iterdir()) == []


def test_a_symlink_where_a_file_goes_is_replaced_not_followed(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    root = tmp_path / "root"
    root.mkdir()
    (root / "session.jsonl").symlink_to(victim)
    folder = FilesystemRestoreFolders().open(root)
    assert folder.exists(PurePosixPath("session.jsonl"))
    assert not folder.identical(PurePosixPath("session.jsonl"), [b"keep me"])
    folder.write(PurePosixPath("session.jsonl"), [b"restored"])
    assert victim.read_text() == "keep me"
    assert not (root / "session.jsonl").is_symlink()
    assert (root / "session.jsonl").read_bytes() == b"restored"


def test_a_symlinked_root_is_resolved(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "link").symlink_to(real)
    folder = FilesystemRestoreFolders().open(tmp_path / "link")
    assert folder.root == real
    folder.write(PurePosixPath("a.txt"), [b"1"])
    assert (real / "a.txt").read_bytes() == b"1"


def test_identical_compares_the_bytes(tmp_path: Path) -> None:
    folder = FilesystemRestoreFolders().open(tmp_path)
    folder.write(PurePosixPath("f"), [b"hello world"])
    assert folder.identical(PurePosixPath("f"), [b"hello", b" world"])
    assert not folder.identical(PurePosixPath("f"), [b"hello"])
    assert not folder.identical(PurePosixPath("f"), [b"hello world!"])
    assert not folder.identical(PurePosixPath("missing"), [b""])
    os.mkfifo(tmp_path / "pipe")
    assert not folder.identical(PurePosixPath("pipe"), [b""])
