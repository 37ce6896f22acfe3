"""What a reply shows of the sections search found, with the reason each value has.

Search finds and orders sections (``tuning``); these constants decide how much of them the
agent reads: how many results, how many bytes of each, which results are left out, when an
output comes back whole. Change a value only together with a ``capy bench quality`` run (its
"agent's view" measures exactly this), and keep the reason up to date.
"""

from __future__ import annotations

# Results a reply shows by default: capy_search's default limit, the results per query of
# capy_batch_execute and the matches of an execute tool's intent reply (which showed five
# sections' four best windows each: 69 % smaller than the output on real tool output, where the
# top three's snippets are 90 % smaller and hold the needle as often).
REPLY_RESULTS = 3
# A reply that found nothing suggests at most this many of the output's distinctive terms (the
# most distinctive first): forty made a wall of words longer than most answers.
REPLY_TERMS = 15
# A reply leaves out results scoring under this share of the best one: reranking multiplies its
# boosts, so a result that also matches the question's rare words scores several times one
# that matches only its common ones. Measured (capy_search top 3 smaller / holds the needle):
# 0.1 → real output .883 / .956, bundled .782 / .926; 0.25 → .893 / .949 (one answer at rank 2
# lost), .821 / .926; 0.35 → .897 / .941, and the bundled corpus lost needles too.
# A weaker result tallying the outcome a count question names (``# fail 4``) is kept (ADR 0261).
SHOWN_SCORE_SHARE = 0.25

# Snippets: the best SNIPPET_SEGMENTS lines of a result, then their context (SNIPPET_CONTEXT_LINES
# around each, weighed at SNIPPET_CONTEXT_SHARE of its line's score), at most SNIPPET_MAX_BYTES
# (whole lines only). A 1,500-character window around every match made capy_search's top 3 only
# ~45 % smaller than the output it came from. Results after the first get
# LATER_SNIPPET_MAX_BYTES: most needles are in the first. Since a snippet spends its bytes on
# matching lines before their context, 300 holds as many bundled needles as 400 did and makes
# the real-output top 3 .893 → .901 smaller (one second-ranked answer lost); 3 or 4 segments,
# or a 550-byte first snippet, cost bundled needles.
SNIPPET_SEGMENTS = 5
SNIPPET_CONTEXT_LINES = 1
SNIPPET_MAX_BYTES = 700
LATER_SNIPPET_MAX_BYTES = 300
SNIPPET_CONTEXT_SHARE = 0.5

# Distinctive terms: only for sources with enough chunks for document frequency to mean
# something; a word must occur in ≥ 2 chunks and in at most 40 % of them (or 3).
DISTINCTIVE_MIN_CHUNKS = 3
DISTINCTIVE_MAX_DF_RATIO = 0.4
DISTINCTIVE_LIMIT = 40

# capy_execute's intent reply over an output of a few KB (``domain.search.intent_confidence``).
# An output up to WHOLE_OUTPUT_MAX_BYTES (about 1,250 tokens, the size up to which the Go capy
# always returned output whole) is still returned whole when capy cannot be confident its reply
# holds what was asked; larger ones always get the reply (the whole would flood the context).
# Outputs no bigger than the reply can be (``reply.intent_reply_bound``, about 1.7 KB) are
# always returned whole. A reply must spare at least half of the output
# (SMALL_REPLY_MAX_SHARE): saving less is not worth the risk of a missed line.
WHOLE_OUTPUT_MAX_BYTES = 5_000
SMALL_REPLY_MAX_SHARE = 0.5


def snippet_budget(first: bool) -> int:
    """The bytes of a result's snippet: the first result's, or a later one's."""
    return SNIPPET_MAX_BYTES if first else LATER_SNIPPET_MAX_BYTES
