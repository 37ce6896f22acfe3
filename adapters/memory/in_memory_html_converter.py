"""A small HtmlConverter on the stdlib parser: text, headings and code blocks, chrome dropped."""

from __future__ import annotations

from html.parser import HTMLParser

from application.ports.html_converter import HtmlConverter

_SKIPPED = frozenset(
    {"script", "style", "noscript", "nav", "header", "footer", "aside", "form", "iframe", "svg"}
)
_HEADINGS = {f"h{n}": "#" * n for n in range(1, 7)}
_BLOCKS = frozenset({"p", "div", "li", "tr", "table", "ul", "ol", "section", "article", "br"})


class InMemoryHtmlConverter(HtmlConverter):
    def to_markdown(self, html: str, base_url: str = "") -> str:
        parser = _TextParser()
        parser.feed(html)
        parser.close()
        lines = [line.rstrip() for line in "".join(parser.out).splitlines()]
        text = "\n".join(lines)
        while "\n\n\n" in text:
            text = text.replace("\n\n\n", "\n\n")
        return text.strip() + "\n" if text.strip() else ""


class _TextParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self._skip_depth = 0
        self._in_title = False
        self._language_slot = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIPPED or ("hidden", None) in attrs:
            self._skip_depth += 1
        elif tag == "title":
            self._in_title = True
        elif tag in _HEADINGS:
            self.out.append(f"\n\n{_HEADINGS[tag]} ")
        elif tag == "pre":
            self.out.append("\n\n```")
            self._language_slot = len(self.out)
            self.out += [_language(attrs), "\n"]
        elif tag == "code" and self._language_slot and not self.out[self._language_slot]:
            self.out[self._language_slot] = _language(attrs)
        elif tag in _BLOCKS:
            self.out.append("\n\n" if tag != "li" else "\n- ")

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIPPED and self._skip_depth:
            self._skip_depth -= 1
        elif tag == "title":
            self._in_title = False
        elif tag == "pre":
            self.out.append("\n```\n\n")
            self._language_slot = 0
        elif tag in _HEADINGS:
            self.out.append("\n\n")

    def handle_data(self, data: str) -> None:
        if not self._skip_depth and not self._in_title:
            self.out.append(data)


def _language(attrs: list[tuple[str, str | None]]) -> str:
    for name, value in attrs:
        for cls in (value or "").split() if name == "class" else ():
            if cls.startswith("language-"):
                return cls.removeprefix("language-")
    return ""
