"""Where the vault lives and how it is written, from the environment (no config file needed)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from domain.errors import ConfigError
from domain.settings import VaultSweepScope

PATH_VAR = "CAPY_VAULT_PATH"
NO_COMPRESS_VAR = "CAPY_VAULT_NO_COMPRESS"
SWEEP_VAR = "CAPY_VAULT_SWEEP"
SWEEP_ALL_VAR = "CAPY_VAULT_SWEEP_ALL"
VAULT_FILE = "vault.db"
_OFF = frozenset({"", "0", "false", "no", "off"})
_ON = frozenset({"1", "true", "yes", "on", "all"})


def vault_path(env: Mapping[str, str], cwd: Path, databases_dir: Path) -> Path:
    """``CAPY_VAULT_PATH`` (relative to the working directory), else beside the knowledge
    databases: ``$XDG_DATA_HOME/capy/vault.db``."""
    given = env.get(PATH_VAR, "").strip()
    if not given:
        return databases_dir / VAULT_FILE
    path = Path(given).expanduser()
    return path if path.is_absolute() else cwd / path


def compresses(env: Mapping[str, str]) -> bool:
    """New rows are compressed unless ``CAPY_VAULT_NO_COMPRESS`` is set (to anything but 0)."""
    return env.get(NO_COMPRESS_VAR, "").strip().lower() in _OFF


def sweep_choice(env: Mapping[str, str], configured: VaultSweepScope | None) -> VaultSweepScope:
    """What to archive. ``CAPY_VAULT_SWEEP`` wins; then an explicit ``[vault] sweep = false``;
    then ``CAPY_VAULT_SWEEP_ALL`` (every project); then ``[vault] sweep``; unset, the served
    project's sessions (ADR 0058). Raises ``ConfigError`` for a value it does not know."""
    if SWEEP_VAR in env:
        try:
            return VaultSweepScope.parse(env[SWEEP_VAR])
        except ValueError as error:
            raise ConfigError(
                f"{SWEEP_VAR}: {error}", 'set it to 1 (this project), "all" or 0 (off)'
            ) from None
    if configured is VaultSweepScope.OFF:
        return configured
    everything = env.get(SWEEP_ALL_VAR, "").strip().lower()
    if everything and everything not in _OFF:
        if everything not in _ON:
            raise ConfigError(
                f"{SWEEP_ALL_VAR}: {env[SWEEP_ALL_VAR]!r} is neither on nor off",
                "set it to 1 (archive every project's sessions) or unset it",
            )
        return VaultSweepScope.ALL
    return configured or VaultSweepScope.PROJECT
