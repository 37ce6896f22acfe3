"""dependency-injector, imported without its web integrations (ADR 0063).

dependency-injector looks for the web frameworks it can integrate with when it is imported:
pydantic (settings for ``Configuration``) and starlette/fastapi/flask (request injection in
``wiring``). They are installed here — the MCP SDK needs pydantic and starlette — so each capy
command would import them (~50 ms) without using any of it. capy uses none of those
integrations, so every container module takes ``containers`` and ``providers`` from here,
where dependency-injector is imported once with them hidden; a later ``import pydantic`` (the
server's SDK) is unaffected. The package itself imports nothing of it: ``capy search`` and
``capy vault list`` are composed without it (``reading.py``, ADR 0110).
"""

from __future__ import annotations

import sys
from importlib.abc import MetaPathFinder

_INTEGRATIONS = frozenset(
    {"pydantic", "pydantic_settings", "starlette", "fastapi", "flask", "werkzeug", "yaml"}
)


class _WithoutIntegrations(MetaPathFinder):
    def find_spec(self, fullname: str, path: object = None, target: object = None) -> None:
        if fullname.partition(".")[0] in _INTEGRATIONS:
            raise ModuleNotFoundError(f"No module named {fullname!r}", name=fullname)


def _import_dependency_injector() -> None:
    if "dependency_injector.containers" in sys.modules:
        return
    finder = _WithoutIntegrations()
    sys.meta_path.insert(0, finder)
    try:
        import dependency_injector.containers
        import dependency_injector.providers
        import dependency_injector.wiring  # noqa: F401
    finally:
        sys.meta_path.remove(finder)


_import_dependency_injector()

from dependency_injector import containers, providers  # noqa: E402

__all__ = ["containers", "providers"]
