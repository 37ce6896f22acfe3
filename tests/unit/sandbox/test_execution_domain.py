from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.execution.classification import ExitClass, classify, describe
from domain.execution.file_prologue import build_program
from domain.execution.language import Language
from domain.execution.run import RunOutcome, StreamOutput
from domain.execution.truncation import truncate_bytes
from domain.execution.wrapping import wrap_code


def _outcome(stdout: str = "", stderr: str = "", code: int | None = 0, **kw: object) -> RunOutcome:
    def s(t: str) -> StreamOutput:
        return StreamOutput(t, len(t.encode()), len(t.encode()))

    return RunOutcome(stdout=s(stdout), stderr=s(stderr), exit_code=code, **kw)  # type: ignore[arg-type]


def test_short_output_is_untouched() -> None:
    out = truncate_bytes(b"a\nb\n", 100)
    assert (out.text, out.truncated, out.total_bytes) == ("a\nb\n", False, 4)


def test_long_output_keeps_head_and_tail_lines() -> None:
    data = "".join(f"line {i}\n" for i in range(1000)).encode()
    out = truncate_bytes(data, 1000)
    assert out.text.startswith("line 0\n")
    assert out.text.rstrip().endswith("line 999")
    assert "lines /" in out.text and "KB cut" in out.text
    assert out.truncated and out.total_bytes == len(data) and out.kept_bytes <= 1000
    head, _, _tail = out.text.partition("…")
    assert all(line.startswith("line ") for line in head.strip().splitlines())


def test_huge_single_line_is_cut_and_utf8_kept_whole() -> None:
    data = ("é" * 100_000).encode()
    out = truncate_bytes(data, 1001)
    assert "\ufffd" not in out.text
    assert "KB cut from the middle of one" in out.text
    assert out.kept_bytes <= 1001


@given(st.text(max_size=3000), st.integers(min_value=10, max_value=500))
def test_truncation_never_breaks_utf8_or_exceeds_budget(text: str, limit: int) -> None:
    data = text.encode()
    out = truncate_bytes(data, limit)
    assert out.kept_bytes <= max(limit, 0) or not out.truncated
    if not out.truncated:
        assert out.text == text
    else:
        assert "\ufffd" not in out.text


def test_exit_classification() -> None:
    assert classify(Language.SHELL, _outcome("match", code=1)) is ExitClass.SOFT_FAILURE
    assert classify(Language.SHELL, _outcome("  \n", code=1)) is ExitClass.ERROR
    assert classify(Language.PYTHON, _outcome("x", code=1)) is ExitClass.ERROR
    assert classify(Language.SHELL, _outcome(code=0)) is ExitClass.SUCCESS
    assert classify(Language.SHELL, _outcome(code=None, timed_out=True)) is ExitClass.TIMED_OUT


def test_soft_failure_and_success_keep_stderr() -> None:
    soft = describe(Language.SHELL, _outcome("out\n", "grep: warning\n", code=1))
    assert not soft.is_error and soft.text == "out\n\nstderr:\ngrep: warning\n"
    ok = describe(Language.PYTHON, _outcome("", "DeprecationWarning\n"))
    assert ok.text == "stderr:\nDeprecationWarning\n"
    assert describe(Language.PYTHON, _outcome()).text == "(no output)"


def test_error_text_has_exit_code_stdout_and_stderr() -> None:
    run = describe(Language.PYTHON, _outcome("o", "Traceback", code=2))
    assert run.is_error and run.text == "Exit code: 2\n\nstdout:\no\n\nstderr:\nTraceback"


def test_timeout_and_background_texts() -> None:
    partial = describe(Language.SHELL, _outcome("half", code=None, timed_out=True, timeout_ms=500))
    assert not partial.is_error and "500 ms" in partial.text and partial.text.startswith("half")
    empty = describe(Language.SHELL, _outcome(code=None, timed_out=True, timeout_ms=500))
    assert empty.is_error
    bg = describe(
        Language.SHELL, _outcome("x", code=None, timed_out=True, backgrounded=True, pid=42)
    )
    assert "PID 42" in bg.text and bg.exit_class is ExitClass.BACKGROUNDED


def test_go_imports_only_what_is_used() -> None:
    plain = wrap_code(Language.GO, "x := 1\n_ = x")
    assert "import" not in plain and "func main() {" in plain
    both = wrap_code(Language.GO, 'fmt.Println(strings.ToUpper("a"))\nos.Exit(0)')
    assert 'import "fmt"' in both and 'import "strings"' in both and 'import "os"' in both
    own = wrap_code(Language.GO, 'import "fmt"\nfunc main() { fmt.Println(1) }')
    assert own.count('"fmt"') == 1 and own.count("func main") == 1
    full = "package main\nfunc main() {}\n"
    assert wrap_code(Language.GO, full) == full


def test_php_tag_and_rust_main() -> None:
    assert wrap_code(Language.PHP, "echo 1;") == "<?php\necho 1;"
    assert wrap_code(Language.PHP, "<?php echo 1;") == "<?php echo 1;"
    assert wrap_code(Language.RUST, 'println!("x");').startswith("fn main() {")


def test_file_prologue_escapes_the_path_for_every_language() -> None:
    path = '/tmp/it\'s a "$HOME" #{x} \\ dir/file.txt'
    for language in Language:
        program = build_program(language, "", path)
        assert "FILE_CONTENT" in program.upper(), language
    assert "'/tmp/it'\\''s a \"$HOME\" #{x} \\ dir/file.txt'" in build_program(
        Language.SHELL, "", path
    )


def test_r_and_elixir_literals_escape_quotes_and_interpolation() -> None:
    path = '/p/a"b#{x}\\c\nd'
    r_program = build_program(Language.R, "", path)
    assert 'FILE_CONTENT_PATH <- "/p/a\\"b#{x}\\\\c\\nd"' in r_program
    elixir_program = build_program(Language.ELIXIR, "", path)
    assert 'file_content_path = "/p/a\\"b\\#{x}\\\\c\nd"' in elixir_program


def test_elixir_mix_prologue_uses_the_project_root() -> None:
    from domain.execution.wrapping import elixir_mix_prologue

    prologue = elixir_mix_prologue('/work/my "app" #{x}')
    assert 'Path.join("/work/my \\"app\\" \\#{x}", "_build/dev/lib/*/ebin")' in prologue


def test_es_module_detection() -> None:
    from domain.execution.wrapping import is_es_module

    assert is_es_module('import fs from "fs"\nconsole.log(1)')
    assert is_es_module("export const x = 1")
    assert is_es_module("await fetch('x')")
    assert not is_es_module('const fs = require("fs")\n// import later')
