"""A source deleted because a user or the retention policy asked for it leaves no text in the
file: every page the deletion frees is zeroed, while the store's ordinary writes leave the whole
pages they free as they are, encrypted (``secure_delete = FAST``, ADR 0152). Checked on the real
file, decrypted page by page with the store's key, after the log is folded into it."""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from adapters.sqlcipher import purge
from adapters.sqlcipher.key_material import for_file
from adapters.sqlcipher.sqlcipher_knowledge_store import SqlcipherKnowledgeStore
from domain.search_hit import SearchScope
from tests.integration.store.helpers import KEY, document, open_store
from tests.unit.store.queries import substrings, words

_PAGE = 4096
_RESERVE = 80  # SQLCipher 4: a 16-byte IV and a 64-byte HMAC at the end of every page
_SALT = 16


def _decrypted_pages(path: Path) -> list[bytes]:
    """Every page of the file decrypted with the store's key (live pages and free ones)."""
    key = for_file(KEY, path).key
    data = path.read_bytes()
    pages = []
    for number, start in enumerate(range(0, len(data), _PAGE), start=1):
        page = data[start : start + _PAGE]
        begin = _SALT if number == 1 else 0
        iv = page[_PAGE - _RESERVE : _PAGE - _RESERVE + 16]
        decryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).decryptor()
        pages.append(decryptor.update(page[begin : _PAGE - _RESERVE]) + decryptor.finalize())
    return pages


# Five letters of five scripts, in no other text of these stores. The trigram layer keeps the
# terms of a segment's page sorted, each written as what it adds to the one before it: a
# trigram is whole in the page only when it shares no first byte with the term before it. Each
# of these trigrams begins with a lead byte (0xD0, 0xD7, 0xD8) no other term has.
_RARE = "жשبगค"
_RARE_TRIGRAMS = tuple(_RARE[n : n + 3].encode() for n in range(3))


def _stored(marker: str) -> str:
    """A chunk long enough to spill over several pages of its own, the marker and the rare
    letters on every line."""
    return "\n".join(f"{marker} {_RARE} line {n} of the secret output" for n in range(400))


def _pages_holding(path: Path, marker: str) -> int:
    return sum(marker.encode() in page for page in _decrypted_pages(path))


def _pages_holding_trigrams(path: Path) -> int:
    """Pages holding any trigram of the rare letters (the trigram layer's terms)."""
    return sum(
        any(trigram in page for trigram in _RARE_TRIGRAMS) for page in _decrypted_pages(path)
    )


def _trigrams_in_the_trigram_layer(store: SqlcipherKnowledgeStore) -> int:
    """How many of the rare trigrams the trigram table's blocks hold, whole."""
    query = "SELECT block FROM chunks_trigram_data"
    blocks = [block or b"" for (block,) in store._pool.connection().execute(query)]
    return sum(any(trigram in block for block in blocks) for trigram in _RARE_TRIGRAMS)


def _folded(store: SqlcipherKnowledgeStore) -> None:
    store.checkpoint()  # the log into the file, truncated: the file alone holds every page
    store.close()


def test_the_check_reads_the_stored_text_in_the_decrypted_pages(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.db"
    marker = f"quokka{secrets.token_hex(8)}"
    store = open_store(path)
    store.index(document("secret", _stored(marker)))
    assert _trigrams_in_the_trigram_layer(store) == len(_RARE_TRIGRAMS)  # seen whole
    _folded(store)
    assert _pages_holding(path, marker) >= 3
    assert _pages_holding_trigrams(path) >= 1
    assert b"SQLite format 3" not in path.read_bytes()  # the file itself stays encrypted


@pytest.mark.parametrize("others", [0, 20], ids=["alone", "among-twenty"])
def test_a_deleted_source_leaves_no_text_and_no_word_in_the_file(
    tmp_path: Path, others: int
) -> None:
    """The deleted chunk most of the store, or a small share of it: either way both full-text
    tables are rewritten after it (FTS5's secure-delete does not reach the trigram table)."""
    path = tmp_path / "knowledge.db"
    marker = f"quokka{secrets.token_hex(8)}"
    store = open_store(path)
    store.index(document("kept", "alpha bravo charlie"))
    for n in range(others):
        store.index(document(f"other {n}", f"delta echo foxtrot {n}"))
    source = store.index(document("secret", _stored(marker))).source
    store.checkpoint()
    assert store.delete_sources([source.id]) == 1
    assert store._pool.connection().execute("PRAGMA secure_delete").fetchone()[0] == 2
    _folded(store)
    assert _pages_holding(path, marker) == 0
    assert _pages_holding_trigrams(path) == 0
    reopened = open_store(path)
    assert len(reopened.sources()) == 1 + others
    assert "charlie" in reopened.vocabulary_between(3, 12)
    assert reopened.search(words("charlie"), SearchScope(), 5)  # the store still answers
    assert reopened.search(substrings("charlie"), SearchScope(), 5)
    reopened.close()


def test_a_source_stored_before_the_others_leaves_nothing_either(tmp_path: Path) -> None:
    """The deleted source indexed first: the later sources' merges, under ``FAST``, move its
    terms into new segments and free the old ones, all before the purge."""
    path = tmp_path / "knowledge.db"
    marker = f"quokka{secrets.token_hex(8)}"
    store = open_store(path)
    store.index(document("kept", "alpha bravo charlie"))
    source = store.index(document("secret", _stored(marker))).source
    for n in range(60):
        store.index(document(f"other {n}", f"delta echo foxtrot {n} " * 50))
    store.checkpoint()
    assert store.delete_sources([source.id]) == 1
    _folded(store)
    assert _pages_holding(path, marker) == 0
    assert _pages_holding_trigrams(path) == 0


def test_ordinary_writes_leave_freed_pages_as_they_are(tmp_path: Path) -> None:
    """The other side of the decision: a source replaced by its new content frees its old
    pages without zeroing them; they stay in the file, encrypted, until reused or vacuumed."""
    path = tmp_path / "knowledge.db"
    marker = f"quokka{secrets.token_hex(8)}"
    store = open_store(path)
    store.index(document("secret", _stored(marker)))
    store.checkpoint()
    store.index(document("secret", "the new output"))
    _folded(store)
    assert _pages_holding(path, marker) >= 1
    store = open_store(path)
    store.compact()
    _folded(store)
    assert _pages_holding(path, marker) == 0


def test_a_purge_in_many_small_steps_leaves_nothing_either(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The deletion a source at a time, the vocabulary a word at a time and the segments merged
    a few pages at a time, each step its own transaction (ADR 0161): the same result."""
    monkeypatch.setattr(purge, "BATCH_CHUNKS", 1)
    monkeypatch.setattr(purge, "BATCH_WORDS", 1)
    monkeypatch.setattr(purge, "MERGE_PAGES", 2)
    path = tmp_path / "knowledge.db"
    marker = f"quokka{secrets.token_hex(8)}"
    store = open_store(path)
    store.index(document("kept", "alpha bravo charlie"))
    ids = [store.index(document(f"secret {n}", _stored(f"{marker}{n}"))).source.id for n in (1, 2)]
    store.checkpoint()
    assert store.delete_sources(ids) == 2
    _folded(store)
    assert _pages_holding(path, marker) == 0
    assert _pages_holding_trigrams(path) == 0
    reopened = open_store(path)
    assert [s.label for s in reopened.sources()] == ["kept"]
    assert reopened.search(words("charlie"), SearchScope(), 5)
    reopened.close()


@pytest.mark.parametrize("others", [0, 20], ids=["alone", "among-twenty"])
def test_a_purge_stopped_between_its_steps_leaves_a_store_that_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, others: int
) -> None:
    """Killed after the sources left and before the segments were merged: every step is a
    transaction of its own, so the file opens, answers, and holds none of the deleted sources."""

    def killed(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(purge, "merge_into_one", killed)
    path = tmp_path / "knowledge.db"
    store = open_store(path)
    store.index(document("kept", "alpha bravo charlie"))
    for n in range(others):
        store.index(document(f"other {n}", f"delta echo foxtrot {n}"))
    gone = store.index(document("secret", _stored("quokka"))).source
    with pytest.raises(KeyboardInterrupt):
        store.delete_sources([gone.id])
    assert store._pool.connection().execute("PRAGMA secure_delete").fetchone()[0] == 2
    store.close()
    reopened = open_store(path)
    assert len(reopened.sources()) == 1 + others
    assert reopened.search(words("charlie"), SearchScope(), 5)
    assert not reopened.search(words("quokka"), SearchScope(), 5)
    assert not reopened.search(substrings(_RARE), SearchScope(), 5)
    reopened.close()
