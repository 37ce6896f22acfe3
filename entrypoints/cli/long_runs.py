"""What long commands share: a progress bar on a terminal, Ctrl-C asking to stop between items."""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

from domain.vault.importing import ImportProgress

Update = Callable[[ImportProgress], None]


@contextmanager
def ctrl_c_stops(
    quiet: bool = False, what: str = "session", command: str = "capy vault"
) -> Iterator[Callable[[], bool]]:
    """The first Ctrl-C asks the run to stop after the current ``what``; a second one
    interrupts at once (the batch in flight is then not written, nothing half-written)."""
    requested = False

    def handler(signum: int, frame: FrameType | None) -> None:
        nonlocal requested
        if requested:
            raise KeyboardInterrupt
        requested = True
        print(
            f"{command}: stopping after the current {what} (Ctrl-C again to stop now)",
            file=sys.stderr,
            flush=True,
        )

    previous = None
    if not quiet and sys.platform != "win32":
        try:
            previous = signal.signal(signal.SIGINT, handler)
        except ValueError:  # not the main thread (tests): Ctrl-C is not ours to handle
            previous = None
    try:
        yield lambda: requested
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


@contextmanager
def progress_bar(verb: str, quiet: bool = False, noun: str = "sessions") -> Iterator[Update]:
    """``<verb> 12/340 sessions ━━━━ 1.2/3.4 GB 40 MB/s 0:00:51`` on stderr, when stderr is a
    terminal; the bar follows bytes when the run counts them, else the sessions."""
    if quiet or not sys.stderr.isatty():
        yield lambda progress: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        DownloadColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
        TransferSpeedColumn,
    )

    with Progress(
        TextColumn(f"{verb} {{task.fields[count]}}"),
        BarColumn(),
        DownloadColumn(),
        TransferSpeedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task(verb, total=None, count="")

        def update(progress: ImportProgress) -> None:
            by_bytes = progress.bytes_total > 0
            bar.update(
                task,
                total=progress.bytes_total if by_bytes else progress.sessions_total,
                completed=progress.bytes_done if by_bytes else progress.sessions_done,
                count=f"{progress.sessions_done}/{progress.sessions_total} {noun}",
            )

        yield update


@contextmanager
def working(text: str) -> Iterator[None]:
    """A spinner with the time taken on stderr, when stderr is a terminal, for a step that
    cannot count its progress (one SQL statement copying a whole database)."""
    if not sys.stderr.isatty():
        yield
        return
    from rich.console import Console
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    with Progress(
        SpinnerColumn(),
        TextColumn(text),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        bar.add_task(text, total=None)
        yield
