"""capy_execute keeps binary output out of the context: it names its size instead."""

from __future__ import annotations

import os

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mcp import Client

from adapters.memory.in_memory_sandbox import InMemorySandbox
from domain.execution.binary_output import looks_binary
from domain.execution.run import RunOutcome, StreamOutput
from tests.unit.mcp_server.conftest import call

pytestmark = pytest.mark.anyio


def random_stream(size: int) -> StreamOutput:
    return StreamOutput(os.urandom(size).decode("utf-8", errors="replace"), size, size)


async def test_random_bytes_are_replaced_by_a_note_and_counted(
    client: Client, sandbox: InMemorySandbox
) -> None:
    sandbox.script(RunOutcome(stdout=random_stream(200_000), exit_code=0))
    text, is_error = await call(client, "capy_execute", {"language": "shell", "code": "x"})
    assert not is_error
    assert text == (
        "binary output (200,000 bytes) not shown — write it to a file and inspect it with "
        "file/xxd/hexdump"
    )
    stats, _ = await call(client, "capy_stats", {})
    assert "sandbox output 195.3 KiB" in stats


async def test_binary_output_with_an_intent_is_not_indexed(
    client: Client, sandbox: InMemorySandbox
) -> None:
    out = random_stream(50_000)
    sandbox.script(RunOutcome(stdout=out, stderr=StreamOutput("oops\n", 5, 5), exit_code=3))
    text, is_error = await call(
        client, "capy_execute", {"language": "shell", "code": "x", "intent": "header"}
    )
    assert is_error
    assert "Exit code: 3" in text and "binary output (50,000 bytes)" in text and "oops" in text
    assert "Indexed" not in text and len(text) < 300


async def test_nul_bytes_make_output_binary_but_accents_and_colours_do_not(
    client: Client, sandbox: InMemorySandbox
) -> None:
    sandbox.script(sandbox.output("a\x00b\x00"), sandbox.output("caf\ufffd \x1b[31mred\x1b[0m\n"))
    text, _ = await call(client, "capy_execute", {"language": "shell", "code": "x"})
    assert text.startswith("binary output (4 bytes)")
    text, _ = await call(client, "capy_execute", {"language": "shell", "code": "x"})
    assert text == "caf\ufffd \x1b[31mred\x1b[0m\n"


@given(st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs")), max_size=500))
def test_printable_text_is_never_binary(text: str) -> None:
    assert not looks_binary(text.replace("\ufffd", ""))
    assert not looks_binary(text + "\n\t")
