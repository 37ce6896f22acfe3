"""A question asking why or how many is answered by a line of that shape."""

from __future__ import annotations

from domain.search.answer_kinds import (
    AnswerKind,
    answer_kinds,
    answers,
    is_cue,
    phrase_cues,
    searched,
)
from domain.search.answer_lines import (
    is_cause,
    is_count,
    is_definition,
    is_duration,
    is_location,
    states_count,
)
from domain.search.matching import term_groups
from domain.search.query import parse_query
from domain.search.snippet import extract_snippet


def test_cue_words_name_the_kind_of_answer() -> None:
    assert {AnswerKind.CAUSE, AnswerKind.COUNT} <= answer_kinds("why does item count fail")
    assert AnswerKind.CAUSE in answer_kinds("what goes wrong with the payments upstream")
    assert answer_kinds("how many mypy errors") == {AnswerKind.COUNT}
    assert answer_kinds("schedule of the nightly export cronjob") == frozenset()


def test_lines_that_state_an_error_or_count_something() -> None:
    assert is_cause("E       AssertionError: assert 2 == 3")
    assert is_cause("psycopg.errors.QueryCanceled: canceling statement due to statement timeout")
    assert is_cause("src/report.ts(11,32): error TS2532: Object is possibly 'undefined'.")
    assert is_cause('ERROR:  column "total" does not exist at character 8')
    assert is_cause("Dec 03 09:43:57 web-01 shopapi[1]: ERROR shopapi: export failed")
    assert not is_cause("tests/test_cart.py::test_total PASSED")
    assert is_count("Found 36 errors in 6 files (checked 10 source files)")
    assert is_count("TOTAL    120    12    90%")
    assert not is_count("rows=8604 width=12")


def test_a_count_answers_only_when_it_counts_what_was_asked() -> None:
    groups = term_groups(parse_query("how many mypy errors"))
    assert answers(AnswerKind.COUNT, "Found 36 errors in 6 files", groups)
    assert not answers(AnswerKind.COUNT, "added 431 packages in 16s", groups)


def test_a_tally_written_label_first_counts_the_outcome_it_names() -> None:
    failed = term_groups(parse_query("how many node tests failed"))
    assert answers(AnswerKind.COUNT, "ℹ fail 5", failed)
    assert answers(AnswerKind.COUNT, "# fail 5", failed)
    assert answers(AnswerKind.COUNT, "Failures: 3", failed)
    assert not answers(AnswerKind.COUNT, "ℹ pass 2", failed)  # counts what was not asked
    # a total beside the tallies, a measurement, a version: no tally of outcomes
    counts = term_groups(parse_query("overall test counts of the vitest run"))
    assert not answers(AnswerKind.COUNT, "ℹ tests 8", counts)
    duration = term_groups(parse_query("how many duration_ms"))
    assert not answers(AnswerKind.COUNT, "ℹ duration_ms 213.808782", duration)
    # the closing summary of a run is found by the count before its word, as before
    assert not is_count("ℹ fail 5")


def test_the_snippet_of_a_failure_shows_the_error_for_a_why_question() -> None:
    section = "\n".join(
        [
            "_____ test_item_count_counts_units _____",
            *[f"    frame line {i} of the traceback with some code in it" for i in range(20)],
            "E       AssertionError: assert 2 == 3",
            "E        +  where 2 = item_count()",
            *[f"    more context {i}" for i in range(10)],
        ]
    )
    snippet = extract_snippet(section, "why does item count fail")
    assert "E       AssertionError: assert 2 == 3" in snippet


def test_frames_and_definitions_answer_where_and_which_function() -> None:
    assert is_location("at netTotal (src/invoice.ts:23:35)")
    assert is_location("inventory.py:31: in commit")
    assert is_location('  File "cart.py", line 3, in total')
    assert not is_location("plain text: here")
    # gdb's backtrace: the innermost frame, then frames with their return address
    assert is_location("#0  reorder_level (item=0x7fffffffe490) at inventory.c:12")
    assert is_location("#1  0x0000555555555181 in restock (items=0x7fffffffe450) at inventory.c:18")
    assert not is_location("#1 Fix the retry (see PR #12) at 10:30")
    assert is_definition("+def is_local_host(host: str) -> bool:")
    assert is_definition('_VERSIONED_ACRONYM = re.compile(r"[A-Z]{2,5}")')
    assert not is_definition("the function is fine")
    assert AnswerKind.LOCATION in answer_kinds("why does netTotal throw")
    assert answer_kinds("function that checks whether a host is local") == {AnswerKind.CODE}


def test_a_diagnostic_of_any_compiler_or_linter_answers_why_and_where() -> None:
    why = term_groups(parse_query("printf call with an argument of the wrong type"))
    kinds = answer_kinds("printf call with an argument of the wrong type")
    diagnostics = (
        "ledger/ledger.go:30:3: fmt.Printf format %d has arg e.Account of wrong type string",
        "csv.c:25:24: warning: format '%d' expects argument of type 'int'",
        "app/db/session.py:23:43: UP007 Use `X | Y` for type annotations",
        "src/lib.rs:4:5: error[E0308]: mismatched types",
        "src/report.ts(11,32): error TS2532: Object is possibly 'undefined'.",
        "  21:3   error  Unexpected var, use let or const instead      no-var",
        "pricing.py:21:9: error: Unsupported operand types",
    )
    for line in diagnostics:
        assert is_location(line), line
        assert any(answers(kind, line, why) for kind in kinds), line
    # a clock time, an address with a port, a path without a line and column, prose with colons
    for line in (
        "12:03:44: worker started",
        "connecting to db.internal:5432",
        "see docs/setup.md: the first steps",
        "note: 3:1 odds",
        "http://localhost:8080:1: refused",
    ):
        assert not is_location(line), line


def test_a_frame_of_valgrind_s_stacks_is_a_location() -> None:
    assert is_location("==8651==    by 0x109191: open_session (sessions.c:12)")
    assert is_location("==8651==    at 0x109209: sum_scores (sessions.c:23)")
    # a frame inside a library names no line of the program
    assert not is_location(
        "==8651==    at 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)"
    )
    assert not is_location("==8651==    definitely lost: 48 bytes in 3 blocks")


def test_a_json_member_is_shown_with_its_object_s_other_members() -> None:
    message = [
        "{",
        '"ruleId": "@typescript-eslint/no-explicit-any",',
        '"severity": 2,',
        '"message": "Unexpected any. Specify a different type.",',
        '"line": 28,',
        '"suggestions": [',
        "{",
        '"desc": "Use `unknown` instead."',
        "}",
        "]",
        "},",
    ]
    others = [line.replace("no-explicit-any", f"rule-{i}") for i in range(6) for line in message]
    content = "\n".join(['{"filePath": "/src/x.ts",', '"messages": [', *others, *message, "]}"])
    snippet = extract_snippet(content, "rule about explicit any")
    assert '"message": "Unexpected any. Specify a different type.",' in snippet
    assert '"desc": "Use `unknown` instead."' not in snippet


def test_a_section_no_bigger_than_a_snippet_is_shown_whole() -> None:
    section = "\n".join(
        [
            "____ test_commit_without_reservation ____",
            "tests/test_inventory.py:35: in test_commit_without_reservation",
            '    inv.commit("TEE-XL")',
            "inventory.py:31: in commit",
            "    self._stock[sku] -= self._reserved.pop(sku)",
            "E   KeyError: 'TEE-XL'",
        ]
        * 2
    )
    assert extract_snippet(section, "commit without reservation error") == section


def test_a_crash_named_as_the_tool_names_it_asks_why_and_where() -> None:
    for query in ("which function segfaulted", "which go test panicked"):
        assert {AnswerKind.CAUSE, AnswerKind.LOCATION} <= answer_kinds(query)
    assert AnswerKind.CAUSE not in answer_kinds("go panic nil map rates cache")  # names a panic


def test_how_long_asks_for_a_time_beside_the_words_of_the_question() -> None:
    query = "how long does the catalog fixture take to set up"
    kinds = answer_kinds(query)
    assert AnswerKind.DURATION in kinds
    assert is_cue("long", kinds)
    assert not is_cue("long", answer_kinds("long running queries"))
    for line in (
        "0.70s setup    test_billing.py::test_catalog_search",
        "LOG:  duration: 2537.421 ms  statement: SELECT 1",
        "BUILD FAILED in 1m 12s",
        "invites expire after 72 hours",
        "Run Time: real 0.109 user 0.097556 sys 0.007757",
    ):
        assert is_duration(line), line
    for line in ("12:03:44 worker started", "version 1.2s3", "ran 4 tests", "v1.20s"):
        assert not is_duration(line), line
    groups = term_groups(parse_query(query))
    assert answers(
        AnswerKind.DURATION, "0.70s setup    test_billing.py::test_catalog_search", groups
    )
    # A time beside one word of the question is any timing of that thing.
    assert not answers(AnswerKind.DURATION, "0.30s call     test_catalog.py::test_refund", groups)
    logs = term_groups(parse_query("how long are the pytest log artifacts kept"))
    assert not answers(AnswerKind.DURATION, "access_log /var/log/x.log buffer=32k flush=5s;", logs)


def test_a_row_of_a_python_profile_is_a_duration() -> None:
    # ADR 0239: cProfile's seconds carry no unit; the row's shape says they are times.
    groups = term_groups(parse_query("how long does parse_stop take"))
    row = "    40000    0.091    0.000    0.195    0.000 plan_routes.py:8(parse_stop)"
    assert is_duration(row)
    assert is_duration("      4/1    0.000    0.000    0.000    0.000 _parser.py:456(_parse_sub)")
    assert answers(AnswerKind.DURATION, row, groups)
    assert not answers(
        AnswerKind.DURATION, "    40000    0.020    0.000    0.066    0.000 a.py:2(compile)", groups
    )
    for line in (
        "   ncalls  tottime  percall  cumtime  percall filename:lineno(function)",
        "    40000    0.091    0.000    0.195",  # three times: no row of the table
        "1 2.000 3.000 4.000 5.000",  # nothing after the times
        "  3    1.25    2.50    3.75    5.00 totals",  # two decimals: a table of money
    ):
        assert not is_duration(line), line


def test_a_word_that_only_asks_in_its_phrase_is_a_phrase_cue() -> None:
    assert phrase_cues("How long does importing asyncio take") == {"long"}
    assert phrase_cues("how many times is the regex compiled") == {"times"}
    assert phrase_cues("number of times the list is sorted") == {"times"}
    # Out of its phrase the word may name something the output says.
    assert phrase_cues("which times out were logged") == frozenset()
    assert phrase_cues("long running queries") == frozenset()
    assert phrase_cues("how lnog does rekey take") == frozenset()


def test_times_of_how_many_times_is_not_searched_long_of_how_long_is() -> None:
    # ``times`` only asks for a count; its stem would match ``import time:`` (ADR 0197).
    assert searched(parse_query("how many times is the regex compiled")).terms == (
        "regex",
        "compiled",
    )
    assert searched(parse_query("how many times is the regex compiled")).raw.startswith("how many")
    assert searched(parse_query("which times out were logged")).terms == ("times", "logged")
    assert "long" in searched(parse_query("how long does rekey take")).terms
    # A question made of the phrase alone is searched as typed.
    assert searched(parse_query("how many times")).terms == ("times",)


def test_a_status_code_or_a_progress_mark_counts_nothing_asked() -> None:
    files = term_groups(parse_query("how many files go into the package"))
    fetched = "npm http fetch GET 200 https://registry.npmjs.org/jest-changed-files 7ms"
    assert is_count(fetched)  # the shape sections are cut by is unchanged
    assert not states_count(fetched)
    assert not answers(AnswerKind.COUNT, fetched, files)
    assert answers(AnswerKind.COUNT, "npm notice 9 files packed", files)
    failed = term_groups(parse_query("how many property tests failed"))
    assert not answers(AnswerKind.COUNT, "test_stock.py .E.          [100%]", failed)
    assert not states_count("[ 66%] Building CXX object tests/CMakeFiles/units.dir/main.cpp.o")
    assert answers(AnswerKind.COUNT, "2 failed, 1 passed in 4.90s", failed)
    assert states_count("TOTAL    120    12    90%")


def test_a_command_echoed_after_its_prompt_answers_nothing() -> None:
    regex = term_groups(parse_query("how many times is the regex compiled"))
    echoed = "$ python3 -m timeit -s 'import re; pat = re.compile(r\"[A-Z]{3}\")' 'pat.findall(s)'"
    assert is_definition(echoed[2:])
    assert not answers(AnswerKind.CODE, echoed, regex)
    assert not answers(
        AnswerKind.COUNT, "$ head -n 40 big.log", term_groups(parse_query("how many log lines"))
    )


def test_timeit_units_are_durations() -> None:
    # timeit writes its unit as a word: ``nsec``, ``usec``, ``msec``; Go and others ``µs``.
    for line in (
        "5000000 loops, best of 5: 76.7 nsec per loop",
        "2000 loops, best of 5: 124 usec per loop",
        "100 loops, best of 5: 1.94 msec per loop",
        "raw times: 8.18 msec, 28.3 msec",
        "BenchmarkSlug-2   1000000   1042 ns/op",
        "took 12µs",
        "took 12 μs",
        "took 12us",
    ):
        assert is_duration(line), line
    for line in ("see nsecs_total", "the usec field", "2000 loops, best of 5"):
        assert not is_duration(line), line


def test_a_failure_named_then_stated_is_a_cause_and_a_tally_of_failures_is_not() -> None:
    assert is_cause("Coverage failure: total of 44 is less than fail-under=85")
    assert is_cause("FAILURE: Build failed with an exception.")
    assert not is_cause("Failures: 3")
    assert not is_cause("Tests run: 3, Failures: 1, Errors: 0")
    assert not is_cause("nofailure: none")


def test_an_address_offset_in_bytes_counts_nothing() -> None:
    litres = term_groups(parse_query("how many litres did the valves program meter"))
    inside = '==  Address 0x10c060 is 0 bytes inside data symbol "litres_total"'
    assert not states_count(inside)
    assert not answers(AnswerKind.COUNT, inside, litres)
    assert not states_count("==1== Address 0x4a4b048 is 8 bytes after a block")
    assert not states_count("==1== Address 0x4a4b040 is 1 byte before a block")
    assert not states_count("0x602000000018 is located 0 bytes to the right of 8-byte region")
    assert states_count("definitely lost: 40 bytes in 1 blocks")
    assert states_count("total heap usage: 3 allocs, 2 frees, 1,064 bytes allocated")
