"""``capy bench perf``'s whole-process figures: start times and a real server's memory."""

from __future__ import annotations

import sys

import pytest

from entrypoints.bench.cli_start import run_cli_start, start_lines
from entrypoints.bench.server_model_rss import run_server_model_memory
from entrypoints.bench.server_rss import run_server_memory
from entrypoints.containers.lazy_adapters import onnx_embedder
from tests.e2e.installed import installed_capy


def test_start_times_cover_every_command_next_to_python() -> None:
    report = run_cli_start(installed_capy(), rounds=1, search_chunks=60)
    commands = report.as_json()["commands"]
    assert isinstance(commands, dict)
    assert {"capy --version", "capy vault list", "capy hook pretooluse (ls -la)"} <= set(commands)
    assert "capy search (60 chunks)" in commands
    assert report.bare_ms > 0 and all(t.median_ms > 0 and t.ratio > 0 for t in report.times)
    assert "python -c pass" in start_lines(report)[0]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_server_memory_is_read_idle_around_a_big_output_and_after_calls() -> None:
    done: list[int] = []
    memory = run_server_memory(
        installed_capy(), calls=10, big_mb=1, progress=lambda n, total: done.append(n)
    )
    assert 0 < memory.idle_mb <= memory.big_peak_mb
    assert memory.after_big_mb > 0 and memory.after_calls_mb > 0
    assert done == list(range(1, 11)) and memory.calls == 10
    # One cycle of the working day: a document, a source file with an intent, a batch of two
    # files and a research step; every query reached the store.
    assert memory.searches == 5 and memory.refused == 0
    assert memory.store_sections > 50


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_server_memory_with_the_model_loaded_and_with_the_layer_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("CAPY_SEMANTIC")  # the tests' default; each server here sets its own
    if not onnx_embedder().status().available:
        pytest.skip("the semantic extra is not installed")
    done: list[int] = []
    memory = run_server_model_memory(installed_capy(), progress=lambda n, total: done.append(n))
    assert done == [1, 2]
    # Loading the model is what the layer adds; off, the server is as without the extra.
    assert memory.model_loaded_mb > memory.idle_mb + 50
    assert memory.peak_mb >= memory.model_loaded_mb
    assert memory.layer_off_after_search_mb < memory.model_loaded_mb - 50
    assert 0 < memory.embed_wait_s < 300
