"""The rows ``capy bench perf`` prints for the server's memory, with and without the model."""

from __future__ import annotations

import io

from rich.console import Console

from entrypoints.bench.perf_table import _print_model_memory


def _printed(memory: dict[str, object]) -> str:
    out = io.StringIO()
    _print_model_memory(memory, Console(file=out, width=400))
    return out.getvalue()


def test_the_model_s_memory_is_printed_beside_the_layer_off() -> None:
    printed = _printed(
        {
            "available": True,
            "layer_off_idle_mb": 71.6,
            "layer_off_after_search_mb": 72.6,
            "idle_mb": 70.2,
            "model_loaded_mb": 229.3,
            "peak_mb": 324.0,
            "embed_wait_s": 16.2,
        }
    )
    assert "idle 70.2 MB, 229.3 MB with the model loaded" in printed
    assert "peak 324.0 MB" in printed and "idle 71.6 MB, 72.6 MB after the same calls" in printed


def test_without_the_extra_the_row_says_why() -> None:
    printed = _printed({"available": False, "reason": "not installed (onnxruntime missing)"})
    assert "not measured — not installed (onnxruntime missing)" in printed


def test_the_searches_cpu_is_printed_beside_raw_fts5() -> None:
    from entrypoints.bench.perf_table import _print_search_cpu

    out = io.StringIO()
    row = {
        "capy": {"chunks": 10000, "search": {"p50_ms": 30.1, "cpu_p50_ms": 11.02}},
        "raw_fts5": {"search": {"p50_ms": 25.7, "cpu_p50_ms": 9.876}},
        "search_cpu_p50_vs_raw": 1.12,
    }
    _print_search_cpu([row], Console(file=out, width=400))
    assert "search CPU per query, p50: 10,000 chunks 11.02 ms (raw 9.876, 1.1×)" in out.getvalue()


def test_a_report_without_cpu_figures_prints_no_cpu_line() -> None:
    from entrypoints.bench.perf_table import _print_search_cpu

    out = io.StringIO()
    row = {"capy": {"chunks": 1000, "search": {"p50_ms": 5.0}}, "raw_fts5": {"search": {}}}
    _print_search_cpu([row], Console(file=out, width=400))
    assert out.getvalue() == ""


def test_the_server_s_memory_says_what_the_calls_did() -> None:
    from entrypoints.bench.perf_table import _print_server_memory

    out = io.StringIO()
    memory = {
        "idle_mb": 71.7,
        "big_output_mb": 10,
        "big_peak_mb": 94.6,
        "after_big_mb": 74.3,
        "calls": 2000,
        "after_calls_mb": 105.5,
        "searches": 1000,
        "refused": 0,
        "store_sections": 6331,
        "calls_s": 142.4,
    }
    _print_server_memory(memory, Console(file=out, width=400))
    printed = out.getvalue()
    assert "after 2,000 more calls 105.5 MB" in printed
    assert "1,000 queries reached the store (6,331 sections after), 0 search calls" in printed
