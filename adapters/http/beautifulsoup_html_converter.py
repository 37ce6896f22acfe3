"""HTML to markdown with BeautifulSoup (cleaning) and html2text (conversion).

html2text drops the language of code blocks, so blocks are lifted out first: each ``<pre>`` is
replaced by a placeholder word, and after conversion the placeholder line becomes a fenced
block tagged with the language found on the block or its wrappers.
"""

from __future__ import annotations

import re
import secrets

import html2text
from bs4 import BeautifulSoup, Tag

from adapters.http.html_noise import strip_noise
from application.ports.html_converter import HtmlConverter

_LANGUAGE_CLASS = re.compile(
    r"^(?:language|lang|highlight-source|highlight|brush|sourcecode)[-:]([\w+#.-]+)$", re.I
)
_NOT_LANGUAGES = frozenset({"none", "text", "plain", "plaintext", "nohighlight", "default"})


class BeautifulSoupHtmlConverter(HtmlConverter):
    def to_markdown(self, html: str, base_url: str = "") -> str:
        soup = BeautifulSoup(html, "html.parser")
        title = soup.title.get_text(" ", strip=True) if soup.title else ""
        strip_noise(soup)
        root = _main_content(soup)
        marker = "capycode" + secrets.token_hex(4)
        blocks = _lift_code_blocks(soup, root, marker)
        markdown = _converter(base_url).handle(str(root))
        markdown = "\n".join(line.rstrip() for line in markdown.splitlines())
        markdown = re.sub(r"\n{3,}", "\n\n", markdown)
        markdown = _restore_code_blocks(markdown, marker, blocks).strip()
        if title and not re.search(r"^# ", markdown, re.M):
            markdown = f"# {title}\n\n{markdown}"
        return markdown + "\n" if markdown else ""


def _main_content(soup: BeautifulSoup) -> Tag:
    candidates = (
        soup.find("main"),
        soup.find(True, attrs={"role": "main"}),
        _single(soup.find_all("article")),
    )
    for found in candidates:
        if isinstance(found, Tag) and found.get_text(strip=True):
            return found
    body = soup.body
    return body if isinstance(body, Tag) else soup


def _single(tags: object) -> Tag | None:
    found = [t for t in tags if isinstance(t, Tag)] if isinstance(tags, list) else []
    return found[0] if len(found) == 1 else None


def _lift_code_blocks(soup: BeautifulSoup, root: Tag, marker: str) -> list[tuple[str, str]]:
    blocks: list[tuple[str, str]] = []
    for pre in root.find_all("pre"):
        if not isinstance(pre, Tag) or pre.find_parent("pre") is not None:
            continue
        code = pre.find("code")
        text = (code if isinstance(code, Tag) else pre).get_text()
        blocks.append((_language(pre, code if isinstance(code, Tag) else None), text))
        placeholder = soup.new_tag("p")
        placeholder.string = f"{marker}x{len(blocks) - 1}x"
        pre.replace_with(placeholder)
    return blocks


def _language(pre: Tag, code: Tag | None) -> str:
    candidates: list[Tag] = [t for t in (code, pre) if t is not None]
    candidates += [p for p in list(pre.parents)[:3] if isinstance(p, Tag)]
    for tag in candidates:
        for attr in ("data-lang", "data-language"):
            value = tag.get(attr)
            if isinstance(value, str) and value.strip().lower() not in _NOT_LANGUAGES:
                return value.strip().lower()
        classes = [str(c) for c in tag.get_attribute_list("class") if c]
        for cls in classes:
            match = _LANGUAGE_CLASS.match(cls)
            if match and match.group(1).lower() not in _NOT_LANGUAGES:
                return match.group(1).lower()
        if "sourceCode" in classes and len(classes) > 1:
            return next(c for c in classes if c != "sourceCode").lower()
    return ""


def _restore_code_blocks(markdown: str, marker: str, blocks: list[tuple[str, str]]) -> str:
    def fenced(match: re.Match[str]) -> str:
        language, text = blocks[int(match.group(1))]
        body = text.strip("\n")
        longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
        fence = "`" * max(3, longest + 1)
        return f"{fence}{language}\n{body}\n{fence}"

    return re.sub(rf"^[ \t>]*{marker}x(\d+)x[ \t]*$", fenced, markdown, flags=re.M)


def _converter(base_url: str) -> html2text.HTML2Text:
    converter = html2text.HTML2Text(baseurl=base_url, bodywidth=0)
    converter.ignore_images = True
    converter.ignore_emphasis = False
    converter.unicode_snob = True
    converter.mark_code = False
    converter.pad_tables = False
    converter.single_line_break = False
    return converter
