"""Codex rollouts read as host-neutral records."""

from __future__ import annotations

import json
from pathlib import Path

from adapters.codex_sessions.codex_session_files import CodexSessionFiles
from tests.support.transcripts import CodexRollout


def test_a_rollout_maps_onto_user_assistant_and_tool_records(tmp_path: Path) -> None:
    r = CodexRollout("5973b6c0-94b8-487b-a530-2aeb6098ae0e", "/srv/app")
    r.user("<env>")
    r.user("why does the deploy fail?")
    r.shell("kubectl get pods -n prod", "api-7f 0/1 CrashLoopBackOff")
    r.say("The api pod crash-loops: the DATABASE_URL secret is missing.")
    r.patch("deploy/api.yaml")
    r.compacted("We found the missing secret and patched the deployment.")
    path = r.write(tmp_path)

    records = list(CodexSessionFiles(tmp_path).records(path))
    kinds = [(x.type, x.subtype) for x in records]

    assert kinds[0] == ("session_meta", "") and records[0].cwd == "/srv/app"
    assert ("event_msg", "user_message") in kinds
    users = [x for x in records if x.type == "user" and x.blocks and x.blocks[0].type == "text"]
    assert [u.blocks[0].text for u in users][1] == "why does the deploy fail?"
    [shell] = [x for x in records if x.blocks and x.blocks[0].name == "shell"]
    assert shell.blocks[0].input["command"] == ["bash", "-lc", "kubectl get pods -n prod"]
    [output] = [x for x in records if x.blocks and x.blocks[0].type == "tool_result"]
    assert "CrashLoopBackOff" in output.blocks[0].text
    [patch] = [x for x in records if x.blocks and x.blocks[0].name == "apply_patch"]
    assert "Update File: deploy/api.yaml" in str(patch.blocks[0].input["input"])
    [compacted] = [x for x in records if x.is_compact_summary]
    assert compacted.text.startswith("We found the missing secret")


def test_an_early_rollout_without_envelopes_still_reads(tmp_path: Path) -> None:
    lines = [
        {
            "id": "0d3c5e1a-0000-4000-8000-000000000001",
            "timestamp": "2025-04-18T10:00:00Z",
            "instructions": "",
        },
        {"record_type": "state"},
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "hi"}]},
        {
            "type": "message",
            "role": "assistant",
            "content": [{"type": "output_text", "text": "hello"}],
        },
    ]
    path = tmp_path / "rollout-2025-04-18-0d3c5e1a-0000-4000-8000-000000000001.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))

    records = list(CodexSessionFiles(tmp_path).records(path))

    assert [x.type for x in records] == ["session_meta", "state", "user", "assistant"]
    assert records[0].session_id.endswith("0001")
