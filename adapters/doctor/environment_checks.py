"""Checks of what capy runs on: its version, language runtimes, SQLCipher with FTS5."""

from __future__ import annotations

import platform
import shutil
from collections.abc import Callable

from adapters.install_advice import INSTALL, REINSTALL
from application.ports.health_check import HealthCheck
from domain.doctor.check import CheckResult, failed, passed, warned


class VersionCheck(HealthCheck):
    """The installed version, and whether `capy` can be found on PATH (hooks and new projects
    need it there; a project set up earlier keeps working through its launcher)."""

    name = "Version"

    def __init__(
        self, version: Callable[[], str], on_path: Callable[[], str | None] | None = None
    ) -> None:
        self._version = version
        self._on_path = on_path or (lambda: shutil.which("capy"))

    def run(self) -> CheckResult:
        installed = self._version()
        detail = f"capy {installed}, Python {platform.python_version()}"
        if installed == "unknown":
            return warned(self.name, f"{detail}; capy is not installed as a package", INSTALL)
        command = self._on_path()
        if command is None:
            return warned(self.name, f"{detail}; `capy` is not on PATH", INSTALL)
        return passed(self.name, f"{detail} ({command})")


class RuntimesCheck(HealthCheck):
    """Languages capy_execute can run, from the sandbox's own runtime detection."""

    name = "Runtimes"

    def __init__(self, available: Callable[[], tuple[str, ...]], total: int) -> None:
        self._available = available
        self._total = total

    def run(self) -> CheckResult:
        languages = self._available()
        detail = f"{len(languages)}/{self._total} ({', '.join(languages) or 'none'})"
        if not languages:
            return failed(
                self.name, detail, "install at least Python 3 or bash and make it reachable on PATH"
            )
        if len(languages) < 2:
            return warned(self.name, detail, "install Node.js or Python 3 for more languages")
        return passed(self.name, detail)


class SqlcipherCheck(HealthCheck):
    """SQLCipher encryption and the FTS5 tokenizers the knowledge base needs, in memory."""

    name = "FTS5 + encryption"

    def run(self) -> CheckResult:
        try:
            import sqlcipher3
        except ImportError as error:
            return failed(
                self.name,
                f"the sqlcipher3 module cannot be imported ({error})",
                f"{REINSTALL}, so its sqlcipher3 wheel is present",
            )
        connection = sqlcipher3.connect(":memory:")
        try:
            row = connection.execute("PRAGMA cipher_version").fetchone()
            cipher = row[0] if row and row[0] else ""
            connection.execute("CREATE VIRTUAL TABLE p USING fts5(t, tokenize='porter unicode61')")
            connection.execute("CREATE VIRTUAL TABLE g USING fts5(t, tokenize='trigram')")
        except Exception as error:
            return failed(
                self.name,
                f"FTS5 is not usable ({error})",
                f"{REINSTALL}; its sqlcipher3 build must include FTS5 with the trigram tokenizer",
            )
        finally:
            connection.close()
        if not cipher:
            return failed(
                self.name,
                "SQLite without SQLCipher: the knowledge base could not be encrypted",
                f"{REINSTALL}, so the sqlcipher3 wheel (not plain sqlite3) is used",
            )
        return passed(self.name, f"SQLCipher {cipher}, FTS5 porter + trigram")
