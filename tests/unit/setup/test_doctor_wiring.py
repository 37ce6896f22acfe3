"""The doctor is composed by the real containers (as ``capy doctor`` and ``capy_doctor`` get it)."""

from __future__ import annotations

from pathlib import Path

from application.use_cases.run_doctor import RunDoctor
from domain.doctor.check import CheckStatus
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions


def test_run_doctor_through_the_container_with_memory_adapters(tmp_path: Path) -> None:
    container = CliContainer(options=RuntimeOptions(project_dir=tmp_path, cwd=tmp_path))
    with container.adapters.override(MemoryAdapters(core=container.core)):
        run_doctor = container.use_cases.run_doctor()
        assert isinstance(run_doctor, RunDoctor)
        report = run_doctor.execute()
    names = [check.name for check in report.checks]
    assert names[:3] == ["Version", "Project", "Config"]
    statuses = {check.name: check.status for check in report.checks}
    assert statuses["Hooks (Claude Code)"] is CheckStatus.FAIL  # nothing set up in tmp_path
    assert statuses["MCP registration"] is CheckStatus.FAIL
    assert report.exit_code == 1
