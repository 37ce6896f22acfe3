"""RouteToolCall: permission rules first, then routing, then one-time advice."""

from __future__ import annotations

import pytest

from adapters.memory.in_memory_guidance_state import InMemoryGuidanceState
from adapters.memory.in_memory_tool_permissions import InMemoryToolPermissions
from application.use_cases.route_tool_call import RouteToolCall
from domain.hooks.decision import NO_OPINION, AddContext, Ask, Deny, ModifyInput
from domain.hooks.events import HookEvent
from domain.hooks.tool_call import HookInput, ToolCall
from domain.permissions.rules import policy_from_lists


def _route(
    tool: ToolCall, *, deny: tuple[str, ...] = (), ask: tuple[str, ...] = ()
) -> tuple[RouteToolCall, HookInput]:
    permissions = InMemoryToolPermissions(policy_from_lists(deny=deny, ask=ask, origin="s.json"))
    use_case = RouteToolCall(permissions, InMemoryGuidanceState())
    return use_case, HookInput(HookEvent.PRE_TOOL_USE, session_id="s1", tool=tool)


def test_deny_rule_blocks_bash_and_names_the_rule() -> None:
    use_case, hook_input = _route(
        ToolCall("Bash", {"command": "cd /tmp && sudo rm -rf x"}), deny=("Bash(sudo *)",)
    )
    decision = use_case.execute(hook_input)
    assert isinstance(decision, Deny)
    assert "Bash(sudo *)" in decision.reason
    assert "s.json" in decision.reason


def test_ask_rule_asks() -> None:
    use_case, hook_input = _route(
        ToolCall("Bash", {"command": "git push"}), ask=("Bash(git push:*)",)
    )
    assert isinstance(use_case.execute(hook_input), Ask)


def test_a_blocked_curl_needs_no_confirmation() -> None:
    use_case, hook_input = _route(ToolCall("Bash", {"command": "curl https://x"}), ask=("Bash",))
    decision = use_case.execute(hook_input)
    assert isinstance(decision, ModifyInput)


def test_deny_still_wins_when_routing_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    import application.use_cases.route_tool_call as module

    def broken(tool: ToolCall) -> None:
        raise RuntimeError("routing bug")

    monkeypatch.setattr(module, "route_host_tool", broken)
    use_case, hook_input = _route(ToolCall("Bash", {"command": "sudo ls"}), deny=("Bash(sudo:*)",))
    assert isinstance(use_case.execute(hook_input), Deny)
    use_case, hook_input = _route(ToolCall("Bash", {"command": "ls"}))
    assert use_case.execute(hook_input) is NO_OPINION


def test_python_in_capy_execute_is_checked_for_shell_commands() -> None:
    code = 'import subprocess\nsubprocess.run(["sudo", "reboot"])\n'
    use_case, hook_input = _route(
        ToolCall("mcp__capy__capy_execute", {"language": "python", "code": code}),
        deny=("Bash(sudo *)",),
    )
    assert isinstance(use_case.execute(hook_input), Deny)


def test_shell_in_capy_execute_and_batch_commands_are_checked() -> None:
    use_case, hook_input = _route(
        ToolCall("capy_execute", {"language": "shell", "code": "echo hi\nsudo ls"}),
        deny=("Bash(sudo *)",),
    )
    assert isinstance(use_case.execute(hook_input), Deny)
    use_case, hook_input = _route(
        ToolCall(
            "mcp__capy__capy_batch_execute",
            {"commands": [{"label": "a", "command": "ls"}, {"label": "b", "command": "sudo id"}]},
        ),
        deny=("Bash(sudo *)",),
    )
    assert isinstance(use_case.execute(hook_input), Deny)


def test_execute_file_path_is_checked_against_read_rules() -> None:
    use_case, hook_input = _route(
        ToolCall(
            "mcp__capy__capy_execute_file",
            {"path": "./.env", "language": "python", "code": "print(1)"},
        ),
        deny=("Read(.env)",),
    )
    assert isinstance(use_case.execute(hook_input), Deny)


def test_advice_is_given_once_per_session_and_kind() -> None:
    use_case, hook_input = _route(ToolCall("Read", {"file_path": "/a"}))
    assert isinstance(use_case.execute(hook_input), AddContext)
    assert use_case.execute(hook_input) is NO_OPINION
    grep = HookInput(HookEvent.PRE_TOOL_USE, session_id="s1", tool=ToolCall("Grep", {}))
    assert isinstance(use_case.execute(grep), AddContext)


def test_no_tool_no_opinion() -> None:
    use_case, _ = _route(ToolCall("Read"))
    assert use_case.execute(HookInput(HookEvent.PRE_TOOL_USE)) is NO_OPINION
