"""capy_index keeps the agent's label short: every reply and search hit repeats it."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.memory.in_memory_knowledge_store import InMemoryKnowledgeStore
from adapters.memory.in_memory_policy_source import InMemoryPolicySource
from application.use_cases.index_content import IndexContent
from application.use_cases.index_for_agent import (
    MAX_LABEL_CHARS,
    AgentIndexRequest,
    IndexForAgent,
)
from domain.errors import InvalidInput
from domain.settings import Settings


def _index_for_agent(tmp_path: Path) -> IndexForAgent:
    settings = Settings()
    return IndexForAgent(
        index_content=IndexContent(InMemoryKnowledgeStore(), settings),
        policy_source=InMemoryPolicySource(),
        settings=settings,
        project_root=tmp_path,
    )


def test_a_label_of_the_maximum_length_is_kept(tmp_path: Path) -> None:
    label = "l" * MAX_LABEL_CHARS
    done = _index_for_agent(tmp_path).execute(AgentIndexRequest(content="text", source=label))
    assert done.result.label == label


def test_an_overlong_label_is_refused_with_what_to_pass_instead(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput) as refused:
        _index_for_agent(tmp_path).execute(AgentIndexRequest(content="text", source="x" * 10_000))
    assert "10,000 characters" in refused.value.message
    assert "short name" in refused.value.hint
