"""capy's directories under the user's state home (``$XDG_STATE_HOME``, else ``~/.local/state``)."""

# On the hook path: importing pathlib (and urllib.parse with it) costs ~4 ms per tool call.
# ruff: noqa: PTH111, PTH117, PTH118

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing is not imported at run time (ADR 0102)
if TYPE_CHECKING:
    from collections.abc import Mapping


def capy_state_directory(env: Mapping[str, str], name: str) -> str:
    """``$XDG_STATE_HOME/capy/<name>``; a relative ``XDG_STATE_HOME`` is invalid and ignored."""
    state = env.get("XDG_STATE_HOME", "")
    if not os.path.isabs(state):
        home = env.get("HOME") or os.path.expanduser("~")
        state = os.path.join(home, ".local", "state")
    return os.path.join(state, "capy", name)
