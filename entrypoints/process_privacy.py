"""Making the running server's ``/proc/<pid>`` files private (Linux; a no-op elsewhere).

``prctl(PR_SET_DUMPABLE, 0)`` hands ``/proc/<pid>/environ``, ``mem``, ``fd`` … to root, so
other processes of the same user — the code capy runs among them — cannot read them or
attach a debugger to the server. It also stops core dumps, which would hold the key. Children
are unaffected: ``execve`` makes every program dumpable again.
"""

from __future__ import annotations

import sys

PR_SET_DUMPABLE = 4
PR_GET_DUMPABLE = 3


def forbid_inspection() -> bool:
    """Whether the server is now non-dumpable; False (silently) where that is not possible."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        ulong = ctypes.c_ulong
        libc.prctl.argtypes = (ctypes.c_int, ulong, ulong, ulong, ulong)
        libc.prctl.restype = ctypes.c_int
        return bool(libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False
