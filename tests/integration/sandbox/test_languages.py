"""Real programs in every language whose runtime is installed."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.sandbox.subprocess_sandbox import SubprocessSandbox
from domain.execution.file_prologue import build_program
from domain.execution.language import Language
from domain.execution.run import SandboxRequest
from tests.integration.sandbox.conftest import require

HELLO = {
    Language.PYTHON: "print('hello from python')",
    Language.SHELL: "echo 'hello from shell'",
    Language.JAVASCRIPT: "console.log('hello from javascript')",
    Language.TYPESCRIPT: "const n: string = 'typescript'; console.log(`hello from ${n}`)",
    Language.PERL: 'print "hello from perl\\n";',
    Language.RUBY: "puts 'hello from ruby'",
    Language.PHP: 'echo "hello from php\\n";',
    Language.GO: 'fmt.Println("hello from go")',
    Language.RUST: 'println!("hello from rust");',
    Language.R: 'cat("hello from r\\n")',
    Language.ELIXIR: 'IO.puts("hello from elixir")',
}

READ_FILE = {
    Language.PYTHON: "print(len(FILE_CONTENT), FILE_CONTENT_PATH == file_path)",
    Language.SHELL: 'echo "${#FILE_CONTENT} $([ "$FILE_CONTENT_PATH" = "$file_path" ] && echo True)"',
    Language.JAVASCRIPT: "console.log(FILE_CONTENT.length, FILE_CONTENT_PATH === file_path ? 'True' : 'False')",
    Language.TYPESCRIPT: "console.log(FILE_CONTENT.length, FILE_CONTENT_PATH === file_path ? 'True' : 'False')",
    Language.PERL: 'print length($FILE_CONTENT), " ", ($FILE_CONTENT_PATH eq $file_path ? "True" : "False"), "\\n";',
    Language.RUBY: "puts \"#{FILE_CONTENT.length} #{FILE_CONTENT_PATH == file_path ? 'True' : 'False'}\"",
    Language.PHP: 'echo strlen($FILE_CONTENT) . " " . ($FILE_CONTENT_PATH === $file_path ? "True" : "False") . "\\n";',
    Language.GO: "fmt.Println(len(FILE_CONTENT), strings.Title(fmt.Sprint(FILE_CONTENT_PATH == file_path)))",
    Language.RUST: 'println!("{} {}", file_content.len(), if file_content_path == file_path { "True" } else { "False" });',
    Language.R: 'cat(nchar(FILE_CONTENT), if (FILE_CONTENT_PATH == file_path) "True" else "False", "\\n")',
    Language.ELIXIR: 'IO.puts("#{String.length(file_content)} #{if file_content_path == file_path, do: "True", else: "False"}")',
}


@pytest.mark.parametrize("language", list(Language), ids=lambda lang: lang.value)
def test_hello_in_every_installed_language(sandbox: SubprocessSandbox, language: Language) -> None:
    require(sandbox, language)
    outcome = sandbox.run(
        SandboxRequest(language, build_program(language, HELLO[language]), timeout_ms=120_000)
    )
    assert outcome.exit_code == 0, outcome.stderr.text
    assert outcome.stdout.text.strip() == f"hello from {language.value}"
    assert outcome.stderr.text == ""


@pytest.mark.parametrize("language", list(Language), ids=lambda lang: lang.value)
def test_file_injection_survives_hostile_path(
    sandbox: SubprocessSandbox, language: Language, tmp_path: Path
) -> None:
    require(sandbox, language)
    directory = tmp_path / 'it\'s a "$HOME" #{x} `id` \\ dir'
    directory.mkdir()
    target = directory / "data 1.txt"
    target.write_text("0123456789")
    program = build_program(language, READ_FILE[language], str(target))
    outcome = sandbox.run(SandboxRequest(language, program, timeout_ms=120_000))
    assert outcome.exit_code == 0, outcome.stderr.text
    assert outcome.stdout.text.split() == ["10", "True"]
    assert outcome.stderr.text == ""


def test_go_snippet_without_fmt_compiles(sandbox: SubprocessSandbox) -> None:
    require(sandbox, Language.GO)
    program = build_program(Language.GO, "x := 40 + 2\nos.Exit(x - 42)")
    outcome = sandbox.run(SandboxRequest(Language.GO, program, timeout_ms=120_000))
    assert outcome.exit_code == 0, outcome.stderr.text


def test_rust_compile_error_is_reported(sandbox: SubprocessSandbox) -> None:
    require(sandbox, Language.RUST)
    outcome = sandbox.run(
        SandboxRequest(Language.RUST, 'fn main() { let x: i32 = "no"; }', timeout_ms=120_000)
    )
    assert outcome.exit_code not in (0, None)
    assert "mismatched types" in outcome.stderr.text


@pytest.mark.parametrize("language", [Language.JAVASCRIPT, Language.TYPESCRIPT])
def test_es_module_code_runs(
    sandbox: SubprocessSandbox, language: Language, tmp_path: Path
) -> None:
    require(sandbox, language)
    target = tmp_path / "data.txt"
    target.write_text("abc")
    code = 'import { basename } from "node:path";\nconsole.log(basename(file_path), FILE_CONTENT)'
    program = build_program(language, code, str(target))
    outcome = sandbox.run(SandboxRequest(language, program, timeout_ms=60_000))
    assert outcome.exit_code == 0, outcome.stderr.text
    assert outcome.stdout.text.strip() == "data.txt abc"


def test_go_snippet_using_less_common_packages(sandbox: SubprocessSandbox) -> None:
    require(sandbox, Language.GO)
    code = 'u, _ := url.Parse("https://example.com/a?b=1")\nfmt.Println(u.Query().Get("b"))'
    outcome = sandbox.run(
        SandboxRequest(Language.GO, build_program(Language.GO, code), timeout_ms=120_000)
    )
    assert outcome.stdout.text.strip() == "1", outcome.stderr.text
