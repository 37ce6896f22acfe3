"""A frozen value class without a class-building library.

``capy hook`` runs once per tool call; ``import attrs`` alone costs it ~19 ms and
``import dataclasses`` ~8 ms (it pulls ``inspect``) on this machine, more than the whole
routing decision. The handful of hook values are therefore plain ``__slots__`` classes whose
equality, hashing and repr come from this base (ADR 0020).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (ADR 0102)
if TYPE_CHECKING:
    from typing import Any


class Value:
    """Immutable after ``__init__``; equal when the type and every slot are equal."""

    __slots__: tuple[str, ...] = ()

    def _init(self, **fields: Any) -> None:
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self._fields() == other._fields()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self), *(repr(field) for field in self._fields())))

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({inner})"
