"""capy's own secret places, which no sandboxed program may name or be handed."""

from __future__ import annotations

import os

from adapters.config.user_dirs import UserDirs
from domain.permissions.protected_paths import ProtectedPath


def capy_secret_paths(dirs: UserDirs) -> tuple[ProtectedPath, ...]:
    keys = os.path.realpath(dirs.keys_dir)
    home = os.path.realpath(dirs.home)
    spelled = {keys, str(dirs.keys_dir)}
    return tuple(ProtectedPath(path, home) for path in sorted(spelled))
