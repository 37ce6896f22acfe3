"""Adapters whose libraries are imported on first use, not when the containers are composed.

``capy serve`` answers ``initialize`` sooner and stays smaller when it never loads what a
session does not use: the fetch stack (httpx, BeautifulSoup, html2text: ~6 MB resident) until
``capy_fetch_and_index`` is first called, and SQLCipher until the store is opened (on the
server's warm-up thread). Each factory imports its adapter module when it is called.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from application.ports.clock import Clock
from application.ports.database_encryptor import DatabaseEncryptor
from application.ports.fetcher import Fetcher
from application.ports.foreign_knowledge_base import ForeignKnowledgeBase
from application.ports.html_converter import HtmlConverter
from application.ports.knowledge_store import KnowledgeStore
from application.ports.usage_store import UsageStore
from application.ports.vault_source import VaultSource
from application.ports.vault_store import VaultStore


def httpx_fetcher(*, allow_private_hosts: Iterable[str] = ()) -> Fetcher:
    from adapters.http.httpx_fetcher import HttpxFetcher

    return HttpxFetcher(allow_private_hosts=allow_private_hosts)


def beautifulsoup_html_converter() -> HtmlConverter:
    from adapters.http.beautifulsoup_html_converter import BeautifulSoupHtmlConverter

    return BeautifulSoupHtmlConverter()


def sqlcipher_knowledge_store(
    *,
    path: Path,
    key: str,
    title_weight: float,
    clock: Clock | None = None,
    read_only: bool = False,
    created_files_dir: Path | None = None,
) -> Iterator[KnowledgeStore]:
    """Container resource: yields the open store; ``shutdown_resources()`` closes it."""
    from adapters.sqlcipher.store_resource import open_knowledge_store

    yield from open_knowledge_store(
        path, key, title_weight, clock, read_only=read_only, created_files_dir=created_files_dir
    )


def usage_store_of(store: KnowledgeStore) -> UsageStore:
    """The usage history lives in the knowledge base: the SQLCipher store keeps both."""
    if not isinstance(store, UsageStore):
        raise TypeError(f"{type(store).__name__} keeps no usage history")
    return store


def sqlcipher_database_encryptor() -> DatabaseEncryptor:
    from adapters.sqlcipher.sqlcipher_database_encryptor import SqlcipherDatabaseEncryptor

    return SqlcipherDatabaseEncryptor()


def sqlcipher_vault_encryptor() -> DatabaseEncryptor:
    from adapters.sqlcipher.sqlcipher_database_encryptor import SqlcipherDatabaseEncryptor
    from adapters.sqlcipher.vault.profile import VAULT

    return SqlcipherDatabaseEncryptor(VAULT)


def sqlcipher_vault_store(
    *,
    path: Path,
    key: str,
    clock: Clock | None = None,
    read_only: bool = False,
    created_files_dir: Path | None = None,
) -> Iterator[VaultStore]:
    """Container resource: yields the open vault; ``shutdown_resources()`` closes it."""
    from adapters.sqlcipher.created_files import CreatedFiles
    from adapters.sqlcipher.vault.sqlcipher_vault_store import SqlcipherVaultStore

    created = CreatedFiles(created_files_dir) if created_files_dir else None
    store = SqlcipherVaultStore(path, key, clock=clock, read_only=read_only, created=created)
    try:
        yield store
    finally:
        store.close()


def sqlcipher_vault_source(path: Path, key: str | None) -> VaultSource:
    """Another vault, opened read-only to merge from."""
    from adapters.sqlcipher.vault.sqlcipher_vault_source import SqlcipherVaultSource

    return SqlcipherVaultSource(path, key)


def go_knowledge_base(path: Path, key: str | None) -> ForeignKnowledgeBase:
    """The Go capy's knowledge base, opened read-only to import from."""
    from adapters.sqlcipher.go_knowledge_base import GoKnowledgeBase

    return GoKnowledgeBase(path, key)
