"""Providers' factories whose modules are imported on first use, not when a container is composed.

A CLI command composes the whole container but calls one or two use cases: ``capy search``
need not import the sandbox, the batch runner, the session sweep or the fetch use case. A
provider given ``deferred("module:Name")`` imports ``module`` the first time it builds one;
``Name`` may be dotted (``Class.from_env``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def deferred(path: str) -> Callable[..., Any]:
    module_name, _, attribute = path.partition(":")

    def build(*args: Any, **kwargs: Any) -> Any:
        target: Any = importlib.import_module(module_name)
        for name in attribute.split("."):
            target = getattr(target, name)
        return target(*args, **kwargs)

    build.__qualname__ = build.__name__ = attribute
    return build
