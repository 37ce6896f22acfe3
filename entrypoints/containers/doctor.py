"""The doctor's checklist, composed from Core and adapter providers.

``UseCases.run_doctor`` builds ``RunDoctor`` from ``doctor_checks`` (the ``capy_doctor`` tool and
``capy doctor`` both use it); render the report with ``domain.doctor.rendering``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from adapters.claude_settings_policy_source import ClaudeSettingsPolicySource
from adapters.config.vault_location import vault_path
from adapters.doctor.archive_check import SessionArchiveCheck
from adapters.doctor.environment_checks import RuntimesCheck, SqlcipherCheck, VersionCheck
from adapters.doctor.host_checks import ClaudeHooksCheck, CodexHooksCheck, McpRegistrationCheck
from adapters.doctor.project_checks import (
    ConfigCheck,
    KnowledgeBaseCheck,
    PermissionRulesCheck,
    ProjectCheck,
)
from adapters.doctor.semantic_check import SemanticLayerCheck
from adapters.doctor.team_check import TeamStoreCheck
from application.ports.health_check import HealthCheck
from domain.execution.language import Language
from entrypoints.version import capy_version


def doctor_checks(
    *,
    project_root: Path,
    home: Path,
    env: Mapping[str, str],
    locate_project: Callable[[], Any],
    describe_key: Callable[[Path], str],
    load_config: Callable[[], Any],
    sandbox: Callable[[], Any],
    open_store: Callable[[], Any],
    cwd: Path | None = None,
    databases_dir: Path | None = None,
) -> tuple[HealthCheck, ...]:
    """Every check, in the order the report shows them. Nothing is opened until its check runs;
    the knowledge base is only opened when its file exists."""
    policies = ClaudeSettingsPolicySource(Path(project_root), home)
    everything = {**os.environ, **env}
    vault = vault_path(everything, cwd or Path.cwd(), databases_dir or home / ".local/share/capy")
    return (
        VersionCheck(capy_version),
        ProjectCheck(locate_project, describe_key),
        ConfigCheck(load_config),
        RuntimesCheck(
            lambda: tuple(lang.value for lang in sandbox().available_languages()),
            total=len(Language),
        ),
        SqlcipherCheck(),
        SemanticLayerCheck(everything),
        KnowledgeBaseCheck(lambda: locate_project().db_path, open_store),
        TeamStoreCheck(load_config, everything, Path(project_root), _team_status, _has_password),
        ClaudeHooksCheck(Path(project_root), home),
        CodexHooksCheck(Path(project_root)),
        McpRegistrationCheck(Path(project_root), {**os.environ, **env}),
        PermissionRulesCheck(policies, policies.files),
        SessionArchiveCheck(
            everything,
            lambda: load_config().settings.vault.sweep,
            lambda: vault,
            home,
            Path(project_root),
        ),
    )


def _team_status(url: str) -> Any:
    from entrypoints.containers.lazy_adapters import postgres_team_server

    return postgres_team_server().status(url)


def _has_password(url: str) -> bool:
    from adapters.postgres.conninfo import has_password

    try:
        return has_password(url)
    except ImportError:  # no driver installed: a URL's user:password@ part, read by hand
        credentials = url.split("//", 1)[-1].split("@", 1)
        return len(credentials) == 2 and ":" in credentials[0]
