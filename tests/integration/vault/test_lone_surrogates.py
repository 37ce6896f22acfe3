"""A transcript line holding a lone UTF-16 surrogate (a string cut inside an emoji) is archived:
the blob is the file byte for byte; search text and titles get U+FFFD in its place."""

from __future__ import annotations

import json
from pathlib import Path

from application.use_cases.vault.import_sessions import ImportRequest
from domain.vault.importing import ImportStatus
from domain.vault.query_grammar import every_word
from domain.vault.search import SessionFilter, VaultQuery
from tests.integration.vault.real_vault import real_vault
from tests.support.transcripts import ClaudeHome, ClaudeTranscript

S1 = "5e1f0c2a-9b8d-4e7f-a6b5-c4d3e2f1a0b9"


def _escaped(transcript: ClaudeTranscript) -> None:
    """Write every line as Claude Code does: JSON escapes, the lone surrogate included."""
    transcript.lines = [json.dumps(json.loads(line)) for line in transcript.lines]


def test_a_session_with_lone_surrogates_is_archived_verbatim(
    isolated_home: Path, tmp_path: Path
) -> None:
    t = ClaudeTranscript(S1, tmp_path)
    t.prompt("the capybara emoji was cut here \ud83d and a low half \udc00 too")
    t.say("a split pair \ud83d\ude00 joins again; the ocelot stays")
    t.bash("printf '\ud83d'", "output \ud83d of the pelican")
    _escaped(t)
    written = ClaudeHome(isolated_home / ".claude").session(tmp_path, t)
    assert b"\\ud83d" in written.read_bytes()

    with real_vault(isolated_home) as vault:
        report = vault.use_cases.import_sessions().execute(ImportRequest())
        assert [o.status for o in report.outcomes] == [ImportStatus.NEW], report.outcomes
        store = vault.adapters.vault_store()
        (session,) = store.sessions(SessionFilter(limit=0))
        assert session.title is not None and "\ufffd" in session.title
        assert vault.adapters.codec().decode(store.main_blob(S1)) == written.read_bytes()
        for word in ("capybara", "ocelot", "pelican"):
            assert store.search(VaultQuery(every_word(word))), word
        again = vault.use_cases.import_sessions().execute(ImportRequest())
        assert [o.status for o in again.outcomes] == [ImportStatus.SKIPPED]
