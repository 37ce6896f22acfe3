"""The tool vocabulary's signs behind rare characters (ADR 0224) give the facts its plain signs
gave: each entry's test run behind the substrings it was first written with, every one looked
for in the whole text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.search.tool_vocabulary import _ENTRIES, _SAID, tool_vocabulary_facts

# Each entry's substrings as they were before ADR 0224, one of which the entry's test ran
# behind (by the entry's words).
_PLAIN_SIGNS: dict[str, tuple[str, ...]] = {
    "base image": ("FROM ",),
    "size": ("Public-Key: (",),
    "type": ("Public Key Algorithm:",),
    "replay": ("ebas", " to do ("),
    "moved renamed": ("\n",),
    "csv columns header fields": (",",),
    "tsv columns header fields": ("\t",),
    "percentile": ("p9", "p5", "P9", "P5", "p("),
    "negative": ("constraint failed", "greater than"),
    "valid rejected": ("depth lookup: ",),
    "intermediate chain": ("-untrusted ",),
    "authentication": ("-purpose ssl",),
    "missing": ("No such file",),
    "code status": ("+++ exited with ",),
    "suggested": ("CREATE INDEX",),
    "upstream tracking": ("] ",),
    "formatted": ("--- old/", "Diff in ", "ould reformat"),
    "write": ("O_WRONLY", "O_RDWR"),
    "executable": ("-r", "--x"),
    "archive": (".tar", ".tgz", ".zip"),
    "header": (".h",),
    "small": ("+ places, all below ",),
    "regex": ("re.Pattern", "re.Match", "re.error", "re/__init__.py"),
    "shell": ("(-",),
    "uncommitted dirty": ("vcs.modified=true",),
    "maximum heap": ("-Xmx",),
    "initial heap": ("-Xms",),
    "limit": ("(-n) ",),
    "constraint": ("Collecting ",),
    "bandwidth": ("bit", "bps", "b/s"),
    "guaranteed": ("htb",),
    "connect": ("source-address",),
    "unexpectedly": ("TODO",),
}
# The entries of ``run_vocabulary`` (ADR 0252), written with their signs: the strings their
# tests need.
_RUN_PLAIN_SIGNS: dict[str, tuple[str, ...]] = {
    "command script": ("+ ",),
    "pattern select": ("grep ",),
    "subtest": ("Test",),
    "missing": ("which is not installed",),
    "commit branch version": (":  ",),
    "removed dropped": (" < -:  ",),
    "added": ("- > ",),
    "covered uncovered": ("#####:", "=====:"),
    "instructions cost": ("file:function",),
    "called times": ("x)",),
    "apply": ("Hunk #",),
    "key missing": ("KeyError: ",),
    "crashed": ("ost mortem debug",),
    "installed": ("ii  ",),
    "package": ("npm notice ",),
    "property": ("Falsifying example: ", "Failing test case: "),
    "allocated memory": (" lost in loss record ",),
    "call number": ("argument",),
    "program": ("$ ./",),
    "slice": ("[]",),
    "compile": (": error", ": fatal error"),
    "rule target recipe": ("*** [",),
    # ``trace_vocabulary``'s (ADR 0268).
    "executed reached applied uncovered": (">>>>>> ",),
    # ``checkout_vocabulary``'s (ADR 0305).
    "different recorded": ("+",),
    # ``build_vocabulary``'s (ADR 0306).
    "symbol twice duplicate": ("multiple definition of ",),
    "link command": (" -o ",),
    "link linker": ("undefined reference to ",),
    # ``measure_vocabulary``'s (ADR 0307).
    "lines": ("Stmts",),
    "first byte": ("time_starttransfer", "ttfb", "TTFB"),
    "uncompressed": ("Cmpr",),
    # ``listing_vocabulary``'s (ADRs 0314, 0315, 0366).
    "reverse lookup": ("PTR",),
    "symlink points": (" -> ",),
    "world writable": ("w", " -perm "),
    "world readable": ("r", " -perm "),
    "size": ("-",),
    # ``schedule_vocabulary``'s (ADR 0320).
    "schedule": ("Next elapse: ", "NEXT "),
    "weekday": ("Fri",),
    # ``build_script_vocabulary``'s (ADR 0323).
    "build script printed": ("cargo:", "warning: "),
    # ``routing_vocabulary``'s (ADR 0331).
    "policy": (":\t",),
    # ``binary_vocabulary``'s (ADR 0329).
    "magic": ("000000",),
    "baked embedded hardcoded directory": ("RUNPATH", "RPATH"),
    # ``wal_vocabulary``'s (ADR 0336).
    "segment": ("WAL", "pg_wal", "write-ahead"),
    # ``firewall_vocabulary``'s (ADR 0339).
    "ssh": ("dpt:22", "dport 22"),
    "subnet": ("-A ", "-I "),
    "allow reach": ("ACCEPT", "accept"),
    # ``import_order_vocabulary``'s (ADR 0340).
    "unsorted": ("Imports are incorrectly sorted",),
    # ``dependency_tree_vocabulary``'s (ADR 0343).
    "pulls depends": ("[required: ", "[requires: "),
    # ``moved_lines_vocabulary``'s (ADR 0344).
    "moved": ("@@ -",),
    # ``lint_config_vocabulary``'s (ADR 0348).
    "config": ("yamllint ",),
    # ``compiler_headers_vocabulary``'s (ADR 0350).
    "version": ("/lib/gcc", "/lib/clang/"),
    # ``conflict_vocabulary``'s (ADR 0384).
    "conflict markers": ("<<<<<<<", ">>>>>>>"),
    "common ancestor": ("|||||||",),
    # ``system_marks_vocabulary``'s (ADR 0392).
    "inheritable": ("cap_",),
    "effective": ("cap_",),
    "permitted": ("cap_",),
    "session ended": (" - crash ", " - down "),
    "daylight saving summer time": ("isdst=1 ",),
    "standard time": ("isdst=0 ",),
    "half hour": (" gmtoff=",),
    "january": (" Jan ",),
    "february": (" Feb ",),
    "march": (" Mar ",),
    "april": (" Apr ",),
    "may": (" May ",),
    "june": (" Jun ",),
    "july": (" Jul ",),
    "august": (" Aug ",),
    "september": (" Sep ",),
    "october": (" Oct ",),
    "november": (" Nov ",),
    "december": (" Dec ",),
    # ``markup_vocabulary``'s and ``route_trace_vocabulary``'s (ADR 0398).
    "accessibility": (" column ",),
    "bold": (" column ",),
    "italic": (" column ",),
    "underline": (" column ",),
    "strikethrough": (" column ",),
    "emphasis": (" column ",),
    "paragraph": (" column ",),
    "link anchor": (" column ",),
    "image": (" column ",),
    "table cell": (" column ",),
    "table header cell": (" column ",),
    "table row": (" column ",),
    "list": (" column ",),
    "numbered list": (" column ",),
    "list item": (" column ",),
    "line break": (" column ",),
    "horizontal rule": (" column ",),
    "heading": (" column ",),
    "reached destination": (" hops max,",),
    "icmp echo": (" hops max,",),
    "tcp syn": (" hops max,",),
    # ``tool_marks_vocabulary``'s (ADR 0408).
    "retransmissions retransmits": ("[ ID] Interval",),
    "congestion window": ("[ ID] Interval",),
    "parallel streams": ("[ ID] Interval",),
    "reachable": ("Nmap scan report for ",),
    "generated scanner": ("lex.yy.c",),
    "never assigned": ("uninitialized variable",),
    "divisor": ("division by zero",),
    # ``tool_marks_vocabulary``'s (ADR 0416).
    "gro": ("generic-receive-offload: ",),
    "tso": ("tcp-segmentation-offload: ",),
    "gso": ("generic-segmentation-offload: ",),
    "lro": ("large-receive-offload: ",),
    "enabled": ("-offload: on",),
    "global written assigned": ("setting non-standard global variable",),
    "global written": ("mutating non-standard global variable",),
    "syntax error": (" near '",),
    "sql linter": ("$ sqlfluff ",),
    "source": ("At line ",),
    "smaller": ("--shrink option",),
    # ``language_codes``' (ADR 0278): a locale tag names its language.
    "arabic": ("_",),
    "chinese": ("_",),
    "czech": ("_",),
    "danish": ("_",),
    "dutch": ("_",),
    "english": ("_",),
    "finnish": ("_",),
    "french": ("_",),
    "german": ("_",),
    "greek": ("_",),
    "hebrew": ("_",),
    "hindi": ("_",),
    "hungarian": ("_",),
    "italian": ("_",),
    "japanese": ("_",),
    "korean": ("_",),
    "norwegian": ("_",),
    "polish": ("_",),
    "portuguese": ("_",),
    "russian": ("_",),
    "spanish": ("_",),
    "swedish": ("_",),
    "turkish": ("_",),
    "ukrainian": ("_",),
}
_EVERY_PLAIN_SIGN = [*_PLAIN_SIGNS.values(), *_RUN_PLAIN_SIGNS.values()]


def _tool_vocabulary_facts_behind_plain_signs(text: str) -> str:
    """``tool_vocabulary_facts`` as it was: each test behind its plain substrings."""
    words: dict[str, None] = {}
    for (_, holds, said), plain in zip(_ENTRIES, _EVERY_PLAIN_SIGN, strict=True):
        if any(sign in text for sign in plain) and holds(text):
            words.update(dict.fromkeys(said.split()))
    if not words:
        return ""
    lowered = text.lower()
    return " ".join(word for word in words if _SAID[word].search(lowered) is None)


_LINES = [
    "FROM python:3.12-slim AS build",
    "America/St_Johns  Sun Nov  1 03:30:00 2026 UT = Sun Nov  1 01:00:00 2026 NST isdst=0 gmtoff=-12600",
    "Australia/Lord_Howe  Sat Oct  3 15:00:00 2026 UT = Sun Oct  4 02:30:00 2026 +11 isdst=1 gmtoff=39600",
    "/usr/local/bin/probe cap_net_raw,cap_net_admin=eip",
    "line 16 column 35 - Warning: replacing unexpected b with </b>",
    'line 14 column 40 - Warning: <td> attribute "align" has invalid value "middle"',
    "line 10 column 1 - Access: [2.1.1.1]: ensure information not conveyed through color alone",
    "$ traceroute -n -I -q 1 --tcp 10.40.3.10",
    "$ traceroute -T db",
    "[ ID] Interval           Transfer     Bitrate         Retr  Cwnd",
    "[SUM]   0.00-2.00   sec  1.50 GBytes  6.45 Gbits/sec    7",
    "Nmap scan report for localhost (127.0.0.1)\n5432/tcp  closed postgresql",
    "8080/tcp filtered http-proxy",
    "1785 lex.yy.c",
    "gawk: a.awk:4: warning: reference to uninitialized variable `limt'",
    "ZeroDivisionError: division by zero",
    "traceroute to db (10.40.3.10), 30 hops max, 60 byte packets\n 1  10.40.1.1  0.042 ms\n"
    " 2  10.40.3.10  0.412 ms",
    "pilot    pts/1        10.0.0.7         Mon Dec  7 09:12 - crash  (01:41)",
    "<<<<<<< beacon-ours.conf",
    "||||||| merged common ancestors",
    ">>>>>>> theirs",
    "=======",
    "1000:\tfrom 10.20.0.0/24 lookup 100",
    "200:\tnot from all fwmark 0x1 blackhole",
    'LC_CTYPE="de_DE.UTF-8" LANG=ja_JP.eucJP node_DEBUG=1 x.de_DE',
    "   Public-Key: (256 bit)",
    "   Public Key Algorithm: id-ecPublicKey",
    "Rebasing (1/2)",
    "interactive rebase in progress; onto 79e246d",
    "Next command to do (1 remaining command):",
    "fd1bbd85 src/a.py (Ann Lee 2026-12-02 16:52:09 +0000  4) x",
    "32c7e57c a.py     (Bo Chen 2026-12-05 12:43:17 -0800  5)",
    "^fd1bbd8 b.py (Cy Day 2026-12-05 12:43:17 +0530 17)",
    "date,region,service",
    '"date","region",p95_ms',
    "2025-05-01,eu-west-1,checkout",
    "a,b,c",
    '"a","b","c"',
    "1,2,3",
    "host\trole\tzone",
    "web-1\tweb\ta",
    "  http_req_duration: avg=12ms p(90)=31ms p(95)=44ms",
    "p50=12ms  p99.9=480ms P99 p75 P(95) p(99",
    "latency P50 42ms",
    "p75=8ms P(90)",
    "CHECK constraint failed: amount_cents >= 0",
    "Input should be greater than or equal to 0",
    "should be greater than 0.5",
    "error 10 at 0 depth lookup: certificate has expired",
    "$ openssl verify -CAfile root.pem -untrusted issuing.pem api.pem",
    "$ openssl s_client -purpose sslserver -connect a:443",
    'openat(AT_FDCWD, "/etc/a.conf", O_RDONLY) = -1 ENOENT (No such file or directory)',
    "[pid 21068] +++ exited with 127 +++",
    "src/report.c:3:10: fatal error: pdfgen.h: No such file or directory",
    "cp: cannot stat 'a.hpp': No such file or directory",
    "include/money.hh money.h.in x.hxx",
    ".expert",
    "SELECT 1 FROM t WHERE a = 1;",
    "CREATE INDEX t_idx_1 ON t(a);",
    "* main   46a4d8e [origin/main: ahead 5] Cache it",
    "  spike  47390b9 [origin/spike] Try it",
    "--- old/queue.tf",
    "+++ new/queue.tf",
    "Diff in src/lib.rs:1:",
    "Diff in src/lib.rs at line 3:",
    "would reformat src/app.py",
    "Would reformat: src/app.py",
    'open("/var/log/a.log", O_RDWR|O_APPEND) = 3',
    'openat(AT_FDCWD, "out/a.pdf", O_WRONLY|O_CREAT, 0644) = 3',
    "-rwxr-xr-x 1 ann ann 40 Dec  1 10:00 run.sh",
    "-rw-r-xr-x. 1 ann ann 40 run.sh",
    "---x------ 1 a b c",
    "-w-x------ 1 a b c",
    "drwxr-xr-x 2 a b dir",
    "$ tar -tvzf shopd-2.3.1.tar.gz",
    "a-1.0.0.tgz docs.zip site.tar.zst x.tar.",
    '10.0.3.4 - - [2025-06-14T00:00:01Z] "GET /api HTTP/1.1" 200 512 rt=0.120',
    "2025-06-14T00:00:02Z WARN  req=0a1b connection to db-3 refused, retrying in 9 ms",
    "->00.02% (528B) in 1+ places, all below ms_print's threshold (01.00%)",
    "    40000    0.026    0.000    0.026    0.000 {method 'match' of 're.Pattern' objects}",
    '  File "/usr/lib/python3.11/re/__init__.py", line 227, in compile',
    "re.error: missing ), unterminated subpattern at position 0",
    "open files                          (-n) 20000",
    "stack size                  (kbytes, -s) 8192",
    "virtual memory              (kbytes, -v) unlimited",
    "\tbuild\tvcs.modified=true",
    "$ java -Xms32m -Xmx160m -XX:+UseG1GC",
    "Collecting billiard<5.0,>=4.2.0 (from celery==5.4.0)",
    "class htb 1:20 parent 1:1 prio 1 rate 30Mbit ceil 50Mbit burst 1593b cburst 1600b",
    "include/gauge.h:3:10: fatal error: scale.h: No such file or directory",
    "src/report.ts(11,32): error TS2532: Object is possibly 'undefined'.",
    "make[1]: *** [Makefile:9: build/coupon.o] Error 1",
    "[  5]   0.00-10.00  sec  1.10 GBytes   941 Mbits/sec; Speed: 1000Mb/s; 1 Gbps",
    "+ rotate-backups.sh:7: KEEP=3",
    "++ ls -1 ./backups",
    "- a",
    "? ^",
    "++ backup.sh:12: grep -E '^orders-[0-9]{8}$'",
    "    --- FAIL: TestCost/just_over (0.00s)",
    "stop-names 0.7.1 requires unidecode-lite, which is not installed.",
    "1:  77de080 ! 1:  13cc5cc Add the voucher",
    "2:  44b137f = 2:  009118b Test it",
    "3:  ce75684 < -:  ------- Note it",
    "-:  ------- > 3:  5a56997 Mention it",
    "ii  openssl        3.0.19-1~deb12u2   amd64   Secure Sockets Layer toolkit",
    "npm notice total files: 9",
    "npm notice Tarball Contents",
    "E   Failing test case: test_split_adds_up(",
    "Falsifying example: test_round_trip(",
    "==8651== 15 bytes in 3 blocks are indirectly lost in loss record 1 of 3",
    "src/payroll/Payslip.java:18: error: incompatible types",
    "src/main.c:6:5: error: too many arguments to function 'print_invoice'",
    "reason: actual and formal argument lists differ in length",
    "TypeError: f() takes 2 positional arguments but 3 were given",
    "$ ./rates",
    "invoice total 5591",
    ">>>>>>         total = 1000",
    "+de05f1d11f1a016c0a6237a4c85ae84be5c9ecd0 vendor/chart-tiles (heads/main)",
    "/usr/bin/ld: a.o:/src/a.c:6: multiple definition of `count'; b.o: first defined here",
    "[1/1] : && /usr/bin/cc -O2 main.c.o -o ballastctl  libcore.a && :",
    "$ clang++ -O2 a.o -o tool",
    "/usr/bin/cc -O2 -o a.c.o -c a.c",
    "200 168000B connect=0.000245s ttfb=0.003190s total=0.003455s",
    "curl -w '%{time_starttransfer}' http://h/",
    " Length   Method    Size  Cmpr    Date    Time   CRC-32   Name",
    "                source-address 10.40.0.0/16",
    "$ ssh-keygen -s ca -I bot -O source-address=10.40.0.0/16 bot.pub",
    "12.4.60.10.in-addr.arpa. 300\tIN\tPTR\tkiosk-south.example.",
    "lrwxrwxrwx root/root 0 2026-11-28 09:00 ./usr/bin/td -> ../lib/td/td.py",
    "-rw-rw-rw- root 310000 2026-11-30 16:05 up/a.png",
    "drwxrwxrwt 2 root root 40 Dec  1 10:00 tmp",
    "$ find up -perm -o+w -type f",
    "$ find up -perm -0002",
    "3        0     0 ACCEPT     6    --  *      *       10.42.0.0/16         0.0.0.0/0    tcp dpt:22",
    "-A INPUT -s 10.42.0.0/16 -p tcp -m tcp --dport 22 -j ACCEPT",
    "-I FWD -d ! 10.0.0.0/8 -j DROP",
    "    ip saddr 192.168.1.0/24 tcp dport 22 accept",
    "ERROR: /src/a.py Imports are incorrectly sorted and/or formatted.",
]
# What takes lines together: a table under its header, a blame across a move, a formatter's
# diff of one file, ``.expert``'s answer.
_BLOCKS = [
    '"a","b","c"\n1,2,3\n4,5,6\n7,8,9',
    "id,name\tx,y\n1,2\n3,4\n5,6",
    "host\trole\tzone\nweb-1\tweb\ta\nweb-2\tweb\tb\ndb-1\tdb\ta",
    "fd1bbd85 src/a.py (Ann Lee 2026-12-02 16:52:09 +0000  4) x\n"
    "32c7e57c a.py     (Bo Chen 2026-12-05 12:43:17 -0800  5)",
    "--- old/queue.tf\n+++ new/queue.tf",
    ".expert\nSELECT 1 FROM t WHERE a = 1;\nCREATE INDEX t_idx_1 ON t(a);",
    "open files                          (-n) 20000\n"
    "stack size                  (kbytes, -s) 8192\n"
    "virtual memory              (kbytes, -v) unlimited",
    "+ KEEP=3\n+ prune\n++ ls -1 ./backups",
    'pg_waldump: error: could not locate WAL file "000000010000000000000099"',
    "Name                  Stmts   Miss Branch BrPart  Cover   Missing\n"
    "tariffs/berth.py         14      5      8      2    59%   3, 9, 14-16",
]
# Pieces the texts are made of: whole lines and blocks, their halves, every sign old and new,
# and the characters the signs open on or are asked for behind.
_PIECES = st.sampled_from(
    [
        *_LINES,
        *_BLOCKS,
        *(line[: len(line) // 2] for line in _LINES),
        *(line[len(line) // 2 :] for line in _LINES),
        *(sign for signs in _EVERY_PLAIN_SIGN for sign in signs),
        *(sign for signs, _, _ in _ENTRIES for _, sign in signs if isinstance(sign, str)),
        *'\n\n\n  \t,;:()[]+-._"MKCEPOpR59X=C',
    ]
)
_TEXTS = (
    st.lists(_PIECES, max_size=14).map("".join)
    | st.lists(_PIECES, max_size=8).map("\n".join)
    | st.text(max_size=60)
)


@settings(max_examples=3000)
@given(_TEXTS)
def test_the_signs_behind_rare_characters_give_the_facts_of_the_plain_signs(text: str) -> None:
    assert tool_vocabulary_facts(text) == _tool_vocabulary_facts_behind_plain_signs(text)


def test_each_entry_has_its_plain_signs() -> None:
    assert [said for _, _, said in _ENTRIES] == [*_PLAIN_SIGNS, *_RUN_PLAIN_SIGNS]


def test_a_string_sign_holds_the_characters_asked_for_before_it() -> None:
    for signs, _, _ in _ENTRIES:
        for characters, sign in signs:
            if isinstance(sign, str):
                assert all(character in sign for character in characters), sign


@settings(max_examples=1500)
@given(st.text(alphabet="bitps/ 1M\n", max_size=30))
def test_the_bandwidth_sign_holds_where_its_plain_signs_do(text: str) -> None:
    # One scan for ``bit``, ``bps`` and ``b/s`` (ADR 0361): the entry is asked where one stands.
    [signs] = [signs for signs, _, said in _ENTRIES if said == "bandwidth"]
    asked = any(
        all(character in text for character in characters)
        and (sign in text if isinstance(sign, str) else bool(sign(text)))
        for characters, sign in signs
    )
    assert asked == any(plain in text for plain in _PLAIN_SIGNS["bandwidth"])
