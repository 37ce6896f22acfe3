"""A correction or an initialism counts only where a section holding it also holds another
naming word of the question (ADR 0179): ``swc`` of a package manifest is no answer to a
question about a wireless card's signal, while ``dlq`` of the queue whose retention changes is."""

from __future__ import annotations

from tests.unit.search.memory_search import search_over

NGINX = """2026/12/03 09:44:03 [notice] 18770#18770: signal 3 (SIGQUIT) received, shutting down
2026/12/03 09:44:03 [notice] 18771#18771: gracefully shutting down
2026/12/03 09:44:03 [notice] 18770#18770: worker process 18771 exited with code 0
"""

MANIFEST = """{
  "name": "storefront",
  "devDependencies": {
    "@swc/core": "1.7.26",
    "swc-loader": "0.2.6",
    "webpack": "5.95.0"
  }
}
"""

PLAN = """# aws_sqs_queue.invoices_dlq will be updated in-place
  ~ resource "aws_sqs_queue" "invoices_dlq" {
      ~ message_retention_seconds = 345600 -> 1209600
        name                      = "invoices_dlq"
    }
"""


def test_initials_no_section_holds_with_the_other_words_are_not_searched() -> None:
    search = search_over(("tail error.log", NGINX), ("cat package.json", MANIFEST))
    found = search.search("wifi signal strength of the wireless card", limit=10)
    assert "swc" not in (found.corrected_query or "")
    assert not any("swc" in result.content for result in found.results)


def test_initials_held_with_another_word_of_the_question_are_searched() -> None:
    search = search_over(("terraform plan", PLAN), ("tail error.log", NGINX))
    found = search.search("retention change on the dead letter queue", limit=10)
    assert found.results, "an answerable question went silent"
    assert "message_retention_seconds" in found.results[0].content


def test_a_question_made_only_of_the_initials_run_keeps_them() -> None:
    search = search_over(("terraform plan", PLAN), ("cat package.json", MANIFEST))
    found = search.search("dead letter queue", limit=10)
    assert found.results, "an answerable question went silent"
    assert "invoices_dlq" in found.results[0].content
