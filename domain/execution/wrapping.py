"""Turning a snippet into a program its runtime accepts.

Go snippets get ``package main``, a ``func main`` and only the imports they use (an unused import
is a compile error in Go); a snippet that defines ``func main`` keeps its own body. PHP gets its
``<?php`` tag. Rust snippets without ``fn main`` are wrapped in one.
"""

from __future__ import annotations

import re

from domain.execution.language import Language

GO_PACKAGES = {
    "fmt": "fmt",
    "os": "os",
    "strings": "strings",
    "strconv": "strconv",
    "time": "time",
    "math": "math",
    "sort": "sort",
    "io": "io",
    "bufio": "bufio",
    "bytes": "bytes",
    "errors": "errors",
    "regexp": "regexp",
    "filepath": "path/filepath",
    "json": "encoding/json",
    "exec": "os/exec",
    "http": "net/http",
    "sync": "sync",
    "rand": "math/rand",
    "unicode": "unicode",
    "utf8": "unicode/utf8",
    "runtime": "runtime",
    "base64": "encoding/base64",
    "hex": "encoding/hex",
    "sha256": "crypto/sha256",
    "csv": "encoding/csv",
    "context": "context",
    "log": "log",
    "url": "net/url",
    "ioutil": "io/ioutil",
    "reflect": "reflect",
    "big": "math/big",
    "md5": "crypto/md5",
    "sha1": "crypto/sha1",
    "flag": "flag",
    "net": "net",
    "atomic": "sync/atomic",
    "signal": "os/signal",
    "heap": "container/heap",
    "bits": "math/bits",
    "tabwriter": "text/tabwriter",
    "gzip": "compress/gzip",
    "xml": "encoding/xml",
    "binary": "encoding/binary",
    "template": "text/template",
}
# ``^[ \t]*``, not ``^\s*``, under MULTILINE: every line start is tried anyway, and ``\s*``
# made each one rescan a run of blank lines (quadratic in a file of blank lines).
_ESM = re.compile(r"^[ \t]*(?:import\s*[\w{*'\"]|export\s|await\s)", re.MULTILINE)


def is_es_module(code: str) -> bool:
    """JavaScript written as an ES module (``import``/``export``/top-level ``await``)."""
    return _ESM.search(code) is not None


_GO_IMPORT_BLOCK = re.compile(r"^[ \t]*import\s*\((.*?)\)\s*$", re.MULTILINE | re.DOTALL)
_GO_IMPORT_LINE = re.compile(r'^[ \t]*import\s+(?:[\w.]+\s+)?"[^"]+"\s*$', re.MULTILINE)
_GO_QUOTED = re.compile(r'"([^"]+)"')


def _go_imports(code: str, extra: str) -> tuple[str, list[str]]:
    """Hoist the snippet's own imports; add the standard packages it (or ``extra``) uses."""
    paths: list[str] = []
    for block in _GO_IMPORT_BLOCK.finditer(code):
        paths += _GO_QUOTED.findall(block.group(1))
    code = _GO_IMPORT_BLOCK.sub("", code)
    for line in _GO_IMPORT_LINE.finditer(code):
        paths += _GO_QUOTED.findall(line.group(0))
    code = _GO_IMPORT_LINE.sub("", code)
    imported = {path.rsplit("/", 1)[-1] for path in paths}
    scanned = extra + "\n" + code
    for name, path in GO_PACKAGES.items():
        if name not in imported and re.search(rf"(?<![\w.]){name}\.", scanned):
            paths.append(path)
    return code, sorted(set(paths))


def wrap_go(code: str, globals_: str = "", main_prologue: str = "") -> str:
    """A Go program from a snippet; ``globals_`` and ``main_prologue`` come from capy itself."""
    if re.search(r"^[ \t]*package\s+\w+", code, re.MULTILINE):
        return code
    body, paths = _go_imports(code, globals_ + "\n" + main_prologue)
    imports = "".join(f'import "{path}"\n' for path in paths)
    head = f"package main\n\n{imports}\n{globals_}\n"
    if re.search(r"^[ \t]*func\s+main\s*\(", body, re.MULTILINE):
        return f"{head}{body.strip()}\n"
    return f"{head}func main() {{\n{main_prologue}\n{body}\n}}\n"


def wrap_code(language: Language, code: str) -> str:
    if language is Language.GO:
        return wrap_go(code)
    if language is Language.PHP and not code.lstrip().startswith("<?"):
        return "<?php\n" + code
    if language is Language.RUST and not re.search(r"\bfn\s+main\s*\(", code):
        return f"fn main() {{\n{code}\n}}\n"
    return code


def elixir_mix_prologue(project_root: str) -> str:
    """Puts a Mix project's compiled dependencies on the code path (absolute, not tmp-relative)."""
    escaped = project_root.replace("\\", "\\\\").replace('"', '\\"').replace("#", "\\#")
    return (
        f'for capy_ebin <- Path.wildcard(Path.join("{escaped}", "_build/dev/lib/*/ebin")), '
        "do: Code.prepend_path(capy_ebin)\n"
    )
