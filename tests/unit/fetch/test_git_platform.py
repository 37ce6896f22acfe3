from __future__ import annotations

import pytest

from domain.fetch.git_platform import ThreadKind, detect_git_thread


@pytest.mark.parametrize(
    ("url", "platform", "kind", "number", "command"),
    [
        (
            "https://github.com/o/r/issues/12",
            "GitHub",
            ThreadKind.ISSUE,
            12,
            "gh issue view 12 --repo o/r --comments",
        ),
        (
            "https://github.com/o/r/pull/3/files#discussion_r1",
            "GitHub",
            ThreadKind.PULL_REQUEST,
            3,
            "gh pr view 3 --repo o/r --comments",
        ),
        (
            "github.com/o/r/issues/5",
            "GitHub",
            ThreadKind.ISSUE,
            5,
            "gh issue view 5 --repo o/r --comments",
        ),
        (
            "https://WWW.GitHub.com./o/r/pull/8?tab=checks",
            "GitHub",
            ThreadKind.PULL_REQUEST,
            8,
            "gh pr view 8 --repo o/r --comments",
        ),
        (
            "https://gitlab.com/group/sub/proj/-/merge_requests/7",
            "GitLab",
            ThreadKind.MERGE_REQUEST,
            7,
            "glab mr view 7 -R group/sub/proj --comments",
        ),
        (
            "https://gitlab.com/group/proj/-/issues/9",
            "GitLab",
            ThreadKind.ISSUE,
            9,
            "glab issue view 9 -R group/proj --comments",
        ),
        (
            "https://code.example.org/team/proj/-/issues/4",
            "GitLab",
            ThreadKind.ISSUE,
            4,
            "glab issue view 4 -R https://code.example.org/team/proj --comments",
        ),
        (
            "https://github.corp.example/o/r/pull/4",
            "GitHub Enterprise",
            ThreadKind.PULL_REQUEST,
            4,
            "gh pr view 4 --repo github.corp.example/o/r --comments",
        ),
        ("https://codeberg.org/o/r/pulls/5", "Codeberg", ThreadKind.PULL_REQUEST, 5, ""),
        ("https://gitea.com/o/r/issues/6", "Gitea", ThreadKind.ISSUE, 6, ""),
        (
            "https://bitbucket.org/w/r/pull-requests/8",
            "Bitbucket",
            ThreadKind.PULL_REQUEST,
            8,
            "",
        ),
        ("https://git.corp.example/o/r/issues/4", "git.corp.example", ThreadKind.ISSUE, 4, ""),
    ],
)
def test_thread_urls_are_recognised_with_the_command_to_read_them(
    url: str, platform: str, kind: ThreadKind, number: int, command: str
) -> None:
    thread = detect_git_thread(url)

    assert thread is not None
    assert (thread.platform, thread.kind, thread.number, thread.command) == (
        platform,
        kind,
        number,
        command,
    )
    assert (command in thread.advice) if command else ("CLI or API" in thread.advice)


@pytest.mark.parametrize(
    "url",
    [
        "https://docs.example.com/issues/overview",
        "https://example.com/blog/issues/42",
        "https://example.com/docs/v2/issues/42",
        "https://gist.github.com/user/0123abcd",
        "https://gist.githubusercontent.com/user/0123/raw/file.py",
        "https://user.github.io/project/docs/issues/3",
        "https://github.com/o/r/issues",
        "https://github.com/o/r/issues/new",
        "https://github.com/o/r/blob/main/README.md",
        "https://github.com/o/r",
        "https://gitlab.com/group/proj/-/blob/main/x.md",
        "https://python.org/pull/12",
        "not a url at all",
        "http://[::1",
        "",
    ],
)
def test_other_pages_are_not_threads(url: str) -> None:
    assert detect_git_thread(url) is None


def test_describe_names_platform_kind_number_and_repository() -> None:
    thread = detect_git_thread("https://github.com/o/r/pull/3")

    assert thread is not None
    assert thread.describe() == "GitHub pull request #3 in o/r"
