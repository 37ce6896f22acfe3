"""MachineIdentity port: which machine archived a session (vaults from several machines merge)."""

from __future__ import annotations

from typing import Protocol, runtime_checkable


@runtime_checkable
class MachineIdentity(Protocol):
    """A stable id for this machine: ``CAPY_MACHINE_ID``, else one generated once and kept."""

    def machine_id(self) -> str: ...
