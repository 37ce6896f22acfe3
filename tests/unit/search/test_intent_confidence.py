"""When an intent reply may stand in for an output of a few KB, and when the output is shown whole."""

from __future__ import annotations

from domain.search import reply_tuning
from domain.search.intent_confidence import may_answer_whole, reply_stands_in, worth_replacing
from domain.search.results import SearchResult, SearchResults
from domain.source_kind import SourceKind

OUTPUT = "\n".join(f"line {i}: worker handled request {i} in {i % 9} ms" for i in range(90))
OUTPUT += "\ncache timeout after 30 s\nindexed sections rebuilt\n"
BOUND = 1_700
REPLY = (
    "Indexed 4 sections (90 lines, 3.6KB). The best 1 section "
    "for the intent:\n\n### Requests\n\nline 42: worker handled request 42 in 6 ms\n\n"
    'More: capy_search(queries: [...], source: "execute:shell:1a2b3c4d")'
)


def _found(query: str) -> SearchResults:
    result = SearchResult(
        rank=1,
        source="execute:shell:1a2b3c4d",
        kind=SourceKind.EPHEMERAL,
        title="Requests",
        content=OUTPUT,
        snippet="line 42: worker handled request 42 in 6 ms",
        score=1.0,
        layer="words",
        chunk_id=1,
        source_id=1,
    )
    return SearchResults(query, (result,))


def _stands_in(query: str, *, sections: int = 4, reply: str = REPLY, output: str = OUTPUT) -> bool:
    return reply_stands_in(
        _found(query), output=output, sections=sections, reply=reply, bound=BOUND
    )


def test_a_confident_reply_stands_in_for_the_output() -> None:
    assert _stands_in("request 42 worker")


def test_only_an_output_of_a_few_kb_may_come_back_whole() -> None:
    assert may_answer_whole(reply_tuning.WHOLE_OUTPUT_MAX_BYTES)
    assert not may_answer_whole(reply_tuning.WHOLE_OUTPUT_MAX_BYTES + 1)


def test_an_output_no_bigger_than_a_reply_can_be_is_never_replaced() -> None:
    assert not _stands_in("request 42 worker", output=OUTPUT[:BOUND])


def test_nothing_matched_means_the_whole_output() -> None:
    empty = SearchResults("request 42")
    assert not reply_stands_in(empty, output=OUTPUT, sections=4, reply=REPLY, bound=BOUND)


def test_one_section_gives_the_search_no_choice() -> None:
    assert not _stands_in("request 42 worker", sections=1)


def test_sections_smaller_than_a_snippet_are_fragments() -> None:
    many = len(OUTPUT.encode()) // reply_tuning.LATER_SNIPPET_MAX_BYTES + 1
    assert not _stands_in("request 42 worker", sections=many)


def test_a_naming_word_the_output_has_and_the_reply_lacks_means_the_whole_output() -> None:
    assert not _stands_in("request 42 timeout")  # "timeout" is in the output, not the reply
    assert _stands_in("request 42 kafka")  # nothing could show "kafka"
    assert _stands_in("why request 42")  # "why" asks, it names nothing


def test_the_reply_frame_does_not_count_as_showing_a_word() -> None:
    assert not _stands_in("request 42 sections")


def test_comparisons_and_bare_places_need_the_whole_output() -> None:
    assert not _stands_in("which request was slowest")
    assert not _stands_in("src/worker.py:42")


def test_a_reply_sparing_less_than_half_is_not_worth_it() -> None:
    padded = REPLY + "\n" + "x" * int(len(OUTPUT) * reply_tuning.SMALL_REPLY_MAX_SHARE)
    assert not _stands_in("request 42 worker", reply=padded)


def test_an_output_is_worth_replacing_only_when_bigger_than_the_reply_can_be() -> None:
    label = "execute:shell:1a2b3c4d"
    assert not worth_replacing(label, "short output\n")
    assert worth_replacing(label, OUTPUT)
