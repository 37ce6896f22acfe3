from __future__ import annotations

import pytest

from domain.content_type import ContentType
from domain.fetch.content import MediaType, Route, decode_body


@pytest.mark.parametrize(
    ("header", "route"),
    [
        ("text/html; charset=utf-8", Route.HTML),
        ("application/xhtml+xml", Route.HTML),
        ("application/json", Route.JSON),
        ("application/vnd.github+json", Route.JSON),
        ("application/problem+json; charset=utf-8", Route.JSON),
        ("text/plain", Route.TEXT),
        ("text/markdown", Route.TEXT),
        ("application/xml", Route.TEXT),
        ("", Route.TEXT),
    ],
)
def test_routing_by_media_type(header: str, route: Route) -> None:
    assert MediaType.parse(header).route is route


def test_each_route_names_the_content_type_given_to_the_indexer() -> None:
    assert Route.HTML.content_type is ContentType.MARKDOWN
    assert Route.JSON.content_type is ContentType.JSON
    assert Route.TEXT.content_type is ContentType.PLAINTEXT


def test_parse_reads_charset_case_and_quotes() -> None:
    media = MediaType.parse('Text/HTML; Charset="ISO-8859-1"; boundary=x')

    assert media == MediaType("text/html", "ISO-8859-1")


@pytest.mark.parametrize(
    ("header", "body", "binary"),
    [
        ("image/svg+xml", b"<svg/>", True),
        ("audio/mpeg", b"ID3", True),
        ("video/mp4", b"....", True),
        ("application/pdf", b"%PDF", True),
        ("application/zip", b"PK", True),
        ("application/gzip", b"\x1f\x8b", True),
        ("application/x-tar", b"x", True),
        ("application/octet-stream", b"text", True),
        ("application/x-unknown", b"abc\x00def", True),
        ("", b"\x00\x00", True),
        ("application/x-unknown", b"abc" * 400 + b"\x00", False),
        ("text/plain", b"has\x00nul", False),
        ("application/json", b'{"a": 1}', False),
        ("application/javascript", b"let a = 1", False),
    ],
)
def test_binary_detection(header: str, body: bytes, binary: bool) -> None:
    assert MediaType.parse(header).is_binary(body) is binary


def test_header_charset_wins() -> None:
    body = "café".encode("latin-1")

    assert decode_body(body, MediaType("text/plain", "latin-1")) == "café"


def test_meta_charset_is_used_for_html_without_a_header_charset() -> None:
    body = b'<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252">'
    body += "<p>naïve “quotes”</p>".encode("cp1252")

    assert "naïve “quotes”" in decode_body(body, MediaType("text/html"))


def test_utf8_with_replacement_is_the_fallback() -> None:
    assert decode_body(b"ok \xff end", MediaType("text/plain")) == "ok \ufffd end"


def test_an_unknown_charset_falls_back_and_a_bom_is_dropped() -> None:
    body = b"\xef\xbb\xbfhello"

    assert decode_body(body, MediaType("text/plain", "no-such-charset")) == "hello"


def test_an_untyped_body_that_opens_like_html_is_html() -> None:
    assert MediaType.of_response("", b"  <!DOCTYPE html><html>").route is Route.HTML
    assert MediaType.of_response("", b"<HTML><body>").route is Route.HTML
    assert MediaType.of_response("", b"plain words").route is Route.TEXT
    assert MediaType.of_response("text/plain", b"<html>").route is Route.TEXT
