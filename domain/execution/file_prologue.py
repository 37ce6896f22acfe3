"""Code that hands a file to the agent's program (``capy_execute_file``).

The program sees the file's absolute path as ``FILE_CONTENT_PATH`` and ``file_path`` and its text
as ``FILE_CONTENT`` (lower-case names in Rust and Elixir, where upper-case names are constants or
invalid). The path is embedded as a literal escaped for each language, so quotes, spaces, ``$``,
``#`` and backslashes in it are data, never code.
"""

from __future__ import annotations

import json

from domain.execution.language import Language
from domain.execution.wrapping import is_es_module, wrap_code, wrap_go


def _single_quoted(path: str) -> str:
    """Ruby, PHP and Perl single-quoted strings: only ``\\`` and ``'`` are special."""
    return "'" + path.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _shell(path: str) -> str:
    return "'" + path.replace("'", "'\\''") + "'"


def _rust(path: str) -> str:
    hashes = "#"
    while f'"{hashes}' in path:
        hashes += "#"
    return f'r{hashes}"{path}"{hashes}'


def _r(path: str) -> str:
    escaped = path.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return '"' + escaped.replace("\r", "\\r").replace("\t", "\\t") + '"'


def _elixir(path: str) -> str:
    escaped = path.replace("\\", "\\\\").replace('"', '\\"').replace("#", "\\#")
    return '"' + escaped + '"'


def _json(path: str) -> str:
    return json.dumps(path, ensure_ascii=False)


def _php(code: str, path: str) -> str:
    lit = _single_quoted(path)
    prologue = (
        f"<?php\n$FILE_CONTENT_PATH = {lit};\n$file_path = $FILE_CONTENT_PATH;\n"
        "$FILE_CONTENT = file_get_contents($FILE_CONTENT_PATH);\n"
    )
    stripped = code.lstrip()
    if stripped.startswith("<?php"):
        return prologue + stripped[len("<?php") :]
    if stripped.startswith("<?"):
        return prologue + "?>" + code
    return prologue + code


def _go(code: str, path: str) -> str:
    lit = _json(path)
    globals_ = f"var FILE_CONTENT_PATH = {lit}\nvar file_path = FILE_CONTENT_PATH\n"
    prologue = (
        "_fileBytes, _ := os.ReadFile(FILE_CONTENT_PATH)\n"
        "FILE_CONTENT := string(_fileBytes)\n_ = FILE_CONTENT\n"
    )
    return wrap_go(code, globals_=globals_, main_prologue=prologue)


def _rust_program(code: str, path: str) -> str:
    lit = _rust(path)
    if "fn main" in code:
        return (
            f"#[allow(dead_code)]\nconst FILE_CONTENT_PATH: &str = {lit};\n"
            f"#[allow(dead_code)]\nconst FILE_PATH: &str = {lit};\n{code}"
        )
    return (
        "#[allow(unused_variables)]\nfn main() {\n"
        f"    let file_content_path: &str = {lit};\n"
        "    let file_path: &str = file_content_path;\n"
        "    let file_content: String = std::fs::read_to_string(file_content_path)"
        '.expect("capy: cannot read the file");\n'
        f"{code}\n}}\n"
    )


def with_file(language: Language, code: str, path: str) -> str:
    """The complete program: the file prologue followed by the agent's code."""
    if language is Language.PYTHON:
        lit = repr(path)
        return (
            f"FILE_CONTENT_PATH = {lit}\nfile_path = FILE_CONTENT_PATH\n"
            'with open(FILE_CONTENT_PATH, encoding="utf-8", errors="replace") as _capy_file:\n'
            f"    FILE_CONTENT = _capy_file.read()\n{code}"
        )
    if language in (Language.JAVASCRIPT, Language.TYPESCRIPT) and is_es_module(code):
        lit = _json(path)
        return (
            'import { readFileSync as capyReadFile } from "node:fs";\n'
            f"const FILE_CONTENT_PATH = {lit};\nconst file_path = FILE_CONTENT_PATH;\n"
            'const FILE_CONTENT = capyReadFile(FILE_CONTENT_PATH, "utf-8");\n'
            f"{code}"
        )
    if language in (Language.JAVASCRIPT, Language.TYPESCRIPT):
        lit = _json(path)
        return (
            f"const FILE_CONTENT_PATH = {lit};\nconst file_path = FILE_CONTENT_PATH;\n"
            'const FILE_CONTENT = require("fs").readFileSync(FILE_CONTENT_PATH, "utf-8");\n'
            f"{code}"
        )
    if language is Language.SHELL:
        return (
            f'FILE_CONTENT_PATH={_shell(path)}\nfile_path="$FILE_CONTENT_PATH"\n'
            'FILE_CONTENT=$(cat -- "$FILE_CONTENT_PATH")\n'
            f"{code}"
        )
    if language is Language.RUBY:
        return (
            f"FILE_CONTENT_PATH = {_single_quoted(path)}\nfile_path = FILE_CONTENT_PATH\n"
            'FILE_CONTENT = File.read(FILE_CONTENT_PATH, encoding: "utf-8")\n'
            f"{code}"
        )
    if language is Language.PERL:
        return (
            f"my $FILE_CONTENT_PATH = {_single_quoted(path)};\n"
            "my $file_path = $FILE_CONTENT_PATH;\n"
            "my $FILE_CONTENT = do { local $/; "
            "open(my $capy_fh, '<:encoding(UTF-8)', $FILE_CONTENT_PATH) "
            'or die "cannot open $FILE_CONTENT_PATH: $!"; <$capy_fh> };\n'
            f"{code}"
        )
    if language is Language.R:
        return (
            f"FILE_CONTENT_PATH <- {_r(path)}\nfile_path <- FILE_CONTENT_PATH\n"
            'FILE_CONTENT <- paste(readLines(FILE_CONTENT_PATH, encoding = "UTF-8", '
            'warn = FALSE), collapse = "\\n")\n'
            f"{code}"
        )
    if language is Language.ELIXIR:
        return (
            f"file_content_path = {_elixir(path)}\nfile_path = file_content_path\n"
            "file_content = File.read!(file_content_path)\n"
            "_ = {file_content_path, file_path, file_content}\n"
            f"{code}"
        )
    if language is Language.PHP:
        return _php(code, path)
    if language is Language.GO:
        return _go(code, path)
    return _rust_program(code, path)


def build_program(language: Language, code: str, file_path: str | None = None) -> str:
    """The source to run: the agent's code, wrapped, with the file prologue when given a file."""
    if file_path is None:
        return wrap_code(language, code)
    return with_file(language, code, file_path)
