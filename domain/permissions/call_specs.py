"""Which calls start a process in each language, and how their arguments become a command line.

One string argument is a command line already (``os.system("a b")``); several, or a list, are
an argv, quoted so ``["sh", "-c", "a b"]`` reads as ``sh -c 'a b'``. The regexes are compiled on
first use (see ``shell_escape``).
"""

from __future__ import annotations

import shlex
from collections.abc import Callable

from domain.hooks.value import Value
from domain.permissions.code_literals import Arg, Keyword, ListLiteral, Literal, Syntax

Builder = Callable[[list[Arg]], str | None]
PLACEHOLDER = "…"


def flatten(args: list[Arg]) -> list[Literal | None]:
    items: list[Literal | None] = []
    for arg in args:
        if isinstance(arg, Keyword):
            continue
        if isinstance(arg, ListLiteral):
            items.extend(arg.items)
        else:
            items.append(arg)
    return items


def _joined(items: list[Literal | None]) -> str | None:
    """One string is a command line already; several are argv, quoted so ``["sh", "-c", "a b"]``
    reads as ``sh -c 'a b'``."""
    if not items or items[0] is None or items[0].dynamic_head:
        return None
    if len(items) == 1:
        return items[0].text
    return " ".join(shlex.quote(item.text) if item is not None else PLACEHOLDER for item in items)


def first(args: list[Arg]) -> str | None:
    return _joined(flatten(args[:1]))


def join_all(args: list[Arg]) -> str | None:
    return _joined(flatten(args))


def skip_first(args: list[Arg]) -> str | None:
    return _joined(flatten(args[1:]))


def r_system2(args: list[Arg]) -> str | None:
    extra: list[Arg] = [a.value for a in args if isinstance(a, Keyword) and a.name == "args"]
    return _joined(flatten(args[:2] + extra))


def perl_open(args: list[Arg]) -> str | None:
    mode = args[1] if len(args) > 1 else None
    if isinstance(mode, Literal) and mode.text.strip() in {"-|", "|-"}:
        return _joined(flatten(args[2:]))
    if isinstance(mode, Literal) and len(args) == 2:
        text = mode.text.strip()
        if text.startswith("|") or text.endswith("|"):
            return text.strip("|").strip() or None
    return ""  # not a pipe open: nothing to check


class CallSpec(Value):
    __slots__ = ("build", "certain", "parens", "regex")
    regex: str  # compiled on first use: the hook's Bash path never needs these
    build: Builder
    parens: bool  # False: the call may omit parentheses (ruby, perl)
    certain: bool

    def __init__(
        self, regex: str, build: Builder = first, parens: bool = True, certain: bool = True
    ) -> None:
        self._init(regex=regex, build=build, parens=parens, certain=certain)


def _spec(
    regex: str, build: Builder = first, *, parens: bool = True, certain: bool = True
) -> CallSpec:
    return CallSpec(regex, build, parens, certain)


PY = Syntax(quotes="\"'", string_prefixes="rRbBfFuU", interpolating_quotes="")
JS = Syntax(quotes="\"'`", interpolation=("${",), interpolating_quotes="`")
RUBY = Syntax(interpolation=("#{",), list_openers=("[", "%w[", "%w(", "%W[", "%i["))
GO = Syntax(quotes='"', raw_backtick=True)
RUST = Syntax(quotes='"', string_prefixes="r", list_openers=("[", "&[", "vec![", "&vec!["))
PHP = Syntax(interpolation=("$", "{$"), list_openers=("[", "array("))
PERL = Syntax(interpolation=("$", "@"), list_openers=("(", "["))
R = Syntax(list_openers=("c(", "list("))
ELIXIR = Syntax(interpolation=("#{",), list_openers=("[",), keyword_sep=":")

_CP = r"(?:child_process|childProcess|cp|require\(\s*['\"](?:node:)?child_process['\"]\s*\))"
SPECS: dict[str, tuple[Syntax, tuple[CallSpec, ...]]] = {
    "python": (
        PY,
        (
            _spec(r"\bos\s*\.\s*(?:system|popen)\s*\("),
            _spec(
                r"\bsubprocess\s*\.\s*(?:run|call|Popen|check_output|check_call|getoutput"
                r"|getstatusoutput)\s*\("
            ),
            _spec(r"\bpty\s*\.\s*spawn\s*\("),
            _spec(r"\bcreate_subprocess_shell\s*\("),
            _spec(r"\bcreate_subprocess_exec\s*\(", join_all),
            _spec(r"\bos\s*\.\s*(?:exec|spawn)[lv]p?e?\s*\(", first, certain=False),
            _spec(r"\bos\s*\.\s*posix_spawnp?\s*\(", first, certain=False),
            _spec(
                r"(?<![\w.])(?:Popen|check_output|check_call|getoutput|getstatusoutput)\s*\(",
                certain=False,
            ),
        ),
    ),
    "javascript": (
        JS,
        (
            _spec(rf"{_CP}\s*\.\s*(?:exec|execSync)\s*\("),
            _spec(rf"{_CP}\s*\.\s*(?:spawn|spawnSync|execFile|execFileSync)\s*\(", join_all),
            _spec(r"(?<![\w$.])(?:exec|execSync)\s*\(", certain=False),
            _spec(
                r"(?<![\w$.])(?:spawn|spawnSync|execFile|execFileSync)\s*\(",
                join_all,
                certain=False,
            ),
            _spec(r"\bBun\s*\.\s*spawn(?:Sync)?\s*\(", join_all),
            _spec(r"\bDeno\s*\.\s*Command\s*\(", join_all),
        ),
    ),
    "ruby": (
        RUBY,
        (
            _spec(
                r"(?<![\w.:])(?:Kernel\s*\.\s*)?(?:system|exec|spawn)\b(?=\s*[(\"'%\[])\s*\(?",
                join_all,
                parens=False,
            ),
            _spec(r"\bProcess\s*\.\s*spawn\b\s*\(?", join_all, parens=False),
            _spec(r"\bIO\s*\.\s*popen\b\s*\(?", join_all, parens=False),
            _spec(r"\bOpen3\s*\.\s*\w+\b\s*\(?", join_all, parens=False),
        ),
    ),
    "go": (
        GO,
        (
            _spec(r"\bexec\s*\.\s*Command\s*\(", join_all),
            _spec(r"\bexec\s*\.\s*CommandContext\s*\(", skip_first),
            _spec(r"\bsyscall\s*\.\s*Exec\s*\("),
        ),
    ),
    "rust": (RUST, (_spec(r"\bCommand\s*::\s*new\s*\("),)),
    "php": (
        PHP,
        (
            _spec(
                r"(?<![\w$>:])(?:shell_exec|exec|system|passthru|proc_open|popen|pcntl_exec)\s*\("
            ),
        ),
    ),
    "perl": (
        PERL,
        (
            _spec(r"(?<![\w$@%>:&])(?:system|exec)\b(?=\s*[(\"'q])\s*\(?", join_all, parens=False),
            _spec(r"(?<![\w$@%>:&])open\b\s*\(?", perl_open, parens=False, certain=False),
            _spec(r"(?<![\w$@%>:&])readpipe\b\s*\(?", parens=False),
        ),
    ),
    "r": (
        R,
        (
            _spec(r"(?<![\w.])(?:system|shell|pipe)\s*\("),
            _spec(r"(?<![\w.])system2\s*\(", r_system2),
        ),
    ),
    "elixir": (
        ELIXIR,
        (
            _spec(r"\bSystem\s*\.\s*cmd\s*\(?", join_all, parens=False),
            _spec(r"\bSystem\s*\.\s*shell\s*\(?", parens=False),
            _spec(r":os\s*\.\s*cmd\s*\(?", parens=False),
        ),
    ),
}
SPECS["typescript"] = SPECS["javascript"]
