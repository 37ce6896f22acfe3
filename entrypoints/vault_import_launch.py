"""Starting ``capy vault import`` in a process of its own, with the vault key in a pipe.

Both automatic archivers use it: the MCP server's start-up sweep (ADR 0036) and the
SessionEnd hook, which hands the transcript of the session the host just ended to a detached,
low-priority import of that one session (ADR 0058). ``CAPY_VAULT_KEY``, when set, reaches the
child through a pipe (``CAPY_HANDOFF_FD``, ADR 0018), never through its environment.

Standard library only: the hook imports this on SessionEnd.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from entrypoints.secret_handoff import HANDOFF_FD, is_handed_over

VAULT_KEY = "CAPY_VAULT_KEY"

Spawn = Callable[[Sequence[str], Mapping[str, str], tuple[int, ...]], "subprocess.Popen[bytes]"]


def import_command(*arguments: str, project_dir: Path | None = None) -> list[str]:
    """``capy vault import --quiet --low-priority …`` as this interpreter runs capy."""
    command = [sys.executable, "-m", "entrypoints.main"]
    if project_dir is not None:
        command += ["--project-dir", str(project_dir)]
    return [*command, "vault", "import", "--quiet", "--low-priority", *arguments]


def launch(command: Sequence[str], env: Mapping[str, str], spawn: Spawn) -> subprocess.Popen[bytes]:
    """Start ``command`` with capy's secrets removed from ``env``; the vault key, if any, is
    written to a pipe whose read end only the child inherits."""
    clean = {name: value for name, value in env.items() if not is_handed_over(name)}
    clean.pop(HANDOFF_FD, None)
    secret = env.get(VAULT_KEY)
    if secret is None:
        return spawn(command, clean, ())
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, json.dumps({VAULT_KEY: secret}).encode())
    finally:
        os.close(write_end)
    try:
        clean[HANDOFF_FD] = str(read_end)
        return spawn(command, clean, (read_end,))
    finally:
        os.close(read_end)


def spawn_detached(
    command: Sequence[str], env: Mapping[str, str], pass_fds: tuple[int, ...]
) -> subprocess.Popen[bytes]:
    """A child in a session of its own: it outlives the hook and the host's process group, and
    prints nowhere (the next server start reports what it could not archive)."""
    return subprocess.Popen(
        list(command),
        env=dict(env),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        pass_fds=pass_fds,
        close_fds=True,
        start_new_session=True,
    )
