"""HtmlConverter port: turn a web page into clean, searchable markdown."""

from __future__ import annotations

from typing import Protocol, runtime_checkable


@runtime_checkable
class HtmlConverter(Protocol):
    """Converts an HTML document to markdown.

    Contract: page chrome and noise are dropped (scripts, styles, navigation, header/footer,
    asides, forms, hidden elements, cookie banners); the main content is preferred when the
    page marks it (``<main>``, ``<article>``); headings, lists, tables and links are kept; code
    blocks become fenced blocks tagged with their language when the page names it. Relative
    links are resolved against ``base_url``. Never raises on malformed HTML.
    """

    def to_markdown(self, html: str, base_url: str = "") -> str: ...
