"""A generated corpus for store benchmarks: markdown, JSON and plaintext in Zipf-drawn words."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence

from domain.chunking import chunk
from domain.content_type import ContentType
from domain.source import SourceDocument
from domain.source_kind import SourceKind
from domain.vocabulary import document_vocabulary

_WORDS = (
    "alpha",
    "beta",
    "gamma",
    "delta",
    "kubernetes",
    "deploy",
    "cache",
    "redis",
    "postgres",
    "index",
    "search",
    "token",
    "vault",
    "session",
    "chunk",
    "encrypt",
    "server",
    "client",
    "request",
    "response",
    "handler",
    "config",
    "error",
    "timeout",
    "retry",
    "python",
    "rust",
    "golang",
    "widget",
    "gateway",
    "queue",
    "worker",
    "schedule",
    "metric",
    "latency",
    "throughput",
    "buffer",
)


def generate_corpus(target_bytes: int, seed: int = 7) -> list[tuple[str, ContentType, str]]:
    """(label, content type, text) triples of markdown, JSON and plaintext, ~``target_bytes``."""
    rng = random.Random(seed)
    documents: list[tuple[str, ContentType, str]] = []
    total = 0
    while total < target_bytes:
        kind = len(documents) % 3
        if kind == 0:
            text = _markdown(rng)
            documents.append((f"docs:{len(documents)}.md", ContentType.MARKDOWN, text))
        elif kind == 1:
            text = _json(rng)
            documents.append((f"api:{len(documents)}.json", ContentType.JSON, text))
        else:
            text = _plaintext(rng)
            documents.append((f"execute:{len(documents)}", ContentType.PLAINTEXT, text))
        total += len(text.encode())
    return documents


_SYLLABLES = tuple(c + v for c in "bcdfghklmnprstvz" for v in ("a", "e", "i", "o", "u", "ai", "ou"))


def _lexicon(rng: random.Random, size: int = 20_000) -> list[str]:
    """Pseudo-words: real text has many distinct words (and trigrams), drawn Zipf-like."""
    words = list(_WORDS)
    while len(words) < size:
        words.append("".join(rng.choice(_SYLLABLES) for _ in range(rng.randrange(2, 5))))
    return words


LEXICON = _lexicon(random.Random(1))


def _sentence(rng: random.Random, words: int) -> str:
    size = len(LEXICON)
    return " ".join(LEXICON[int(size ** rng.random()) - 1] for _ in range(words))


def _markdown(rng: random.Random) -> str:
    parts = []
    for section in range(rng.randrange(5, 15)):
        parts.append(f"## Section {section} {rng.choice(_WORDS)}\n")
        parts.extend(_sentence(rng, 60) + "\n" for _ in range(rng.randrange(2, 8)))
        if rng.random() < 0.3:
            parts.append(f"```python\ndef {rng.choice(_WORDS)}():\n    return 1\n```\n")
    return "\n".join(parts)


def _json(rng: random.Random) -> str:
    items = [
        {"id": f"item-{i}", "name": rng.choice(_WORDS), "text": _sentence(rng, 20)}
        for i in range(rng.randrange(20, 80))
    ]
    return json.dumps({"items": items, "total": len(items)}, indent=2)


def _plaintext(rng: random.Random) -> str:
    return "\n".join(f"[{i}] " + _sentence(rng, 12) for i in range(rng.randrange(50, 300)))


def to_documents(corpus: Sequence[tuple[str, ContentType, str]]) -> list[SourceDocument]:
    return [
        SourceDocument(
            label=label,
            kind=SourceKind.DURABLE,
            content_type=content_type,
            content_hash=hashlib.sha256(text.encode()).hexdigest(),
            size_bytes=len(text.encode()),
            chunks=chunk(text, content_type),
            vocabulary=document_vocabulary(text),
        )
        for label, content_type, text in corpus
    ]
