"""Keeping capy's keys out of the server's initial environment block (ADR 0018 addendum).

``/proc/<pid>/environ`` shows the environment a process was *started* with, to every process
of the same user — sandboxed code included — and changing ``os.environ`` later does not change
it. So when ``capy serve`` starts with a key in its environment, it re-executes itself once,
before anything heavy is imported: same interpreter, same arguments, an environment without
the keys, and the keys in a pipe whose read end the new image inherits (its number in
``CAPY_HANDOFF_FD``). The new image reads and closes the pipe at once and puts the keys into
``os.environ``, where capy reads them from; that never reaches its own ``/proc/self/environ``.

Standard library only, and imported only on the way to the CLI: ``capy hook`` never loads it.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from collections.abc import Mapping, MutableMapping, Sequence

HANDOFF_FD = "CAPY_HANDOFF_FD"
_SECRET_WORDS = ("KEY", "SECRET", "TOKEN", "PASS", "CREDENTIAL")
_GLOBAL_OPTIONS = ("--db", "--project-dir")
_SERVE = "serve"
_MAX_PAYLOAD = 16 * 1024  # fits any pipe buffer, so writing it before exec never blocks


def _warn(message: str) -> None:
    try:
        print(f"capy: warning: {message}", file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def is_serve(args: Sequence[str]) -> bool:
    """Whether ``capy <args>`` runs the MCP server: the first token after the global options
    is ``serve`` or there is none."""
    return command_of(args) in (None, _SERVE)


def command_of(args: Sequence[str]) -> str | None:
    """The first token of ``capy <args>`` after the global options (``--db PATH``,
    ``--db=PATH``, ``--project-dir PATH``, ``--project-dir=PATH``); None when there is none."""
    i = 0
    while i < len(args):
        token = args[i]
        if token in _GLOBAL_OPTIONS:
            i += 2
        elif token.split("=", 1)[0] in _GLOBAL_OPTIONS and "=" in token:
            i += 1
        else:
            return token
    return None


def is_handed_over(name: str) -> bool:
    """capy's secrets: a ``CAPY_*`` name holding KEY, SECRET, TOKEN, PASS or CREDENTIAL."""
    upper = name.upper()
    return (
        upper.startswith("CAPY_")
        and upper != HANDOFF_FD
        and any(word in upper for word in _SECRET_WORDS)
    )


def secrets_in(env: Mapping[str, str]) -> dict[str, str]:
    return {name: value for name, value in env.items() if is_handed_over(name)}


def hide_secrets() -> None:
    """What ``capy serve`` does first: take the keys over from the launcher if this process is
    the re-executed one, otherwise re-execute without them if there are any."""
    if HANDOFF_FD in os.environ:
        receive_secrets()
    else:
        reexec_without_secrets()


def reexec_without_secrets(argv: Sequence[str] | None = None) -> None:
    """Replace this process with itself minus the keys in its environment; return only when
    there is nothing to hide or when that fails (one warning, then capy runs as it is)."""
    if os.name != "posix" or HANDOFF_FD in os.environ:
        return
    secrets = secrets_in(os.environ)
    if not secrets:
        return
    payload = json.dumps(secrets).encode()
    if len(payload) > _MAX_PAYLOAD:
        _warn("capy's keys are too large to hand over; they stay readable in /proc")
        return
    command = list(sys.orig_argv if argv is None else argv)
    env = {k: v for k, v in os.environ.items() if k not in secrets}
    try:
        read_end, write_end = os.pipe()
    except OSError as exc:  # out of file descriptors
        _warn(f"could not hide capy's keys from sandboxed code ({exc}); running anyway")
        return
    try:
        os.set_blocking(write_end, False)
        os.write(write_end, payload)
        os.close(write_end)
        write_end = -1
        os.set_inheritable(read_end, True)
        env[HANDOFF_FD] = str(read_end)
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
        os.execve(sys.executable, command, env)  # noqa: S606 — this very program, same argv
    except (OSError, ValueError) as exc:
        if write_end >= 0:
            os.close(write_end)
        os.close(read_end)
        _warn(f"could not hide capy's keys from sandboxed code ({exc}); running anyway")


def receive_secrets(environ: MutableMapping[str, str] | None = None) -> None:
    """In the re-executed server: move the handed-over keys from the pipe into ``environ``
    (``os.environ`` by default), close the pipe. A missing or broken handoff stops capy with
    a clear message rather than letting it run without the key it was given."""
    target = os.environ if environ is None else environ
    raw = target.pop(HANDOFF_FD, None)
    if raw is None:
        return
    try:
        fd = int(raw)
        if fd <= 2 or not stat.S_ISFIFO(os.fstat(fd).st_mode):
            raise ValueError(f"fd {fd} is not a pipe")
        try:
            chunks = []
            while chunk := os.read(fd, 65536):
                chunks.append(chunk)
        finally:
            os.close(fd)
        secrets = json.loads(b"".join(chunks))
        if not isinstance(secrets, dict) or not all(
            isinstance(v, str) and isinstance(k, str) and is_handed_over(k)
            for k, v in secrets.items()
        ):
            raise ValueError("unexpected content")
    except (OSError, ValueError) as exc:
        print(
            f"capy: could not receive capy's keys from its launcher ({exc}) — start capy again; "
            f"if this repeats, unset {HANDOFF_FD} in the environment that starts capy",
            file=sys.stderr,
            flush=True,
        )
        sys.exit(1)
    target.update(secrets)
