"""RunCode and CheckCommand through the real container with in-memory adapters."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.memory.in_memory_policy_source import InMemoryPolicySource
from adapters.memory.in_memory_sandbox import InMemorySandbox
from application.use_cases.check_command import CheckCommand, CommandCheck
from application.use_cases.run_code import RunCode
from application.use_cases.run_code_request import RunCodeRequest
from domain.errors import InvalidInput, PolicyDenied, PolicyError
from domain.execution.classification import ExitClass
from domain.execution.language import Language
from domain.permissions.evaluation import Decision
from domain.permissions.rules import policy_from_lists
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / "sub").mkdir(parents=True)
    (root / ".env").write_text("TOKEN=x\n")
    (root / "data.txt").write_text("hello\n")
    (root / "link").symlink_to(root / ".env")
    return root


@pytest.fixture
def container(project: Path) -> Iterator[CliContainer]:
    container = CliContainer(options=RuntimeOptions(project_dir=project, cwd=project))
    container.adapters.override(MemoryAdapters(core=container.core))
    yield container


@pytest.fixture
def sandbox(container: CliContainer) -> InMemorySandbox:
    fake = container.adapters.sandbox()
    assert isinstance(fake, InMemorySandbox)
    return fake


@pytest.fixture
def policy(container: CliContainer) -> InMemoryPolicySource:
    source = container.adapters.policy_source()
    assert isinstance(source, InMemoryPolicySource)
    source.policy = policy_from_lists(
        deny=("Bash(sudo *)", "Read(.env)"), ask=("Bash(git push:*)",), origin="settings.json"
    )
    return source


@pytest.fixture
def run_code(container: CliContainer, policy: InMemoryPolicySource) -> RunCode:
    use_case = container.use_cases.run_code()
    assert isinstance(use_case, RunCode)
    return use_case


def test_runs_allowed_code_and_classifies(run_code: RunCode, sandbox: InMemorySandbox) -> None:
    sandbox.script(InMemorySandbox.output("out\n", "warn\n"))
    result = run_code.execute(RunCodeRequest(language="python", code="print('out')"))
    assert result.run.exit_class is ExitClass.SUCCESS
    assert result.text == "out\n\nstderr:\nwarn\n"
    assert result.source_label == "execute:python"
    assert sandbox.requests[0].language is Language.PYTHON
    assert sandbox.requests[0].timeout_ms is None


def test_denied_code_never_reaches_the_sandbox(run_code: RunCode, sandbox: InMemorySandbox) -> None:
    with pytest.raises(PolicyDenied) as denied:
        run_code.execute(RunCodeRequest(language="shell", code="ls\nsudo rm -rf /"))
    assert "Bash(sudo *)" in str(denied.value) and "settings.json" in str(denied.value)
    with pytest.raises(PolicyDenied):
        run_code.execute(RunCodeRequest(language="python", code="import os\nos.system(cmd)"))
    assert sandbox.requests == []


def test_ask_rules_do_not_block_the_server(run_code: RunCode, sandbox: InMemorySandbox) -> None:
    run_code.execute(RunCodeRequest(language="shell", code="git push origin main"))
    assert len(sandbox.requests) == 1


def test_unreadable_rules_fail_closed(
    run_code: RunCode, policy: InMemoryPolicySource, sandbox: InMemorySandbox
) -> None:
    policy.error = PolicyError("cannot read /p/.claude/settings.json", hint="fix it")
    with pytest.raises(PolicyError, match=r"settings\.json"):
        run_code.execute(RunCodeRequest(language="shell", code="echo hi"))
    assert sandbox.requests == []


@pytest.mark.parametrize("path", [".env", "./.env", "sub/../.env", "link", "{root}/.env"])
def test_read_rules_see_through_path_tricks(run_code: RunCode, project: Path, path: str) -> None:
    with pytest.raises(PolicyDenied, match="Read"):
        run_code.execute(
            RunCodeRequest(language="python", code="print(1)", file_path=path.format(root=project))
        )


def test_file_run_resolves_against_project_root(
    run_code: RunCode, sandbox: InMemorySandbox, project: Path
) -> None:
    result = run_code.execute(
        RunCodeRequest(language="python", code="print(FILE_CONTENT)", file_path="data.txt")
    )
    assert result.file_path == str(project / "data.txt")
    assert result.source_label == f"file:{project / 'data.txt'}"
    assert repr(str(project / "data.txt")) in sandbox.requests[0].source


def test_bad_input_says_what_to_do(run_code: RunCode) -> None:
    with pytest.raises(InvalidInput, match="unknown language") as err:
        run_code.execute(RunCodeRequest(language="cobol", code="x"))
    assert "python" in err.value.hint
    with pytest.raises(InvalidInput):
        run_code.execute(RunCodeRequest(language="shell", code="  "))
    with pytest.raises(InvalidInput, match="timeout"):
        run_code.execute(RunCodeRequest(language="shell", code="ls", timeout_ms=0))
    with pytest.raises(InvalidInput, match="no such file"):
        run_code.execute(RunCodeRequest(language="shell", code="ls", file_path="missing.txt"))


def test_timeout_in_milliseconds_is_passed_exactly(
    run_code: RunCode, sandbox: InMemorySandbox
) -> None:
    run_code.execute(RunCodeRequest(language="shell", code="sleep 1", timeout_ms=500))
    assert sandbox.requests[0].timeout_ms == 500


def test_check_command_full_evaluation(
    container: CliContainer, policy: InMemoryPolicySource
) -> None:
    check = container.use_cases.check_command()
    assert isinstance(check, CheckCommand)
    assert check.execute(CommandCheck("git push")).decision is Decision.ASK
    assert check.execute(CommandCheck("echo a; sudo x")).decision is Decision.DENY
    assert check.execute(CommandCheck("make")).decision is Decision.NONE
    cat_env = CommandCheck("cat", language="shell", file_path="./.env")
    assert check.execute(cat_env).decision is Decision.DENY


@pytest.mark.parametrize(
    "code",
    [
        "cat ~/.config/capy/keys/*",
        'cat "$HOME/.config/capy/keys/abc.key"',
        "import glob\nprint(open(glob.glob('{keys}/*')[0]).read())",
    ],
)
def test_code_naming_capys_key_store_is_refused(
    run_code: RunCode, sandbox: InMemorySandbox, isolated_home: Path, code: str
) -> None:
    keys = isolated_home / ".config" / "capy" / "keys"
    with pytest.raises(PolicyDenied, match="key store"):
        run_code.execute(RunCodeRequest(language="shell", code=code.format(keys=keys)))
    assert sandbox.requests == []


def test_key_files_cannot_be_handed_to_a_program(run_code: RunCode, isolated_home: Path) -> None:
    keys = isolated_home / ".config" / "capy" / "keys"
    keys.mkdir(parents=True)
    (keys / "db.key").write_text("secret")
    with pytest.raises(PolicyDenied, match="key store"):
        run_code.execute(
            RunCodeRequest(language="python", code="print(1)", file_path=str(keys / "db.key"))
        )
