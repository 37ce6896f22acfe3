"""The migrations are read from the schema package's folder, as ``importlib.resources`` reads
them: the same names and the same text, so skipping its import changes nothing."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from adapters.sqlcipher import migrations
from adapters.sqlcipher.profile import KNOWLEDGE_SCHEMA, Schema
from adapters.sqlcipher.vault.profile import VAULT_SCHEMA


@pytest.mark.parametrize("schema", [KNOWLEDGE_SCHEMA, VAULT_SCHEMA], ids=lambda s: s.package)
def test_the_migrations_are_what_importlib_resources_reads(schema: Schema) -> None:
    expected = sorted(
        (entry.name.removesuffix(".sql"), entry.read_text(encoding="utf-8"))
        for entry in resources.files(schema.package).iterdir()
        if entry.name.endswith(".sql")
    )
    found = [(m.name, m.sql) for m in migrations.available(schema)]
    assert found == expected
    assert found  # the package holds migrations


def test_a_package_that_is_no_folder_is_read_through_importlib_resources(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """capy run from an archive: the package's path is no folder on disk."""
    import adapters.sqlcipher.schema as package

    expected = migrations.available(KNOWLEDGE_SCHEMA)
    folder = Path(package.__file__).parent
    asked: list[str] = []

    def files(name: str) -> Path:
        asked.append(name)
        return folder

    monkeypatch.setattr(package, "__path__", ["/nonexistent/capy.zip/adapters/sqlcipher/schema"])
    monkeypatch.setattr(resources, "files", files)
    assert migrations.available(KNOWLEDGE_SCHEMA) == expected
    assert asked == [KNOWLEDGE_SCHEMA.package]
