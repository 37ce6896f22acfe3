"""Fetch a web page or API response and index it, instead of pasting it into the context."""

from __future__ import annotations

from datetime import timedelta

from application.ports.clock import Clock
from application.ports.fetcher import FetchedResponse, Fetcher
from application.ports.html_converter import HtmlConverter
from application.ports.knowledge_store import KnowledgeStore
from application.use_cases.fetch_request import FetchRequest
from application.use_cases.index_content import IndexContent
from application.use_cases.index_request import IndexRequest
from domain.errors import InvalidInput
from domain.fetch.content import MediaType, Route, decode_body
from domain.fetch.errors import UnsupportedContent
from domain.fetch.git_platform import detect_git_thread
from domain.fetch.reply import CacheHitReply, FetchedReply, FetchReply, GitThreadReply, cut_preview
from domain.fetch.screening import PrivateHostAllowList, screen_target
from domain.fetch.target import parse_target
from domain.settings import Settings
from domain.source_kind import SourceKind

_FETCH_KINDS = {"ephemeral": SourceKind.EPHEMERAL, "durable": SourceKind.DURABLE}


class FetchAndIndex:
    """Fetch ``url`` and index its text under a label.

    Order: kind → URL (scheme, host spelling, literal private addresses; DNS and every redirect
    are checked by the ``Fetcher``) → git-platform thread (not fetched; the CLI to use is named)
    → fetch cache (same label and kind, indexed within ``store.cache.fetch_ttl_hours``, unless
    ``force``) → fetch → refuse empty and binary bodies → route by content type (HTML → markdown
    via ``HtmlConverter``; JSON; anything else plaintext) → ``IndexContent`` with that content
    type given explicitly → reply with a preview.

    Reuses the ``IndexContent`` use case, so redaction, size limits and dedup are the same as
    for ``capy_index``.
    """

    def __init__(
        self,
        *,
        fetcher: Fetcher,
        html_converter: HtmlConverter,
        index_content: IndexContent,
        store: KnowledgeStore,
        clock: Clock,
        settings: Settings,
    ) -> None:
        self._fetcher = fetcher
        self._html = html_converter
        self._index = index_content
        self._store = store
        self._clock = clock
        self._settings = settings

    def execute(self, request: FetchRequest) -> FetchReply:
        kind = _fetch_kind(request.kind)
        url = request.url.strip()
        target = parse_target(url)
        screen_target(target, PrivateHostAllowList.parse(self._settings.fetch.allow_private_hosts))
        thread = detect_git_thread(url)
        if thread is not None:
            return GitThreadReply(url, thread)
        label = (request.source or "").strip() or url
        if not request.force:
            hit = self._cache_hit(label, kind)
            if hit is not None:
                return hit
        response = self._fetcher.fetch(url)
        text, route = self._text_of(response)
        result = self._index.execute(
            IndexRequest(content=text, label=label, kind=kind, content_type=route.content_type)
        )
        preview, cut = cut_preview(text)
        return FetchedReply(
            label=label,
            url=response.url,
            kind=result.kind,
            sections=result.sections,
            size_bytes=result.size_bytes,
            ephemeral_ttl_hours=self._settings.store.cleanup.ephemeral_ttl_hours,
            preview=preview,
            preview_truncated=cut,
            unchanged=result.already_indexed,
            fetched_bytes=len(response.body),
        )

    def _cache_hit(self, label: str, kind: SourceKind) -> CacheHitReply | None:
        ttl_hours = self._settings.store.cache.fetch_ttl_hours
        source = self._store.source_by_label(label)
        if ttl_hours <= 0 or source is None or source.kind is not kind:
            return None
        age = max(self._clock.now() - source.indexed_at, timedelta(0))
        if age >= timedelta(hours=ttl_hours):
            return None
        return CacheHitReply(
            label=label,
            kind=kind,
            sections=source.chunk_count,
            age=age,
            fetch_ttl_hours=ttl_hours,
            ephemeral_ttl_hours=self._settings.store.cleanup.ephemeral_ttl_hours,
            size_bytes=source.size_bytes,
        )

    def _text_of(self, response: FetchedResponse) -> tuple[str, Route]:
        shown_type = response.content_type or "none given"
        if not response.body.strip():
            raise UnsupportedContent(
                f"{response.url} returned no content (Content-Type: {shown_type})",
                "check the URL; nothing was indexed",
            )
        media = MediaType.of_response(response.content_type, response.body)
        if media.is_binary(response.body):
            raise UnsupportedContent(
                f"{response.url} is binary (Content-Type: {shown_type}); only text is indexed",
                "fetch an HTML, JSON or text version, or extract the text locally first",
            )
        text = decode_body(response.body, media)
        route = media.route
        if route is Route.HTML:
            text = self._html.to_markdown(text, response.url)
            if not text.strip():
                raise UnsupportedContent(
                    f"{response.url} has no readable text once scripts and page chrome are removed",
                    "the page is probably rendered by JavaScript; look for an API or raw version",
                )
        return text, route


def _fetch_kind(value: str) -> SourceKind:
    kind = _FETCH_KINDS.get(value.strip().lower())
    if kind is None:
        raise InvalidInput(
            f'invalid kind "{value}" for a fetch',
            'use "ephemeral" (default: expires, left out of default searches) or "durable"',
        )
    return kind
