"""How a command's failure reaches the person who ran it, with or without the CLI framework.

A ``CapyError`` becomes one line on stderr (what went wrong — what to do next) and exit code
1; any other exception one line asking for a bug report and exit code 1 (``CAPY_DEBUG=1``
adds the traceback). Nobody should have to read a traceback to learn what to fix. The
cyclopts application (``entrypoints.cli.app``) and the commands answered before it is built
(``entrypoints.cli.quick_path``) both run their command through ``run_guarded``.
"""

from __future__ import annotations

import errno
import logging
import os
import sys
from collections.abc import Callable
from typing import NoReturn

from domain.errors import CapyError


def run_guarded(command: Callable[[], object]) -> None:
    """Run ``command``; every failure ends the process as described above."""
    show_warnings_as_capy_lines()
    try:
        command()
    except CapyError as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        fail("interrupted", code=130)
    except BrokenPipeError:
        reader_went_away()
    except Exception as exc:
        if os.environ.get("CAPY_DEBUG", "") not in ("", "0"):
            import traceback

            traceback.print_exc()
        if (reason := environment_failure(exc)) is not None:
            fail(reason)
        fail(
            f"unexpected error ({type(exc).__name__}: {exc}) — this is a bug in capy; please "
            "report it with the command you ran (CAPY_DEBUG=1 shows the traceback)"
        )


def environment_failure(exc: BaseException) -> str | None:
    """A full disk or a path that is not what capy expects, said as such (not as a bug)."""
    text = str(exc)
    full = isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT)
    if full or "database or disk is full" in text:
        where = f" ({exc.filename})" if isinstance(exc, OSError) and exc.filename else ""
        return (
            f"the disk is full{where}: the command stopped and wrote nothing more; what was "
            "stored before is intact — free some space (df -h shows where) and run it again"
        )
    if isinstance(exc, (IsADirectoryError, NotADirectoryError, PermissionError)):
        return (
            f"cannot use {exc.filename or 'a file'}: {exc.strerror} — check that path (a folder "
            "where a file belongs, or a file you do not own) and run the command again"
        )
    return None


def show_warnings_as_capy_lines() -> None:
    """capy's own warnings (a damaged database moved aside, …) read like its other messages."""
    logger = logging.getLogger("capy")
    if not any(isinstance(handler, _CapyLines) for handler in logger.handlers):
        logger.addHandler(_CapyLines(logging.WARNING))


class _CapyLines(logging.Handler):
    """Writes to whatever ``sys.stderr`` is at the time, as a ``capy: …`` line."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            print(f"capy: {record.getMessage()}", file=sys.stderr, flush=True)
        except Exception:
            self.handleError(record)


def reader_went_away() -> NoReturn:
    """``capy search … | head`` closed the pipe: stop quietly, as git and coreutils do."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())  # the final flush at exit must not fail again
    sys.exit(141)  # 128 + SIGPIPE


def fail(message: str, code: int = 1) -> NoReturn:
    print(f"capy: {' '.join(message.split())}", file=sys.stderr)
    sys.exit(code)
