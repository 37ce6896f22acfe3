"""``capy vault …`` lives in ``entrypoints.vault_cli``; this registers it on the root app."""

from __future__ import annotations

import importlib
import pkgutil

from entrypoints import vault_cli
from entrypoints.cli.app import app
from entrypoints.vault_cli.app import vault

for _module in pkgutil.iter_modules(vault_cli.__path__):
    importlib.import_module(f"{vault_cli.__name__}.{_module.name}")

app.command(vault)
