from __future__ import annotations

import os
import pwd
from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.sandbox.subprocess_sandbox import SubprocessSandbox
from domain.execution.language import Language
from domain.settings import ExecutorSettings


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    root.mkdir()
    return root


def toolchain_env() -> dict[str, str]:
    """The test environment, plus where rustup keeps its toolchains (HOME is isolated here)."""
    env = dict(os.environ)
    real_home = Path(pwd.getpwuid(os.getuid()).pw_dir)
    for name, folder in (("RUSTUP_HOME", ".rustup"), ("CARGO_HOME", ".cargo")):
        if name not in env and (real_home / folder).is_dir():
            env[name] = str(real_home / folder)
    return env


@pytest.fixture
def sandbox(project: Path) -> Iterator[SubprocessSandbox]:
    box = SubprocessSandbox(project, ExecutorSettings(), toolchain_env())
    yield box
    box.shutdown()


def require(box: SubprocessSandbox, language: Language) -> None:
    if language not in box.available_languages():
        pytest.skip(f"no runtime for {language.value} on PATH")
