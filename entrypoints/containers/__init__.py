"""Composition roots (dependency-injector). The only place that names concrete adapters.

dependency-injector looks for the web frameworks it can integrate with when it is imported:
pydantic (settings for ``Configuration``) and starlette/fastapi/flask (request injection in
``wiring``). They are installed here — the MCP SDK needs pydantic and starlette — so each capy
command would import them (~50 ms) without using any of it. capy uses none of those
integrations, so dependency-injector is imported once here with them hidden (ADR 0063); a
later ``import pydantic`` (the server's SDK) is unaffected.
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
