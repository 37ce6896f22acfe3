"""Turn pairs from records: what the person typed, everything the assistant did, summaries."""

from __future__ import annotations

import pytest

from adapters.memory.in_memory_session_files import InMemorySessionFiles
from domain.sessions.indexability import skip_reason
from domain.sessions.labels import SessionLabel, start_stamp
from domain.sessions.noise import clean_user_text
from domain.sessions.snapshots import merge_snapshots
from domain.sessions.tool_registry import trace
from domain.sessions.turns import PairKind, TurnPair, build_pairs
from tests.support.transcripts import ClaudeTranscript


def _pairs(t: ClaudeTranscript) -> list[TurnPair]:
    return build_pairs(merge_snapshots(InMemorySessionFiles().records_in(t.text().encode())))


@pytest.mark.parametrize(
    ("raw", "typed"),
    [
        ("fix it\n<system-reminder>\nfile changed\n</system-reminder>", "fix it"),
        (
            "<command-name>/clear</command-name>\n<command-message>clear</command-message>\n"
            "<command-args></command-args>",
            "",
        ),
        (
            "<command-message>review</command-message>\n<command-name>/review</command-name>\n"
            "<command-args>the auth module</command-args>",
            "/review the auth module",
        ),
        ("<local-command-stdout>Set model to opus</local-command-stdout>", ""),
        ("<bash-input>make deploy</bash-input>", "! make deploy"),
        ("<bash-stdout>deployed</bash-stdout><bash-stderr></bash-stderr>", ""),
        ("<environment_context>\n  <cwd>/srv</cwd>\n</environment_context>", ""),
        ("# AGENTS.md instructions for /srv\n\n<INSTRUCTIONS>\nuse uv\n</INSTRUCTIONS>", ""),
        ("unclosed <system-reminder> tail is dropped", "unclosed"),
    ],
)
def test_injected_text_is_removed_and_typed_commands_kept(raw: str, typed: str) -> None:
    assert clean_user_text(raw) == typed


def test_tool_only_turns_and_summaries_are_kept() -> None:
    t = ClaudeTranscript("s", "/p")
    t.prompt("rename the module")
    t.bash("git mv old.py new.py")
    t.away_summary("Renamed old.py to new.py.")
    t.prompt("/compact")
    t.compaction("The module was renamed.")
    t.say("Carrying on after the compaction.")

    pairs = _pairs(t)

    assert [p.kind for p in pairs] == [
        PairKind.TURN,
        PairKind.AWAY_SUMMARY,
        PairKind.TURN,
        PairKind.COMPACTION,
        PairKind.TURN,
    ]
    assert pairs[0].notes == ("[Bash: git mv old.py new.py]",) and pairs[0].assistant == ""
    assert pairs[2].human == "/compact"
    assert pairs[3].assistant == "The module was renamed."
    assert pairs[4].human == "" and pairs[4].assistant == "Carrying on after the compaction."


def test_meta_messages_and_tool_results_do_not_start_turns() -> None:
    t = ClaudeTranscript("s", "/p")
    t.prompt("run it")
    t.bash("make test", "ok")
    t.user("Base directory for this skill: /x", isMeta=True)
    t.say("All green.")

    [pair] = _pairs(t)

    assert pair.human == "run it" and pair.assistant == "All green."


def test_the_registry_traces_each_kind_of_tool() -> None:
    def note(name: str, **args: object) -> str:
        left = trace(name, args)
        assert left is not None
        return left.note or left.text

    assert note("Grep", pattern="RetryPolicy") == "[Grep: RetryPolicy]"
    assert note("Write") == "[Write]"
    assert (
        note("WebFetch", url="https://docs.example.com") == "[WebFetch: https://docs.example.com]"
    )
    assert note("TodoWrite", todos=[{"content": "a"}, {"content": "b"}]) == "[TodoWrite: a; b]"
    assert note("mcp__capy__capy_search", queries=["retry", "clock"]) == (
        "[capy_search: retry, clock]"
    )
    assert note("mcp__github__create_issue", title="Flaky test") == "[create_issue: Flaky test]"
    assert note("Task", description="d", prompt="p" * 900).count("p") < 800
    assert note("shell", command=["bash", "-lc", "ls -la"]) == "[shell: ls -la]"
    assert note("ExitPlanMode", plan="1. add clock").startswith("--- Plan ---\n1. add clock")
    pal = trace("mcp__pal__codereview", {"prompt": "review retry.py"})
    assert pal is not None and pal.pal == "codereview" and "--- PAL: codereview ---" in pal.text
    assert trace("BashOutput", {"bash_id": "1"}) is None
    long = note("Bash", command="echo " + "x" * 2000)
    assert len(long) < 1100 and "chars)" in long


def test_indexability_needs_two_typed_turns_and_some_substance() -> None:
    answer = TurnPair(human="q", assistant="a" * 150)
    summary = TurnPair(assistant="s" * 300, kind=PairKind.AWAY_SUMMARY)
    assert skip_reason([]) == "no turns"
    assert skip_reason([answer, summary]) == "too short (1 turn)"
    assert skip_reason([answer, TurnPair(human="r", assistant="b")]).startswith("too little")
    assert skip_reason([answer, answer]) == ""


def test_labels_round_trip_and_starts_are_utc_seconds() -> None:
    assert start_stamp("2026-08-20T11:14:03.512+02:00") == "2026-08-20T09:14:03Z"
    assert start_stamp("yesterday") == ""
    label = SessionLabel("2026-08-20T09:14:03Z", "7c1d", 2)
    assert str(label) == "session:2026-08-20T09:14:03Z:7c1d#2"
    assert SessionLabel.parse(str(label)) == label
    assert SessionLabel.parse("session:2026-08-20T09:14:03Z:7c1d") == SessionLabel(
        "2026-08-20T09:14:03Z", "7c1d"
    )
    assert SessionLabel.parse("execute:python:ab") is None
