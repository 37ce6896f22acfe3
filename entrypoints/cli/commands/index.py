"""``capy index``: put files (or stdin) into the project's knowledge base."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal, NoReturn

import attrs
from cyclopts import Parameter

from application.use_cases.index_request import IndexRequest, IndexResult
from application.use_cases.read_target import resolve_read_target
from domain.content_type import ContentType
from domain.errors import CapyError, InvalidInput, SourceTooLarge
from domain.server.source_labels import stdin_label
from domain.source_kind import SourceKind
from entrypoints.cli.app import app
from entrypoints.cli.options import global_options
from entrypoints.containers.runtime import RuntimeOptions

if TYPE_CHECKING:
    from entrypoints.containers.applications import CliContainer

STDIN = "-"
# Embedding runs ~1-10 sections a second on one core: a bar from 30 sections on.
EMBED_BAR_FROM = 30
# How long `capy index` embeds by default before it leaves the rest to the server's spare-time
# job: a 10 k-section log takes most of an hour of a core, longer than anyone waits at a prompt.
EMBED_SECONDS = 60.0


@attrs.frozen
class _Input:
    given: str  # as typed: a path or "-"
    label: str | None  # None: stdin without --label, labelled by what it reads

    def label_for(self, text: str) -> str:
        return self.label if self.label is not None else stdin_label(text)


@app.command(name="index")
def index_command(
    *paths: Annotated[
        str,
        Parameter(allow_leading_hyphen=True, help="Files to index; '-' reads standard input."),
    ],
    label: Annotated[
        str | None,
        Parameter(
            help="Source label (default: the file's path relative to the project, absolute "
            "outside it; stdin:<hash of the text> for stdin). With several inputs each gets "
            "LABEL:<its default label>."
        ),
    ] = None,
    kind: Annotated[
        Literal["durable", "ephemeral", "session"],
        Parameter(
            help="durable (kept by retention), ephemeral (expires after "
            "store.cleanup.ephemeral_ttl_hours) or session."
        ),
    ] = "durable",
    content_type: Annotated[
        Literal["auto", "markdown", "json", "plaintext", "transcript"],
        Parameter(help="How to cut the text into sections; auto detects it."),
    ] = "auto",
    embed_seconds: Annotated[
        float,
        Parameter(
            help="With the semantic layer installed: how long to embed what was indexed "
            "(for search by meaning) before returning; what is left is embedded by capy's "
            "server in its spare time. 0 leaves it all to the server."
        ),
    ] = EMBED_SECONDS,
) -> int:
    """Index files or standard input into the knowledge base, redacting secrets first.

    Files must be UTF-8 text: a file with NUL bytes is refused as binary, and a file that is
    not valid UTF-8 is refused with the offset of the first bad byte (convert it first, e.g.
    `iconv -f latin1 -t utf-8 FILE | capy index - --label NAME`) — capy never guesses an
    encoding. Files over store.max_source_bytes are refused whole, never truncated.
    Re-indexing a label replaces its content; indexing identical content only touches it.
    A file that cannot be indexed is reported and the others are still indexed; the exit code
    is then 1. A file is labelled by its path relative to the project (absolute outside it,
    symlinks resolved), so indexing docs/README.md never replaces README.md.
    """
    if not paths:
        raise InvalidInput("nothing to index", "name one or more files, or '-' for stdin")
    if paths.count(STDIN) > 1:
        raise InvalidInput("'-' (stdin) can be given only once", "pass it a single time")
    if not embed_seconds >= 0:  # NaN too
        raise InvalidInput(
            f"--embed-seconds {embed_seconds} is no length of time",
            "give 0 or more seconds (0 leaves the embedding to capy's server)",
        )
    wanted_type = None if content_type == "auto" else ContentType(content_type)
    source_kind = SourceKind(kind)

    from entrypoints.containers.applications import CliContainer

    options = global_options()
    container = CliContainer(options=RuntimeOptions(db=options.db, project_dir=options.project_dir))
    try:
        inputs = _labelled(paths, label, container.core.project().root)
        limit = container.core.settings().store.max_source_bytes
        indexed = _index_all(container, inputs, limit, wanted_type, source_kind)
        failures = len(inputs) - len(indexed)
        if indexed:
            _embed(container, source_kind, indexed, embed_seconds)
    finally:
        container.shutdown_resources()
    if len(inputs) > 1:
        done = len(inputs) - failures
        print(
            f"indexed {done} of {len(inputs)} inputs" + (f", {failures} failed" if failures else "")
        )
    return 1 if failures else 0


def _labelled(paths: tuple[str, ...], label: str | None, project_root: Path) -> list[_Input]:
    """Each input with its label: ``--label`` for a single input, ``LABEL:<own label>`` for
    several, else the input's own label (stdin's is decided once its text is read)."""
    inputs = []
    for given in paths:
        own = None if given == STDIN else file_label(given, project_root)
        if label is None:
            inputs.append(_Input(given, own))
        elif len(paths) == 1:
            inputs.append(_Input(given, label))
        else:
            inputs.append(_Input(given, f"{label}:{own or 'stdin'}"))
    return inputs


def file_label(given: str, project_root: Path) -> str:
    """The file's path relative to the project root, or its absolute path outside the project
    (symlinks resolved: one file has one label however it is reached)."""
    target = resolve_read_target(str(Path(given).absolute()), project_root)
    return target.relative or target.absolute


def _index_all(
    container: CliContainer,
    inputs: list[_Input],
    limit: int,
    content_type: ContentType | None,
    kind: SourceKind,
) -> list[str]:
    """Index every input; the labels of those indexed (the others are reported on stderr)."""
    indexed: list[str] = []
    with _progress(len(inputs)) as advance:
        for item in inputs:
            try:
                text = _read(item.given, limit)
                result = container.use_cases.index_content().execute(
                    IndexRequest(
                        content=text,
                        label=item.label_for(text),
                        kind=kind,
                        content_type=content_type,
                    )
                )
            except CapyError as error:
                print(f"capy: {_shown(item)}: {error}", file=sys.stderr)
            else:
                indexed.append(result.label)
                print(_describe(result))
                if result.note:
                    print(f"  note: {result.note}")
            advance()
    return indexed


def _shown(item: _Input) -> str:
    return "stdin" if item.given == STDIN else item.given


def _describe(result: IndexResult) -> str:
    sections = "section" if result.sections == 1 else "sections"
    counts = f"{result.sections} {sections} ({result.code_sections} with code)"
    where = f"{result.label} [{result.content_type}, {result.kind}]"
    if result.already_indexed:
        return f"unchanged {where}: already indexed, {counts}"
    return f"{'replaced' if result.replaced else 'indexed'} {where}: {counts}"


def _read(given: str, limit: int) -> str:
    """The text of a file or of stdin, refused when it is too big, binary or not UTF-8."""
    if given == STDIN:
        data = sys.stdin.buffer.read(limit + 1)
    else:
        path = Path(given)
        try:
            size = path.stat().st_size
            if path.is_dir():
                raise InvalidInput("is a directory", "name the files inside it")
            if size > limit:
                _too_large(size, limit)
            with path.open("rb") as handle:  # bounded: a device or FIFO reports size 0
                data = handle.read(limit + 1)
        except FileNotFoundError:
            raise InvalidInput("no such file", "check the path") from None
        except PermissionError:
            raise InvalidInput("permission denied", "check the file's permissions") from None
        except OSError as error:
            raise InvalidInput(f"cannot read it ({error.strerror})", "check the path") from None
    if len(data) > limit:
        _too_large(len(data), limit, exact=False)
    return _decode(data)


def _too_large(size: int, limit: int, exact: bool = True) -> NoReturn:
    amount = f"{size:,} bytes" if exact else f"more than {limit:,} bytes"
    raise SourceTooLarge(
        f"{amount}, over the {limit:,} byte limit",
        "index a smaller part, or raise store.max_source_bytes in .capy.toml",
    )


def _decode(data: bytes) -> str:
    nul = data.find(b"\0")
    if nul != -1:
        raise InvalidInput(
            f"looks binary (NUL byte at offset {nul:,})",
            "capy indexes text only, so leave it out; if it is UTF-16 text, convert it: "
            "iconv -f utf-16 -t utf-8 FILE | capy index - --label NAME",
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InvalidInput(
            f"not valid UTF-8 (bad byte at offset {error.start:,})",
            "convert it first, e.g. iconv -f latin1 -t utf-8 FILE | capy index - --label NAME",
        ) from None


def _embed(container: CliContainer, kind: SourceKind, labels: list[str], seconds: float) -> None:
    """Give what this command indexed (the sources ``labels``, not the rest of the backlog:
    that is the server's spare-time job) its vectors for the semantic layer before returning,
    for at most ``seconds`` (checked between batches), with a progress bar when that takes a
    while; what is left, and a stop (Ctrl-C), keep every batch already stored, and the server
    or the next run carries on — and the command says so."""
    import time

    embed = container.use_cases.embed_chunks()
    if not embed.available:
        return
    progress = embed.progress({kind}, labels)
    waiting = progress.total - progress.embedded
    if waiting <= 0:
        return
    deadline = time.monotonic() + max(seconds, 0.0)
    with _progress(waiting, "embedding", at_least=EMBED_BAR_FROM) as advance:
        done = embed.run(
            {kind}, on_batch=advance, labels=labels, keep_going=lambda: time.monotonic() < deadline
        )
    left = embed.progress({kind}, labels)
    rest = left.total - left.embedded
    if not rest:
        print(f"embedded {_sections(done)} for search by meaning")
        return
    print(f"embedded {done} of {_sections(waiting)} for search by meaning in {seconds:g} s;")
    print(_left_over(kind, rest))


def _left_over(kind: SourceKind, rest: int) -> str:
    from application.use_cases.embed_chunks import EPHEMERAL_MAX_CHUNKS, KEPT_KINDS

    if kind in KEPT_KINDS:
        return (
            f"  the rest ({_sections(rest)}) is embedded by capy's server in its spare time "
            "(capy stats shows how far); until then it is found by its words"
        )
    return (
        f"  the rest ({_sections(rest)}) is found by its words only: the server embeds "
        f"ephemeral output of up to {EPHEMERAL_MAX_CHUNKS} sections; --embed-seconds gives "
        "it longer now"
    )


def _sections(count: int) -> str:
    return f"{count} section{'s' if count != 1 else ''}"


@contextmanager
def _progress(
    total: int, what: str = "indexing", at_least: int = 2
) -> Iterator[Callable[..., None]]:
    """A progress bar on stderr for ``at_least`` steps or more when stderr is a terminal."""
    if total < at_least or not sys.stderr.isatty():
        yield lambda count=1: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    with Progress(
        TextColumn(what),
        BarColumn(),
        MofNCompleteColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as progress:
        task = progress.add_task("index", total=total)
        yield lambda count=1: progress.advance(task, count)
