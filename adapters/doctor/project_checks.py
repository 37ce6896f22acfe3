"""Checks of this project's capy state: config, project and key, knowledge base, rules."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from application.ports.config_source import LoadedConfig
from application.ports.health_check import HealthCheck
from application.ports.knowledge_store import KnowledgeStore
from application.ports.policy_source import PolicySource
from application.ports.project_locator import ProjectLocation
from domain.doctor.check import CheckResult, failed, passed, warned
from domain.errors import CapyError, PlaintextDatabase
from domain.permissions.rules import RuleKind


class ConfigCheck(HealthCheck):
    name = "Config"

    def __init__(self, load: Callable[[], LoadedConfig]) -> None:
        self._load = load

    def run(self) -> CheckResult:
        try:
            config = self._load()
        except CapyError as error:
            return failed(self.name, error.message, error.hint or "fix the file named above")
        files = ", ".join(str(path) for path in config.files_read) or "none; built-in defaults"
        if config.warnings:
            return warned(
                self.name,
                f"loaded ({files}); {len(config.warnings)} warning(s): "
                + "; ".join(config.warnings),
                "edit the files named in the warnings",
            )
        return passed(self.name, f"loaded ({files})")


class ProjectCheck(HealthCheck):
    name = "Project"

    def __init__(
        self, locate: Callable[[], ProjectLocation], describe_key: Callable[[Path], str]
    ) -> None:
        self._locate = locate
        self._describe_key = describe_key

    def run(self) -> CheckResult:
        try:
            project = self._locate()
        except CapyError as error:
            return failed(self.name, error.message, error.hint or "pass --project-dir")
        key = self._describe_key(project.db_path)
        origin = f" ({project.root_origin})" if project.root_origin else ""
        return passed(
            self.name,
            f"root {project.root}{origin}; database {project.db_path} "
            f"({project.db_path_origin}); key: {key}",
        )


class KnowledgeBaseCheck(HealthCheck):
    """Opens the encrypted knowledge base with its key, if it exists; never creates one."""

    name = "Knowledge base"

    def __init__(self, db_path: Callable[[], Path], open_store: Callable[[], KnowledgeStore]):
        self._db_path = db_path
        self._open_store = open_store

    def run(self) -> CheckResult:
        path = self._db_path()
        if not path.exists():
            return passed(self.name, f"not created yet ({path}; created on first use)")
        try:  # the store opens read-only: a FIFO, a folder or a text file is refused untouched
            stats = self._open_store().stats()
        except PlaintextDatabase:
            return failed(
                self.name,
                f"{path} is an unencrypted SQLite file; capy refuses to use it",
                "run `capy encrypt` to encrypt it in place",
            )
        except CapyError as error:
            return failed(self.name, error.message, error.hint or "see `capy which`")
        sources = sum(stats.sources_by_kind.values())
        source_noun = "source" if sources == 1 else "sources"
        chunk_noun = "chunk" if stats.chunk_count == 1 else "chunks"
        return passed(
            self.name,
            f"{sources} {source_noun}, {stats.chunk_count} {chunk_noun}, encrypted ({path})",
        )


class PermissionRulesCheck(HealthCheck):
    name = "Permission rules"

    def __init__(self, source: PolicySource, files: Callable[[], tuple[Path, ...]]) -> None:
        self._source = source
        self._files = files

    def run(self) -> CheckResult:
        present = [path for path in self._files() if path.exists()]
        try:
            policy = self._source.load()
        except CapyError as error:
            return failed(
                self.name,
                f"{error.message} — capy's tools refuse to run code until it is fixed",
                error.hint or "fix the settings file named above",
            )
        counts = {
            kind: sum(1 for rule in policy.rules if rule.kind is kind)
            for kind in (RuleKind.DENY, RuleKind.ASK, RuleKind.ALLOW)
        }
        detail = (
            f"{len(present)} settings file(s); {counts[RuleKind.DENY]} deny, "
            f"{counts[RuleKind.ASK]} ask, {counts[RuleKind.ALLOW]} allow rule(s)"
        )
        if not present:
            return warned(
                self.name,
                detail,
                'add "permissions": {"deny": [...]} to .claude/settings.json to keep commands '
                "such as Bash(rm -rf *) away from capy's sandbox too",
            )
        return passed(self.name, detail)
