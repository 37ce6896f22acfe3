"""Merging another vault: a union where the larger copy wins and nothing is lost."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from adapters.memory.in_memory_vault_source import InMemoryVaultSources
from adapters.memory.in_memory_vault_store import InMemoryVaultStore
from adapters.zstd_codec import ZstdCodec
from application.use_cases.vault.import_sessions import ImportRequest
from application.use_cases.vault.merge_vault import MergeRequest
from domain.errors import InvalidInput, WrongKey
from domain.vault.blob import BlobEncoding, EncodedBlob
from domain.vault.digest import session_hash
from domain.vault.importing import ImportStatus
from domain.vault.indexing import INDEX_VERSION
from domain.vault.merging import MergeReport
from domain.vault.query_grammar import every_word
from domain.vault.search import SessionFilter, VaultQuery
from domain.vault.session import ArchivedFile, ArchivedSession, VaultSession
from tests.support.transcripts import ClaudeTranscript
from tests.unit.vault.harness import START, MemoryVault, memory_vault

PROJECT = Path("/home/dev/notes_app")
OTHER = Path("/elsewhere/vault.db")
KEY = "source key"
S1 = "11111111-1a2d-4c3b-8e7f-112233445566"
S2 = "22222222-1a2d-4c3b-8e7f-112233445566"
S3 = "33333333-1a2d-4c3b-8e7f-112233445566"


@pytest.fixture
def vault(tmp_path: Path) -> MemoryVault:
    return memory_vault(tmp_path)


def _text(session: str, *words: str) -> bytes:
    t = ClaudeTranscript(session, PROJECT)
    for word in words:
        t.prompt(f"tell me about {word}")
        t.say(f"{word} is a word worth archiving")
    return t.text().encode()


def _remote(
    uuid: str,
    main: bytes,
    *,
    files: dict[str, bytes] | None = None,
    machine: str = "laptop",
    title: str = "from the laptop",
    encoding: BlobEncoding = BlobEncoding.RAW,
    content_hash: str | None = None,
) -> ArchivedSession:
    """A session as another machine's vault holds it (its rows are not this vault's concern)."""
    files = files or {}
    session = VaultSession(
        uuid=uuid,
        content_hash=content_hash or session_hash({f"{uuid}.jsonl": main, **files}),
        size_bytes=len(main) + sum(map(len, files.values())),
        machine_id=machine,
        claude_project_dir="-home-dev-notes-app",
        project_path=str(PROJECT),
        archived_at=START,
        title=title,
        message_count=7,
        git_branch="feature",
        index_version=0,
    )
    blob = EncodedBlob(encoding, main)
    return ArchivedSession(
        session,
        blob,
        tuple(ArchivedFile(n, EncodedBlob(BlobEncoding.RAW, d)) for n, d in sorted(files.items())),
    )


def _source(vault: MemoryVault, *sessions: ArchivedSession) -> InMemoryVaultStore:
    store = InMemoryVaultStore()
    store.save(list(sessions))
    sources = vault.container.adapters.vault_sources()
    assert isinstance(sources, InMemoryVaultSources)
    sources.add(OTHER, store, KEY, "a vault in the older format")
    return store


def _merge(vault: MemoryVault, **options: object) -> MergeReport:
    request = MergeRequest(OTHER, KEY, **options)  # type: ignore[arg-type]
    return vault.container.use_cases.merge().execute(request)


def _statuses(report: MergeReport) -> dict[str, str]:
    return {
        o.uuid: o.status.value + (f" ({o.detail})" if o.detail else "") for o in report.outcomes
    }


def test_new_sessions_come_with_their_metadata_compressed_and_searchable(
    vault: MemoryVault,
) -> None:
    agent = ClaudeTranscript(S1, PROJECT, agent_id="a9")
    agent.prompt("find the ocelot")
    agent.say("the ocelot is in the subagent")
    files = {"subagents/agent-a9.jsonl": agent.text().encode(), "tool-results/x.txt": b"log"}
    _source(vault, _remote(S1, _text(S1, "pangolin"), files=files))

    report = _merge(vault)

    assert _statuses(report) == {S1: "new"}
    assert report.source == "a vault in the older format"
    (merged,) = vault.store.sessions(SessionFilter())
    assert (merged.machine_id, merged.title, merged.message_count, merged.git_branch) == (
        "laptop",
        "from the laptop",
        7,
        "feature",
    )
    assert merged.archived_at == START
    assert merged.index_version == INDEX_VERSION
    assert vault.store.main_blob(S1).encoding is BlobEncoding.ZSTD
    codec = vault.container.adapters.codec()
    assert codec.decode(vault.store.main_blob(S1)) == _text(S1, "pangolin")
    assert {f.relative_path: codec.decode(f.blob) for f in vault.store.files(S1)} == files
    hits = vault.store.search(VaultQuery(every_word("ocelot")))
    assert {(h.uuid, h.subagent_id) for h in hits} == {(S1, "a9")}
    assert vault.store.search(VaultQuery(every_word("pangolin")))


def test_overlapping_sessions_follow_larger_wins(vault: MemoryVault) -> None:
    vault.files.add(PROJECT, S1, _text(S1, "alpha", "beta"))
    vault.files.add(PROJECT, S2, _text(S2, "gamma"))
    vault.files.add(PROJECT, S3, _text(S3, "delta"))
    vault.container.use_cases.import_sessions().execute(ImportRequest())
    _source(
        vault,
        _remote(S1, _text(S1, "alpha")),  # smaller: a truncated copy
        _remote(S2, _text(S2, "gamma", "epsilon")),  # larger: it grew on the laptop
        _remote(S3, _text(S3, "delta")),  # the same
    )

    report = _merge(vault)

    assert _statuses(report) == {
        S1: "skipped (smaller than the archived copy)",
        S2: "updated",
        S3: "skipped (unchanged)",
    }
    assert vault.store.search(VaultQuery(every_word("epsilon")))
    assert vault.store.search(VaultQuery(every_word("beta")))
    assert _merge(vault).count(ImportStatus.UPDATED) == 0  # merging again changes nothing


def test_dry_run_and_project_filter(vault: MemoryVault) -> None:
    other = _remote(S2, _text(S2, "gamma"))
    other = attrs.evolve(other, session=attrs.evolve(other.session, project_path="/srv/ops"))
    _source(vault, _remote(S1, _text(S1, "alpha")), other)

    dry = _merge(vault, dry_run=True)
    assert _statuses(dry) == {S1: "new", S2: "new"}
    assert vault.store.count_sessions() == 0
    assert _statuses(_merge(vault, project="OPS")) == {S2: "new"}


def test_a_session_whose_bytes_do_not_match_its_hash_is_refused(vault: MemoryVault) -> None:
    _source(
        vault,
        _remote(S1, _text(S1, "alpha"), content_hash="0" * 64),
        _remote(S2, _text(S2, "gamma")),
    )
    report = _merge(vault)
    assert report.count(ImportStatus.ERROR) == 1
    assert "do not match the hash" in _statuses(report)[S1]
    assert [s.uuid for s in vault.store.sessions(SessionFilter())] == [S2]


def test_compressed_rows_are_kept_unless_this_vault_writes_raw(tmp_path: Path) -> None:
    for env, expected in (({}, BlobEncoding.ZSTD), ({"CAPY_VAULT_NO_COMPRESS": "1"}, None)):
        vault = memory_vault(tmp_path, env)
        codec = vault.container.adapters.codec()
        packed = ZstdCodec().encode(_text(S1, "alpha"))
        session = _remote(S1, _text(S1, "alpha"))
        _source(vault, attrs.evolve(session, main=packed))
        _merge(vault)
        stored = vault.store.main_blob(S1)
        assert stored.encoding is (expected or BlobEncoding.RAW)
        assert codec.decode(stored) == _text(S1, "alpha")


def test_a_wrong_key_or_missing_vault_is_a_clear_error(vault: MemoryVault) -> None:
    _source(vault, _remote(S1, _text(S1, "alpha")))
    with pytest.raises(WrongKey):
        vault.container.use_cases.merge().execute(MergeRequest(OTHER, "not it"))
    with pytest.raises(InvalidInput):
        vault.container.use_cases.merge().execute(MergeRequest(Path("/nowhere.db"), KEY))


def test_the_source_is_closed_and_never_written(vault: MemoryVault) -> None:
    source = _source(vault, _remote(S1, _text(S1, "alpha")))
    before = source.digests()
    _merge(vault)
    sources = vault.container.adapters.vault_sources()
    assert isinstance(sources, InMemoryVaultSources)
    assert all(opened.closed for opened in sources.opened)
    assert source.digests() == before
    assert source.saved_batches == [[S1]]  # only the set-up's save
