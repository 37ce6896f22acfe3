"""The hook's id checks written without ``re`` say what the regular expressions they replace
said, edge cases included (``$`` before a final newline, non-ASCII digits and letters)."""

from __future__ import annotations

import re

import pytest

from adapters.plain_names import plain_name
from adapters.platforms.payload import session_from_transcript
from domain.continuity.wording import fact_text

UUID = "7c1d2e90-4b3a-4f6e-9a51-2f0c8d3b6a11"
IDS = [
    "",
    "\n",
    "a",
    "abc\n",
    "abc\n\n",
    "\nabc",
    "lib-01",
    "codex-thread-1",
    ".hidden",
    "../up",
    "a/b",
    "a b",
    "x" * 80,
    "x" * 81,
    "x" * 80 + "\n",
    "é",
    "٣",  # an Arabic-Indic digit: not in [0-9]
    "ß",
    UUID,
    "pid-1234",
]


@pytest.mark.parametrize("text", IDS)
def test_plain_name_says_what_the_pattern_said(text: str) -> None:
    assert plain_name(text) is bool(re.match(r"^[A-Za-z0-9._-]{1,80}$", text))


PATHS = [
    "",
    f"{UUID}.jsonl",
    f"/home/u/.claude/projects/-p/{UUID}.jsonl",
    f"/home/u/.claude/projects/-p/{UUID}.jsonl\n",
    f"/home/u/.claude/projects/-p/{UUID}.jsonl\n\n",
    f"/home/u/.claude/projects/-p/{UUID}.json",
    f"/home/u/.claude/projects/-p/{UUID}.jsonl.bak",
    f"/home/u/.claude/projects/-p/x{UUID}.jsonl",
    f"/p/{UUID.upper()}.jsonl",
    f"/p/{UUID[:-1]}.jsonl",
    f"/p/{UUID[:-1]}g.jsonl",
    f"/p/{UUID[:-1]}٣.jsonl",
    "/p/" + "-" * 36 + ".jsonl",
    "/p/.jsonl",
    ".jsonl",
]


@pytest.mark.parametrize("path", PATHS)
def test_the_transcript_id_is_what_the_pattern_found(path: str) -> None:
    found = re.search(r"([0-9a-fA-F-]{36})\.jsonl$", path)
    assert session_from_transcript(path) == (found.group(1) if found else "")


@pytest.mark.parametrize(
    "raw",
    ["a  b", " a\tb\n", "a\u00a0b\u2003c", "a\x1cb\x1fc", "a\u2028b", "\u3000x\u3000", "plain"],
)
def test_fact_text_joins_runs_of_whitespace_as_the_pattern_did(raw: str) -> None:
    assert fact_text(raw, 100) == re.sub(r"\s+", " ", raw).strip()
