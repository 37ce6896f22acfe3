"""Getting a session back into Claude Code: restore it where ``claude --resume`` looks."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import attrs

from application.use_cases.vault.restore_session import Confirm, RestoreSession
from domain.errors import InvalidInput
from domain.vault.paths import mangled_project_folder
from domain.vault.restore import RestoreReport
from domain.vault.session import VaultSession


@attrs.frozen
class ResumePlan:
    """Where to start Claude Code, and what restoring the session there did."""

    directory: Path
    restored: RestoreReport


class ResumeSession:
    """Claude Code finds a session by the folder it runs in (its mangled path under the
    projects directory), so the session is restored for that folder: ``directory`` when given
    (it must exist), else the project it was recorded in when that still exists, else — when
    ``use_cwd`` agrees — the current folder."""

    def __init__(
        self,
        restore: RestoreSession,
        projects_dir: Path,
        is_directory: Callable[[str], bool],
    ) -> None:
        self._restore = restore
        self._projects_dir = projects_dir
        self._is_directory = is_directory

    def execute(
        self,
        session: VaultSession,
        directory: Path | None,
        cwd: Path,
        use_cwd: Callable[[str], bool],
        confirm: Confirm,
    ) -> ResumePlan:
        where = self._directory(session, directory, cwd, use_cwd)
        folder = mangled_project_folder(str(where))
        output = self._projects_dir / folder if folder else None
        report = self._restore.execute(session, output, confirm)
        if not report.transcript_in_place:
            raise InvalidInput(
                f"the session's transcript was not restored into {report.folder}",
                "answer yes to overwrite it, or restore it with `capy vault restore --overwrite`",
            )
        return ResumePlan(where, report)

    def _directory(
        self,
        session: VaultSession,
        directory: Path | None,
        cwd: Path,
        use_cwd: Callable[[str], bool],
    ) -> Path:
        if directory is not None:
            if not self._is_directory(str(directory)):
                raise InvalidInput(
                    f"{directory} is not a folder", "give an existing folder to --dir"
                )
            return directory
        recorded = Path(session.project_path)
        if recorded.is_absolute() and self._is_directory(str(recorded)):
            return recorded
        if use_cwd(session.project_path):
            return cwd
        raise InvalidInput(
            f"the session's project folder {session.project_path} does not exist here",
            "choose where to resume it with --dir",
        )
