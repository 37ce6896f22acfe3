"""InstructionFiles port: whether the host already reads capy's routing from a project file."""

from __future__ import annotations

from application.ports.protocol_base import Protocol, runtime_checkable


@runtime_checkable
class InstructionFiles(Protocol):
    """Looks at the project's instruction files (``CLAUDE.md``, ``AGENTS.md``, …).

    Never raises: an unreadable file counts as not carrying the routing.
    """

    def carry_routing(self, names: tuple[str, ...]) -> bool:
        """True when one of ``names`` (relative to the project root) holds or imports capy's
        routing instructions, so the host loads them without a SessionStart injection."""
        ...
