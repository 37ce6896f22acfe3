"""Page chrome and noise removed before conversion: it would otherwise flood the index."""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, Tag

_NOISE_TAGS = frozenset(
    {
        "script",
        "style",
        "noscript",
        "template",
        "nav",
        "aside",
        "form",
        "iframe",
        "svg",
        "canvas",
        "button",
        "input",
        "select",
        "textarea",
        "object",
        "embed",
        "dialog",
        "link",
        "meta",
    }
)
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)
# Consent banners by id/class: a consent word next to a widget word, or a known vendor.
# Content about cookies (an MDN page with id="cookies") does not match.
_CONSENT = re.compile(
    r"(?:cookie|consent|gdpr|privacy)[-_]?(?:banner|bar|notice|popup|modal|overlay|dialog|wall"
    r"|message|prompt|law|consent|policy-banner)"
    r"|^(?:onetrust|cookiebot|didomi|usercentrics|truste|qc-cmp|cc-window|cc-banner|cmp-)",
    re.I,
)


def strip_noise(soup: BeautifulSoup) -> None:
    """Remove noise in one walk; a removed element's subtree is not visited."""
    doomed: list[Tag] = []
    pending: list[tuple[Tag, bool]] = [(soup, False)]
    while pending:
        tag, in_content = pending.pop()
        for child in tag.children:
            if not isinstance(child, Tag):
                continue
            if _is_chrome(child, in_content) or is_noise(child):
                doomed.append(child)
            else:
                pending.append((child, in_content or child.name in ("article", "main")))
    for tag in doomed:
        tag.decompose()


def _is_chrome(tag: Tag, in_content: bool) -> bool:
    if tag.name in _NOISE_TAGS or tag.name == "footer":
        return True
    # A header inside the article usually holds its title; page headers are chrome.
    return tag.name == "header" and not in_content


def is_noise(tag: Tag) -> bool:
    if tag.has_attr("hidden") or str(tag.get("aria-hidden", "")).lower() == "true":
        return True
    if _HIDDEN_STYLE.search(str(tag.get("style", ""))):
        return True
    if tag.name in ("html", "body", "main", "article"):
        return False
    names = [str(tag.get("id", ""))] + [str(c) for c in tag.get_attribute_list("class") if c]
    return any(_CONSENT.search(name) for name in names if name)
