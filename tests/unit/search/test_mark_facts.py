"""A line saying a tool's documented mark says its words to the excerpt too (ADR 0419): gawk's
``reference to uninitialized variable`` is a variable never assigned, a ``division by zero``
has a divisor; the execute reply for "divisor that was never assigned" shows those lines."""

from __future__ import annotations

from pathlib import Path

from application.use_cases.summarise_output import SummariseOutput
from domain.search.line_facts import EVERY_PART, MARK_PART, asked_parts, line_facts
from domain.search.mark_facts import mark_facts
from domain.server.source_labels import execute_label
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions

_GAWK = (
    Path(__file__).parents[2] / "fixtures" / "bench-real" / "captured" / "gawk-lint.txt"
).read_text(encoding="utf-8")
_UNASSIGNED = (
    "gawk: catalogue.awk:18: (FILENAME=stars.csv FNR=7) warning: reference to uninitialized "
    "variable `southern'"
)


def test_a_line_with_a_mark_says_its_words() -> None:
    assert mark_facts(_UNASSIGNED) == "never assigned"
    assert mark_facts("awk: cmd. line:1: fatal: division by zero attempted") == "divisor"
    assert mark_facts("warning: accessing fields from an END rule may not be portable") == ""


def test_the_marks_are_a_part_asked_only_for_their_words() -> None:
    assert asked_parts(["divisor"]) & MARK_PART
    assert asked_parts(["assigned"]) & MARK_PART
    assert not asked_parts(["slow"]) & MARK_PART
    assert "never assigned" in line_facts(_UNASSIGNED, EVERY_PART)
    assert line_facts(_UNASSIGNED, EVERY_PART & ~MARK_PART) == ""


def test_the_execute_reply_shows_the_variable_never_assigned() -> None:
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    summarise = container.use_cases.summarise_output()
    assert isinstance(summarise, SummariseOutput)
    command = "gawk --lint -f catalogue.awk stars.csv"
    answer = summarise.summarise(
        execute_label("shell", _GAWK), "divisor that was never assigned", _GAWK, command
    )
    assert "reference to uninitialized variable `southern'" in answer.text
