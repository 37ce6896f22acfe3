"""Synthetic but log-like documents for the performance benchmark (deterministic)."""

from __future__ import annotations

import itertools
import random

import attrs

from domain.chunking import MAX_CHUNK_BYTES

SECTIONS_PER_DOCUMENT = 50

_STEMS = [
    "request",
    "response",
    "timeout",
    "retry",
    "connection",
    "refused",
    "handler",
    "worker",
    "queue",
    "cache",
    "index",
    "shard",
    "replica",
    "deploy",
    "rollback",
    "migration",
    "schema",
    "token",
    "session",
    "refresh",
    "expired",
    "invalid",
    "payload",
    "checksum",
    "buffer",
    "latency",
    "throughput",
    "memory",
    "allocation",
    "goroutine",
    "thread",
    "deadlock",
    "mutex",
    "kubernetes",
    "container",
    "image",
    "registry",
    "pipeline",
    "artifact",
    "coverage",
    "assert",
    "panic",
    "exception",
    "traceback",
    "warning",
    "error",
    "failed",
    "passed",
    "skipped",
    "invoice",
    "customer",
    "payment",
    "refund",
    "webhook",
    "signature",
    "tenant",
    "quota",
]
_SERVICES = ["api", "billing", "search", "ledger", "gateway", "notifier", "auth", "export"]


@attrs.frozen
class PerfDocument:
    label: str
    text: str


@attrs.frozen
class PerfCorpus:
    documents: tuple[PerfDocument, ...]
    vocabulary: tuple[str, ...]


def _vocabulary(rng: random.Random, size: int) -> list[str]:
    words = list(_STEMS)
    while len(words) < size:
        stem = rng.choice(_STEMS)
        words.append(f"{stem}_{rng.choice(_SERVICES)}{rng.randint(1, 999)}")
    return words


def _section(rng: random.Random, words: list[str], cum_weights: list[float]) -> str:
    service = rng.choice(_SERVICES)
    lines = [f"[{service}] step {rng.randint(1, 9999)} at 2025-06-{rng.randint(1, 28):02d}"]
    size = len(lines[0].encode("utf-8"))  # of the lines joined by newlines
    # Over half a chunk, so the plaintext chunker (which packs small sections together) keeps
    # each section a chunk of its own. The cumulative weights are summed once: ``choices`` with
    # plain weights sums all 4,000 on every line, which made the 100 k corpus minutes of work.
    while size <= MAX_CHUNK_BYTES // 2:
        picked = rng.choices(words, cum_weights=cum_weights, k=rng.randint(6, 12))
        lines.append(" ".join(picked) + f" id={rng.getrandbits(32):08x}")
        size += 1 + len(lines[-1].encode("utf-8"))
    return "\n".join(lines)


def perf_corpus(chunks: int, seed: int = 11) -> PerfCorpus:
    """Plaintext documents of blank-line sections; each section becomes one chunk."""
    rng = random.Random(seed)
    words = _vocabulary(rng, 4000)
    # Zipf-like word frequencies
    cum_weights = list(itertools.accumulate(1.0 / (rank + 1) for rank in range(len(words))))
    documents: list[PerfDocument] = []
    remaining = chunks
    while remaining > 0:
        count = min(SECTIONS_PER_DOCUMENT, remaining)
        if count < 3:  # the plaintext chunker needs three sections to split on blank lines
            count = min(3, remaining + 3)
        body = "\n\n".join(_section(rng, words, cum_weights) for _ in range(count))
        documents.append(PerfDocument(f"perf:{len(documents):05d}", body))
        remaining -= count
    return PerfCorpus(tuple(documents), tuple(words))


def perf_queries(corpus: PerfCorpus, count: int, seed: int = 13) -> list[str]:
    """One to three words each, mostly common ones, some rare identifiers."""
    rng = random.Random(seed)
    common = list(corpus.vocabulary[: len(_STEMS)])
    rare = list(corpus.vocabulary[len(_STEMS) :])
    queries = []
    for _ in range(count):
        terms = rng.sample(common, rng.randint(1, 2))
        if rng.random() < 0.4:
            terms.append(rng.choice(rare))
        queries.append(" ".join(terms))
    return queries


# Words of a question put in other words than the logs': none is in the corpus's vocabulary.
_OTHER_WORDS = [
    "outage",
    "slow",
    "crashed",
    "stuck",
    "broken",
    "customers",
    "complain",
    "overnight",
    "upgrade",
    "charged",
    "twice",
    "login",
    "page",
    "hangs",
    "forever",
    "disk",
    "full",
    "weird",
    "gone",
    "nightly",
    "job",
    "vanished",
    "duplicate",
    "emails",
    "stale",
    "dashboard",
    "numbers",
    "wrong",
]


def weak_queries(corpus: PerfCorpus, count: int, seed: int = 17) -> list[str]:
    """Distinct questions whose words the corpus mostly lacks (the words' evidence is weak, so a
    search asks the semantic layer): three or four words of other phrasing, and in most of them
    one of the logs' common words."""
    rng = random.Random(seed)
    common = list(corpus.vocabulary[: len(_STEMS)])
    found: dict[str, None] = {}
    while len(found) < count:
        terms = rng.sample(_OTHER_WORDS, rng.randint(3, 4))
        if rng.random() < 0.6:
            terms.insert(rng.randrange(len(terms) + 1), rng.choice(common))
        found[" ".join(terms)] = None
    return list(found)
