"""Options every command accepts (``--db``, ``--project-dir``), parsed by the meta app."""

from __future__ import annotations

from contextvars import ContextVar
from pathlib import Path

import attrs


@attrs.frozen
class GlobalOptions:
    db: Path | None = None
    project_dir: Path | None = None


_current: ContextVar[GlobalOptions | None] = ContextVar("capy_global_options", default=None)


def set_global_options(options: GlobalOptions) -> None:
    _current.set(options)


def global_options() -> GlobalOptions:
    return _current.get() or GlobalOptions()
