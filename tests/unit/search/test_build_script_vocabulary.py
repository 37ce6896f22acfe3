"""The agent's words for a Cargo build script's warning (ADR 0323), and the lookalikes that get
none."""

from __future__ import annotations

import pytest

from domain.search.tool_vocabulary import tool_vocabulary_facts


@pytest.mark.parametrize(
    "text",
    [
        "warning: valve-firmware@0.3.0: boards/calibration.toml not found, using factory rates\n",
        "  --- stdout\n  cargo:warning=boards/calibration.toml not found\n",
        "cargo::warning=deprecated board revision\n",
    ],
)
def test_a_build_script_s_warning_is_printed_by_the_build_script(text: str) -> None:
    words = tool_vocabulary_facts(text).split()
    assert "printed" in words
    assert "script" in words


@pytest.mark.parametrize(
    "text",
    [
        "warning: unused variable: `x`\n",
        "warning: `valve-firmware` (lib) generated 1 warning\n",
        "cargo:rerun-if-changed=boards/\n",
        "mail warning: ops@example.com: mailbox full\n",
    ],
)
def test_cargo_s_other_warnings_get_no_build_script(text: str) -> None:
    assert "printed" not in tool_vocabulary_facts(text).split()
