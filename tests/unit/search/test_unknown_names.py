"""A question naming a configuration key no indexed text holds is read by the key's words and
gets the block that holds them, a weak answer rather than silence (ADRs 0235, 0236); a key the
text does write is found first as written."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from application.use_cases.index_request import IndexRequest
from application.use_cases.search_knowledge import SearchKnowledge
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions

NGINX = """http {
    include       mime.types;
    default_type  application/octet-stream;
    gzip on;
    gzip_vary on;
    gzip_min_length 1024;
    server {
        listen 80;
        location /api/ {
            proxy_pass http://app:8000;
        }
    }
}
"""

PACKAGE_JSON = """{
  "name": "invoice-kit",
  "scripts": {"test": "jest --coverage"},
  "jest": {
    "testEnvironment": "node",
    "moduleDirectories": ["node_modules", "src"],
    "coverageThreshold": {"global": {"lines": 80}}
  }
}
"""


@pytest.fixture
def search() -> Iterator[SearchKnowledge]:
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    index = container.use_cases.index_content()
    index.execute(IndexRequest(content=NGINX, label="cat nginx.conf"))
    index.execute(IndexRequest(content=PACKAGE_JSON, label="cat package.json"))
    found = container.use_cases.search_knowledge()
    assert isinstance(found, SearchKnowledge)
    yield found


@pytest.mark.parametrize(
    "query",
    [
        "gzip_types for json",  # `gzip` and `types` are held, the key is not
        "jest configuration moduleNameMapper",  # `module` and `name` are held, the key is not
    ],
)
def test_a_configuration_key_held_nowhere_gets_the_block_of_its_words(
    search: SearchKnowledge, query: str
) -> None:
    found = search.search(query, limit=3)
    assert found.results
    source = "cat nginx.conf" if query.startswith("gzip") else "cat package.json"
    assert found.results[0].source == source


@pytest.mark.parametrize(
    ("query", "line"),
    [
        ("gzip_vary setting", "gzip_vary on;"),
        ("jest moduleDirectories", '"moduleDirectories"'),
    ],
)
def test_a_configuration_key_the_text_writes_is_found(
    search: SearchKnowledge, query: str, line: str
) -> None:
    found = search.search(query, limit=3)
    assert found.results
    assert line in found.results[0].content
