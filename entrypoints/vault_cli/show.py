"""``capy vault show``: read a session (through a pager on a terminal) or export it."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from collections.abc import Iterable
from typing import Annotated, Literal

from cyclopts import Parameter

from entrypoints.vault_cli.app import vault


@vault.command
def show(
    session_id: Annotated[str, Parameter(help="The session's id, or its first 8+ characters.")],
    /,
    *,
    format: Annotated[
        Literal["text", "markdown", "json"],
        Parameter(
            help="text (readable), markdown (to keep or share), json (the transcript's JSONL "
            "lines exactly as archived)."
        ),
    ] = "text",
    tui: Annotated[
        bool,
        Parameter(
            negative=(),
            help="Read it in the terminal viewer: ]/[ move between markers (subagents, long "
            "results, edits as diffs) and enter opens one.",
        ),
    ] = False,
) -> int | None:
    """Show one archived session: your messages, Claude's answers, tool calls and results.

    Thinking is left out; a file read by the agent shows as one line. Subagents' transcripts
    follow the session's own. On a terminal the text goes through your pager ($PAGER, else
    less). With --tui it opens in the terminal viewer (j/k, g/G, ctrl+d/u scroll; ]/[ and
    enter open a subagent, a long result or an edit's diff; r restore, R resume, c copy the
    id, f hide tool output, q quit).
    """
    if tui:
        from entrypoints.tui.backend import Start
        from entrypoints.tui.run import run_tui

        return run_tui(Start("view", session_id=session_id))
    from domain.vault.rendering import ShowFormat
    from entrypoints.vault_cli.app import require_vault, vault_container
    from entrypoints.vault_cli.formatting import local_time, short_path
    from entrypoints.vault_cli.session_lookup import find_or_list

    form = ShowFormat(format)
    with vault_container(read_only=True) as container:
        require_vault(container)
        session = find_or_list(container, session_id)
        home = container.core.user_dirs().home
        pieces = container.use_cases.show_session().execute(
            session, form, lambda path: short_path(path, home), local_time
        )
        if form is not ShowFormat.JSON and sys.stdout.isatty():
            _page(pieces)
        else:
            _write(pieces)
    return None


def _write(pieces: Iterable[bytes]) -> None:
    out = sys.stdout.buffer
    for piece in pieces:
        out.write(piece)
    out.flush()


def _page(pieces: Iterable[bytes]) -> None:
    """Through ``$PAGER`` (default ``less``, which then quits at once for a short session)."""
    command = shlex.split(os.environ.get("PAGER", "") or "less")
    env = dict(os.environ)
    env.setdefault("LESS", "FRX")
    try:
        pager = subprocess.Popen(command, stdin=subprocess.PIPE, env=env)
    except OSError:
        _write(pieces)
        return
    assert pager.stdin is not None
    try:
        for piece in pieces:
            pager.stdin.write(piece)
        pager.stdin.close()
    except BrokenPipeError:  # the reader quit the pager early
        pass
    finally:
        pager.wait()
