"""Query correction against the store's vocabulary, with its caches."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta

from adapters.memory.fixed_clock import FixedClock
from application.search.corrector import QueryCorrector
from domain.search.query import parse_query
from domain.search.store_query import Combine, StoreQuery
from domain.search_hit import LayerHit, SearchLayer, SearchScope
from domain.source_kind import SourceKind


class Vocabulary:
    """Just the store methods the corrector uses, counting reads: whole words, and ``texts``
    (sections, as ``(title, content)``) and source ``labels`` that hold more than them."""

    def __init__(
        self,
        words: Iterable[str],
        texts: Iterable[tuple[str, str]] = (),
        labels: Iterable[str] = (),
    ) -> None:
        self.words = set(words)
        self.texts = list(texts)
        self.labels = list(labels)
        self.reads = 0
        self.searches = 0
        self.label_reads = 0

    def search(
        self, query: StoreQuery, scope: SearchScope, limit: int, within: object = None
    ) -> list[LayerHit]:
        self.searches += 1
        assert query.layer is SearchLayer.SUBSTRINGS and query.combine is Combine.ANY
        wanted = [a.lower() for group in query.groups for a in group]
        return [
            LayerHit(i, i, "s", SourceKind.DURABLE, title, content, False, 1.0)
            for i, (title, content) in enumerate(self.texts)
            if any(w in f"{title}\n{content}".lower() for w in wanted)
        ][:limit]

    def source_labels(self) -> list[str]:
        self.label_reads += 1
        return list(self.labels)

    def has_word(self, word: str) -> bool:
        return word in self.words

    def vocabulary_between(self, min_length: int, max_length: int) -> list[str]:
        self.reads += 1
        return sorted(w for w in self.words if min_length <= len(w) <= max_length)


def test_unknown_words_are_corrected_known_ones_kept() -> None:
    store = Vocabulary({"kubernetes", "rollback"})
    corrector = QueryCorrector(store, FixedClock())  # type: ignore[arg-type]
    corrected = corrector.correct(parse_query("kubernets rollback"))
    assert corrected is not None and corrected.terms == ("kubernetes", "rollback")
    assert corrector.correct(parse_query("rollback")) is None


def test_a_word_that_only_asks_by_its_phrase_is_no_slip_of_a_held_word() -> None:
    # ``long`` of "how long" asks for a time and ``times`` of "how many times" for a count:
    # neither is a slip of ``log`` or ``timed``, which the text holds (ADR 0197).
    store = Vocabulary({"log", "timed", "importing", "asyncio", "regex", "compiled"})
    corrector = QueryCorrector(store, FixedClock())  # type: ignore[arg-type]
    assert corrector.correct(parse_query("how long does importing asyncio take")) is None
    assert corrector.correct(parse_query("how many times is the regex compiled")) is None
    # A misspelt naming word beside them is still corrected, the cue kept as typed.
    corrected = corrector.correct(parse_query("how long does importnig asyncio take"))
    assert corrected is not None and corrected.terms == ("long", "importing", "asyncio")
    assert corrected.raw == "how long does importing asyncio take"
    # Out of its phrase the same word is corrected as any word held nowhere.
    corrected = corrector.correct(parse_query("long rotation of asyncio"))
    assert corrected is not None and "log" in corrected.terms


def test_synonym_words_are_candidates_even_when_never_indexed() -> None:
    corrector = QueryCorrector(Vocabulary({"latency"}), FixedClock())  # type: ignore[arg-type]
    corrected = corrector.correct(parse_query("perfomance"))
    assert corrected is not None and corrected.terms == ("performance",)


def test_answers_and_vocabulary_reads_are_cached_until_they_expire() -> None:
    store = Vocabulary({"kubernetes"})
    clock = FixedClock()
    corrector = QueryCorrector(store, clock)  # type: ignore[arg-type]
    corrector.correct(parse_query("kubernets"))
    corrector.correct(parse_query("kubernets"))
    assert store.reads == 1
    store.words.add("kubernets-operator")
    clock.advance(timedelta(minutes=2))
    corrector.correct(parse_query("kubernets"))
    assert store.reads == 2


def test_a_hyphenated_word_becomes_its_solid_form_or_its_known_last_part() -> None:
    corrector = QueryCorrector(Vocabulary({"fixable", "autofix"}), FixedClock())  # type: ignore[arg-type]
    fixable = corrector.correct(parse_query("how many are auto-fixable"))
    assert fixable is not None and fixable.terms == ("fixable",)
    solid = corrector.correct(parse_query("auto-fix"))
    assert solid is not None and solid.terms == ("autofix",)


def test_the_corrected_question_keeps_the_words_that_say_what_it_asks() -> None:
    corrector = QueryCorrector(Vocabulary({"test", "fee"}), FixedClock())  # type: ignore[arg-type]
    corrected = corrector.correct(parse_query("Why does the fee tets fail?"))
    assert corrected is not None
    assert corrected.raw == "Why does the fee test fail?"
    assert corrected.terms == ("fee", "test", "fail")


def test_a_slip_of_a_word_the_found_text_holds_inside_a_longer_one_is_corrected_to_it() -> None:
    # The vocabulary holds whole words (``sqlcipher3``, two edits away); the text found holds
    # ``sqlcipher`` inside it, one swap away.
    corrector = QueryCorrector(Vocabulary({"sqlcipher3", "version"}), FixedClock())  # type: ignore[arg-type]
    text = 'dependencies = ["sqlcipher3>=0.5,<1"]'
    corrected = corrector.correct(parse_query("sqlcihper version"), lambda word: word in text)
    assert corrected is not None and corrected.terms == ("sqlcipher", "version")
    assert corrector.correct(parse_query("sqlcihper version")) is not None  # the vocabulary's
    unrelated = corrector.correct(parse_query("postgres version"), lambda word: word in text)
    assert unrelated is None


def test_a_slip_the_vocabulary_explains_wins_over_one_in_the_found_text() -> None:
    corrector = QueryCorrector(Vocabulary({"warnings"}), FixedClock())  # type: ignore[arg-type]
    corrected = corrector.correct(parse_query("wranings"), lambda word: word == "warnigs")
    assert corrected is not None and corrected.terms == ("warnings",)


def test_a_slip_of_a_word_whose_inflection_the_vocabulary_holds_is_corrected_to_it() -> None:
    # The text says ``zone`` and ``purge``; search knows ``zones`` and ``purged`` through them.
    corrector = QueryCorrector(Vocabulary({"zone", "purge", "pods"}), FixedClock())  # type: ignore[arg-type]
    zones = corrector.correct(parse_query("spread pods across zohes"))
    assert zones is not None and "zones" in zones.terms
    purged = corrector.correct(parse_query("when are projects purgwd"))
    assert purged is not None and "purged" in purged.terms
    # The text says ``applyable``: search knows ``applied`` through it (``able_forms``).
    plan = QueryCorrector(Vocabulary({"applyable", "plan"}), FixedClock())  # type: ignore[arg-type]
    applied = plan.correct(parse_query("can this plan be aplied"))
    assert applied is not None and "applied" in applied.terms


def test_a_slip_of_an_inflection_of_a_synonym_is_corrected_to_the_synonym() -> None:
    # gdb prints ``SIGSEGV, Segmentation fault``, never ``segfault``: the synonym dictionary
    # knows ``segfault``, so ``segfaulted`` is corrected to it, and so is its slip.
    corrector = QueryCorrector(Vocabulary({"sigsegv", "inventory"}), FixedClock())  # type: ignore[arg-type]
    for typed in ("which function segfaulted", "which function sgefaulted"):
        corrected = corrector.correct(parse_query(typed))
        assert corrected is not None and "segfault" in corrected.terms, typed
    # A word the vocabulary explains keeps that correction.
    zones = QueryCorrector(Vocabulary({"zone"}), FixedClock())  # type: ignore[arg-type]
    corrected = zones.correct(parse_query("crashd zohes"))
    assert corrected is not None and "zones" in corrected.terms


def test_a_consonant_english_doubles_before_an_ending_is_no_slip() -> None:
    # ``rolled`` is no typo of ``roled`` although the text says ``role``.
    corrector = QueryCorrector(Vocabulary({"role", "version"}), FixedClock())  # type: ignore[arg-type]
    assert corrector.correct(parse_query("version rolled back")) is None
    assert corrector.correct(parse_query("version rooles")) is not None  # a doubled vowel is


def test_a_word_the_text_holds_in_another_inflection_is_left_alone() -> None:
    # ``blocks`` and ``blocked`` are one stem: the text found holds the question's word already,
    # and ``blocke`` (one slip away, ``blocked`` + d) is no correction of it.
    corrector = QueryCorrector(Vocabulary({"blocked", "plan"}), FixedClock())  # type: ignore[arg-type]
    assert corrector.correct(parse_query("moved blocks in the plan")) is None


def test_a_word_the_vocabulary_holds_in_another_form_is_no_slip_of_a_longer_word_found() -> None:
    # The text says ``fail`` and ``failed``: ``fails`` is typed right, and ``faile`` (one
    # neighbouring key away) held inside ``failed`` is no correction of it.
    corrector = QueryCorrector(Vocabulary({"fail", "failed", "due", "date"}), FixedClock())  # type: ignore[arg-type]
    text = "not ok 4 - audiobooks\n#   Failed test 'audiobooks'"
    found = lambda word: word in text.lower()  # noqa: E731
    assert corrector.correct(parse_query("which due date test fails"), found) is None
    typo = corrector.correct(parse_query("which due date test fials"), found)
    assert typo is not None and "fials" not in typo.terms
    # ``calll`` is no form of ``call`` (an ending guessed of a slip is no stem): still a slip.
    calls = QueryCorrector(Vocabulary({"call", "callq", "printf", "main"}), FixedClock())  # type: ignore[arg-type]
    code = "callq  1030 <printf@plt>"
    corrected = calls.correct(parse_query("the printf calll in main"), lambda w: w in code)
    assert corrected is not None and corrected.terms == ("printf", "call", "main")


def test_a_word_the_text_holds_in_another_form_is_corrected_only_to_a_form_of_itself() -> None:
    # go test says ``parse`` and ``passed``, never ``parsed``: ``parsed`` is no typo of
    # ``passed``, it is ``parse`` in another form, which search meets as typed.
    corrector = QueryCorrector(Vocabulary({"parse", "passed", "rate"}), FixedClock())  # type: ignore[arg-type]
    corrected = corrector.correct(parse_query("which rtae string could not be parsed"))
    assert corrected is not None and corrected.terms == ("rate", "string", "parsed")
    # A correction to a form of the word itself stays: the text says ``scripts`` only.
    scripts = QueryCorrector(Vocabulary({"scripts", "console"}), FixedClock())  # type: ignore[arg-type]
    script = scripts.correct(parse_query("console script entry"))
    assert script is not None and "scripts" in script.terms


def test_a_slip_of_a_word_some_text_starts_a_longer_word_with_is_corrected_to_it() -> None:
    # The vocabulary holds ``dataintegrityviolation`` and ``ruff_cache`` whole; the text found
    # for the misspelt question holds neither.
    store = Vocabulary(
        {"found", "violation"},
        texts=[("Errors", "org.springframework.dao.DataIntegrityViolationException: dup")],
        labels=["real-ruff"],
    )
    corrector = QueryCorrector(store, FixedClock())  # type: ignore[arg-type]
    integrity = corrector.correct(parse_query("DataIntegrjtyViolation"), lambda word: False)
    assert integrity is not None and integrity.terms == ("dataintegrityviolation",)
    ruff = corrector.correct(parse_query("how many did ruuff find"), lambda word: False)
    assert ruff is not None and "ruff" in ruff.terms
    assert store.searches == 4  # for each: the word as typed, then its slips
    assert store.label_reads == 2  # for each, once: both questions look in the same labels


def test_a_string_inside_a_word_is_no_correction() -> None:
    # ``dency`` in ``dependency``, ``efres`` in ``refresh``: one slip from ``denying`` and
    # ``egress``, found inside words that are about something else.
    store = Vocabulary(
        {"network"}, texts=[("deps", "refresh the dependency lock"), ("x", "readiness probe")]
    )
    corrector = QueryCorrector(store, FixedClock())  # type: ignore[arg-type]
    assert corrector.correct(parse_query("network denying egress"), lambda word: False) is None
    assert corrector.correct(parse_query("rediness"), lambda word: False) is not None


def test_a_word_some_text_holds_as_typed_is_no_typo() -> None:
    store = Vocabulary(set(), texts=[("lint", "npx eslint --fix src")], labels=["tsc"])
    corrector = QueryCorrector(store, FixedClock())  # type: ignore[arg-type]
    assert corrector.correct(parse_query("eslint"), lambda word: False) is None
    assert store.searches == 1


def test_a_three_letter_word_gets_back_the_letter_it_dropped_when_one_word_fits() -> None:
    store = Vocabulary({"test", "panicked", "text", "line", "link", "go"})
    corrector = QueryCorrector(store, FixedClock())  # type: ignore[arg-type]
    found = "--- FAIL: TestParse (0.00s)\npanic: runtime error [recovered]\nok  \tgo test"
    corrected = corrector.correct(parse_query("which go tet panicked"), lambda w: w in found)
    assert corrected is not None and corrected.terms == ("go", "test", "panicked")
    # Two words of the found text fit (``line``, ``link``): no guess.
    both = "the link step failed on line 3"
    assert corrector.correct(parse_query("why did the lin step fail"), lambda w: w in both) is None
    # A word the vocabulary holds, or one the found text does not hold, is left alone.
    assert corrector.correct(parse_query("which go test panicked"), lambda w: w in found) is None
    assert corrector.correct(parse_query("tet panicked"), lambda w: False) is None


def test_a_word_the_found_text_holds_only_as_the_start_of_its_slip_is_corrected() -> None:
    store = Vocabulary({"matrix", "entry", "coverage", "connectionreset"})
    corrector = QueryCorrector(store, FixedClock())  # type: ignore[arg-type]
    found = "coverage: upload only on the ubuntu matrix entry"
    corrected = corrector.correct(parse_query("coverage matri entry"), lambda w: w in found)
    assert corrected is not None and corrected.terms == ("coverage", "matrix", "entry")
    # A part of a name more than one letter short stays as typed (ADR 0093's partial names).
    reset = "ConnectionResetError: peer closed"
    partial = corrector.correct(parse_query("ConnectionRes"), lambda w: w in reset.lower())
    assert partial is None
    # A short word held inside longer ones is a word of its own (``code`` of ``codec``).
    codec = QueryCorrector(Vocabulary({"codec", "stock"}), FixedClock())  # type: ignore[arg-type]
    text = "unicodedecodeerror: 'utf-8' codec can't decode; stock[sku]"
    assert codec.correct(parse_query("product code stock"), lambda w: w in text) is None
    # A word that asks or says how something went stays as typed (``issue`` of ``issuer``).
    issuer = QueryCorrector(Vocabulary({"issuer", "token"}), FixedClock())  # type: ignore[arg-type]
    assert issuer.correct(parse_query("token issue"), lambda w: w in "token issuer: capy") is None


def test_a_three_letter_slip_of_a_word_that_phrases_a_question_is_corrected_to_it() -> None:
    # ``made`` asks (``question_words``); no output need hold it.
    corrector = QueryCorrector(Vocabulary({"retry", "tests", "deterministic"}), FixedClock())  # type: ignore[arg-type]
    found = "retry tests are deterministic now"
    corrected = corrector.correct(
        parse_query("how were retry tests mde deterministic"), lambda w: w in found
    )
    assert corrected is not None and "made" in corrected.terms


def test_the_doer_of_a_word_the_text_holds_is_no_slip_of_its_other_form() -> None:
    # ``checker`` is one slip (r → d) from ``checked``, which another source holds, but the
    # text holds ``check``: the question means the checker.
    corrector = QueryCorrector(Vocabulary({"check", "checked", "type"}), FixedClock())  # type: ignore[arg-type]
    assert corrector.correct(parse_query("run the type checker")) is None
    found = corrector.correct(parse_query("run the type checker"), lambda word: word == "checked")
    assert found is None
    # Without ``check`` in the vocabulary the slip stays a slip.
    alone = QueryCorrector(Vocabulary({"checked", "type"}), FixedClock())  # type: ignore[arg-type]
    corrected = alone.correct(parse_query("run the type checker"))
    assert corrected is not None and "checked" in corrected.terms
