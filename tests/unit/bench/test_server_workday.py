"""The working day the server-memory bench sends: what it indexes and how its queries are paced."""

from __future__ import annotations

from collections import Counter

from domain.server.search_throttle import FULL_RESULT_CALLS, WINDOW_SECONDS, SearchThrottle
from entrypoints.bench.server_rss import store_sections
from entrypoints.bench.server_workday import CYCLE, SearchPacer, Workday, source_files


def test_a_day_fills_the_store_and_asks_a_thousand_queries() -> None:
    calls = list(Workday(documents=50).plan(2000))
    tools = Counter(call.tool for call in calls)
    assert tools["capy_index"] == 50  # 2,500 durable sections over the first 500 calls
    assert all(c.tool == "capy_index" for c in calls[:500:CYCLE])
    assert tools["capy_stats"] == 150
    assert tools["capy_execute"] == 1400 and tools["capy_batch_execute"] == 200
    assert tools["capy_search"] == 200
    assert sum(call.queries for call in calls) == 1000
    indexed = [c for c in calls if c.tool == "capy_execute" and "intent" in c.arguments]
    assert len(indexed) == 200 and len({c.arguments["code"] for c in indexed}) > 20


def test_the_queries_vary() -> None:
    asked = [
        q for call in Workday(documents=2).plan(2000) for q in call.arguments.get("queries", [])
    ]
    assert len(asked) == 1000 and len(set(asked)) > 300


def test_a_research_step_the_throttle_would_cut_is_a_batch_over_the_whole_base() -> None:
    day = Workday(documents=2)
    step = day.call(8, may_search=False)
    assert step.tool == "capy_batch_execute" and step.queries == 3
    assert len(step.arguments["queries"]) == 3


def test_the_source_files_are_there() -> None:
    files = source_files()
    assert len(files) > 40 and all(path.endswith(".py") for path in files)


def test_the_pacer_sends_only_searches_the_throttle_answers_in_full() -> None:
    pacer, throttle = SearchPacer(), SearchThrottle()
    now, sent = 0.0, 0
    while now < 5 * WINDOW_SECONDS:
        if pacer.may_search(now):
            pacer.searched(now)
            decision = throttle.admit(now + 0.5, 3)  # the server sees it a little later
            assert not decision.blocked and decision.per_query_limit == 3
            sent += 1
        now += 0.7
    assert sent >= 5 * FULL_RESULT_CALLS - FULL_RESULT_CALLS


def test_the_store_s_sections_are_read_from_capy_stats() -> None:
    stats = "Sources: 50 durable, 126 ephemeral, 0 session; 5,131 sections; 63,925 vocabulary"
    assert store_sections(stats) == 5131
    assert store_sections("nothing here") == 0
