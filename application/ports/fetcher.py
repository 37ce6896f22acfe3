"""Fetcher port: GET one URL over the network, safely and within limits."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import attrs


@attrs.frozen
class FetchedResponse:
    """A 2xx response body, complete and within the size limit.

    ``url`` is the final URL after redirects; ``content_type`` the raw header ("" if absent);
    ``body`` the decoded-transfer bytes (gzip and the like already undone).
    """

    url: str
    status: int
    content_type: str
    body: bytes


@runtime_checkable
class Fetcher(Protocol):
    """Fetches ``url`` with GET.

    Contract (both implementations keep it):
    - Only http/https. Every hop (the first and each redirect, at most ``max_redirects``) is
      checked before any connection: the host is resolved and *every* address must be public
      unless the host is on the user's allow-list; the connection goes to the checked address.
      A refused hop raises ``FetchRefused`` and nothing is sent to it.
    - Non-2xx → ``FetchFailed`` naming ``HTTP <code>``; network errors, the total timeout, too
      many redirects and bodies over ``max_bytes`` (streamed: reading stops as soon as the limit
      is passed) → ``FetchFailed``.
    """

    def fetch(self, url: str) -> FetchedResponse: ...
