"""The worker's frames taken off its pipe ahead of their use: in order, whole, bounded, and
dropped unread when the preparation drops them (ADR 0230)."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from io import BufferedReader, BufferedWriter

from adapters.preparer_process.frame_drain import FrameDrain
from adapters.preparer_process.frames import decode_frame, write_frame


def _pipe() -> tuple[BufferedReader, BufferedWriter]:
    read_end, write_end = os.pipe()
    return os.fdopen(read_end, "rb"), os.fdopen(write_end, "wb")


def _wait_until(done: Callable[[], object], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        time.sleep(0.01)


def test_frames_come_whole_and_in_order_then_the_end() -> None:
    source, sink = _pipe()
    drain = FrameDrain(source)
    messages = [("head", "plaintext", "", "0" * 64, 3)] + [
        ("rows", [("t", "x" * n, False, "", "x")]) for n in (0, 1, 70_000, 300_000)
    ]
    for message in messages:
        write_frame(sink, message)
    sink.close()
    got = []
    while (data := drain.next()) is not None:
        got.append(decode_frame(data))
    assert got == messages
    drain.close()
    source.close()


def test_what_is_held_stays_within_the_limit_and_a_bigger_frame_comes_alone() -> None:
    source, sink = _pipe()
    drain = FrameDrain(source, limit_bytes=250_000)
    sizes = [100_000, 100_000, 100_000, 400_000, 10, 10]

    def write() -> None:
        for size in sizes:
            write_frame(sink, ("rows", "y" * size))
            sink.flush()
        sink.close()

    writer = threading.Thread(target=write)
    writer.start()
    _wait_until(lambda: drain._held >= 200_000)
    time.sleep(0.2)  # time enough for a third to be read, were there room
    assert len(drain._frames) == 2
    got = []
    while (data := drain.next()) is not None:
        assert drain._held <= 250_000 or len(drain._frames) == 1
        got.append(decode_frame(data))
    writer.join()
    assert [len(message[1]) for message in got] == sizes
    drain.close()
    source.close()


def test_a_closed_drain_hands_out_nothing_it_held() -> None:
    source, sink = _pipe()
    drain = FrameDrain(source)
    write_frame(sink, ("rows", "held, never read"))
    sink.flush()
    _wait_until(lambda: drain._frames)
    assert drain._frames
    sink.close()  # the worker ended: the thread's read returns
    drain.close()
    assert not drain._frames  # let go of, not only hidden
    assert drain.next() is None
    assert not drain._thread.is_alive()
    source.close()


def test_a_frame_cut_short_is_the_end() -> None:
    source, sink = _pipe()
    drain = FrameDrain(source)
    write_frame(sink, ("head", "plaintext", "", "0" * 64, 3))
    sink.write((1000).to_bytes(8, "little") + b"only a part")
    sink.close()
    assert drain.next() is not None
    assert drain.next() is None
    drain.close()
    source.close()
