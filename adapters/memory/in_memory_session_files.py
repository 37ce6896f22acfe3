"""Session files held in memory: the same reading rules, no disk (use-case tests)."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

from adapters.claude_sessions.claude_records import claude_record, text_of
from adapters.claude_sessions.jsonl_stream import Decoder, JsonlRecordStream, copying_reader
from adapters.codex_sessions.codex_records import codex_record
from application.ports.session_files import RecordStream, SessionFiles
from domain.sessions.files import SessionFile, SessionHost, Sidecar, SubagentMeta

_DECODERS: dict[SessionHost, Decoder] = {
    SessionHost.CLAUDE_CODE: claude_record,
    SessionHost.CODEX: codex_record,
}


class InMemorySessionFiles(SessionFiles):
    """Sessions added with ``add``, filed under the project root they were added for."""

    def __init__(self, host: SessionHost = SessionHost.CLAUDE_CODE) -> None:
        self._host = host
        self._data: dict[Path, bytes] = {}
        self._sessions: dict[Path, list[SessionFile]] = {}
        self.reads: list[Path] = []  # every file whose records were read, in order

    @property
    def host(self) -> SessionHost:
        return self._host

    @property
    def root(self) -> Path:
        return Path("/memory") / self._host.value

    def add(
        self,
        project_root: Path,
        session_id: str,
        data: bytes,
        *,
        sidecars: dict[str, bytes] | None = None,
        mtime_ns: int = 1,
    ) -> SessionFile:
        """File a session (and its sidecars, by relative path) under ``project_root``.

        Adding the same session again replaces it, as a host appending to a file would."""
        project_dir = Path("/memory") / self._host.value / str(project_root).strip("/")
        path = project_dir / f"{session_id}.jsonl"
        self._data[path] = data
        own: list[Sidecar] = []
        for relative, content in sorted((sidecars or {}).items()):
            sidecar_path = project_dir / session_id / relative
            self._data[sidecar_path] = content
            own.append(Sidecar(sidecar_path, relative, len(content), mtime_ns))
        session = SessionFile(
            host=self._host,
            session_id=session_id,
            path=path,
            size=len(data),
            mtime_ns=mtime_ns,
            project_dir=project_dir,
            sidecars=tuple(own),
        )
        listed = [s for s in self._sessions.get(project_root, []) if s.path != path]
        self._sessions[project_root] = sorted([*listed, session], key=lambda s: s.path)
        return session

    def remove_all(self) -> None:
        """Every session gone, as after a host's clean-up of old transcripts."""
        self._data.clear()
        self._sessions.clear()

    def project_sessions(self, project_root: Path) -> list[SessionFile]:
        return list(self._sessions.get(project_root, []))

    def all_sessions(self, root: Path | None = None) -> list[SessionFile]:
        found = [s for sessions in self._sessions.values() for s in sessions]
        if root is not None:
            found = [s for s in found if root == s.project_dir or root in s.project_dir.parents]
        return sorted(found, key=lambda s: s.path)

    def session_projects(self) -> list[Path]:
        return sorted(root for root, sessions in self._sessions.items() if sessions)

    def records(self, path: Path) -> RecordStream:
        data = self.read_bytes(path)
        self.reads.append(path)
        return self.records_in(data)

    def records_in(self, data: bytes) -> RecordStream:
        return JsonlRecordStream.of_bytes(data, _DECODERS[self._host])

    def read_bytes(self, path: Path, *, complete_lines: bool = False) -> bytes:
        try:
            data = self._data[path]
        except KeyError:
            raise FileNotFoundError(path) from None
        return data[: data.rfind(b"\n") + 1] if complete_lines else data

    def complete_length(self, path: Path, size: int) -> int:
        return self.read_bytes(path)[:size].rfind(b"\n") + 1

    def copy_bytes(self, path: Path, length: int, copy: Callable[[bytes], None]) -> None:
        data = self.read_bytes(path)
        if len(data) < length:
            raise OSError(f"{path} ended {length - len(data)} bytes early")
        copy(data[:length])

    def archive_records(
        self, path: Path, length: int, copy: Callable[[bytes], None]
    ) -> RecordStream:
        data = self.read_bytes(path)
        return JsonlRecordStream(
            lambda: copying_reader(io.BytesIO(data), length, copy), _DECODERS[self._host]
        )

    def subagent_meta(self, path: Path) -> SubagentMeta:
        try:
            data = json.loads(self._data[path])
        except (KeyError, ValueError):
            return SubagentMeta()
        if not isinstance(data, dict):
            return SubagentMeta()
        return SubagentMeta(text_of(data.get("agentType")), text_of(data.get("description")))
