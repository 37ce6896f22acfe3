"""What an agent asks ``RunCode`` for, and what it gets back."""

from __future__ import annotations

import attrs

from domain.execution.classification import ClassifiedRun, ExitClass, describe_kept
from domain.execution.language import Language


@attrs.frozen
class RunCodeRequest:
    """``timeout_ms`` ``None`` → ``executor.timeout``. With ``file_path`` the program gets the
    file as ``FILE_CONTENT`` / ``FILE_CONTENT_PATH`` / ``file_path`` (``capy_execute_file``).
    ``keep_bytes``: keep that much of each stream for indexing (``RunCodeResult.full_text``);
    the reply text stays at ``executor.max_output_bytes``."""

    language: str
    code: str
    timeout_ms: int | None = None
    background: bool = False
    file_path: str | None = None
    keep_bytes: int | None = None


@attrs.frozen
class RunCodeResult:
    language: Language
    run: ClassifiedRun
    file_path: str | None = None  # canonical absolute path when a file was given

    @property
    def text(self) -> str:
        return self.run.text

    @property
    def full_text(self) -> str:
        """``text`` built from the larger capture the request asked for (else ``text``)."""
        if self.run.outcome.kept is None:
            return self.run.text
        return describe_kept(self.language, self.run.outcome)

    @property
    def cut_bytes(self) -> int:
        """Bytes left out of ``full_text`` (the middle of output over ``keep_bytes``)."""
        kept = self.run.outcome.kept
        return 0 if kept is None else kept.cut_bytes

    @property
    def is_error(self) -> bool:
        return self.run.is_error

    @property
    def source_label(self) -> str:
        """Label for indexing the output: ``execute:<lang>`` or ``file:<path>`` (+ ``:error``)."""
        base = f"file:{self.file_path}" if self.file_path else f"execute:{self.language.value}"
        return base + (":error" if self.run.exit_class is ExitClass.ERROR else "")
