"""Which calls start a process in each language (regexes, compiled on first use by
``shell_escape``), and the literal syntax of each language (``code_literals``).

Process functions with names nothing else uses (``system``, ``popen``, ``Popen``, ``execv``…)
count on any receiver — ``os.``, an alias, ``__import__('os').``, ``sys.modules['os'].`` —
while generic ones (``run``, ``call``) need a known module in front.
"""

from __future__ import annotations

from domain.hooks.value import Value
from domain.permissions.call_builders import (
    Builder,
    after,
    each_command,
    exec_list,
    exec_vector,
    first,
    join_all,
    path_then_list,
    perl_open,
    pipe_path,
    r_system2,
    skip_first,
    spawn_list,
    spawn_vector,
)
from domain.permissions.code_literals import Syntax


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


PY = Syntax(quotes="\"'", string_prefixes="rRbBfFuU", interpolating_quotes="", style="python")
JS = Syntax(quotes="\"'`", interpolation=("${",), interpolating_quotes="`", style="javascript")
RUBY = Syntax(
    interpolation=("#{",),
    list_openers=("[", "%w[", "%w(", "%W[", "%i["),
    style="ruby",
    quote_operators=("%q", "%Q", "%"),
)
GO = Syntax(quotes='"', raw_backtick=True, style="go", list_openers=("[]string{", "["))
RUST = Syntax(
    quotes='"', string_prefixes="r", list_openers=("[", "&[", "vec![", "&vec!["), style="rust"
)
PHP = Syntax(interpolation=("$", "{$"), list_openers=("[", "array("), style="php")
PERL = Syntax(
    interpolation=("$", "@"), list_openers=("(", "["), style="perl", quote_operators=("qq", "q")
)
R = Syntax(list_openers=("c(", "list("), style="r")
ELIXIR = Syntax(
    interpolation=("#{",),
    list_openers=("[",),
    keyword_sep=":",
    style="elixir",
    quote_operators=("~s", "~S", "~c", "~C"),
)

_CP = r"(?:child_process|childProcess|cp|require\(\s*['\"](?:node:)?child_process['\"]\s*\))"
_PY_DISTINCT = r"(?:Popen|check_output|check_call|getoutput|getstatusoutput)"
_PERL_CALL = r"(?<![\w$@%>&])(?<!->)(?:CORE::(?:GLOBAL::)?)?"
_PHP_PROCESS = r"(?:shell_exec|exec|system|passthru|proc_open|popen)"
SPECS: dict[str, tuple[Syntax, tuple[CallSpec, ...]]] = {
    "python": (
        PY,
        (
            _spec(r"\.\s*(?:system|popen)\s*\("),
            _spec(r"\bsubprocess\s*\.\s*(?:run|call)\s*\("),
            _spec(rf"\.\s*{_PY_DISTINCT}\s*\("),
            _spec(r"\bpty\s*\.\s*spawn\s*\("),
            _spec(r"\bcreate_subprocess_shell\s*\("),
            _spec(r"\bcreate_subprocess_exec\s*\(", join_all),
            _spec(r"\.\s*execl(?:p|e|pe)?\s*\(", exec_list),
            _spec(r"\.\s*execv(?:p|e|pe)?\s*\(", exec_vector),
            _spec(r"\.\s*spawnl(?:p|e|pe)?\s*\(", spawn_list),
            _spec(r"\.\s*spawnv(?:p|e|pe)?\s*\(", spawn_vector),
            _spec(r"\.\s*posix_spawnp?\s*\(", exec_vector),
            _spec(rf"(?<![\w.]){_PY_DISTINCT}\s*\(", certain=False),
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
            _spec(r"\bDeno\s*\.\s*run\s*\(", lambda args: None),
            _spec(r"\bprocess\s*\.\s*(?:binding|_linkedBinding)\s*\(", lambda args: None),
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
            _spec(r"\bPTY\s*\.\s*spawn\b\s*\(?", join_all, parens=False),
            _spec(
                r"(?<![\w])(?:send|__send__|public_send)\s*\(?\s*:(?:system|exec|spawn|`)\s*,",
                join_all,
                parens=False,
            ),
            _spec(
                r"\bmethod\s*\(\s*:(?:system|exec|spawn|`)\s*\)\s*(?:\.\s*call\s*|\.)\(",
                join_all,
            ),
            _spec(
                r"(?<![\w.:$@])(?:Kernel\s*\.\s*|IO\s*\.\s*|URI\s*\.\s*)?open\b\s*\(?",
                pipe_path,
                parens=False,
                certain=False,
            ),
            _spec(
                r"\bIO\s*\.\s*(?:read|readlines|foreach|write|binread|binwrite)\s*\(",
                pipe_path,
            ),
        ),
    ),
    "go": (
        GO,
        (
            _spec(r"\bexec\s*\.\s*Command\s*\(", join_all),
            _spec(r"\bexec\s*\.\s*CommandContext\s*\(", skip_first),
            _spec(r"\b(?:syscall|unix)\s*\.\s*(?:Exec|ForkExec)\s*\(", exec_vector),
            _spec(r"\bos\s*\.\s*StartProcess\s*\(", exec_vector),
        ),
    ),
    "rust": (
        RUST,
        (
            _spec(r"\bCommand\s*::\s*new\s*\("),
            _spec(
                r"\b(?:libc|nix::unistd)\s*::\s*(?:system|popen|exec\w*|posix_spawnp?)\s*\(",
                lambda args: None,
            ),
        ),
    ),
    "php": (
        PHP,
        (
            _spec(rf"(?<![\w$>:]){_PHP_PROCESS}\s*\("),
            _spec(r"(?<![\w$>:])pcntl_exec\s*\(", path_then_list),
            _spec(rf"\bcall_user_func\s*\(\s*['\"]{_PHP_PROCESS}['\"]\s*,", join_all),
            _spec(rf"\bcall_user_func_array\s*\(\s*['\"]{_PHP_PROCESS}['\"]\s*,", join_all),
            _spec(rf"\barray_(?:map|walk)\s*\(\s*['\"]{_PHP_PROCESS}['\"]\s*,", each_command),
        ),
    ),
    "perl": (
        PERL,
        (
            _spec(rf"{_PERL_CALL}(?:system|exec)\b(?!\s*[{{=,;)])\s*\(?", join_all, parens=False),
            _spec(rf"{_PERL_CALL}open\b\s*\(?", perl_open, parens=False, certain=False),
            _spec(rf"{_PERL_CALL}readpipe\b\s*\(?", parens=False),
            _spec(r"\b(?:IPC::Open3::)?open3\s*\(", after(3)),
            _spec(r"\b(?:IPC::Open2::)?open2\s*\(", after(2)),
        ),
    ),
    "r": (
        R,
        (
            _spec(r"(?<![\w.])(?:system|shell|pipe)\s*\("),
            _spec(r"(?<![\w.])system2\s*\(", r_system2),
            _spec(r"\bprocessx\s*::\s*run\s*\(", r_system2),
            _spec(r"\bsys\s*::\s*exec_(?:wait|background|internal)\s*\(", r_system2),
        ),
    ),
    "elixir": (
        ELIXIR,
        (
            _spec(r"\bSystem\s*\.\s*cmd\s*\(?", join_all, parens=False),
            _spec(r"\bSystem\s*\.\s*shell\s*\(?", parens=False),
            _spec(r":os\s*\.\s*cmd\s*\(?", parens=False),
            _spec(r"\bPort\s*\.\s*open\s*\(\s*\{\s*:spawn\s*,"),
            _spec(r"\bPort\s*\.\s*open\s*\(\s*\{\s*:spawn_executable\s*,", lambda a: None),
        ),
    ),
}
SPECS["typescript"] = SPECS["javascript"]
