"""How to install capy, said the same way by every message that tells a user to do it.

capy is installed from a checkout of its repository (ADR 0023): the distribution is
``capy-mcp`` and is not published. PyPI's ``capy`` is an unrelated project, so messages never
say ``pip install capy`` or ``uv tool install capy`` (both install the unrelated project).
"""

from __future__ import annotations

INSTALL = (
    "install it from a checkout of capy's repository: `make install-tool` there "
    "(or `uv tool install <checkout>` / `pipx install <checkout>`) puts `capy` on PATH"
)
REINSTALL = (
    "reinstall capy from its checkout: `make install-tool` there "
    "(or `uv tool install --reinstall <checkout>` / `pipx install --force <checkout>`)"
)
