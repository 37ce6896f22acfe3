"""Why a fetch did not happen or did not produce indexable text."""

from __future__ import annotations

from domain.errors import CapyError, InvalidInput


class FetchRefused(InvalidInput):
    """capy will not request this URL: bad scheme, private or local address, odd host spelling."""


class FetchFailed(CapyError):
    """The request was made but gave nothing usable: HTTP error, timeout, too large, redirects."""


class UnsupportedContent(CapyError):
    """The response arrived but is empty or binary, so there is no text to index."""
