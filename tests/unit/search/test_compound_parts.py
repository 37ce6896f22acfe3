"""An inflected question word no text writes is searched by its stem when the store holds that
stem as a part of a compound name (``crashing`` → ``crash`` of ``CrashLoopBackOff``): the
question is answered, not silenced (ADR 0363)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from domain.search.compound_parts import compound_parts
from domain.search.query import parse_query
from domain.search.store_query import substring_groups
from tests.unit.search.memory_search import search_over

PODS = """NAME                              READY   STATUS              RESTARTS  AGE
api-1-7d9f8                       1/1     Running             0         1d
api-7-7d9f8                       0/1     CrashLoopBackOff    5         3d
api-9-7d9f8                       1/1     Running             2         3d
"""

EVENTS = """LAST SEEN   TYPE      REASON              OBJECT                 MESSAGE
2m          Normal    Scheduled           pod/web-5c9d-x2      Successfully assigned
2m          Warning   ErrImagePull        pod/web-5c9d-x2      rpc error: code = NotFound
1m          Normal    ContainerCreating   pod/worker-77b-q1    waiting on volume
1m          Warning   OOMKilled           pod/batch-31c-k9     memory limit 512Mi reached
"""

JAVA = """Exception in thread "pool-1-thread-3" java.util.concurrent.RejectedExecutionException:
Task com.acme.Invoice@5e2de80c rejected from java.util.concurrent.ThreadPoolExecutor@1d44bcfa
\tat java.util.concurrent.ThreadPoolExecutor$AbortPolicy.rejectedExecution(ThreadPoolExecutor.java:2065)
"""

NODE = """(node:48213) MaxListenersExceededWarning: Possible EventEmitter memory leak detected.
11 close listeners added to [Socket]. Use emitter.setMaxListeners() to increase limit
"""


def _parts(query: str, vocabulary: set[str], written: set[str]) -> dict[str, str]:
    def counts(words: Sequence[str]) -> list[int]:
        return [1 if word in written else 0 for word in words]

    return dict(compound_parts(parse_query(query), vocabulary.__contains__, counts))


def test_an_inflected_word_held_only_as_a_part_is_searched_by_its_stem() -> None:
    vocabulary = {"crash", "loop", "back", "off", "crashloopbackoff"}
    assert _parts("which pods are crashing", vocabulary, set()) == {"crashing": "crash"}
    parts = {"crashing": "crash"}
    assert ("crashing", "crash") in substring_groups(parse_query("crashing"), parts=parts)


@pytest.mark.parametrize(
    ("query", "vocabulary", "stem"),
    [
        ("crashed", {"crash"}, "crash"),
        ("killed", {"oom", "killed"}, "kill"),  # OOMKilled
        ("what was created", {"container", "creating"}, "creat"),  # ContainerCreating
        ("not executed", {"rejected", "execution"}, "execut"),  # RejectedExecutionException
        ("pulling", {"err", "image", "pull"}, "pull"),  # ErrImagePull
    ],
)
def test_the_stem_is_held_in_any_form_a_part_writes_it(
    query: str, vocabulary: set[str], stem: str
) -> None:
    assert stem in _parts(query, vocabulary, set()).values()


@pytest.mark.parametrize(
    ("query", "vocabulary", "written"),
    [
        ("crash", {"crash"}, set()),  # no ending: searched as typed already
        ("pods", {"pod"}, set()),  # a stem of three letters occurs inside too many words
        ("crashing", {"crash"}, {"crashing"}),  # some text writes it: the words index finds it
        ("crashing", {"crush"}, set()),  # the stem is held in no form
        ("fuzzer", {"fuzz"}, set()),  # a doer is another word than its verb
        ("sanitizers", {"sanitize"}, set()),
        ("configuration", {"configure"}, set()),  # so is a noun in -ion
        ("re-running", {"run"}, set()),  # not a plain word
    ],
)
def test_no_stem_for_a_word_written_underived_or_whose_stem_is_not_held(
    query: str, vocabulary: set[str], written: set[str]
) -> None:
    assert _parts(query, vocabulary, written) == {}


def test_written_is_asked_only_of_the_words_whose_stem_is_held() -> None:
    asked: list[str] = []

    def written(words: Sequence[str]) -> list[int]:
        asked.extend(words)
        return [0] * len(words)

    query = parse_query("why are the pods crashing and timing out")
    compound_parts(query, {"crash"}.__contains__, written)
    assert asked == ["crashing"]


@pytest.mark.parametrize(
    "query", ["which pods are crashing", "what is crashing", "which one is crashing", "crashed"]
)
def test_a_pod_in_crash_loop_back_off_answers_what_is_crashing(query: str) -> None:
    found = search_over(("kubectl get pods", PODS)).search(query, limit=3)
    assert found.results
    assert "CrashLoopBackOff" in found.results[0].content


@pytest.mark.parametrize(
    ("query", "label", "line"),
    [
        ("what is pulling", "kubectl get events", "ErrImagePull"),
        ("what was created", "kubectl get events", "ContainerCreating"),
        ("what was killed", "kubectl get events", "OOMKilled"),
        ("what was not executed", "java -jar billing.jar", "RejectedExecutionException"),
        ("what is exceeding", "node server.js", "MaxListenersExceededWarning"),
    ],
)
def test_states_and_exceptions_named_by_compounds_answer_inflected_words(
    query: str, label: str, line: str
) -> None:
    search = search_over(
        ("kubectl get events", EVENTS), ("java -jar billing.jar", JAVA), ("node server.js", NODE)
    )
    found = search.search(query, limit=3)
    assert found.results
    assert found.results[0].source == label
    assert line in found.results[0].content


def test_a_stem_held_in_no_compound_still_leaves_the_question_unanswered() -> None:
    found = search_over(("kubectl get pods", PODS)).search("which pods are exploding", limit=3)
    assert not found.results
