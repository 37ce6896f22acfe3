"""SessionEnd: the session the host just ended goes into the vault without anyone asking.

The hook must stay within its time budget and never open SQLCipher (ADR 0020), so it only
decides whether archiving is on (``[vault] sweep``, ``CAPY_VAULT_SWEEP``,
``CAPY_VAULT_SWEEP_ALL``; on by default) and hands the transcript path to a detached,
low-priority ``capy vault import --session <transcript>`` that outlives it (ADR 0058). A
session is then archived even when no MCP server starts for days — before the host's
``cleanupPeriodDays`` deletes its transcript.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from entrypoints.vault_import_launch import Spawn, import_command, launch, spawn_detached


def archive_ended_session(
    payload: Mapping[str, Any],
    project_dir: str,
    env: Mapping[str, str],
    spawn: Spawn = spawn_detached,
) -> bool:
    """Start the import of the ended session's transcript; ``True`` when one was started."""
    transcript = payload.get("transcript_path") or payload.get("transcriptPath")
    if not isinstance(transcript, str) or not transcript.endswith(".jsonl"):
        return False
    path = Path(transcript)
    if not path.is_file() or not archiving_on(env, project_dir):
        return False
    launch(import_command("--session", str(path.absolute())), env, spawn)
    return True


def archiving_on(env: Mapping[str, str], project_dir: str) -> bool:
    """The same choice the server's start-up sweep makes; a bad value leaves it off, as there."""
    from adapters.config.user_dirs import UserDirs
    from adapters.config.vault_location import sweep_choice
    from adapters.toml_config import TomlConfigSource
    from domain.errors import ConfigError
    from domain.settings import VaultSweepScope

    source = TomlConfigSource(UserDirs.from_env(env).global_config_file)
    try:
        configured = source.load(Path(project_dir or ".")).settings.vault.sweep
    except ConfigError:
        configured = None  # another key is broken: archiving keeps its default
    try:
        return sweep_choice(env, configured) is not VaultSweepScope.OFF
    except ConfigError:
        return False
