"""FetchAndIndex with the real fetcher and converter against the loopback server."""

from __future__ import annotations

from datetime import timedelta

import pytest

from adapters.http.beautifulsoup_html_converter import BeautifulSoupHtmlConverter
from adapters.http.httpx_fetcher import HttpxFetcher
from adapters.memory.fixed_clock import FixedClock
from adapters.memory.in_memory_knowledge_store import InMemoryKnowledgeStore
from application.use_cases.fetch_and_index import FetchAndIndex
from application.use_cases.fetch_request import FetchRequest
from application.use_cases.index_content import IndexContent
from domain.content_type import ContentType
from domain.fetch.errors import FetchRefused, UnsupportedContent
from domain.fetch.reply import CacheHitReply, FetchedReply
from domain.settings import FetchSettings, Settings

from .conftest import Site


class Setup:
    def __init__(self, site: Site) -> None:
        self.settings = Settings(fetch=FetchSettings(allow_private_hosts=site.allow))
        self.clock = FixedClock()
        self.store = InMemoryKnowledgeStore(clock=self.clock)
        self.use_case = FetchAndIndex(
            fetcher=HttpxFetcher(self.settings.fetch.allow_private_hosts),
            html_converter=BeautifulSoupHtmlConverter(),
            index_content=IndexContent(self.store, self.settings),
            store=self.store,
            clock=self.clock,
            settings=self.settings,
        )

    def fetch(self, url: str, **options: object) -> FetchedReply:
        reply = self.use_case.execute(FetchRequest(url=url, **options))  # type: ignore[arg-type]
        assert isinstance(reply, FetchedReply)
        return reply

    def indexed_text(self, label: str) -> str:
        source = self.store.source_by_label(label)
        assert source is not None
        return "\n".join(
            c.chunk.title + "\n" + c.chunk.content for c in self.store.chunks_of(source.id)
        )


@pytest.fixture
def setup(site: Site) -> Setup:
    return Setup(site)


def test_a_docs_page_becomes_clean_markdown(site: Site, setup: Setup) -> None:
    reply = setup.fetch(site.url("/docs"), source="pools")

    text = setup.indexed_text("pools")
    assert setup.store.source_by_label("pools").content_type is ContentType.MARKDOWN  # type: ignore[union-attr]
    assert reply.sections >= 3
    for noise in (
        "window.analytics",
        "font-family",
        "Accept all",
        "Install</a>",
        "© 2026",
        "On this page",
        "Was this page helpful",
        "screen-reader only",
        "Tracking pixel",
    ):
        assert noise not in text
        assert noise not in reply.preview
    assert "```python\nfrom exampledb import Pool" in reply.preview
    assert "```bash\nexampledb-cli pool stats" in reply.preview
    assert "```toml\n[pool]" in reply.preview
    assert "`max_size`| 10| Most connections open at once" in reply.preview
    assert "[TLS settings](http://127.0.0.1:" in reply.preview
    assert "Connection pools > Settings" in text


def test_json_and_plain_text_are_indexed_by_their_type(site: Site, setup: Setup) -> None:
    setup.fetch(site.url("/api"))
    setup.fetch(site.url("/plain"))

    assert setup.store.source_by_label(site.url("/api")).content_type is ContentType.JSON  # type: ignore[union-attr]
    assert setup.store.source_by_label(site.url("/plain")).content_type is ContentType.PLAINTEXT  # type: ignore[union-attr]
    assert "w3" in setup.indexed_text(site.url("/api"))


@pytest.mark.parametrize(
    ("path", "expected"), [("/latin1", "Crème brûlée"), ("/latin1-meta", "Señor Müller")]
)
def test_the_page_charset_is_honoured(site: Site, setup: Setup, path: str, expected: str) -> None:
    reply = setup.fetch(site.url(path))

    assert expected in reply.preview
    assert "\ufffd" not in reply.preview


@pytest.mark.parametrize(
    ("path", "content_type"),
    [
        ("/png", "image/png"),
        ("/octets", "application/octet-stream"),
        ("/nul", "application/x-thing"),
    ],
)
def test_binary_is_refused(site: Site, setup: Setup, path: str, content_type: str) -> None:
    with pytest.raises(UnsupportedContent, match=content_type):
        setup.fetch(site.url(path))


def test_empty_is_refused(site: Site, setup: Setup) -> None:
    with pytest.raises(UnsupportedContent, match="no content"):
        setup.fetch(site.url("/empty"))


def test_cache_hit_then_force(site: Site, setup: Setup) -> None:
    setup.fetch(site.url("/plain"), source="plain")
    hits_before = len(site.recorder.paths)
    setup.clock.advance(timedelta(minutes=5))

    cached = setup.use_case.execute(FetchRequest(url=site.url("/plain"), source="plain"))
    assert isinstance(cached, CacheHitReply)
    assert "5m ago" in cached.render()
    assert len(site.recorder.paths) == hits_before

    setup.fetch(site.url("/plain"), source="plain", force=True)
    assert len(site.recorder.paths) == hits_before + 1


def test_a_redirect_into_a_private_network_is_refused(site: Site, setup: Setup) -> None:
    with pytest.raises(FetchRefused):
        setup.fetch(site.url("/to-private"))

    assert site.private_recorder.paths == []
