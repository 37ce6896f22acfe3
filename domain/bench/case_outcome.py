"""What one benchmark case produced."""

from __future__ import annotations

import attrs


@attrs.frozen
class CaseOutcome:
    """The measured result of one query against its content type's store.

    ``relevant`` has one flag per returned result (top 10, best first): does its full content
    contain any needle. ``summary_needles``, ``top_needles`` and ``intent_needles`` count the
    distinct needles found in the intent-search summary text, in the full contents of the top
    10 results, and in the full contents of the intent search's matches (what the summary
    previews).
    ``summary_bytes`` / ``haystack_bytes`` are UTF-8 sizes. Negative cases have no needles.
    ``meaning`` has one flag per chunk the semantic layer alone returned (its own nearest
    chunks, top 10, before any fusion or answerability); None when the layer was not there.
    """

    case_id: str
    content_type: str
    query: str
    needles: tuple[str, ...]
    relevant: tuple[bool, ...]
    rank_ceiling: int
    summary_bytes: int
    haystack_bytes: int
    summary_needles: int
    top_needles: int
    intent_needles: int = 0
    expected_layer: str | None = None
    top_layer: str | None = None
    top_titles: tuple[str, ...] = ()
    # The agent's view: the capy_search reply (top 3 over every source of the content type) and
    # the capy_execute reply (the intent reply over the case's output, or the output itself
    # when it is under the intent threshold); bytes and needles found in each reply text.
    search_reply_bytes: int = 0
    search_reply_needles: int = 0
    search_reply_results: int = 0
    execute_reply_bytes: int = 0
    execute_reply_needles: int = 0
    execute_reply_matches: int = 0
    # capy_execute without an intent (outputs over the compact-view threshold only): the
    # compact view, and the compact view plus one follow-up capy_search of the output.
    compact_bytes: int = 0
    compact_needles: int = 0
    followup_bytes: int = 0
    followup_needles: int = 0
    meaning: tuple[bool, ...] | None = None

    @property
    def is_negative(self) -> bool:
        return not self.needles

    @property
    def result_count(self) -> int:
        return len(self.relevant)

    @property
    def first_relevant_rank(self) -> int | None:
        """1-based rank of the first relevant result, or None."""
        for index, flag in enumerate(self.relevant):
            if flag:
                return index + 1
        return None

    @property
    def meaning_rank(self) -> int | None:
        """1-based rank of the first relevant chunk in the semantic layer's own list, or None."""
        return next((i + 1 for i, flag in enumerate(self.meaning or ()) if flag), None)

    @property
    def compression(self) -> float:
        """Share of the haystack the summary spared the agent (0 when it is not smaller)."""
        if self.haystack_bytes <= 0:
            return 0.0
        return max(0.0, 1.0 - self.summary_bytes / self.haystack_bytes)

    def reduction(self, reply_bytes: int) -> float:
        """Share of the haystack a reply of ``reply_bytes`` spared the agent (0 if not smaller)."""
        if self.haystack_bytes <= 0:
            return 0.0
        return max(0.0, 1.0 - reply_bytes / self.haystack_bytes)

    @property
    def search_reply_held(self) -> bool:
        """Every needle is in the capy_search reply text."""
        return bool(self.needles) and self.search_reply_needles == len(self.needles)

    @property
    def execute_reply_held(self) -> bool:
        return bool(self.needles) and self.execute_reply_needles == len(self.needles)

    @property
    def summary_recall(self) -> float:
        return self.summary_needles / len(self.needles) if self.needles else 0.0

    @property
    def intent_recall(self) -> float:
        return self.intent_needles / len(self.needles) if self.needles else 0.0

    @property
    def top_recall(self) -> float:
        return self.top_needles / len(self.needles) if self.needles else 0.0


@attrs.frozen
class VariantOutcome:
    """What the ranking search (top 10, every source) returned for a misspelt or padded variant
    of an answerable question (``domain.bench.variants``): one relevance flag per result."""

    case_id: str  # the question's
    kind: str  # typo or generic
    slip: str
    query: str
    relevant: tuple[bool, ...]

    @property
    def first_relevant_rank(self) -> int | None:
        return next((i + 1 for i, flag in enumerate(self.relevant) if flag), None)
