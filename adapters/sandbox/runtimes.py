"""Which program runs each language, found once on PATH and cached."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import attrs

from domain.errors import InvalidInput
from domain.execution.language import Language

CANDIDATES: dict[Language, tuple[str, ...]] = {
    Language.JAVASCRIPT: ("bun", "node"),
    Language.TYPESCRIPT: ("bun", "tsx", "ts-node"),
    Language.PYTHON: ("python3", "python"),
    Language.SHELL: ("bash", "sh"),
    Language.RUBY: ("ruby",),
    Language.GO: ("go",),
    Language.RUST: ("rustc",),
    Language.PHP: ("php",),
    Language.PERL: ("perl",),
    Language.R: ("Rscript", "r"),
    Language.ELIXIR: ("elixir",),
}
SCRIPT_NAMES: dict[Language, str] = {
    Language.JAVASCRIPT: "script.js",
    Language.TYPESCRIPT: "script.ts",
    Language.PYTHON: "script.py",
    Language.SHELL: "script.sh",
    Language.RUBY: "script.rb",
    Language.GO: "main.go",
    Language.RUST: "main.rs",
    Language.PHP: "script.php",
    Language.PERL: "script.pl",
    Language.R: "script.R",
    Language.ELIXIR: "script.exs",
}
INSTALL_HINTS: dict[Language, str] = {
    Language.JAVASCRIPT: "install Node.js or Bun",
    Language.TYPESCRIPT: "install Bun, or tsx (npm i -g tsx)",
    Language.PYTHON: "install Python 3",
    Language.SHELL: "install bash",
    Language.RUBY: "install Ruby",
    Language.GO: "install Go",
    Language.RUST: "install Rust (rustc)",
    Language.PHP: "install the PHP command-line interpreter",
    Language.PERL: "install Perl",
    Language.R: "install R (Rscript)",
    Language.ELIXIR: "install Elixir",
}


@attrs.frozen
class Runtime:
    language: Language
    name: str  # the candidate that was found (``bun``, ``node``…)
    executable: str

    def command(self, script: Path) -> list[str]:
        if self.name in {"bun", "go"}:
            return [self.executable, "run", str(script)]
        return [self.executable, str(script)]

    @property
    def compiles(self) -> bool:
        return self.language is Language.RUST


class RuntimeCatalog:
    """Detects runtimes on first use, from the PATH capy's children will see."""

    def __init__(self, path: str) -> None:
        self._path = path
        self._found: dict[Language, Runtime] | None = None
        self._lock = threading.Lock()

    def _detect(self) -> dict[Language, Runtime]:
        with self._lock:
            if self._found is None:
                found: dict[Language, Runtime] = {}
                for language, names in CANDIDATES.items():
                    for name in names:
                        executable = shutil.which(name, path=self._path)
                        if executable:
                            found[language] = Runtime(language, name, executable)
                            break
                self._found = found
            return self._found

    def available(self) -> tuple[Language, ...]:
        return tuple(sorted(self._detect(), key=lambda lang: lang.value))

    def runtime_for(self, language: Language) -> Runtime:
        runtime = self._detect().get(language)
        if runtime is None:
            tried = ", ".join(CANDIDATES[language])
            raise InvalidInput(
                f"no runtime found for {language.value} (looked for {tried} on PATH)",
                hint=f"{INSTALL_HINTS[language]}, or use one of: "
                + ", ".join(lang.value for lang in self.available()),
            )
        return runtime
