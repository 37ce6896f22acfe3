"""What every vault store does for upkeep: stale sessions, new search rows, re-encoded blobs."""

from __future__ import annotations

from application.ports.file_upkeep import FileUpkeep
from application.ports.vault_store import VaultStore
from domain.vault.blob import BlobEncoding, EncodedBlob
from domain.vault.indexing import INDEX_VERSION
from domain.vault.maintenance import BlobKey, ReindexedSession
from domain.vault.query_grammar import Phrase
from domain.vault.search import SessionFilter, VaultQuery
from domain.vault.session import MessageRole, VaultMessage
from tests.unit.vault.sessions import archived

A = "aaaaaaaa-1111-4000-8000-000000000001"
B = "bbbbbbbb-2222-4000-8000-000000000002"


def test_stale_sessions_are_those_below_the_version_in_uuid_order(vault: VaultStore) -> None:
    vault.save(
        [
            archived(B, index_version=0),
            archived(A, index_version=INDEX_VERSION - 1),
            archived("cccccccc-3333-4000-8000-000000000003"),
        ]
    )
    stale = vault.stale_sessions(INDEX_VERSION)
    assert [s.uuid for s in stale] == [A, B]
    assert stale[0].content_hash == archived(A).session.content_hash
    assert stale[0].stored_bytes > 0
    assert vault.stale_sessions(0) == []


def test_replace_messages_swaps_rows_and_stamps_the_version(vault: VaultStore) -> None:
    entry = archived(A, texts=((MessageRole.USER, "heron"),), index_version=0)
    vault.save([entry, archived(B, texts=((MessageRole.USER, "heron"),), index_version=0)])
    rows = (
        VaultMessage(MessageRole.USER, "kingfisher", 3),
        VaultMessage(MessageRole.TOOL, "egret output", 4, subagent_id="a1"),
    )
    done = vault.replace_messages(
        [
            ReindexedSession(A, entry.session.content_hash, INDEX_VERSION, rows),
            ReindexedSession(B, "another hash", INDEX_VERSION, rows),  # changed meanwhile
            ReindexedSession("gone", "x", INDEX_VERSION, rows),
        ]
    )
    assert done == 1
    assert [h.uuid for h in vault.search(VaultQuery(Phrase("heron")))] == [B]
    (hit,) = vault.search(VaultQuery(Phrase("egret")))
    assert (hit.uuid, hit.subagent_id, hit.line_index, hit.role) == (A, "a1", 4, MessageRole.TOOL)
    assert [s.uuid for s in vault.stale_sessions(INDEX_VERSION)] == [B]
    assert vault.main_blob(A) == entry.main  # the archive itself is untouched


def test_uncompressed_rows_are_listed_and_replaced_in_place(vault: VaultStore) -> None:
    vault.save(
        [
            archived(A, main=b"a" * 300, files={"tool-results/log.txt": b"l" * 200}),
            archived(B, main=b"zz", encoding=BlobEncoding.ZSTD),
        ]
    )
    keys = vault.uncompressed()
    assert [(k.uuid, k.relative_path, k.stored_bytes) for k in keys] == [
        (A, None, 300),
        (A, "tool-results/log.txt", 200),
    ]
    assert vault.blob(keys[1]) == EncodedBlob(BlobEncoding.RAW, b"l" * 200)
    before = {s.uuid: s.stored_bytes for s in vault.sessions(SessionFilter())}
    packed = EncodedBlob(BlobEncoding.ZSTD, b"packed")
    vault.replace_blobs([(keys[0], packed), (keys[1], EncodedBlob(BlobEncoding.ZSTD, b"p2"))])
    assert vault.main_blob(A) == packed
    assert [f.blob for f in vault.files(A)] == [EncodedBlob(BlobEncoding.ZSTD, b"p2")]
    after = {s.uuid: s.stored_bytes for s in vault.sessions(SessionFilter())}
    assert after == {A: 6 + 2, B: before[B]}
    assert vault.uncompressed() == []
    assert vault.stats().min_reader_version == 2
    vault.replace_blobs([(BlobKey("gone", None, 1), packed)])  # a file gone meanwhile: skipped


def test_compacting_and_checkpoints_keep_every_row(vault: VaultStore, upkeep: FileUpkeep) -> None:
    vault.save([archived(A, texts=((MessageRole.USER, "osprey"),)), archived(B)])
    vault.delete(B)
    assert 0.0 <= upkeep.free_share() <= 1.0
    with vault.hold_exclusively():
        upkeep.compact()
    upkeep.checkpoint(required=False)
    upkeep.checkpoint()
    upkeep.release_memory()
    upkeep.drop_cached_pages()
    assert [h.uuid for h in vault.search(VaultQuery(Phrase("osprey")))] == [A]
    assert vault.count_sessions() == 1
