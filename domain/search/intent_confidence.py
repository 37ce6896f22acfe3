"""Whether an intent reply can stand in for an output of a few KB.

Over a large output the intent reply is the only sensible answer: the whole output would flood
the agent's context. An output of a few KB costs the agent little to read whole, and a reply
that misses the line it asked for costs it a second run; so there capy answers with the reply
only when it can be confident the reply holds what was asked:

- the output is worth replacing at all: bigger than the most the reply can take
  (``intent_reply_bound``), so a reply is never bigger than the output it replaces;
- a section matched the intent, and the search had a choice: the output was cut into several
  sections, or is a table whose rows are its records (a single section's matches are found by
  the snippet's word overlap alone, which misses the line below a location or the value a
  question asks for in other words);
- those sections are no fragments: on average at least as big as the smallest snippet a reply
  shows of a section (``reply_tuning.LATER_SNIPPET_MAX_BYTES``). A document cut finer than that (a
  markdown file of one-paragraph headings, an ADR's Context apart from its Decision) has its
  answer spread over sibling sections, of which a reply shows one;
- every naming word of the intent that the output holds (question words like ``why`` or
  ``version`` and too-short words aside) is in the reply: a reply that left out a word the
  output has shows the wrong lines;
- the reply spares the agent at least ``1 - reply_tuning.SMALL_REPLY_MAX_SHARE`` of the output;
- the intent asks for lines, not for a comparison of all of them (``which pod uses the most
  memory``, ``the slowest request``: the answer is the row that wins, which the matching lines
  need not include) nor for a place alone (``payment.test.tsx:42``: the agent wants what is
  there and around it, the failing assertion above the stack frame, where a reply shows the
  one line naming the place).
"""

from __future__ import annotations

from domain.chunking.utf8 import byte_len
from domain.precompiled import precompiled
from domain.search import reply_tuning
from domain.search.answerability import MIN_JUDGED_LENGTH
from domain.search.matching import term_groups
from domain.search.query import parse_query
from domain.search.question_words import is_question_word
from domain.search.reply import intent_reply_bound
from domain.search.results import SearchResults
from domain.search.table_rows import table_header

# Words asking which row wins a comparison over all of them.
_COMPARING = frozenset(
    [
        "most",
        "least",
        "largest",
        "smallest",
        "biggest",
        "highest",
        "lowest",
        "slowest",
        "fastest",
        "longest",
        "shortest",
        "heaviest",
        "worst",
        "oldest",
        "newest",
    ]
)
# A place in an output: ``src/checkout/payment.test.tsx:42``, ``parse.rs:142:9``.
_PLACE = precompiled(r"^\S+:\d+(?::\d+)?$")


def _asks_lines(intent: str) -> bool:
    """Whether ``intent`` asks for lines a reply can show (see the module doc)."""
    words = intent.casefold().split()
    return not _PLACE.match(intent.strip()) and not any(w in _COMPARING for w in words)


def worth_replacing(source: str, output: str) -> bool:
    """Whether an intent reply over ``output`` (indexed as ``source``) could be smaller than it
    (``intent_reply_bound``); a smaller output is returned as it is, never indexed."""
    return byte_len(output) > intent_reply_bound(source, 1, output)


def may_answer_whole(output_bytes: int) -> bool:
    """Whether an output of this size is small enough to be returned whole when capy is not
    confident a reply holds what was asked (``reply_tuning.WHOLE_OUTPUT_MAX_BYTES``)."""
    return output_bytes <= reply_tuning.WHOLE_OUTPUT_MAX_BYTES


def reply_stands_in(
    results: SearchResults, *, output: str, sections: int, reply: str, bound: int
) -> bool:
    """Whether ``reply`` (built from ``results``, the search of ``output``'s ``sections`` for
    the intent; at most ``bound`` bytes) can replace ``output`` (see the module doc)."""
    size = byte_len(output)
    if size <= bound or not results or not _asks_lines(results.query):
        return False
    if (
        table_header(output) is None
        and not 2 <= sections <= size / reply_tuning.LATER_SNIPPET_MAX_BYTES
    ):
        return False
    if byte_len(reply) > reply_tuning.SMALL_REPLY_MAX_SHARE * size:
        return False
    return not _left_out(results.query, output, reply)


def _left_out(intent: str, output: str, reply: str) -> list[str]:
    """The naming words of ``intent`` that ``output`` holds and ``reply``'s matches do not (its
    first and last lines, which name the source and how to search it, are no matches)."""
    groups = term_groups(parse_query(intent))
    in_output = groups.present(output)
    in_reply = groups.present("\n".join(reply.splitlines()[1:-1]))
    return [
        unit
        for unit, held, shown in zip(groups.units, in_output, in_reply, strict=True)
        if held and not shown and not is_question_word(unit) and len(unit) >= MIN_JUDGED_LENGTH
    ]
