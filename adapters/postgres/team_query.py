"""A query as the PostgreSQL store renders it: terms combined by all-of / any-of / without.

``words_tsquery`` renders it for the words layer (``phraseto_tsquery`` per term in capy's
text-search configuration, joined with ``&&``, ``||``, ``&& !!``); ``substring_condition`` for
the substrings layer (``ILIKE '%term%'`` per term, which pg_trgm's GIN index answers with
FTS5-trigram semantics: case-insensitive substrings of title or content).
"""

from __future__ import annotations

from typing import Any

import attrs

from adapters.postgres.words import words_text

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


@attrs.frozen
class Without:
    keep: Node
    drop: Node


Node = Term | AllOf | AnyOf | Without


def positive_terms(node: Node) -> list[str]:
    """The terms whose matches count toward relevance (not those after ``Without``)."""
    if isinstance(node, Term):
        return [node.text]
    if isinstance(node, Without):
        return positive_terms(node.keep)
    return [text for item in node.items for text in positive_terms(item)]


def words_tsquery(node: Node) -> tuple[str, list[Any]] | None:
    """SQL for a ``tsquery`` and its parameters; None when no term has a word in it."""
    if isinstance(node, Term):
        text = words_text(node.text)
        if not text:
            return None
        return f"phraseto_tsquery('{CONFIG}', %s)", [text]
    if isinstance(node, Without):
        keep = words_tsquery(node.keep)
        drop = words_tsquery(node.drop)
        if keep is None or drop is None:
            return keep
        return f"({keep[0]} && !!{drop[0]})", keep[1] + drop[1]
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
    if isinstance(node, Without):
        keep = substring_condition(node.keep)
        drop = substring_condition(node.drop)
        if keep is None or drop is None:
            return keep
        return f"({keep[0]} AND NOT {drop[0]})", keep[1] + drop[1]
    parts = [rendered for item in node.items if (rendered := substring_condition(item))]
    if not parts:
        return None
    operator = " AND " if isinstance(node, AllOf) else " OR "
    return "(" + operator.join(sql for sql, _ in parts) + ")", [p for _, ps in parts for p in ps]


def from_fts5(expression: str) -> Node | None:
    """The query value behind one of the domain's FTS5 expressions (quoted strings joined by
    AND, OR, NOT and parentheses); None when it cannot be read."""
    from adapters.memory.fts_expression import And, ExpressionError, Not, Or, Phrase, parse

    try:
        tree = parse(expression)
    except ExpressionError:
        return None

    def convert(node: Any) -> Node:
        if isinstance(node, Phrase):
            return Term(node.text)
        if isinstance(node, And):
            return AllOf((convert(node.left), convert(node.right)))
        if isinstance(node, Or):
            return AnyOf((convert(node.left), convert(node.right)))
        if isinstance(node, Not):
            return Without(convert(node.left), convert(node.right))
        raise TypeError(node)

    return convert(tree)
