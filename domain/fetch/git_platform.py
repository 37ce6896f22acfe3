"""Git-platform issue and pull/merge-request URLs, and the CLI that reads the whole thread.

A thread page fetched and chunked for BM25 loses its order (who answered what, which review
comment belongs to which diff), so capy does not fetch these URLs; it names the command that
prints the thread instead. Detection is by path structure: exact shapes on well-known forges,
GitLab's distinctive ``/-/issues/N`` on any host, and ``owner/repo/issues/N`` on hosts that
call themselves a forge (``git.example.com``, ``gitea.example.org``). A docs page such as
``docs.example.com/issues/overview`` or ``example.com/blog/issues/42`` is fetched as usual.
"""

from __future__ import annotations

from enum import StrEnum
from urllib.parse import urlsplit

import attrs


class ThreadKind(StrEnum):
    ISSUE = "issue"
    PULL_REQUEST = "pull request"
    MERGE_REQUEST = "merge request"


@attrs.frozen
class GitThread:
    """An issue or pull/merge request on a git platform, with the command that shows all of it.

    ``command`` is empty when the platform has no CLI capy can name; ``advice`` then says what
    to use instead.
    """

    platform: str
    kind: ThreadKind
    number: int
    repository: str
    command: str = ""

    @property
    def advice(self) -> str:
        if self.command:
            return f"run `{self.command}` to read the whole thread in order"
        return (
            f"read it with {self.platform}'s CLI or API (or open it in a browser), "
            "which keeps the conversation in order"
        )

    def describe(self) -> str:
        return f"{self.platform} {self.kind.value} #{self.number} in {self.repository}"


_GITHUB_HOSTS = frozenset({"github.com"})
_GITLAB_HOSTS = frozenset({"gitlab.com"})
_BITBUCKET_HOSTS = frozenset({"bitbucket.org"})
_GITEA_HOSTS = {"codeberg.org": "Codeberg", "gitea.com": "Gitea"}
# First DNS label of a self-hosted forge (git.example.com). Pages hosts such as
# user.github.io or docs.gitbook.io do not start with one of these.
_FORGE_LABELS = frozenset({"git", "github", "gitlab", "gitea", "forgejo", "forge", "scm"})

_GITHUB_KINDS = {"issues": ThreadKind.ISSUE, "pull": ThreadKind.PULL_REQUEST}
_GITEA_KINDS = {"issues": ThreadKind.ISSUE, "pulls": ThreadKind.PULL_REQUEST}
_BITBUCKET_KINDS = {"issues": ThreadKind.ISSUE, "pull-requests": ThreadKind.PULL_REQUEST}
_GITLAB_KINDS = {
    "issues": ThreadKind.ISSUE,
    "work_items": ThreadKind.ISSUE,
    "merge_requests": ThreadKind.MERGE_REQUEST,
}
_GENERIC_KINDS = {
    "issues": ThreadKind.ISSUE,
    "pull": ThreadKind.PULL_REQUEST,
    "pulls": ThreadKind.PULL_REQUEST,
    "pull-requests": ThreadKind.PULL_REQUEST,
    "merge_requests": ThreadKind.MERGE_REQUEST,
}


def detect_git_thread(url: str) -> GitThread | None:
    """The issue/PR/MR ``url`` points to, or None when it is any other page (gists included)."""
    parts = _split(url)
    if parts is None:
        return None
    host, segments = parts
    if host in _GITHUB_HOSTS:
        return _github(segments, repo_prefix="")
    if host in _GITLAB_HOSTS:
        return _gitlab(segments, repo_prefix="")
    if host in _BITBUCKET_HOSTS:
        return _owner_repo(segments, _BITBUCKET_KINDS, "Bitbucket")
    if host in _GITEA_HOSTS:
        return _owner_repo(segments, _GITEA_KINDS, _GITEA_HOSTS[host])
    gitlab = _gitlab(segments, repo_prefix=f"https://{host}/")
    if gitlab is not None:
        return gitlab
    if _looks_like_forge(host):
        return _self_hosted(host, segments)
    return None


def _split(url: str) -> tuple[str, list[str]] | None:
    text = url.strip()
    if "://" not in text:
        text = "https://" + text
    try:
        parsed = urlsplit(text)
        host = (parsed.hostname or "").rstrip(".").lower()
    except ValueError:
        return None
    if not host:
        return None
    host = host.removeprefix("www.")
    return host, [s for s in parsed.path.split("/") if s]


def _number(segment: str) -> int | None:
    return int(segment) if segment.isascii() and segment.isdigit() else None


def _github(segments: list[str], repo_prefix: str) -> GitThread | None:
    if len(segments) < 4:
        return None
    kind = _GITHUB_KINDS.get(segments[2])
    number = _number(segments[3])
    if kind is None or number is None:
        return None
    repo = f"{segments[0]}/{segments[1]}"
    noun = "issue" if kind is ThreadKind.ISSUE else "pr"
    command = f"gh {noun} view {number} --repo {repo_prefix}{repo} --comments"
    platform = "GitHub" if not repo_prefix else "GitHub Enterprise"
    return GitThread(platform, kind, number, repo, command)


def _gitlab(segments: list[str], repo_prefix: str) -> GitThread | None:
    # group/sub/project/-/issues/N — the "-" separator makes this shape unique to GitLab.
    if "-" not in segments:
        return None
    dash = segments.index("-")
    if dash < 2 or len(segments) < dash + 3:
        return None
    kind = _GITLAB_KINDS.get(segments[dash + 1])
    number = _number(segments[dash + 2])
    if kind is None or number is None:
        return None
    repo = "/".join(segments[:dash])
    noun = "mr" if kind is ThreadKind.MERGE_REQUEST else "issue"
    command = f"glab {noun} view {number} -R {repo_prefix}{repo} --comments"
    return GitThread("GitLab", kind, number, repo, command)


def _owner_repo(
    segments: list[str],
    kinds: dict[str, ThreadKind],
    platform: str,
) -> GitThread | None:
    if len(segments) < 4:
        return None
    kind = kinds.get(segments[2])
    number = _number(segments[3])
    if kind is None or number is None:
        return None
    repo = f"{segments[0]}/{segments[1]}"
    return GitThread(platform, kind, number, repo)


def _looks_like_forge(host: str) -> bool:
    labels = host.split(".")
    return len(labels) >= 3 and labels[0] in _FORGE_LABELS


def _self_hosted(host: str, segments: list[str]) -> GitThread | None:
    if "github" in host:
        return _github(segments, repo_prefix=f"{host}/")
    return _owner_repo(segments, _GENERIC_KINDS, host)
