"""The terminal interface measured in its own process, headless (textual's test driver).

``python -m entrypoints.bench.vault_tui_run [SCREENSHOTS]`` opens the interface on the vault
of the current ``HOME``. It prints ``listed`` the moment the session list is on screen (the
benchmark times the process from its start to that line), then types queries one key at a
time at a person's pace and prints one JSON line: how long each query took from the last
key to its results on screen (the 0.2 s pause included), and how long the search itself
takes for every prefix typed. With SCREENSHOTS, SVG screenshots go into that folder.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from entrypoints.containers.runtime import RuntimeOptions
from entrypoints.containers.vault import VaultContainer
from entrypoints.tui.app import VaultApp
from entrypoints.tui.backend import Start, VaultBrowser

QUERIES = ("subagent found", "socket timeout", "unicode decode", "thread lock", "parser error")
KEY_INTERVAL = 0.08  # about 12 keys a second
SIZE = (120, 36)


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[round(share * (len(ordered) - 1))]


async def _run(browser: VaultBrowser, shots: Path | None, showcase: str) -> dict[str, Any]:
    listed = asyncio.Event()
    first: dict[str, float] = {}

    def on_first_list(seconds: float) -> None:
        first["in_app"] = seconds
        print("listed", flush=True)
        listed.set()

    app = VaultApp(browser, Start(), on_first_list=on_first_list)
    async with app.run_test(size=SIZE) as pilot:
        await asyncio.wait_for(listed.wait(), 120)
        await pilot.pause()
        if shots:
            app.save_screenshot("vault-tui-list.svg", str(shots))
        await pilot.press("slash")
        search = app.screen
        for query in QUERIES:
            await pilot.press("ctrl+u")
            for key in query:
                await pilot.press(key if key != " " else "space")
                await asyncio.sleep(KEY_INTERVAL)
            for _ in range(50):  # wait for the debounced search to land
                await asyncio.sleep(0.05)
                await app.workers.wait_for_complete()
                if len(search.latencies) >= QUERIES.index(query) + 1:  # type: ignore[attr-defined]
                    break
        typed: list[float] = list(search.latencies)  # type: ignore[attr-defined]
        if shots:
            await _screenshots(app, pilot, browser, showcase, shots)
    prefixes = []
    for query in QUERIES:
        for end in range(1, len(query) + 1):
            if query[:end].strip():
                began = time.perf_counter()
                browser.search(query[:end])
                prefixes.append(time.perf_counter() - began)
    return {
        "first_list_in_app_s": round(first["in_app"], 3),
        "typed_queries": len(typed),
        "key_to_results_p50_ms": round(statistics.median(typed) * 1000, 1),
        "key_to_results_max_ms": round(max(typed) * 1000, 1),
        "search_per_prefix_p50_ms": round(statistics.median(prefixes) * 1000, 2),
        "search_per_prefix_p95_ms": round(_percentile(prefixes, 0.95) * 1000, 2),
        "prefixes": len(prefixes),
    }


async def _screenshots(
    app: VaultApp, pilot: Any, browser: VaultBrowser, showcase: str, shots: Path
) -> None:
    from entrypoints.tui.transcript_lines import TranscriptLines
    from entrypoints.tui.viewer_screen import ViewerScreen

    await pilot.press("escape")
    app.push_screen(ViewerScreen(browser.session(showcase)))
    for _ in range(40):
        await asyncio.sleep(0.05)
        await app.workers.wait_for_complete()
        if app.screen.query(TranscriptLines) and app.screen.query_one(TranscriptLines).rows:
            break
    lines = app.screen.query_one(TranscriptLines)
    subagent = next(
        n
        for n, row in enumerate(lines.layout_now.marker_rows)
        if lines.rows[row].text.lstrip("▸ ").startswith("subagent")
    )
    for _ in range(subagent + 1):
        await pilot.press("right_square_bracket")
    await pilot.pause()
    app.save_screenshot("vault-tui-viewer.svg", str(shots))
    await pilot.press("right_square_bracket", "enter")
    await pilot.pause()
    app.save_screenshot("vault-tui-diff.svg", str(shots))


def main(argv: list[str]) -> None:
    shots = Path(argv[0]) if argv and argv[0] else None
    showcase = argv[1] if len(argv) > 1 else ""
    container = VaultContainer(options=RuntimeOptions())
    try:
        result = asyncio.run(_run(VaultBrowser(container), shots, showcase))
    finally:
        container.shutdown_resources()
    result["seconds"] = result["first_list_in_app_s"]
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1:])
