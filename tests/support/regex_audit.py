"""Finding every regular expression capy runs on untrusted text, and measuring how its time
grows with hostile input (the audit test and the closing measurements share this).

Patterns are discovered, not listed: every compiled pattern (``re.Pattern`` or a
``LazyPattern``) held by a module of the packages below — at module level, in containers, in
class attributes — and every literal pattern passed straight to ``re.search`` & co. in their
source. Inputs are long runs of one character class, repetitions of the pattern's own literal
words (near-misses) and nesting.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs

from domain.lazy_pattern import LazyPattern

# Code that reads text from outside: the host's hook input, tool output, transcripts, fetched
# pages, shell commands, settings written by people.
PACKAGES = ("domain", "application", "adapters.platforms", "adapters.http")
MODULES = (
    "adapters.jsonl_session_journal",
    "adapters.claude_sessions.jsonl_stream",
    "adapters.codex_sessions.codex_records",
    "adapters.sandbox.environment",
)
_RE_CALLS = {"search", "match", "fullmatch", "sub", "subn", "findall", "finditer", "split"}


@attrs.frozen
class Found:
    where: str
    pattern: re.Pattern[str]
    anchored: bool = False  # only ever tried at one position (``match``/``fullmatch``)


def _modules() -> Iterator[ModuleType]:
    for name in PACKAGES:
        package = importlib.import_module(name)
        yield package
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            yield importlib.import_module(info.name)
    for name in MODULES:
        yield importlib.import_module(name)


def _patterns_in(value: Any, depth: int = 0) -> Iterator[re.Pattern[str]]:
    if isinstance(value, re.Pattern):
        if isinstance(value.pattern, str):
            yield value
    elif isinstance(value, LazyPattern):
        yield value.compiled
    elif depth < 3 and isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from _patterns_in(item, depth + 1)
    elif depth < 3 and isinstance(value, dict):
        for item in (*value.keys(), *value.values()):
            yield from _patterns_in(item, depth + 1)
    elif depth < 2 and inspect.isclass(value):
        for item in vars(value).values():
            yield from _patterns_in(item, depth + 1)
    elif depth < 2 and attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            yield from _patterns_in(getattr(value, field.name, None), depth + 1)


def _source(module: ModuleType) -> str:
    try:
        return Path(inspect.getfile(module)).read_text()
    except (OSError, TypeError):
        return ""


def _only_anchored(source: str, name: str) -> bool:
    """Whether every use of the module's ``name`` in its source is ``.match``/``.fullmatch``."""
    uses = re.findall(rf"(?<![\w.]){re.escape(name)}\b(\.\w+)?", source)
    methods = {use for use in uses if use}
    return bool(methods) and methods <= {".match", ".fullmatch"} and len(uses) == len(methods) + 1


def _literal_calls(module: ModuleType) -> Iterator[tuple[re.Pattern[str], bool]]:
    source = _source(module)
    if not source:
        return
    tree = ast.parse(source)
    chained = {  # ``re.compile(literal).method(…)``: compiled where it is used
        id(node.func.value): node.func.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
    }
    anchored_compiles = {key for key, method in chained.items() if method in {"match", "fullmatch"}}
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "re"
            and (node.func.attr in _RE_CALLS or id(node) in chained)
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            continue
        flags = 0
        for extra in (*node.args[2:], *(k.value for k in node.keywords if k.arg == "flags")):
            flags |= _flags(extra)
        anchored = node.func.attr in {"match", "fullmatch"} or id(node) in anchored_compiles
        try:
            yield re.compile(node.args[0].value, flags), anchored
        except re.error:
            continue


def _flags(node: ast.expr) -> int:
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        value = getattr(re, node.attr, 0)
        return int(value) if isinstance(value, re.RegexFlag) else 0
    if isinstance(node, ast.BinOp):
        return _flags(node.left) | _flags(node.right)
    return 0


def discover() -> list[Found]:
    seen: dict[tuple[str, int], Found] = {}
    for module in _modules():
        source = _source(module)
        for name, value in vars(module).items():
            if inspect.ismodule(value) or (
                inspect.isclass(value) and value.__module__ != module.__name__
            ):
                continue
            anchored = isinstance(value, re.Pattern) and _only_anchored(source, name)
            for pattern in _patterns_in(value):
                found = Found(f"{module.__name__}.{name}", pattern, anchored)
                key = (pattern.pattern, pattern.flags)
                if key not in seen or seen[key].anchored:
                    seen[key] = found
        for pattern, anchored in _literal_calls(module):
            key = (pattern.pattern, pattern.flags)
            if key not in seen or (seen[key].anchored and not anchored):
                seen[key] = Found(f"{module.__name__} (inline)", pattern, anchored)
    return sorted(seen.values(), key=lambda f: f.where)


_RUNS = (
    "a", "Z", "0", "f", "_", " ", "\t", "\n", "-", ".", "/", "\\", "=", ":", "'", '"', "`",
    "$", "(", "{", "[", "<", "*", "|", ";", "&", "#", "%", "@", "+", "é", "\u200b",
    "a ", "a-", "a.", "a/", "a=", "ab ", "0x", "$(", "${", "{ ", "((", "<a", "a\n", "\\\\",
)  # fmt: skip
_WORDS = re.compile(r"[A-Za-z_][A-Za-z0-9_]{2,}")
_ESCAPES = re.compile(r"\\.")  # \bword is the word, not "bword"


def hostile_inputs(pattern: re.Pattern[str]) -> Iterator[Callable[[int], str]]:
    """Builders of strings of about ``n`` characters that make backtracking matchers work."""
    for unit in _RUNS:
        yield lambda n, unit=unit: unit * (n // len(unit))
        yield lambda n, unit=unit: unit * (n // len(unit) - 1) + "!"
    for word in dict.fromkeys(_WORDS.findall(_ESCAPES.sub(" ", pattern.pattern))):
        yield lambda n, w=word: w * (n // len(w))
        yield lambda n, w=word: (w + " ") * (n // (len(w) + 1))
        yield lambda n, w=word: w + "a" * (n - len(w))
        yield lambda n, w=word: w + "=" + "a" * (n - len(w) - 1)
        yield lambda n, w=word: "a" * (n - len(w)) + w.lower()
    yield lambda n: "(" * (n // 2) + ")" * (n // 2)
    yield lambda n: "{" * (n // 2) + "}" * (n // 2)
    yield lambda n: "$(" * (n // 3) + ")" * (n // 3)
    yield lambda n: "0123456789abcdef" * (n // 16)


def cost(pattern: re.Pattern[str], text: str, repeats: int = 3, anchored: bool = False) -> float:
    """The least CPU time of ``repeats`` full scans (every match, as ``sub``/``finditer``
    do), or of one attempt at the start for a pattern only ever anchored."""
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        if anchored:
            pattern.match(text)
        else:
            for _match in pattern.finditer(text):
                pass
        best = min(best, time.process_time() - started)
    return best


def scan_cost(text: str, repeats: int = 3) -> float:
    """What one linear pass over ``text`` costs here (the yardstick for tiny times)."""
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        text.lower().count("\x00")
        best = min(best, time.process_time() - started)
    return best


GROWTH_LIMIT = 20.0  # time ratio for 8x the input: linear is ~8, quadratic ~64
_FLOOR = 50.0  # below this many plain scans of the same text, growth is noise
_CONFIRM_LIMIT = 65536  # the largest input a suspected step is confirmed on
_CONFIRM_BELOW = 0.002  # seconds: a step slower than this is no pause of the machine


@attrs.frozen
class Growth:
    ratio: float
    input: str  # the start of the worst input
    small: float
    big: float


def growth(found: Found, sizes: tuple[int, int] = (512, 4096)) -> Growth:
    """The worst growth of ``found``'s CPU time for 8x the input, over every hostile input:
    every input from the small size to 8x it, the three costliest again from the middle size to
    8x that. A step is only counted when the larger time is well above a plain scan's, and
    confirmed by measuring again and one size further (noise does not repeat itself)."""
    pattern, anchored = found.pattern, found.anchored
    small, middle = sizes
    worst = Growth(0.0, "", 0.0, 0.0)
    costly: list[tuple[float, Callable[[int], str]]] = []

    def step(build: Callable[[int], str], size: int, spent_before: float) -> Growth | None:
        before, after = build(size), build(size * 8)
        spent = cost(pattern, after, 1, anchored)
        if spent <= _FLOOR * scan_cost(after, 1):
            return None
        ratio = spent / max(spent_before, 1e-9)
        if ratio > GROWTH_LIMIT:
            # Noise does not repeat itself: measure again, then one size further up, where a
            # super-linear pattern grows at least as fast and a pause of the machine is
            # swamped by the longer run.
            again = cost(pattern, after, 3, anchored)
            ratio = min(ratio, again / max(cost(pattern, before, 3, anchored), 1e-9))
            if ratio > GROWTH_LIMIT and again < _CONFIRM_BELOW and size * 64 <= _CONFIRM_LIMIT:
                further = cost(pattern, build(size * 64), 3, anchored)
                ratio = min(ratio, further / max(again, 1e-9))
        return Growth(ratio, after[:24], spent_before, spent)

    for build in hostile_inputs(pattern):
        spent_first = cost(pattern, build(small), 1, anchored)
        measured = step(build, small, spent_first)
        if measured is not None and measured.ratio > worst.ratio:
            worst = measured
        if worst.ratio > GROWTH_LIMIT:
            return worst
        costly.append((measured.big if measured else 0.0, build))
    costly.sort(key=lambda item: -item[0])
    for _, build in costly[:3]:
        measured = step(build, middle, cost(pattern, build(middle), 1, anchored))
        if measured is not None and measured.ratio > worst.ratio:
            worst = measured
    return worst
