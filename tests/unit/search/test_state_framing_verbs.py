"""A verb of a state's start or end before ``being`` frames the question (ADR 0304); the same
word elsewhere names an event."""

from __future__ import annotations

from application.use_cases.index_request import IndexRequest
from domain.search.question_words import frames_a_state
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions

_CERTS = (
    "$ ssh-keygen -L -f deploy-cert.pub\n"
    "deploy-cert.pub:\n"
    "        Type: ssh-rsa-cert-v01@openssh.com user certificate\n"
    '        Key ID: "deploy-bot"\n'
    "        Serial: 12\n"
    "        Valid: from 2026-01-01T00:00:00 to 2026-02-01T00:00:00\n"
    "        Principals: \n"
    "                deploy\n"
)


def test_a_state_verb_before_being_frames() -> None:
    assert frames_a_state("when does the deploy-bot certificate stop being valid", "stop")
    assert frames_a_state("since when has the mirror started being slow?", "started")
    assert frames_a_state("does the token keep being refreshed", "keep")


def test_the_same_word_naming_an_event_does_not_frame() -> None:
    assert not frames_a_state("why did nginx stop", "stop")
    assert not frames_a_state("when did the deploy stop", "stop")
    assert not frames_a_state("stop being valid", "valid")  # not a state verb
    assert not frames_a_state("which stop signal was sent being idle", "signal")


def test_when_a_certificate_stops_being_valid_is_answered() -> None:
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    container.use_cases.index_content().execute(IndexRequest(content=_CERTS, label="certs"))
    search = container.use_cases.search_knowledge()
    found = search.search("when does the deploy-bot certificate stop being valid", limit=3)
    assert found.results, "an answerable question went silent"
    assert "Valid: from 2026-01-01T00:00:00 to 2026-02-01T00:00:00" in found.results[0].content
