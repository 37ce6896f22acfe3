"""What every vault store does: archive whole sessions, find, search, delete, count."""

from __future__ import annotations

from datetime import timedelta

import attrs
import pytest

from adapters.memory.fixed_clock import FixedClock
from application.ports.vault_store import VaultStore
from domain.errors import StoreError
from domain.vault.blob import BlobEncoding, EncodedBlob
from domain.vault.indexing import INDEX_VERSION
from domain.vault.query_grammar import Phrase, every_word, parse
from domain.vault.search import SessionFilter, VaultQuery
from domain.vault.session import ArchivedFile, MessageRole
from tests.unit.vault.sessions import T0, archived, at

A = "aaaaaaaa-1111-4000-8000-000000000001"
B = "bbbbbbbb-2222-4000-8000-000000000002"
C = "aaaaaaaa-3333-4000-8000-000000000003"
ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"


def test_a_saved_session_comes_back_with_its_bytes_and_digest(vault: VaultStore) -> None:
    entry = archived(A, files={"subagents/agent-1.jsonl": b"{}\n", "tool-results/x.txt": b"out"})
    vault.save([entry])

    digest = vault.digests()[A]
    assert (digest.content_hash, digest.size_bytes) == (
        entry.session.content_hash,
        entry.session.size_bytes,
    )
    assert digest.index_version == INDEX_VERSION
    assert vault.main_blob(A) == entry.main
    assert vault.file_names(A) == ["subagents/agent-1.jsonl", "tool-results/x.txt"]
    assert [(f.relative_path, f.blob.data) for f in vault.files(A)] == [
        ("subagents/agent-1.jsonl", b"{}\n"),
        ("tool-results/x.txt", b"out"),
    ]
    (listed,) = vault.sessions(SessionFilter())
    assert listed.uuid == A
    assert listed.title == "a session"
    assert listed.file_count == 2
    assert listed.stored_bytes == len(b'{"type":"user"}\n') + 6
    assert listed.end_time == T0


def test_the_encoding_column_decides_not_the_bytes(vault: VaultStore) -> None:
    screenshot = ZSTD_MAGIC + b"\x89PNG not really a frame"
    entry = archived(A, main=b"{}\n", encoding=BlobEncoding.ZSTD)
    entry = attrs.evolve(
        entry,
        files=(ArchivedFile("tool-results/shot.png", EncodedBlob(BlobEncoding.RAW, screenshot)),),
    )
    vault.save([entry])
    (stored,) = list(vault.files(A))
    assert stored.blob == EncodedBlob(BlobEncoding.RAW, screenshot)
    assert vault.main_blob(A).encoding is BlobEncoding.ZSTD


def test_a_compressed_row_stamps_the_reader_version(vault: VaultStore) -> None:
    vault.save([archived(A)])
    assert vault.stats().min_reader_version == 1
    vault.save([archived(B, encoding=BlobEncoding.ZSTD)])
    assert vault.stats().min_reader_version == 2
    vault.save([archived(C)])
    assert vault.stats().min_reader_version == 2


def test_saving_again_replaces_files_and_search_rows_and_keeps_archived_at(
    vault: VaultStore, clock: FixedClock
) -> None:
    first = archived(A, files={"old.txt": b"x"}, texts=((MessageRole.USER, "zebra"),))
    vault.save([first])
    clock.advance(timedelta(days=3))
    later = archived(A, files={"new.txt": b"yy"}, texts=((MessageRole.USER, "giraffe"),))
    vault.save([attrs.evolve(later, session=attrs.evolve(later.session, archived_at=clock.now()))])

    assert vault.file_names(A) == ["new.txt"]
    assert vault.search(VaultQuery(Phrase("zebra"))) == []
    assert [h.uuid for h in vault.search(VaultQuery(Phrase("giraffe")))] == [A]
    (listed,) = vault.sessions(SessionFilter())
    assert listed.archived_at == T0
    assert vault.count_sessions() == 1


def test_a_failing_batch_leaves_nothing_behind(vault: VaultStore) -> None:
    good = archived(A, texts=((MessageRole.USER, "pelican"),))
    broken = archived(B, files={"same": b"1"})
    broken = attrs.evolve(broken, files=broken.files * 2)  # one path twice cannot be stored
    with pytest.raises(StoreError):
        vault.save([good, broken])
    assert vault.count_sessions() == 0
    assert vault.search(VaultQuery(Phrase("pelican"))) == []
    vault.save([good])
    assert vault.count_sessions() == 1


def test_find_by_prefix_any_case(vault: VaultStore) -> None:
    vault.save([archived(A), archived(B), archived(C)])
    assert [s.uuid for s in vault.find("aaaaaaaa")] == [A, C]
    assert [s.uuid for s in vault.find("AAAAAAAA-1")] == [A]
    assert vault.find("cccccccc") == []
    assert vault.find("%") == []


def test_sessions_are_listed_newest_first_and_filtered(vault: VaultStore) -> None:
    vault.save([archived(A, end=at(1)), archived(B, end=at(3), project="/srv/other")])
    vault.save([archived(C, end=at(2))])
    assert [s.uuid for s in vault.sessions(SessionFilter())] == [B, C, A]
    assert [s.uuid for s in vault.sessions(SessionFilter(limit=2))] == [B, C]
    assert [s.uuid for s in vault.sessions(SessionFilter(project="APP"))] == [C, A]
    assert vault.sessions(SessionFilter(project="nowhere")) == []


def test_search_finds_words_and_filters(vault: VaultStore) -> None:
    vault.save(
        [
            archived(
                A,
                end=at(1),
                texts=(
                    (MessageRole.USER, "why does the migration fail on postgres"),
                    (MessageRole.ASSISTANT, "the migration fails because of a lock"),
                ),
            ),
            archived(
                B,
                end=at(5),
                project="/srv/other",
                texts=((MessageRole.TOOL, "ERROR: migration 0042 failed"),),
            ),
        ]
    )
    hits = vault.search(VaultQuery(every_word("migration")))
    assert sorted(h.uuid for h in hits) == [A, A, B]
    assert {
        h.role for h in vault.search(VaultQuery(Phrase("migration"), role=MessageRole.TOOL))
    } == {MessageRole.TOOL}
    assert {h.uuid for h in vault.search(VaultQuery(Phrase("migration"), project="other"))} == {B}
    assert {h.uuid for h in vault.search(VaultQuery(Phrase("migration"), after=at(2)))} == {B}
    assert {h.uuid for h in vault.search(VaultQuery(Phrase("migration"), before=at(2)))} == {A}
    assert len(vault.search(VaultQuery(Phrase("migration"), limit=1))) == 1
    (hit,) = vault.search(VaultQuery(every_word("postgres migration")))
    assert (hit.uuid, hit.line_index, hit.role) == (A, 0, MessageRole.USER)
    assert "[postgres]" in hit.snippet
    assert hit.project_path == "/home/dev/app"
    assert hit.title == "a session"


def test_search_ranks_the_better_match_first(vault: VaultStore) -> None:
    vault.save(
        [
            archived(A, texts=((MessageRole.USER, "kafka " + "filler words here " * 30),)),
            archived(B, texts=((MessageRole.USER, "kafka kafka consumer lag in kafka"),)),
        ]
    )
    assert [h.uuid for h in vault.search(VaultQuery(Phrase("kafka")))] == [B, A]


def test_quoted_tokens_are_always_a_valid_search(vault: VaultStore) -> None:
    vault.save([archived(A, texts=((MessageRole.USER, "run npm test -- --watch now"),))])
    for typed in ('npm "test', "AND OR NOT", "--watch", "a*b", "(x", "NEAR(a b)", "col:val"):
        vault.search(VaultQuery(every_word(typed)))
    assert [h.uuid for h in vault.search(VaultQuery(every_word("--watch npm")))] == [A]


def test_the_grammar_s_operators_reach_the_engine(vault: VaultStore) -> None:
    vault.save(
        [
            archived(A, texts=((MessageRole.USER, "deployment of the kafka consumer"),)),
            archived(B, texts=((MessageRole.USER, "kafka consumer lag measured"),)),
        ]
    )

    def found(text: str) -> set[str]:
        return {h.uuid for h in vault.search(VaultQuery(parse(text)))}

    assert found("measur*") == {B}
    assert found('"consumer lag"') == {B}
    assert found("kafka NOT lag") == {A}
    assert found("deployment OR measured") == {A, B}
    assert found("(deployment OR measured) AND lag") == {B}
    assert found('"lag consumer"') == set()


def test_no_match_finds_nothing(vault: VaultStore) -> None:
    vault.save([archived(A)])
    assert vault.search(VaultQuery(None)) == []


def test_delete_removes_files_and_search_rows(vault: VaultStore) -> None:
    vault.save([archived(A, files={"a.txt": b"1"}, texts=((MessageRole.USER, "walrus"),))])
    vault.save([archived(B, texts=((MessageRole.USER, "walrus"),))])
    assert vault.delete(A) is True
    assert vault.delete(A) is False
    assert [h.uuid for h in vault.search(VaultQuery(Phrase("walrus")))] == [B]
    assert vault.file_names(A) == []
    with pytest.raises(StoreError):
        vault.main_blob(A)


def test_stats_count_sessions_sizes_projects_and_backlog(vault: VaultStore) -> None:
    empty = vault.stats()
    assert (empty.sessions, empty.size_bytes, empty.compression_ratio) == (0, 0, 0.0)
    vault.save(
        [
            archived(A, end=at(1), main=b"x" * 100),
            archived(B, end=at(4), project="/srv/other", index_version=INDEX_VERSION - 1),
            archived(C, end=at(2), main=b"y" * 50),
        ]
    )
    stats = vault.stats()
    assert stats.sessions == 3
    assert stats.size_bytes == 100 + 50 + len(b'{"type":"user"}\n')
    assert stats.stored_bytes == stats.size_bytes
    assert stats.compression_ratio == 1.0
    assert stats.oldest == at(1)
    assert stats.newest == at(4)
    assert (stats.index_version, stats.stale_sessions) == (INDEX_VERSION, 1)
    assert [(p.project_path, p.sessions) for p in stats.projects] == [
        ("/home/dev/app", 2),
        ("/srv/other", 1),
    ]
    assert stats.file_bytes > 0


def test_count_by_machine(vault: VaultStore) -> None:
    vault.save([archived(A), archived(B, machine="machine-b")])
    assert vault.count_sessions() == 2
    assert vault.count_sessions("machine-b") == 1
    assert vault.count_sessions("machine-z") == 0
