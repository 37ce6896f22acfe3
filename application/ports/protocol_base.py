"""``Protocol`` and ``runtime_checkable`` for the ports ``capy hook`` loads, without ``typing``.

The type checker sees ``typing``'s own: these ports are Protocols like every other. At run
time a port here is a plain base class, which is all it is used as: every adapter subclasses
the port it implements (DESIGN.md), so ``isinstance`` still holds for each of them. What it
saves is importing ``typing`` in the hook, a quarter of a bare interpreter's start on every
tool call of the host agent (ADR 0102).
"""

from __future__ import annotations

__all__ = ["Protocol", "runtime_checkable"]

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Protocol, runtime_checkable
else:

    class Protocol:
        """A port's base at run time: adapters subclass it and override every method."""

        __slots__ = ()

    def runtime_checkable(cls: type) -> type:
        return cls
