"""What ``capy_fetch_and_index`` tells the agent, as values with a ``render()``."""

from __future__ import annotations

from datetime import timedelta

import attrs

from domain.fetch.age import format_age
from domain.fetch.git_platform import GitThread
from domain.source_kind import SourceKind
from domain.wording import byte_size, plural

PREVIEW_BYTES = 3072


def cut_preview(text: str, limit: int = PREVIEW_BYTES) -> tuple[str, bool]:
    """At most ``limit`` UTF-8 bytes of ``text``, never splitting a character; and whether cut."""
    encoded = text.encode("utf-8")
    if len(encoded) <= limit:
        return text, False
    return encoded[:limit].decode("utf-8", errors="ignore"), True


def _search_tip(label: str) -> str:
    return f'Search it with `capy_search(queries: [...], source: "{label}")`.'


def _kind_note(kind: SourceKind, label: str, ephemeral_ttl_hours: int) -> str:
    if kind is not SourceKind.EPHEMERAL:
        return f"Kept as **{kind.value}**: default searches include it."
    return (
        f"Kept as **ephemeral** for {ephemeral_ttl_hours}h and left out of default searches: "
        f'reach it with `source: "{label}"` or `include_kinds: ["ephemeral"]`.'
    )


@attrs.frozen
class FetchedReply:
    """The page was fetched and indexed (``unchanged``: same content as the last fetch)."""

    label: str
    url: str
    kind: SourceKind
    sections: int
    size_bytes: int
    ephemeral_ttl_hours: int
    preview: str
    preview_truncated: bool
    unchanged: bool = False
    fetched_bytes: int = 0  # the response body as received (before conversion)

    def render(self) -> str:
        size = byte_size(self.size_bytes)
        head = f"Fetched **{self.label}** and indexed {plural(self.sections, 'section')} ({size})."
        if self.url != self.label:
            head += f"\nFinal URL: {self.url}"
        if self.unchanged:
            head += "\nThe content is the same as the last fetch; the index was kept."
        lines = [head, _kind_note(self.kind, self.label, self.ephemeral_ttl_hours)]
        lines += [_search_tip(self.label), "", "---", "", self.preview]
        if self.preview_truncated:
            lines += ["", "…[preview cut at 3 KB — search for the rest]"]
        return "\n".join(lines)


@attrs.frozen
class CacheHitReply:
    """A fresh copy under the same label and kind was already indexed; nothing was fetched."""

    label: str
    kind: SourceKind
    sections: int
    age: timedelta
    fetch_ttl_hours: int
    ephemeral_ttl_hours: int
    size_bytes: int = 0  # what the cached source holds: the fetch it saved

    def render(self) -> str:
        return "\n".join(
            [
                f"**Cache hit**: {self.label} was fetched and indexed {format_age(self.age)} "
                f"({plural(self.sections, 'section')}); not fetched again.",
                f"Fetches are reused for {self.fetch_ttl_hours}h; pass `force: true` to re-fetch.",
                _kind_note(self.kind, self.label, self.ephemeral_ttl_hours),
                _search_tip(self.label),
            ]
        )


@attrs.frozen
class GitThreadReply:
    """The URL is an issue or pull/merge request: not fetched, a better tool is named."""

    url: str
    thread: GitThread

    def render(self) -> str:
        return (
            f"**Not fetched**: {self.url} is {self.thread.describe()}.\n"
            f"Indexing a discussion splits it into unordered fragments; instead, "
            f"{self.thread.advice}."
        )


FetchReply = FetchedReply | CacheHitReply | GitThreadReply
