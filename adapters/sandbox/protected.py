"""capy's own secret places, which no sandboxed program may name or be handed."""

from __future__ import annotations

import os

from adapters.config.user_dirs import UserDirs
from domain.permissions.protected_paths import ProtectedPath


def capy_secret_paths(dirs: UserDirs) -> tuple[ProtectedPath, ...]:
    """The key store as its real path and as configured (they differ behind a symlink), each
    with the ways code may spell the way to it (``$HOME``, ``$XDG_CONFIG_HOME``)."""
    variables = (("XDG_CONFIG_HOME", str(dirs.config_home)),)
    real = ProtectedPath(
        os.path.realpath(dirs.keys_dir), os.path.realpath(dirs.home), variables=variables
    )
    given = ProtectedPath(str(dirs.keys_dir), str(dirs.home), variables=variables)
    return (real,) if real == given else (real, given)
