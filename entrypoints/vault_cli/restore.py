"""``capy vault restore`` (and ``resume``): archived sessions back on disk, byte for byte."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from cyclopts import Parameter

from domain.vault.restore import RestoreReport, RestoreStatus
from domain.wording import plural
from entrypoints.vault_cli.app import say, vault


@vault.command
def restore(
    session_id: Annotated[str, Parameter(help="The session's id, or its first 8+ characters.")],
    /,
    *,
    output: Annotated[
        Path | None,
        Parameter(
            help="Folder to write into; default: the session's project folder under Claude's "
            "projects directory (CLAUDE_CONFIG_DIR/projects or ~/.claude/projects)."
        ),
    ] = None,
    overwrite: Annotated[
        bool, Parameter(negative=(), help="Replace existing files that differ without asking.")
    ] = False,
) -> int:
    """Write a session back to disk exactly as archived.

    Writes `<uuid>.jsonl` and its files under `<uuid>/` (subagents, tool results), folders
    0700 and files 0600.

    An existing file with the same bytes is left alone; one that differs is replaced only when
    you answer yes (the default is no; without a terminal, only with --overwrite — a file
    that differs is then kept, and the exit code is 1). A stored
    name that is absolute, climbs out with "..", or leads through a symlinked folder out of
    the target is skipped; a symlink where a file goes is replaced, never followed. The exit
    code is 1 when the transcript is not on disk afterwards (skipped or kept).
    """
    from entrypoints.vault_cli.app import require_vault, vault_container
    from entrypoints.vault_cli.prompts import can_ask, confirm
    from entrypoints.vault_cli.session_lookup import find_or_list

    unasked: list[Path] = []

    def ask(path: Path) -> bool:
        if overwrite:
            return True
        if not can_ask():
            unasked.append(path)
            return False
        return confirm(f"overwrite existing {path}?")

    with vault_container() as container:
        require_vault(container)
        session = find_or_list(container, session_id)
        report = container.use_cases.restore_session().execute(session, output, ask)
    print_report(report)
    if unasked:
        say(
            f"{plural(len(unasked), 'existing file')} that differ were kept: there is no "
            "terminal to ask; pass --overwrite to replace them"
        )
        return 1
    if report.transcript_in_place:
        return 0
    say("nothing was restored: the transcript was not written (see above)")
    return 1


def print_report(report: RestoreReport) -> None:
    for restored in report.files:
        if restored.status is RestoreStatus.UNSAFE:
            say(f"skipped unsafe path {restored.name!r}")
        elif restored.status is RestoreStatus.KEPT:
            say(f"kept {restored.path} (it differs; use --overwrite to replace it)")
    written = report.count(RestoreStatus.WRITTEN)
    same = report.count(RestoreStatus.UNCHANGED)
    parts = [f"{written} file{'s' if written != 1 else ''} written"]
    if same:
        parts.append(f"{same} already in place")
    for status in (RestoreStatus.KEPT, RestoreStatus.UNSAFE):
        if report.count(status):
            parts.append(f"{report.count(status)} {status.value}")
    say(f"restored {report.uuid} into {report.folder}: {', '.join(parts)}")


@vault.command
def resume(
    session_id: Annotated[str, Parameter(help="The session's id, or its first 8+ characters.")],
    /,
    *,
    dir: Annotated[
        Path | None,
        Parameter(help="Folder to resume in; default: the session's project folder."),
    ] = None,
) -> int:
    """Restore a session and continue it in Claude Code (`claude --resume`).

    The session is restored where Claude Code looks for it when started in the session's
    project folder (or in --dir), then `claude --resume <id>` runs there, on this terminal;
    its exit code is capy's. When the project folder no longer exists you are asked whether
    to resume in the current folder instead.
    """
    from domain.vault.errors import ClaudeCodeMissing
    from entrypoints.vault_cli.app import require_vault, vault_container
    from entrypoints.vault_cli.prompts import confirm
    from entrypoints.vault_cli.session_lookup import find_or_list

    with vault_container() as container:
        launcher = container.adapters.launcher()
        if not launcher.available():
            raise ClaudeCodeMissing()
        require_vault(container)
        session = find_or_list(container, session_id)
        cwd = container.core.options().cwd

        def use_cwd(recorded: str) -> bool:
            return confirm(f"{recorded} does not exist here; resume in {cwd}?")

        plan = container.use_cases.resume_session().execute(
            session,
            dir.expanduser().resolve() if dir else None,
            cwd,
            use_cwd,
            lambda path: confirm(f"overwrite existing {path}?"),
        )
    print_report(plan.restored)
    say(f"starting claude --resume {session.uuid} in {plan.directory}")
    return int(launcher.resume(session.uuid, plan.directory))
