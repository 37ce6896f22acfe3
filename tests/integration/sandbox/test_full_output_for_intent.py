"""A 1 MB log with one error in its middle: the sandbox keeps it for indexing, and intent search
through the production container finds the error the 100 KB reply would have cut."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.sandbox.output_capture import StreamCapture
from adapters.sandbox.subprocess_sandbox import SubprocessSandbox
from application.use_cases.execute_request import ExecuteRequest
from domain.execution.language import Language
from domain.execution.run import SandboxRequest
from entrypoints.containers.runtime import RuntimeOptions
from entrypoints.containers.server import ServerComposition

NEEDLE = "ERROR payments-reconciler: ledger checksum mismatch on shard 17"
# Prints ~1 MB of log lines; the needle starts at byte 500 000.
LOG_PROGRAM = f"""
import sys
out = sys.stdout
written = 0
i = 0
needle_done = False
while written < 1_000_000:
    if not needle_done and written >= 500_000 - 80:
        line = "{NEEDLE}\\n"
        pad = 500_000 - written
        if pad > 0:
            line = "." * (pad - 1) + "\\n" + line
        needle_done = True
    else:
        line = f"2026-03-01T12:00:{{i % 60:02d}}Z INFO build step {{i}} compiled unit_{{i % 89}}\\n"
    out.write(line)
    written += len(line)
    i += 1
"""


def test_keep_bytes_holds_the_whole_megabyte_while_the_reply_stays_small(
    sandbox: SubprocessSandbox,
) -> None:
    outcome = sandbox.run(SandboxRequest(Language.PYTHON, LOG_PROGRAM, keep_bytes=2 * 1024 * 1024))
    assert outcome.exit_code == 0
    assert outcome.stdout.total_bytes > 1_000_000
    assert NEEDLE not in outcome.stdout.text  # 100 KB reply: head and tail only
    assert outcome.kept is not None
    assert outcome.kept.stdout.kept_bytes == outcome.stdout.total_bytes
    assert outcome.kept.cut_bytes == 0
    assert outcome.kept.stdout.text.encode().index(NEEDLE.encode()) == 500_000


def test_without_keep_bytes_nothing_more_is_kept(sandbox: SubprocessSandbox) -> None:
    outcome = sandbox.run(SandboxRequest(Language.PYTHON, LOG_PROGRAM))
    assert outcome.kept is None
    assert outcome.stdout.truncated


@pytest.fixture
def composition(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ServerComposition]:
    root = tmp_path / "proj"
    (root / ".git").mkdir(parents=True)
    monkeypatch.setenv("CAPY_DB_KEY", "integration-db-key-0123456789")
    composition = ServerComposition(RuntimeOptions(project_dir=root, cwd=root))
    yield composition
    composition.shutdown()


def test_intent_finds_the_error_in_the_middle_of_a_megabyte(
    composition: ServerComposition,
) -> None:
    use_case = composition.tools.execute_with_intent()
    reply = use_case.execute(
        ExecuteRequest(language="python", code=LOG_PROGRAM, intent="ledger checksum mismatch shard")
    )
    assert not reply.is_error
    assert NEEDLE in reply.text
    assert len(reply.text.encode()) < 20_000
    assert reply.produced_bytes > 1_000_000
    assert reply.indexed_bytes > 1_000_000


# Log lines around a token the program writes in two halves, flushing and pausing between them:
# the halves come to capy in different pipe reads (and the output is past a pipe's 64 KB).
TOKEN = "ghp_" + "Q7vR2mK9xT4wL8nB3cY6zH1dF5gJ0sP2aE7u"
SPLIT_PROGRAM = f"""
import sys, time
out = sys.stdout
for i in range(3000):
    out.write(f"2026-03-01T12:00:{{i % 60:02d}}Z INFO sync step {{i}} ok for tenant_{{i % 13}}\\n")
out.write("deploy used GITHUB_TOKEN={TOKEN[:20]}")
out.flush()
time.sleep(0.3)
out.write("{TOKEN[20:]} for the release…\\n")
for i in range(3000):
    out.write(f"2026-03-01T12:05:{{i % 60:02d}}Z INFO sync step {{i}} ok for tenant_{{i % 13}}\\n")
"""


def test_a_secret_split_across_pipe_reads_is_redacted_before_it_is_stored(
    composition: ServerComposition, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[bytes] = []
    feed = StreamCapture.feed

    def spy(self: StreamCapture, chunk: bytes) -> None:
        reads.append(chunk)
        feed(self, chunk)

    monkeypatch.setattr(StreamCapture, "feed", spy)
    reply = composition.tools.execute_with_intent().execute(
        ExecuteRequest(language="python", code=SPLIT_PROGRAM, intent="release token deploy")
    )
    assert any(read.endswith(TOKEN[:20].encode()) for read in reads)  # the split happened
    assert reply.indexed_label is not None
    assert TOKEN not in reply.text and TOKEN[20:] not in reply.text
    store = composition.container.adapters.knowledge_store()
    source = store.source_by_label(reply.indexed_label)
    assert source is not None
    stored = "\n".join(c.chunk.content for c in store.chunks_of(source.id))
    assert "deploy used GITHUB_TOKEN=[REDACTED_SECRET]" in stored
    assert TOKEN[:20] not in stored and TOKEN[20:] not in stored
