"""What an MCP client library would never send but an agent's host might: raw JSON lines with
lone surrogate escapes and numbers too large for a float, written to the installed
``capy serve``'s stdin. Every request is answered; the server goes on serving."""

from __future__ import annotations

import json
import select
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


class RawServer:
    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        self.process = process
        self._next = 100

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def receive(self, timeout: float = 30.0) -> dict[str, Any] | None:
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        if not ready:
            return None
        line = self.process.stdout.readline()
        return json.loads(line) if line else None

    def call(self, tool: str, arguments_json: str) -> dict[str, Any] | None:
        self._next += 1
        self.send(
            f'{{"jsonrpc":"2.0","id":{self._next},"method":"tools/call",'
            f'"params":{{"name":"{tool}","arguments":{arguments_json}}}}}'
        )
        return self.receive()


@pytest.fixture
def raw_server(capy_bin: str, project: Path, server_env: dict[str, str]) -> Iterator[RawServer]:
    process = subprocess.Popen(
        [capy_bin, "--project-dir", str(project), "serve"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**server_env, "CAPY_DB_KEY": "raw-stdio-test-key-0123456789"},
        cwd=project,
    )
    server = RawServer(process)
    server.send(
        json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": {"name": "raw", "version": "1"},
                },
            }
        )
    )
    assert server.receive() is not None
    server.send('{"jsonrpc":"2.0","method":"notifications/initialized"}')
    yield server
    assert process.stdin is not None
    process.stdin.close()
    process.wait(30)
    for stream in (process.stdout, process.stderr):
        if stream is not None:
            stream.close()


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("capy_index", '{"content":"abc \\ud800 def","source":"x"}'),
        ("capy_index", '{"content":"abc","source":"label \\udfff"}'),
        ("capy_search", '{"queries":["q \\uDBFF"]}'),
        ("capy_execute", '{"language":"shell","code":"echo \\ud83d"}'),
        ("capy_search", '{"queries":["ok"],"_meta":{"note":"\\ude00"}}'),
        ("capy_search", '{"queries":["ok"],"\\ud800key":1}'),
    ],
)
def test_a_lone_surrogate_anywhere_gets_an_answer(
    raw_server: RawServer, tool: str, arguments: str
) -> None:
    reply = raw_server.call(tool, arguments)
    assert reply is not None, "no answer: the agent would wait forever"
    assert reply["error"]["code"] == -32602
    assert "surrogate" in reply["error"]["message"]
    paired = raw_server.call(
        "capy_execute", '{"language":"shell","code":"echo \\ud83d\\ude00 fine"}'
    )
    assert paired is not None and "fine" in json.dumps(paired)  # a proper pair is a character


def test_a_notification_with_a_lone_surrogate_is_dropped_and_serving_goes_on(
    raw_server: RawServer,
) -> None:
    raw_server.send(
        '{"jsonrpc":"2.0","method":"notifications/cancelled",'
        '"params":{"requestId":5,"reason":"\\ud800"}}'
    )
    reply = raw_server.call("capy_execute", '{"language":"shell","code":"echo still here"}')
    assert reply is not None and "still here" in json.dumps(reply)


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("capy_search", '{"queries":["x"],"limit":1e400}'),
        ("capy_search", '{"queries":["x"],"limit":-1e400}'),
        ("capy_execute", '{"language":"shell","code":"true","timeout":1e400}'),
        ("capy_execute", '{"language":"shell","code":"true","timeout":1e308}'),
        ("capy_batch_execute", '{"commands":["true"],"queries":["x"],"timeout":1e400}'),
        ("capy_search", '{"queries":["x"],"limit":123456789012345678901234567890}'),
    ],
)
def test_numbers_too_large_get_a_clear_error(
    raw_server: RawServer, tool: str, arguments: str
) -> None:
    reply = raw_server.call(tool, arguments)
    assert reply is not None
    text = json.dumps(reply)
    assert reply.get("result", {}).get("isError") is True, text
    assert "must be" in text and "internal" not in text.lower()
