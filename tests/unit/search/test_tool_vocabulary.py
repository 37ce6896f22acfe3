"""The agent's words for what a tool prints in its own vocabulary (ADR 0187)."""

from __future__ import annotations

import pytest

from domain.chunking import chunk
from domain.content_type import ContentType
from domain.search.tool_vocabulary import tool_vocabulary_facts

# ``git blame`` of a file that had another path: each line names the path it came from.
_BLAME_ACROSS_A_MOVE = (
    "fd1bbd85 src/domain/chunking/dispatch.py (Ann Lee 2026-12-02 16:52:09 +0000  4)\n"
    "32c7e57c domain/chunking/dispatch.py     (Bo Chen 2026-12-05 12:43:17 -0800  5) import re\n"
)

# A CSV's header line and the rows under it (the bundled corpus's daily service metrics).
_CSV = (
    "date,region,service,requests,errors,p50_ms,p95_ms,p99_ms,cost_usd\n"
    "2025-05-01,eu-west-1,checkout,878382,1870,22,226,766,801.97\n"
    "2025-05-01,eu-west-1,search,1961665,2097,37,250,883,546.75\n"
    '2025-05-01,"us-east-1",catalog,905810,1326,28,219,366,"1,398.79"\n'
)


# ``ulimit -a`` in bash: each limit's name, its unit and option, its value.
_ULIMIT = (
    "core file size              (blocks, -c) 0\n"
    "open files                          (-n) 20000\n"
    "stack size                  (kbytes, -s) 8192\n"
    "max user processes                  (-u) 96555\n"
)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("FROM python:3.12-slim AS build\nRUN pip install .", "base image"),
        ("t/02-billable.t (Wstat: 0 Tests: 4 Failed: 0)\n  TODO passed:   4\n", "unexpectedly"),
        (
            "1..2\nok 1 - rounds up\nok 2 - bills the minimum # TODO not implemented\n",
            "unexpectedly",
        ),
        ("FROM --platform=$BUILDPLATFORM golang:1.22\n", "base image"),
        ("#5 [build 1/6] FROM docker.io/library/python:3.12-slim@sha256:ab", "base image"),
        ("   Public-Key: (256 bit)\n   Public Key Algorithm: id-ecPublicKey", "size type"),
        ("$ git rebase main\nRebasing (1/2)\nCONFLICT (content): Merge conflict", "replay"),
        ("interactive rebase in progress; onto 79e246d\nLast command done:", "replay"),
        ("Next commands to do (2 remaining commands):\n   pick 2d18f4b Docs", "replay"),
        (_BLAME_ACROSS_A_MOVE, "moved renamed"),
        ("^" + _BLAME_ACROSS_A_MOVE.replace("\n", "\n^", 1), "moved renamed"),
        (_CSV, "csv columns header fields percentile"),
        (
            "$ cut -f1-3 hosts\nhost\trole\tzone\nweb-1\tweb\ta\nweb-2\tweb\tb\ndb-1\tdb\ta\n",
            "tsv columns header fields",
        ),
        ("  http_req_duration: avg=12ms p(90)=31ms p(95)=44ms", "percentile"),
        ("GET /api  p50=12ms  p99.9=480ms", "percentile"),
        ("Runtime error near line 6: CHECK constraint failed: amount_cents >= 0 (19)", "negative"),
        ("  Input should be greater than or equal to 0 [type=greater_than_equal]", "negative"),
        ("  Input should be greater than 0 [type=greater_than, input_value=-3]", "negative"),
        ("CN = api.test\nerror 10 at 0 depth lookup: certificate has expired", "valid rejected"),
        (
            "$ openssl verify -CAfile root.pem -untrusted issuing.pem api.pem\napi.pem: OK",
            "intermediate chain",
        ),
        ("$ openssl verify -purpose sslclient api.pem", "authentication"),
        (
            'openat(AT_FDCWD, "/etc/a.conf", O_RDONLY) = -1 ENOENT (No such file or directory)',
            "missing",
        ),
        ("[pid 21068] +++ exited with 127 +++", "code status"),
        (".expert\nSELECT 1 FROM t WHERE a = 1;\nCREATE INDEX t_idx_1 ON t(a);\n", "suggested"),
        (
            "* main   46a4d8e [origin/main: ahead 5] Cache it\n  spike  47390b9 Try it\n",
            "upstream tracking",
        ),
        # ADR 0221: a formatter's check, a write asked of open(2), an executable file's mode.
        ("queue.tf\n--- old/queue.tf\n+++ new/queue.tf\n@@ -1,4 +1,4 @@", "formatted"),
        ("Diff in /src/shelving/src/lib.rs:1:\n-use std::fmt;", "formatted"),
        ("Diff in /src/shelving/src/lib.rs at line 1:\n", "formatted"),
        ("would reformat src/app.py\nOh no!", "formatted"),
        ("Would reformat: src/app.py\n1 file would be reformatted", "formatted"),
        ('openat(AT_FDCWD, "out/a.pdf", O_WRONLY|O_CREAT|O_TRUNC, 0644) = -1 ENOENT', "write"),
        ('[pid 7] open("/var/log/a.log", O_RDWR|O_APPEND) = 3', "write"),
        (
            "-rwxr-xr-x deploy/shop    4038 2026-11-28 14:05 shopd-2.3.1/bin/shopd",
            "executable world readable size",
        ),
        ("total 8\n-rw-r-xr-x. 1 ann ann 40 Dec  1 10:00 run.sh", "executable world readable size"),
        # Directories' and links' rows are no executable (ADR 0315: their sizes, where a link
        # points; ADR 0366: a directory others may read is world readable, a link is not).
        (
            "drwxr-xr-x deploy/shop 0 2026-11-28 14:05 shopd-2.3.1/bin/\n-rw-r--r-- a 1 b",
            "world readable size",
        ),
        (
            "lrwxrwxrwx deploy/shop 0 2026-11-28 14:05 current.toml -> shopd.toml",
            "symlink points size",
        ),
        ("-rw-r--r-- a 1 b\n-rwsr-x--- root 9 sudo", "executable world readable"),
        ("-rw-r----- a 1 b\n-rwsr-x--- root 9 sudo", "executable"),
        ("$ tar -tvzf shopd-2.3.1.tar.gz", "archive"),
        ("npm http fetch GET 200 https://r.example/a/-/a-1.0.0.tgz 12ms", "archive"),
        ("  inflating: site/index.html (from docs.zip)", "archive"),
        # ADR 0229: strerror(ENOENT) as any tool prints it; a C or C++ header's file name.
        ("cp: cannot stat 'a.conf': No such file or directory", "missing"),
        (
            "src/invoice.c:3:10: fatal error: pdfgen.h: No such file or directory",
            "missing header compile",  # and ADR 0283's error at a source file's line
        ),
        ("In file included from include/money.hpp:4,", "header"),
        # ADR 0239: ms_print's line for the allocations under its threshold, Python's regular
        # expressions by the ``re`` module's names, ``ulimit -a``'s listing of the shell's limits.
        ("->00.02% (528B) in 1+ places, all below ms_print's threshold (01.00%)", "small"),
        ("| ->00.05% (528B) in 4+ places, all below massif's threshold (01.00%)", "small"),
        (
            "    40000    0.026    0.000    0.026    0.000 {method 'match' of 're.Pattern' objects}",
            "regex",
        ),
        ('  File "/usr/lib/python3.11/re/__init__.py", line 227, in compile', "regex"),
        ("re.error: missing ), unterminated subpattern at position 0", "regex"),
        (_ULIMIT, "shell limit"),
        # ADR 0243: a Go build from a tree with changes not committed; a JVM's heap bounds.
        ("\tbuild\tvcs.revision=9f2c\n\tbuild\tvcs.modified=true\n", "uncommitted dirty"),
        ("$ java -Xmx160m -XX:+UseG1GC CatalogIndexer", "maximum heap"),
        ("$ java -Xms32m -Xmx2G -Xlog:gc,gc+heap", "maximum initial"),
        # ADR 0243: bash's ulimit listing; pip's requirement with a version specifier.
        ("$ ulimit -a\ncore file size (blocks, -c) 0\nopen files     (-n) 20000\n", "limit"),
        ("open files                          (-n) unlimited", "limit"),
        ("Collecting billiard<5.0,>=4.2.0 (from celery==5.4.0)", "constraint"),
        ("Collecting requests==2.32.3\n  Downloading requests-2.32.3.whl", "constraint"),
        ("Collecting uvicorn[standard]>=0.30", "constraint"),
        # ADR 0282: a rate in bits per second is a bandwidth; an HTB class's rate is guaranteed.
        ("qdisc tbf 30: parent 1:30 rate 1Mbit burst 8Kb lat 50ms", "bandwidth"),
        ("class htb 1:20 parent 1:1 prio 1 rate 30Mbit ceil 50Mbit", "bandwidth guaranteed"),
        ("tc class add dev eth0 parent 1: classid 1:10 htb rate 60mbit", "bandwidth guaranteed"),
        ("[  5]   0.00-10.00  sec  1.10 GBytes   941 Mbits/sec", "bandwidth"),
        ("\tSpeed: 1000Mb/s", "bandwidth"),
        ("link up at 2.5 Gbps, modem trained at 9600 bit/s", "bandwidth"),
        ("class htb 1:1 root rate 100Kibit ceil 100Kibit", "bandwidth guaranteed"),
        ("bandwidth of class htb 1:1 root rate 100Mbit", "guaranteed"),
        # ADR 0283: a compiler's error at a source file's line says the file did not compile.
        ("src/payroll/Payslip.java:18: error: incompatible types: possible lossy", "compile"),
        ("main.c:4:1: error: expected ';' before '}' token", "compile"),
        ("src/tile.cpp:12: error: 'x' was not declared", "compile"),
        ("src/report.ts(11,32): error TS2532: Object is possibly 'undefined'.", "compile"),
        (
            "In file included from src/gauge.c:1:\ninclude/gauge.h:3:10: fatal error: x",
            "header compile",
        ),
        # ADR 0283: make's line for a rule whose recipe failed.
        ("make: *** [Makefile:6: csvstat] Error 1", "rule target recipe"),
        ("make[2]: *** [build/coupon.o] Error 1", "rule target recipe"),
    ],
)
def test_a_tool_s_own_words_get_the_agent_s(text: str, words: str) -> None:
    assert tool_vocabulary_facts(text) == words


@pytest.mark.parametrize(
    "text",
    [
        "copied from the docs, as it came FROM upstream",  # FROM not opening a line
        "Data from the run:\nfrom python import x",  # lower case: prose or Python, no Dockerfile
        "   ncalls  tottime  percall  cumtime",  # ADR 0187: moved nothing, not taken
        "15 bytes in 3 blocks are definitely lost",  # ADR 0187 (ADR 0263: a loss record)
        "Public Key Algorithm:",  # no algorithm named
        # ADR 0187: a constraint failure is no "refused" (a connection is refused); ADR 0219:
        # "negative" only for a check that a value be at least 0.
        "Runtime error near line 5: UNIQUE constraint failed: customers.email (19)",
        "CHECK constraint failed: amount_cents >= 100",
        "Input should be greater than 0.5",
        # Commas and tabs that make no table: prose, a header without rows, rows of another
        # width, numbers in the first line.
        "Deploy, verify, and roll back if needed.\nThen page the on-call, the lead, or the SRE.\n",
        "id,name,email\n1,ann,a@x\n",
        "id,name,email\n1,ann\n2,bo\n3,cy\n",
        "2025-05-01,eu-west-1,checkout\n2025-05-02,eu-west-1,search\n2025-05-03,us,a\n2025,x,y\n",
        # A p and a number that are no percentile: a longer number, a word, a version.
        "rendered p500 and p95x; see page P900",
        "python3.9 -m pip install p99.1",
        # Rebasing talked about, not under way; a codebase; a to-do list that is no rebase's.
        "Rebasing (the branch) onto main keeps the history flat",
        "We rebase in progressive steps across the codebase",
        "Next command to do (see the runbook)",
        # Blame of a file that never moved: no path, or one path on every line (``-f``).
        "fd1bbd85 (Ann Lee 2026-12-02 16:52:09 +0000 4) x = 1\n"
        "32c7e57c (Bo Chen 2026-12-05 12:43:17 +0000 5) y = 2\n",
        "fd1bbd85 src/app.py (Ann Lee 2026-12-02 16:52:09 +0000 4) x = 1\n"
        "32c7e57c src/app.py (Bo Chen 2026-12-05 12:43:17 +0000 5) y = 2\n",
        # Two paths beside commits, but no blame's author and time: a log of renames.
        "fd1bbd85 src/app.py (moved)\n32c7e57c app.py (moved)\n",
        # openssl's errors in another tool's form, and its options talked about, not given.
        "verify error:num=18:self-signed certificate",
        "error 10 at line 3: unexpected token",
        "the -untrusted option of openssl verify",
        "-purpose any",
        # Node's lower-case ENOENT (not the C library's text) and an exit that is not strace's.
        "Error: ENOENT: no such file or directory, open 'a.json'",
        "renderer exited with 127",
        # An index created by hand, not suggested by ``.expert``.
        "sqlite> CREATE INDEX parcels_depot ON parcels(depot);",
        # ``git branch -v`` without upstreams, and a log line with brackets.
        "* main   46a4d8e Cache it\n  spike  47390b9 Try it\n",
        "2026-12-02 [INFO] started [worker 1] ",
        # ADR 0221's lookalikes: a diff of two versions, not of a formatter; a formatter that
        # found nothing; a read-only open; a mode that is no file's.
        "--- a/queue.tf\n+++ b/queue.tf\n@@ -1 +1 @@",
        "--- old/queue.tf\n+++ new/other.tf\n",
        "All done! 1 file left unchanged.\nDiff in the docs: see below",
        'openat(AT_FDCWD, "/etc/a.conf", O_RDONLY) = 3',
        "O_WRONLY is a flag of open(2)",
        "exit code -rwx is no mode; -r-x--x--x-- neither",
        "see .tar files, the shopd.tarball name and backup.zipped",  # no archive's name
        # ADR 0229: no header's name (a page, an extension talked about, a host), no ENOENT.
        "GET /docs/index.html 200; see the .h files; host db.hq.example",
        "no such file was written",
        # ADR 0239: a threshold without ms_print's gathered allocations; ``re`` as a word's end
        # or another module; fewer than three limits in ``ulimit``'s form.
        "coverage 41.7% is below the threshold of 80%",
        "in 3 places, all above the threshold",
        "score.Pattern and more.Match; are.error",
        "import regex; regex.compile(x)",
        "max user processes                  (-u) 63704\nstack size  (kbytes, -s) 8192",
        "see the manual (-n) 3 times",
        # ADR 0243's lookalikes: a clean Go build, a key that only ends alike, heap flags of
        # another form.
        "\tbuild\tvcs.modified=false\n",
        "build\tpre.vcs.modified=trueish",
        "set JAVA_OPTS with -XmxHALF or --Xmx=2g; -XX:MaxHeapSize=2g; -Xms",
        "lsof says open files (-n) 20000 elsewhere; open files (-n) many",
        "Collecting pytest\n  Downloading pytest-9.2.0-py3-none-any.whl (411 kB)",
        "collecting billiard<5.0 by hand",
        # ADR 0282's lookalikes: sizes in bits, tc's kilobytes, a word ending in "bit", a
        # version, an HTB class shown without a rate.
        "Server public key is 2048 bit; a 256 bit key; an 8 bit runtime",
        "burst 8Kb cburst 1600b; backlog 8652b",
        "orbit 5 rabbit, v1.2bit, 3 bits, 64bit build",
        "class htb 1:30 parent 1:1 leaf 30: prio 2",
        # ADR 0283's lookalikes: a type checker's and a linter's errors in Python, a log's
        # error after a time, a warning, an error not at a source file's line.
        "app/db.py:23:43: error: Incompatible return value type",
        "2025-06-14 09:00:01: error: connection refused",
        "main.c:14:5: warning: implicit declaration of function 'csv_free_columns'",
        "collect2: error: ld returned 1 exit status",
        "see main.c:4: error: expected",
        # make's other failures, a quoted one.
        "make: *** No rule to make target 'install'.  Stop.",
        "cmake: *** [x] Error 1; echo 'make: *** [a] Error 1'",
    ],
)
def test_other_text_gets_none(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""


def test_a_word_the_text_says_is_not_repeated() -> None:
    assert tool_vocabulary_facts("in 1+ places, all below ms_print's threshold; small ones") == ""
    assert tool_vocabulary_facts("# limits of the login shell\n" + _ULIMIT) == ""
    assert tool_vocabulary_facts("FROM node:20 AS base") == "image"
    assert tool_vocabulary_facts("FROM --platform=linux/amd64 node:20-images") == "base"
    assert tool_vocabulary_facts("Public-Key: (2048 bit)\nSize of the key") == ""
    assert tool_vocabulary_facts(_BLAME_ACROSS_A_MOVE + "# renamed from src/") == "moved"
    assert tool_vocabulary_facts("p99: the 99th percentile of latencies") == ""
    assert tool_vocabulary_facts("Diff in src/a.rs:1:\n+use std::fmt::Formatter;") == ""
    assert tool_vocabulary_facts("-rwxr-x--- a 1 b executables.sh") == ""
    assert tool_vocabulary_facts("-rwxr-xr-x a 1 b world-readable executables.sh") == ""
    assert tool_vocabulary_facts("tar: a.tar.gz: Cannot open: archived") == ""
    # a TODO test that failed, as expected; a TODO in prose
    assert tool_vocabulary_facts("not ok 2 - bills the minimum # TODO not implemented") == ""
    assert tool_vocabulary_facts("# TODO: ok 2 things left\nTODO passed review") == ""


def test_a_plaintext_section_carries_the_words() -> None:
    (section,) = chunk("FROM python:3.12-slim AS build\nRUN pip install .\n", ContentType.PLAINTEXT)
    assert "base image" in section.facts


def test_a_csv_s_first_section_carries_the_words_for_its_header() -> None:
    rows = "".join(
        f"2025-05-{day % 28 + 1:02},eu-west-1,search,{day},7,2,3,4,5.0\n" for day in range(400)
    )
    sections = chunk(_CSV + rows, ContentType.PLAINTEXT)
    assert len(sections) > 1
    assert "csv columns header fields" in sections[0].facts
    assert all("csv" not in section.facts for section in sections[1:])


def test_a_blame_section_across_a_move_carries_the_words() -> None:
    (section,) = chunk(_BLAME_ACROSS_A_MOVE, ContentType.PLAINTEXT)
    assert "moved renamed" in section.facts
