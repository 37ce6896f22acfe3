"""A blocked curl to this machine or a private network is pointed at capy_execute."""

from __future__ import annotations

import pytest

from domain.hooks.decision import ModifyInput
from domain.hooks.local_targets import is_local_host, targets_only_local
from domain.hooks.routing import route_host_tool
from domain.hooks.tool_call import ToolCall


@pytest.mark.parametrize(
    "command",
    [
        "curl localhost:8080/health",
        "curl http://127.0.0.1:3000/api",
        "curl -s 'http://[::1]:8080/'",
        "wget -O - http://app.localhost/status",
        "curl -H 'Accept: application/json' http://10.0.0.5/metrics",
        "curl http://user:pw@192.168.1.20/",
        "bash -c 'curl localhost:9000'",
    ],
)
def test_local_and_private_targets_get_capy_execute_advice(command: str) -> None:
    assert targets_only_local(command)
    decision = route_host_tool(ToolCall("Bash", {"command": command}))
    assert isinstance(decision, ModifyInput)
    assert "capy_execute" in decision.reason
    assert "capy_fetch_and_index(url)" not in decision.reason


@pytest.mark.parametrize(
    "command",
    [
        "curl https://example.com",
        "curl example.com",
        "curl http://localhost:8080 https://example.com",
        "wget -O - https://8.8.8.8/",
    ],
)
def test_public_or_mixed_targets_keep_the_fetch_advice(command: str) -> None:
    assert not targets_only_local(command)
    decision = route_host_tool(ToolCall("Bash", {"command": command}))
    assert isinstance(decision, ModifyInput)
    assert "capy_fetch_and_index" in decision.reason


def test_local_hosts() -> None:
    assert is_local_host("localhost") and is_local_host("api.localhost.")
    assert is_local_host("0.0.0.0") and is_local_host("::1") and is_local_host("172.17.0.2")
    assert not is_local_host("example.com") and not is_local_host("1.1.1.1")
    assert not is_local_host("")
