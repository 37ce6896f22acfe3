"""The private files the session journal keeps: a folder only its owner can enter, files
created 0600 and never followed through a link, an advisory lock that gives up rather than keep
a hook waiting, and a whole-file write that replaces in one step.
"""

# On the hook path: importing pathlib (and urllib.parse with it) costs ~4 ms per tool call.
# ruff: noqa: PTH101, PTH103, PTH105, PTH108

from __future__ import annotations

import fcntl
import os
import stat
import time

LOCK_WAIT_SECONDS = 0.2
# O_NONBLOCK: a FIFO planted at a journal's path must not stall a hook until its deadline
# (for regular files it changes nothing); anything but a regular file is then ignored.
FLAGS = os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK


def private_directory(directory: str) -> bool:
    try:
        os.makedirs(directory, mode=0o700, exist_ok=True)
        status = os.lstat(directory)
    except OSError:
        return False
    if not stat.S_ISDIR(status.st_mode) or status.st_uid != os.getuid():
        return False
    if status.st_mode & 0o077:
        try:
            os.chmod(directory, 0o700)
        except OSError:
            return False
    return True


def lock(handle: int) -> bool:
    """An exclusive lock within ``LOCK_WAIT_SECONDS`` (another hook holds it for micro- to
    milliseconds); False rather than keeping the host waiting."""
    deadline = time.monotonic() + LOCK_WAIT_SECONDS
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.002)


def write_private(path: str, text: str) -> None:
    temporary = f"{path}.{os.getpid()}.tmp"
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | FLAGS, 0o600)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", errors="surrogatepass") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
