"""A method a question names ``Type.method`` is found the way each language's tools print it."""

from __future__ import annotations

from application.use_cases.index_request import IndexRequest
from domain.search.matching import qualified_forms, term_groups
from domain.search.query import parse_query
from domain.search_hit import SearchScope
from domain.source_kind import ALL_KINDS, SourceKind
from entrypoints.containers.applications import CliContainer
from entrypoints.containers.memory_adapters import MemoryAdapters
from entrypoints.containers.runtime import RuntimeOptions

EVERY_KIND = SearchScope(kinds=ALL_KINDS, kinds_explicit=True)

# An error tracker's issue, as its API returns it.
GO_PANIC = """{
  "title": "runtime error: invalid memory address or nil pointer dereference",
  "culprit": "internal/webhooks/sign.go in (*Signer).Sign",
  "level": "fatal",
  "frames": [
    {"function": "(*Worker).handle", "filename": "internal/worker/worker.go", "lineno": 141},
    {"function": "(*Signer).Sign", "filename": "internal/webhooks/sign.go", "lineno": 57}
  ]
}
"""

GATEWAY_CONFIG = """[tls]
cert_file = "/etc/gateway/tls/tls.crt"
key_file = "/etc/gateway/tls/tls.key"

[logging]
source = "gateway"
level = "info"
"""


CHANGELOG = """## 3.4.0
- Ship source maps with the browser bundle; source files are no longer minified.
- Retry webhook deliveries with exponential backoff.
"""


def _positions(query: str, text: str) -> list[list[int]]:
    return term_groups(parse_query(query)).positions(text)


def test_a_dotted_method_has_the_spellings_of_go_rust_and_ruby() -> None:
    assert qualified_forms("signer.sign") == ("signer).sign", "signer::sign", "signer#sign")
    assert qualified_forms("vec::push") == ("vec.push", "vec).push", "vec#push")
    # Versions, single letters and longer paths are no method of a type.
    assert qualified_forms("1.2") == ()
    assert qualified_forms("v1.2.3") == ()
    assert qualified_forms("a.b") == ()
    assert qualified_forms("signer") == ()


def test_a_method_is_found_as_go_prints_it() -> None:
    text = "main.(*Signer).Sign(0x0)\nLedger::post(&mut self)\nInvoice#finalize at app.rb:3"
    assert _positions("Signer.Sign", text) == [[7]]
    assert _positions("Ledger.post", text) == [[text.index("Ledger::post")]]
    assert _positions("invoice.finalize", text) == [[text.index("Invoice#finalize")]]
    assert _positions("Ledger::post", "ledger.post(entry)") == [[0]]


def test_a_question_naming_a_method_finds_the_trace_that_prints_it_the_go_way() -> None:
    """The question "Signer.Sign source file" asks where Go's ``(*Signer).Sign`` lives; a gateway's
    config holding "source" and "file" and no method outranked the error tracker's issue whose
    frames name it."""
    container = CliContainer(options=RuntimeOptions())
    container.adapters.override(MemoryAdapters(core=container.core))
    index = container.use_cases.index_content()
    index.execute(IndexRequest(content=GO_PANIC, label="issue.json", kind=SourceKind.EPHEMERAL))
    index.execute(
        IndexRequest(content=GATEWAY_CONFIG, label="gateway.toml", kind=SourceKind.EPHEMERAL)
    )
    index.execute(IndexRequest(content=CHANGELOG, label="CHANGELOG", kind=SourceKind.EPHEMERAL))
    search = container.use_cases.search_knowledge()
    found = search.search("Signer.Sign source file", 3, EVERY_KIND)
    assert found.results[0].source == "issue.json"
