"""What an entrypoint knows before anything is composed: flags, working directory, environment."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import attrs


@attrs.frozen
class RuntimeOptions:
    """The ``--db`` / ``--project-dir`` flags plus the process's cwd and environment.

    ``read_only`` marks a command that only looks: its databases open read-only and it creates
    no key file, no database and no folder (ADR 0057).
    """

    db: Path | None = None
    project_dir: Path | None = None
    cwd: Path = attrs.field(factory=Path.cwd)
    env: Mapping[str, str] = attrs.field(factory=lambda: dict(os.environ))
    read_only: bool = False
