"""Synonym groups are symmetric, disjoint and free of stopwords."""

from __future__ import annotations

from domain.search.inflections import IRREGULAR_FORMS, able_forms, compared_forms, searched_forms
from domain.search.stopwords import STOPWORDS, is_stopword
from domain.search.synonyms import SYNONYM_GROUPS, synonyms_of
from domain.search.word_stems import stem_prefix


def test_synonyms_are_symmetric() -> None:
    for group in SYNONYM_GROUPS:
        for word in group:
            for other in synonyms_of(word):
                assert word in synonyms_of(other)


def test_a_word_belongs_to_one_group_only() -> None:
    words = [w for group in SYNONYM_GROUPS + IRREGULAR_FORMS for w in group]
    assert len(words) == len(set(words))


def test_no_synonym_is_a_stopword() -> None:
    assert not {w for group in SYNONYM_GROUPS + IRREGULAR_FORMS for w in group} & STOPWORDS


def test_irregular_forms_find_each_other() -> None:
    assert "hidden" in synonyms_of("hide")
    assert "find" in synonyms_of("Found")


def test_a_doubled_consonant_before_a_suffix_is_undoubled() -> None:
    assert stem_prefix("formatting") == "format"
    assert stem_prefix("committed") == "commit"
    assert stem_prefix("passing") == "pass"
    assert stem_prefix("installed") == "install"


def test_lookup_ignores_case_and_unknown_words_have_none() -> None:
    assert "database" in synonyms_of("DB")
    assert synonyms_of("zebra") == ()
    assert is_stopword("The")


def test_a_measure_at_a_cut_off_is_also_written_by_its_initial() -> None:
    assert synonyms_of("recall@5") == ("r@5",)
    assert synonyms_of("NDCG@10") == ("n@10",)


def test_a_closed_compound_finds_its_open_forms_as_phrases() -> None:
    from domain.search.synonyms import OPEN_FORMS

    assert "documentation test" in synonyms_of("doctests")
    assert synonyms_of("lockfile") == ("lock file",)
    grouped = {w for group in SYNONYM_GROUPS + IRREGULAR_FORMS for w in group}
    for closed, open_forms in OPEN_FORMS:
        assert closed not in grouped
        assert all(" " in form and not set(form.split()) <= STOPWORDS for form in open_forms)


def test_a_participle_of_a_verb_in_y_reaches_what_can_be_done() -> None:
    assert "applyable" in able_forms("applied")
    assert "retryable" in able_forms("retried")
    assert "verifiable" in able_forms("verified")
    # Other participles keep their verb whole inside the -able form; short ones guess nothing.
    assert able_forms("installed") == ()
    assert able_forms("tied") == ()
    assert able_forms("apply") == ()


def test_a_verb_in_c_reaches_the_word_go_prints() -> None:
    """Rust writes "panicked at", Go "panic:"; the k of "panicked" keeps a stem from meeting
    the bare verb."""
    assert "panic" in synonyms_of("panicked")
    assert "panic" in synonyms_of("panicking")
    assert "panicked" in synonyms_of("crash")


def test_ram_is_memory() -> None:
    """Asked "which script ran out of RAM", Python says ``MemoryError``."""
    assert synonyms_of("RAM") == ("memory",)
    assert "ram" in synonyms_of("memory")


def test_free_space_is_what_df_calls_avail() -> None:
    # "how much free space is left": df's column is ``Avail`` (stemmed as ``available`` is).
    assert synonyms_of("free") == ("avail",)
    assert synonyms_of("Avail") == ("free",)
    assert synonyms_of("available") == ()


def test_what_is_left_is_what_a_tool_calls_remaining() -> None:
    # "which commits are still left to replay": git rebase prints ``1 remaining command``.
    assert synonyms_of("left") == ("remaining",)
    assert synonyms_of("Remaining") == ("left",)


def test_cumulative_is_what_profilers_head_cum() -> None:
    # "cumulative time in main.dedupe": pprof's columns are ``flat  flat%  sum%  cum  cum%``.
    assert synonyms_of("cumulative") == ("cum",)
    assert synonyms_of("cum") == ("cumulative",)


def test_a_superlative_reaches_the_comparative_a_summary_names_its_winner_by() -> None:
    # "which compressor was fastest": hyperfine's summary says "'zstd-3' ran 7.77 times faster".
    assert compared_forms("fastest") == ("faster",)
    assert compared_forms("biggest") == ("bigger",)
    assert compared_forms("heaviest") == ("heavier",)
    assert "faster" in searched_forms("fastest")
    assert "applyable" in searched_forms("applied")
    # ``latest`` means the newest; short words and other words are no superlative.
    assert compared_forms("latest") == ()
    assert compared_forms("unittest") == compared_forms("request") == ()
    assert compared_forms("faster") == compared_forms("fast") == ()


def test_a_port_is_what_netfilter_calls_dport() -> None:
    # "which ports does the firewall let web traffic in on": nft prints ``tcp dport { 80, 443 }``.
    assert synonyms_of("ports") == ("port", "dport")
    assert "ports" in synonyms_of("dport")
