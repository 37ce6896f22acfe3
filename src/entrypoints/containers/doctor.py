"""The doctor's checklist, composed from a CLI or server container (``capy doctor``,
``capy_doctor``): ``run_doctor(container).execute()`` then ``render_markdown``/``render_text``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from adapters.claude_settings_policy_source import ClaudeSettingsPolicySource
from adapters.doctor.environment_checks import RuntimesCheck, SqlcipherCheck, VersionCheck
from adapters.doctor.host_checks import ClaudeHooksCheck, McpRegistrationCheck
from adapters.doctor.project_checks import (
    ConfigCheck,
    KnowledgeBaseCheck,
    PermissionRulesCheck,
    ProjectCheck,
)
from application.ports.health_check import HealthCheck
from application.use_cases.run_doctor import RunDoctor
from domain.execution.language import Language


def doctor_checks(container: Any) -> tuple[HealthCheck, ...]:
    """Every check, in the order the report shows them. ``container`` is a ``CliContainer`` or
    ``ServerContainer``; the store and sandbox are only touched when their check runs."""
    core = container.core
    adapters = container.adapters
    root = Path(core.project_root().path)
    home = core.user_dirs().home
    env = dict(core.options().env)
    policies = ClaudeSettingsPolicySource(root, home)
    return (
        VersionCheck(),
        ProjectCheck(core.project, core.key_provider().describe),
        ConfigCheck(core.config),
        RuntimesCheck(
            lambda: tuple(lang.value for lang in adapters.sandbox().available_languages()),
            total=len(Language),
        ),
        SqlcipherCheck(),
        KnowledgeBaseCheck(lambda: core.project().db_path, adapters.knowledge_store),
        ClaudeHooksCheck(root, home),
        McpRegistrationCheck(root, {**os.environ, **env}),
        PermissionRulesCheck(policies, policies.files),
    )


def run_doctor(container: Any) -> RunDoctor:
    return RunDoctor(doctor_checks(container))
