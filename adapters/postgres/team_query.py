"""The domain's ``StoreQuery`` as PostgreSQL reads it: terms combined by all-of / any-of.

``words_tsquery`` renders it for the words layer (``phraseto_tsquery`` per alternative in capy's
text-search configuration, joined with ``||`` within a group and ``&&`` / ``||`` between
groups); ``substring_condition`` for the substrings layer (``ILIKE '%alternative%'``, which
pg_trgm's GIN index answers with FTS5-trigram semantics: case-insensitive substrings of title
or content). Alternatives are plain text: nothing in them is syntax.
"""

from __future__ import annotations

from typing import Any

import attrs

from adapters.postgres.words import words_text
from domain.search.store_query import Combine, StoreQuery

CONFIG = "capy.english"
TRIGRAM_LENGTH = 3
SUBSTRING_TEXT = "(c.title || E'\\n' || c.content)"


@attrs.frozen
class Term:
    text: str


@attrs.frozen
class AllOf:
    items: tuple[Node, ...]


@attrs.frozen
class AnyOf:
    items: tuple[Node, ...]


Node = Term | AllOf | AnyOf


def positive_terms(node: Node) -> list[str]:
    """Every alternative of the query, in order (each counts toward relevance)."""
    if isinstance(node, Term):
        return [node.text]
    return [text for item in node.items for text in positive_terms(item)]


def words_tsquery(node: Node) -> tuple[str, list[Any]] | None:
    """SQL for a ``tsquery`` and its parameters; None when no term has a word in it."""
    if isinstance(node, Term):
        text = words_text(node.text)
        if not text:
            return None
        return f"phraseto_tsquery('{CONFIG}', %s)", [text]
    parts = [rendered for item in node.items if (rendered := words_tsquery(item))]
    if not parts:
        return None
    operator = " && " if isinstance(node, AllOf) else " || "
    return "(" + operator.join(sql for sql, _ in parts) + ")", [p for _, ps in parts for p in ps]


def like_contains(text: str) -> str:
    """An ILIKE pattern for ``text`` anywhere; its ``%``, ``_`` and ``\\`` are taken literally."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def substring_condition(node: Node) -> tuple[str, list[Any]] | None:
    """SQL for a boolean over the chunk's text and its parameters; None when empty."""
    if isinstance(node, Term):
        if not node.text:
            return None
        if len(node.text) < TRIGRAM_LENGTH:  # as in FTS5's trigram index: no trigram, no match
            return "FALSE", []
        return f"{SUBSTRING_TEXT} ILIKE %s", [like_contains(node.text.replace("\x00", ""))]
    parts = [rendered for item in node.items if (rendered := substring_condition(item))]
    if not parts:
        return None
    operator = " AND " if isinstance(node, AllOf) else " OR "
    return "(" + operator.join(sql for sql, _ in parts) + ")", [p for _, ps in parts for p in ps]


def from_store_query(query: StoreQuery) -> Node:
    """The query as a tree: any alternative of a group; every group, or any, as it says."""
    groups = tuple(AnyOf(tuple(Term(text) for text in group)) for group in query.groups)
    return AllOf(groups) if query.combine is Combine.ALL else AnyOf(groups)
