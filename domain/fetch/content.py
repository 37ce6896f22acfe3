"""What a response body is: its media type, whether it is text, how to index it, its charset."""

from __future__ import annotations

import codecs
import re
from enum import StrEnum

import attrs

from domain.content_type import ContentType

_BINARY_PREFIXES = (
    "image/",
    "audio/",
    "video/",
    "font/",
    "model/",
    "application/pdf",
    "application/zip",
    "application/gzip",
    "application/x-gzip",
    "application/octet-stream",
    "application/x-tar",
    "application/x-bzip",
    "application/x-7z",
    "application/x-rar",
    "application/x-xz",
    "application/zstd",
    "application/vnd.ms-",
    "application/vnd.openxmlformats",
    "application/vnd.oasis.opendocument",
    "application/wasm",
    "application/java-archive",
    "application/x-executable",
    "application/x-msdownload",
    "application/x-sqlite3",
)
_SNIFF_BYTES = 1024
_META_CHARSET = re.compile(
    rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)""", re.IGNORECASE
)


class Route(StrEnum):
    """How a fetched body is turned into indexable text."""

    HTML = "html"
    JSON = "json"
    TEXT = "text"

    @property
    def content_type(self) -> ContentType:
        return {
            Route.HTML: ContentType.MARKDOWN,
            Route.JSON: ContentType.JSON,
            Route.TEXT: ContentType.PLAINTEXT,
        }[self]


@attrs.frozen
class MediaType:
    """A parsed ``Content-Type`` header: ``mime`` lower-cased, ``charset`` as given or empty."""

    mime: str
    charset: str = ""

    @classmethod
    def parse(cls, header: str) -> MediaType:
        mime, _, params = header.partition(";")
        charset = ""
        for param in params.split(";"):
            name, _, value = param.partition("=")
            if name.strip().lower() == "charset":
                charset = value.strip().strip("\"'")
        return cls(mime.strip().lower(), charset)

    @classmethod
    def of_response(cls, header: str, body: bytes) -> MediaType:
        """The header's media type; an untyped body that opens like HTML counts as HTML."""
        media = cls.parse(header)
        if not media.mime and body[:512].lstrip().lower().startswith((b"<!doctype html", b"<html")):
            return cls("text/html", media.charset)
        return media

    @property
    def route(self) -> Route:
        if self.mime in ("text/html", "application/xhtml+xml"):
            return Route.HTML
        if self.mime in ("application/json", "text/json") or self.mime.endswith("+json"):
            return Route.JSON
        return Route.TEXT

    def is_binary(self, body: bytes) -> bool:
        """Known binary types always; unknown non-text types when NUL bytes open the body."""
        if self.mime.startswith(_BINARY_PREFIXES):
            return True
        if self.mime.startswith("text/") or self.route is not Route.TEXT:
            return False
        return b"\x00" in body[:_SNIFF_BYTES]


def decode_body(body: bytes, media: MediaType) -> str:
    """Text of ``body``: header charset, then a BOM, then ``<meta charset>``, then UTF-8.

    Undecodable bytes become U+FFFD rather than failing the fetch.
    """
    for name in (media.charset, _bom_charset(body), _meta_charset(body, media)):
        codec = _codec(name)
        if codec:
            return body.decode(codec, errors="replace").removeprefix("\ufeff")
    return body.decode("utf-8", errors="replace").removeprefix("\ufeff")


def _bom_charset(body: bytes) -> str:
    if body.startswith(codecs.BOM_UTF8):
        return "utf-8"
    if body.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    return ""


def _meta_charset(body: bytes, media: MediaType) -> str:
    if media.route is not Route.HTML:
        return ""
    match = _META_CHARSET.search(body[:4096])
    return match.group(1).decode("ascii") if match else ""


def _codec(name: str) -> str:
    if not name:
        return ""
    try:
        return codecs.lookup(name).name
    except LookupError:
        return ""
