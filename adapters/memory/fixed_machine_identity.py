"""A machine id fixed by the test."""

from __future__ import annotations

from application.ports.machine_identity import MachineIdentity


class FixedMachineIdentity(MachineIdentity):
    def __init__(self, machine_id: str = "test-machine") -> None:
        self._id = machine_id

    def machine_id(self) -> str:
        return self._id
