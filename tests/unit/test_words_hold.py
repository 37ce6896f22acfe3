"""Words in the docs and help that once said what the code does not: they stay corrected."""

from __future__ import annotations

from pathlib import Path

from domain.vault.scanner import RESULT_CHARS

ROOT = Path(__file__).resolve().parents[2]


def _text(relative: str) -> str:
    text = (ROOT / relative).read_text(encoding="utf-8")
    assert text, f"{relative} is empty: nothing to check"
    return text


def test_rekey_and_compact_say_export_not_page_by_page() -> None:
    for relative in (
        "entrypoints/vault_cli/rekey.py",
        "adapters/sqlcipher/sqlcipher_database_encryptor.py",
        "application/use_cases/vault/compact_vault.py",
    ):
        assert "page by page" not in _text(relative), relative
    assert "sqlcipher_export" in _text("entrypoints/vault_cli/rekey.py")


def test_the_vault_sweep_adr_names_no_delay_the_server_does_not_make() -> None:
    adr = _text("adr/0036-vault-sweep-at-server-start.md")
    assert "three seconds" not in adr and "no fixed delay" in adr


def test_the_readme_counts_tool_output_in_characters_as_the_code_does() -> None:
    readme = _text("README.md")
    assert "16 KB" not in readme
    assert f"{RESULT_CHARS:,} characters" in readme
