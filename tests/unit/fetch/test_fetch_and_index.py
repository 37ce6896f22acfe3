from __future__ import annotations

import json
from datetime import timedelta

import attrs
import pytest

from adapters.memory.fixed_clock import FixedClock
from adapters.memory.in_memory_fetcher import InMemoryFetcher, ServedPage
from adapters.memory.in_memory_html_converter import InMemoryHtmlConverter
from adapters.memory.in_memory_knowledge_store import InMemoryKnowledgeStore
from application.use_cases.fetch_and_index import FetchAndIndex
from application.use_cases.fetch_request import FetchRequest
from application.use_cases.index_content import IndexContent
from domain.content_type import ContentType
from domain.errors import InvalidInput
from domain.fetch.errors import FetchFailed, FetchRefused, UnsupportedContent
from domain.fetch.reply import CacheHitReply, FetchedReply, GitThreadReply
from domain.settings import CacheSettings, CleanupSettings, Settings, StoreSettings
from domain.source_kind import SourceKind

from .test_ssrf_corpus import DNS, SSRF_CORPUS

PAGE = "https://docs.example.com/guide"
HTML = b"""<html><head><title>Guide</title></head><body><nav>Home | Docs</nav>
<h1>Guide</h1><p>Install with pip.</p><h2>Usage</h2><pre><code class="language-python">import x
</code></pre><footer>(c) 2026</footer></body></html>"""


@attrs.define
class World:
    fetcher: InMemoryFetcher
    store: InMemoryKnowledgeStore
    clock: FixedClock
    use_case: FetchAndIndex


def make_world(fetch_ttl_hours: int = 24, ephemeral_ttl_hours: int = 24) -> World:
    settings = Settings(
        store=StoreSettings(
            cache=CacheSettings(fetch_ttl_hours=fetch_ttl_hours),
            cleanup=CleanupSettings(ephemeral_ttl_hours=ephemeral_ttl_hours),
        )
    )
    clock = FixedClock()
    store = InMemoryKnowledgeStore(clock=clock)
    fetcher = InMemoryFetcher(dns=DNS)
    fetcher.serve(PAGE, ServedPage(body=HTML))
    use_case = FetchAndIndex(
        fetcher=fetcher,
        html_converter=InMemoryHtmlConverter(),
        index_content=IndexContent(store, settings),
        store=store,
        clock=clock,
        settings=settings,
    )
    return World(fetcher, store, clock, use_case)


def test_html_is_indexed_as_markdown_under_the_url_and_kept_ephemeral() -> None:
    world = make_world(ephemeral_ttl_hours=6)

    reply = world.use_case.execute(FetchRequest(url=PAGE))

    assert isinstance(reply, FetchedReply)
    source = world.store.source_by_label(PAGE)
    assert source is not None
    assert source.kind is SourceKind.EPHEMERAL
    assert source.content_type is ContentType.MARKDOWN
    assert reply.sections == source.chunk_count > 0
    text = reply.render()
    assert "Home | Docs" not in reply.preview
    assert "```python" in reply.preview
    assert "6h" in text and f'source: "{PAGE}"' in text and "include_kinds" in text


def test_a_durable_fetch_with_a_label_is_searchable_by_default() -> None:
    world = make_world()

    reply = world.use_case.execute(FetchRequest(url=PAGE, source="guide", kind="durable"))

    assert isinstance(reply, FetchedReply)
    assert reply.label == "guide"
    assert world.store.source_by_label("guide").kind is SourceKind.DURABLE  # type: ignore[union-attr]
    assert "include_kinds" not in reply.render()


@pytest.mark.parametrize("kind", ["session", "permanent", ""])
def test_other_kinds_are_refused_before_any_fetch(kind: str) -> None:
    world = make_world()

    with pytest.raises(InvalidInput, match="kind") as refused:
        world.use_case.execute(FetchRequest(url=PAGE, kind=kind))

    assert "durable" in refused.value.hint
    assert world.fetcher.requested == []


def test_a_fresh_copy_is_a_cache_hit_with_its_true_age() -> None:
    world = make_world(fetch_ttl_hours=12)
    world.use_case.execute(FetchRequest(url=PAGE))
    world.clock.advance(timedelta(hours=3, minutes=20))

    reply = world.use_case.execute(FetchRequest(url=PAGE))

    assert isinstance(reply, CacheHitReply)
    assert reply.age == timedelta(hours=3, minutes=20)
    assert "3h 20m ago" in reply.render()
    assert "12h" in reply.render()
    assert world.fetcher.requested == [PAGE]


def test_force_fetches_again() -> None:
    world = make_world()
    world.use_case.execute(FetchRequest(url=PAGE))

    reply = world.use_case.execute(FetchRequest(url=PAGE, force=True))

    assert isinstance(reply, FetchedReply)
    assert reply.unchanged
    assert world.fetcher.requested == [PAGE, PAGE]


def test_a_stale_copy_or_another_kind_is_fetched_again() -> None:
    world = make_world(fetch_ttl_hours=2)
    world.use_case.execute(FetchRequest(url=PAGE))
    world.clock.advance(timedelta(hours=2))

    assert isinstance(world.use_case.execute(FetchRequest(url=PAGE)), FetchedReply)
    assert isinstance(world.use_case.execute(FetchRequest(url=PAGE, kind="durable")), FetchedReply)
    assert len(world.fetcher.requested) == 3


def test_git_threads_are_not_fetched_and_the_cli_is_named() -> None:
    world = make_world()
    url = "https://github.com/acme/widget/pull/42"

    reply = world.use_case.execute(FetchRequest(url=url))

    assert isinstance(reply, GitThreadReply)
    assert "gh pr view 42 --repo acme/widget --comments" in reply.render()
    assert world.fetcher.requested == []


def test_json_is_indexed_as_json() -> None:
    world = make_world()
    url = "https://api.example.com/items"
    world.fetcher.serve(
        url,
        ServedPage(
            content_type="application/json",
            body=json.dumps({"items": [{"id": "a1", "name": "first"}]}).encode(),
        ),
    )

    world.use_case.execute(FetchRequest(url=url))

    assert world.store.source_by_label(url).content_type is ContentType.JSON  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("content_type", "body"),
    [
        ("image/png", b"\x89PNG\r\n\x1a\n...."),
        ("application/pdf", b"%PDF-1.7 ..."),
        ("application/octet-stream", b"plain looking"),
        ("application/x-custom", b"ab\x00cd"),
    ],
)
def test_binary_bodies_are_refused_naming_the_content_type(content_type: str, body: bytes) -> None:
    world = make_world()
    url = "https://files.example.com/blob"
    world.fetcher.serve(url, ServedPage(content_type=content_type, body=body))

    with pytest.raises(UnsupportedContent, match=content_type):
        world.use_case.execute(FetchRequest(url=url))

    assert world.store.source_by_label(url) is None


def test_empty_bodies_are_refused() -> None:
    world = make_world()
    url = "https://files.example.com/empty"
    world.fetcher.serve(url, ServedPage(content_type="text/plain", body=b"  \n"))

    with pytest.raises(UnsupportedContent, match="no content"):
        world.use_case.execute(FetchRequest(url=url))


def test_http_errors_surface_with_the_status() -> None:
    world = make_world()

    with pytest.raises(FetchFailed, match="HTTP 404"):
        world.use_case.execute(FetchRequest(url="https://docs.example.com/missing"))


@pytest.mark.parametrize("url", SSRF_CORPUS)
def test_the_use_case_refuses_the_whole_ssrf_corpus(url: str) -> None:
    world = make_world()

    with pytest.raises(FetchRefused):
        world.use_case.execute(FetchRequest(url=url))

    assert world.fetcher.requested == []


def test_a_redirect_to_a_private_address_is_refused_at_that_hop() -> None:
    world = make_world()
    start = "https://docs.example.com/old"
    world.fetcher.serve(start, ServedPage(status=302, location="http://169.254.169.254/"))

    with pytest.raises(FetchRefused, match=r"169\.254\.169\.254"):
        world.use_case.execute(FetchRequest(url=start))

    assert world.fetcher.requested == [start]


def test_the_preview_is_cut_at_3_kb_on_a_character_boundary() -> None:
    world = make_world()
    url = "https://docs.example.com/long.txt"
    world.fetcher.serve(url, ServedPage(content_type="text/plain", body=("é" * 4000).encode()))

    reply = world.use_case.execute(FetchRequest(url=url))

    assert isinstance(reply, FetchedReply)
    assert reply.preview_truncated
    assert len(reply.preview.encode()) <= 3072
    assert set(reply.preview) == {"é"}
