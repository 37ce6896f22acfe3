from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.fetch.age import format_age
from domain.fetch.git_platform import detect_git_thread
from domain.fetch.reply import CacheHitReply, FetchedReply, GitThreadReply, cut_preview
from domain.source_kind import SourceKind


@pytest.mark.parametrize(
    ("age", "text"),
    [
        (timedelta(seconds=-30), "just now"),
        (timedelta(seconds=59), "just now"),
        (timedelta(minutes=7), "7m ago"),
        (timedelta(hours=2), "2h ago"),
        (timedelta(hours=2, minutes=5), "2h 5m ago"),
        (timedelta(days=3), "3d ago"),
        (timedelta(days=3, hours=4, minutes=59), "3d 4h ago"),
    ],
)
def test_age(age: timedelta, text: str) -> None:
    assert format_age(age) == text


@given(st.text(), st.integers(min_value=0, max_value=50))
def test_a_preview_never_splits_a_character(text: str, limit: int) -> None:
    preview, cut = cut_preview(text, limit)

    assert len(preview.encode("utf-8")) <= limit or not cut
    assert text.startswith(preview)
    assert cut == (len(text.encode("utf-8")) > limit)


def test_an_ephemeral_reply_names_the_configured_ttl_and_how_to_reach_it() -> None:
    reply = FetchedReply(
        label="docs",
        url="https://docs.example.com/x",
        kind=SourceKind.EPHEMERAL,
        sections=4,
        size_bytes=2048,
        ephemeral_ttl_hours=48,
        preview="# Title",
        preview_truncated=True,
    )

    text = reply.render()

    assert "**docs**" in text and "4 sections" in text and "2.0 KiB" in text
    assert "48h" in text and "24h" not in text
    assert 'source: "docs"' in text and 'include_kinds: ["ephemeral"]' in text
    assert "Final URL: https://docs.example.com/x" in text
    assert text.rstrip().endswith("search for the rest]")


def test_a_cache_hit_is_honest_about_its_age_and_ttl() -> None:
    reply = CacheHitReply(
        label="docs",
        kind=SourceKind.DURABLE,
        sections=3,
        age=timedelta(hours=5, minutes=1),
        fetch_ttl_hours=12,
        ephemeral_ttl_hours=24,
    )

    text = reply.render()

    assert "5h 1m ago" in text and "12h" in text and "force: true" in text
    assert "durable" in text


def test_a_git_thread_reply_names_the_command() -> None:
    url = "https://gitlab.com/g/p/-/merge_requests/3"
    thread = detect_git_thread(url)
    assert thread is not None

    text = GitThreadReply(url, thread).render()

    assert "Not fetched" in text and "glab mr view 3 -R g/p --comments" in text
