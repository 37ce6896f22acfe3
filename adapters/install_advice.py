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
TEAM_EXTRA = (
    "install capy with its team extra (psycopg) from its checkout: "
    "`uv tool install --reinstall '<checkout>[team]'` or `pipx install --force '<checkout>[team]'` "
    "(in a development venv: `pip install -e '.[team]'`)"
)


def require_team_driver() -> None:
    """Raise ``StoreError`` naming the install command when psycopg is missing."""
    from domain.errors import StoreError

    try:
        import psycopg  # noqa: F401
        import psycopg_pool  # noqa: F401
    except ImportError:
        raise StoreError(
            "the team store needs the PostgreSQL driver psycopg, which is not installed",
            TEAM_EXTRA,
        ) from None
