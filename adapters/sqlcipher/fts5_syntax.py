"""Rendering the domain's query values as FTS5 MATCH expressions built only from quoted strings.

Inside an FTS5 string every character is literal except ``"`` (doubled to escape it), so no
text the domain hands over — a word, a phrase, whatever a person typed — is ever FTS5 syntax:
the operators (``AND``, ``OR``, ``NOT``, ``*``, parentheses) come from the value's structure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from domain.search.store_query import StoreQuery
    from domain.vault.query_grammar import VaultMatch


def fts5_string(text: str) -> str:
    """``text`` as one FTS5 string (a phrase of its tokens); a NUL, which would end the
    string early for SQLite, is left out (it is no part of any token)."""
    return '"' + text.replace("\x00", "").replace('"', '""') + '"'


def _group(alternatives: tuple[str, ...]) -> str:
    if len(alternatives) == 1:
        return fts5_string(alternatives[0])
    return "(" + " OR ".join(map(fts5_string, alternatives)) + ")"


def store_match(query: StoreQuery) -> str:
    """The MATCH expression of one layer's query (the layer picks the table, not the text).

    The knowledge base's values are imported here, not with the module: ``capy vault list``
    renders through this module too and needs none of them."""
    from domain.search.store_query import Combine

    joiner = {Combine.ALL: " AND ", Combine.ANY: " OR "}[query.combine]
    return joiner.join(_group(group) for group in query.groups)


def vault_match(node: VaultMatch) -> str:
    """The MATCH expression of a vault query; each operator's operands in parentheses, so
    FTS5's precedence never regroups what the person wrote.

    The vault's grammar is imported here, not with the module: ``capy search`` renders
    through this module too and has no use for that grammar's classes."""
    from domain.vault.query_grammar import And, Not, Or, Phrase

    if isinstance(node, Phrase):
        return fts5_string(node.text) + (" *" if node.prefix else "")
    operator = {And: "AND", Or: "OR", Not: "NOT"}[type(node)]
    return f"({vault_match(node.left)} {operator} {vault_match(node.right)})"
