"""The calls of a working day, for the server-memory bench: what a real agent sends.

A cycle of ten calls: one ``capy_index`` of a log-like document (the perf corpus, durable)
until the corpus is in, then ``capy_stats``; six small ``capy_execute`` calls; one
``capy_execute`` printing a Python source file with an intent (indexed, ephemeral); one
``capy_batch_execute`` over two source files with two queries; one research step of three
queries. The research step is a ``capy_search`` while the search throttle would give it full
results (``SearchPacer``), otherwise the documented way to batch: a ``capy_batch_execute``
whose queries search the whole base. So every query reaches the store and none is refused.
"""

from __future__ import annotations

import importlib
import inspect
import itertools
from collections.abc import Iterator
from typing import Any

import attrs

from domain.server.search_throttle import FULL_RESULT_CALLS, WINDOW_SECONDS
from entrypoints.bench.perf_corpus import perf_corpus, perf_queries

CYCLE = 10
DOCUMENTS = 50  # of 50 sections each: 2,500 durable chunks over the first 500 calls
QUERIES_PER_STEP = 3
BATCH_QUERIES = 2
# Source files every Python install has: real text of varied shape (code, docstrings, prose).
_MODULES = (
    "argparse",
    "ast",
    "base64",
    "calendar",
    "configparser",
    "contextlib",
    "csv",
    "dataclasses",
    "difflib",
    "email.message",
    "enum",
    "fractions",
    "functools",
    "gettext",
    "gzip",
    "heapq",
    "html.parser",
    "http.client",
    "inspect",
    "ipaddress",
    "json.decoder",
    "logging",
    "mimetypes",
    "optparse",
    "pathlib",
    "pickle",
    "pprint",
    "queue",
    "random",
    "shlex",
    "shutil",
    "smtplib",
    "socket",
    "statistics",
    "string",
    "subprocess",
    "tarfile",
    "tempfile",
    "textwrap",
    "threading",
    "tokenize",
    "traceback",
    "typing",
    "urllib.parse",
    "uuid",
    "warnings",
    "weakref",
    "zipfile",
)
# Questions about those files, next to the perf corpus's own words.
_SOURCE_QUERIES = (
    "parse command line arguments",
    "decode JSON object hook",
    "thread lock acquire timeout",
    "temporary directory cleanup",
    "socket connection refused",
    "subprocess return code check",
    "zip file compression",
    "deprecated warning filter",
    "dataclass field default factory",
    "random seed state",
    "url query string quote",
    "traceback frame summary",
    "logging handler formatter",
    "pickle protocol version",
    "tar archive extract members",
    "csv dialect delimiter",
)


def source_files() -> tuple[str, ...]:
    """The paths of ``_MODULES`` in this Python (those it has)."""
    paths = []
    for name in _MODULES:
        try:
            path = inspect.getsourcefile(importlib.import_module(name))
        except (ImportError, TypeError):
            continue
        if path:
            paths.append(path)
    return tuple(paths)


@attrs.define
class SearchPacer:
    """The client's view of the server's search throttle: a ``capy_search`` only while the
    current window still gives full results, as an agent following the throttle's advice does.
    The client's window starts before the server's; the margin keeps it from expiring first."""

    margin_s: float = 1.0
    _start: float | None = None
    _calls: int = 0

    def may_search(self, now: float) -> bool:
        if self._start is None or now - self._start >= WINDOW_SECONDS + self.margin_s:
            return True
        return self._calls < FULL_RESULT_CALLS

    def searched(self, now: float) -> None:
        if self._start is None or now - self._start >= WINDOW_SECONDS + self.margin_s:
            self._start, self._calls = now, 0
        self._calls += 1


@attrs.frozen
class Call:
    tool: str
    arguments: dict[str, Any]
    queries: int = 0  # the searches of the store this call makes


class Workday:
    """``call(i, may_search)``: the i-th call; deterministic for a given Python install."""

    def __init__(self, documents: int = DOCUMENTS) -> None:
        corpus = perf_corpus(documents * 50)
        self._documents = corpus.documents
        self._files = source_files()
        words = perf_queries(corpus, 400)
        self._queries = itertools.cycle(
            q for pair in zip(words, itertools.cycle(_SOURCE_QUERIES)) for q in pair
        )

    def _next_queries(self, count: int) -> list[str]:
        return [next(self._queries) for _ in range(count)]

    def _file(self, i: int) -> str:
        return self._files[i % len(self._files)]

    def call(self, i: int, may_search: bool) -> Call:
        cycle, slot = divmod(i, CYCLE)
        if slot == 0:
            if cycle < len(self._documents):
                document = self._documents[cycle]
                return Call("capy_index", {"content": document.text, "source": document.label})
            return Call("capy_stats", {})
        if slot == 3:
            code = f"print(open({self._file(cycle)!r}).read())"
            intent = _SOURCE_QUERIES[cycle % len(_SOURCE_QUERIES)]
            return Call("capy_execute", {"language": "python", "code": code, "intent": intent})
        if slot == 5:
            commands = [
                {"label": f"src{n}", "command": f"head -c 12000 {self._file(cycle * 2 + n + 7)}"}
                for n in range(2)
            ]
            queries = self._next_queries(BATCH_QUERIES)
            return Call(
                "capy_batch_execute", {"commands": commands, "queries": queries}, len(queries)
            )
        if slot == 8:
            queries = self._next_queries(QUERIES_PER_STEP)
            if may_search:
                scope = ["durable", "ephemeral"] if cycle % 2 else []
                arguments: dict[str, Any] = {"queries": queries}
                if scope:
                    arguments["include_kinds"] = scope
                return Call("capy_search", arguments, len(queries))
            command = {"label": f"step{cycle}", "command": f"echo research step {cycle}"}
            return Call(
                "capy_batch_execute", {"commands": [command], "queries": queries}, len(queries)
            )
        return Call("capy_execute", {"language": "shell", "code": f"echo call {i}"})

    def plan(self, calls: int) -> Iterator[Call]:
        """The calls with every research step a ``capy_search`` (for a test of the shape)."""
        return (self.call(i, may_search=True) for i in range(calls))
