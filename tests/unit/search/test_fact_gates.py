"""The strings three facts are asked behind, found in the tool vocabulary's one pass (ADR 0410):
the pass names exactly the gates a text holds, and each fact, and every chunk's facts, are the
same given the pass's gates as asking the text itself (the package missing: no pass)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.chunking import chunk, detect_content_type
from domain.content_type import ContentType
from domain.search import tool_vocabulary
from domain.search.fact_gates import FACT_GATES
from domain.search.filter_ports import filter_port_facts
from domain.search.library_facts import library_facts
from domain.search.package_facts import package_facts
from domain.search.tool_vocabulary import gates_held, literals_held

_REAL = Path(__file__).parents[2] / "fixtures" / "bench-real"
_FACTS = (package_facts, library_facts, filter_port_facts)


def _held(text: str) -> frozenset[str]:
    held = gates_held(literals_held(text))
    assert held is not None
    return held


def test_every_gate_is_one_of_the_automaton_s_strings() -> None:
    assert set(FACT_GATES) <= set(tool_vocabulary._LITERALS)
    assert len(set(FACT_GATES)) == len(FACT_GATES)


def test_the_pass_names_the_gates_a_text_holds() -> None:
    assert _held("libz.so.1 => /lib/x86_64-linux-gnu/libz.so.1") == frozenset({".so", "linux-"})
    assert _held("  match 000001bb/0000ffff at 20 ") == frozenset({"/0000ffff at 20"})
    assert _held("@swc/core-win32-x64-msvc, darwin-arm64") == frozenset({"darwin-", "win32-"})
    assert _held("nothing here") == frozenset()


def test_without_the_automaton_nothing_is_found_and_each_fact_asks_the_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tool_vocabulary, "_FIND_LITERALS", None)
    assert literals_held("libz.so.1") is None
    assert gates_held(None) is None
    assert library_facts("libz.so.1", None) == "zlib"


_PIECES = st.sampled_from(
    [
        *FACT_GATES,
        *(gate[: len(gate) // 2] for gate in FACT_GATES),
        *(gate[len(gate) // 2 :] for gate in FACT_GATES),
        "libsqlite3",
        "@rollup/rollup",
        "x64-gnu",
        "match 01bb0000",
        " match 000001bb",
        "lib",
        "-",
        ".",
        " ",
        "\n",
        "é",
    ]
)


@settings(max_examples=1500, deadline=None)
@given(st.lists(_PIECES, max_size=10).map("".join))
def test_the_pass_finds_the_gates_in_finds_and_the_facts_stay(text: str) -> None:
    held = _held(text)
    assert held == frozenset(gate for gate in FACT_GATES if gate in text)
    for facts in _FACTS:
        assert facts(text, held) == facts(text)


def _haystacks() -> list[str]:
    found: dict[str, None] = {}
    for path in sorted(_REAL.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            found[json.loads(line)["haystack"]] = None
    captured = _REAL / "captured"
    for path in sorted(captured.iterdir()):
        found[path.read_text(encoding="utf-8", errors="surrogateescape")] = None
    return list(found)


def _chunks(text: str) -> list[tuple[str, str, bool, str]]:
    kind = detect_content_type(text)
    return [(c.title, c.content, c.has_code, c.facts) for c in chunk(text, kind)]


def test_every_real_output_is_chunked_with_the_same_facts_with_the_pass_and_without(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    named = 0
    for text in _haystacks():
        held = _held(text)
        for facts in _FACTS:
            said = facts(text, held)
            assert said == facts(text)
            named += said != ""
        with_pass = _chunks(text)
        with monkeypatch.context() as patched:
            patched.setattr(tool_vocabulary, "_FIND_LITERALS", None)
            assert _chunks(text) == with_pass
    assert named >= 5


def test_a_plaintext_chunk_gets_the_gated_facts() -> None:
    text = "libz.so.1 => /lib/x86_64-linux-gnu/libz.so.1\n@rollup/rollup-linux-x64-gnu 4.9.0\n"
    (only,) = chunk(text, ContentType.PLAINTEXT)
    assert "zlib" in only.facts.split()
    assert "native binary platform" in only.facts
