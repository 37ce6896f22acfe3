"""How ``capy search`` and ``capy vault list`` end once they have answered (ADR 0240).

When a command returns, CPython still tears the interpreter down: it collects and frees every
object, function and module the process made — several hundred modules for a search — which
took ~20 ms of a ~200 ms ``capy search`` and changes nothing anyone sees: the answer is written,
the store closed, and the kernel reclaims the memory of an ended process anyway. So a finished
quick command runs the exit handlers (``atexit``: logging's flush, a test's or a profiler's
record), flushes stdout and stderr, and ends the process at once.

It ends the normal way instead whenever that teardown could still matter: another thread is
alive (the interpreter would wait for it), a profiler or tracer is installed (``python -m
cProfile`` writes its record after the program returns), or flushing the streams fails (the
interpreter reports it as it always has).
"""

from __future__ import annotations

import atexit
import os
import sys
import threading
from typing import NoReturn


def end_process(code: int) -> NoReturn:
    """Exit with ``code`` after the exit handlers, without the interpreter's teardown."""
    if threading.active_count() > 1 or sys.getprofile() is not None or sys.gettrace() is not None:
        sys.exit(code)
    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a failing or closed stream: reported as before
        sys.exit(code)
    os._exit(code)
