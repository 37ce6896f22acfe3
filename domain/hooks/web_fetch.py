"""WebFetch and ``capy_fetch_and_index`` on git-platform thread URLs."""

from __future__ import annotations

from domain.hooks.decision import Decision, Deny
from domain.hooks.guidance import git_thread_blocked, web_fetch_blocked


def git_thread_denial(url: str) -> Deny | None:
    """A denial naming the platform CLI when ``url`` is an issue or pull/merge request."""
    if not url:
        return None
    from domain.fetch.git_platform import detect_git_thread  # only WebFetch/fetch pay for it

    thread = detect_git_thread(url)
    if thread is None:
        return None
    return Deny(git_thread_blocked(thread.describe(), thread.advice))


def route_web_fetch(url: str) -> Decision:
    """WebFetch is always denied: with the platform CLI for threads, capy's fetch otherwise.

    capy_fetch_and_index refuses git-platform thread URLs, so recommending it there would send
    the agent into a second refusal.
    """
    return git_thread_denial(url) or Deny(web_fetch_blocked(url))
