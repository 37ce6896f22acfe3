"""GuidanceState in ``$XDG_STATE_HOME/capy/guidance/guidance-<session>.json`` (ADR 0414).

One file per session, ``{"read": true, …}``. It lives in capy's state directory, never in the
project: a ``.capy`` directory made by a hook would turn whatever directory the host ran in
(``/tmp``, the home directory) into a project root for every directory below it.
"""

# On the hook path: importing pathlib (and urllib.parse with it) costs ~4 ms per tool call.
# ruff: noqa: PTH108, PTH118, PTH123

from __future__ import annotations

import os

from adapters.plain_names import plain_name
from adapters.private_state_files import private_directory, write_private
from adapters.quick_json import dumps, loads
from adapters.state_home import capy_state_directory
from application.ports.guidance_state import GuidanceState

TYPE_CHECKING = False  # typing is not imported at run time (ADR 0102)
if TYPE_CHECKING:
    from collections.abc import Mapping

_STALE_AFTER_SECONDS = 7 * 24 * 3600


def guidance_directory(env: Mapping[str, str]) -> str:
    """``$XDG_STATE_HOME/capy/guidance``, else ``~/.local/state/capy/guidance``."""
    return capy_state_directory(env, "guidance")


class JsonGuidanceState(GuidanceState):
    """One small JSON file per session; written atomically, every error swallowed."""

    def __init__(self, directory: str) -> None:
        self._directory = directory

    def first_time(self, session_id: str, kind: str) -> bool:
        path = self._path(session_id)
        if path is None:
            return True
        seen = self._read(path)
        if seen.get(kind) is True:
            return False
        seen[kind] = True
        self._write(path, seen)
        return True

    def forget(self, session_id: str) -> None:
        path = self._path(session_id)
        if path is not None:
            try:
                os.unlink(path)
            except OSError:
                pass
        self._sweep_stale()

    def _sweep_stale(self) -> None:
        """Remove files of sessions that ended without a SessionEnd (a crash, a kill)."""
        import time

        cutoff = time.time() - _STALE_AFTER_SECONDS
        try:
            with os.scandir(self._directory) as entries:
                for entry in entries:
                    if (
                        entry.name.startswith("guidance-")
                        and entry.name.endswith(".json")
                        and entry.stat().st_mtime < cutoff
                    ):
                        os.unlink(entry.path)
        except OSError:
            pass

    def _path(self, session_id: str) -> str | None:
        if not self._directory or not session_id:
            return None
        # Session ids come from the host's input: never let one name a path outside the directory.
        name = session_id
        if not plain_name(session_id) or session_id.startswith("."):
            import hashlib  # rare: only for ids that are not plain names

            name = hashlib.sha256(session_id.encode()).hexdigest()[:32]
        return os.path.join(self._directory, f"guidance-{name}.json")

    @staticmethod
    def _read(path: str) -> dict[str, object]:
        try:
            with open(path, encoding="utf-8") as handle:
                data = loads(handle.read())
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _write(self, path: str, seen: dict[str, object]) -> None:
        if not private_directory(self._directory):
            return
        try:
            write_private(path, dumps(seen, sort_keys=True))
        except OSError:
            pass
