"""``capy_doctor``: the installation checklist ``capy doctor`` prints, as markdown."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from application.use_cases.run_doctor import RunDoctor
from domain.doctor.rendering import render_markdown
from entrypoints.mcp_server.replies import ToolReply


class DoctorTool:
    def __init__(self, run_doctor: Callable[[], RunDoctor]) -> None:
        self._run_doctor = run_doctor

    def __call__(self, args: Mapping[str, Any]) -> ToolReply:
        return ToolReply(render_markdown(self._run_doctor().execute()))
