"""Every constant that decides which sections search finds and in what order, with the reason
it has its value (how much of them a reply shows: ``reply_tuning``).

Tuned on capy's own realistic test corpus and the quality benchmark (``capy bench quality``);
change a value only together with a benchmark run, and keep the reason up to date.
"""

from __future__ import annotations

# Reciprocal Rank Fusion constant. 60 is the value from the original RRF paper and the one
# capy has always used: large enough that one layer's first place cannot drown the other
# layer's opinion. The reranking boosts dominate the final order, so the benchmark barely
# moves between k = 5 and k = 200.
RRF_K = 60

# How many candidates each layer returns per query, as a multiple of the requested limit and
# at least a floor. Reranking can only promote what a layer returned; 5× the limit (≥ 30) left
# room for every boost in tuning while keeping a layer query well under a millisecond.
CANDIDATES_PER_RESULT = 5
MIN_CANDIDATES = 30

# Candidates are gathered as for at least this many results, so a search for 3 and one for 10
# rank their first results alike (with as few candidates and fill-ups as the limit asked for,
# 2 % of benchmark queries put another section first at limit 3 than at limit 10).
RANKED_AT_LEAST = 10

# The trigram layer counts half as much as porter in the fusion: its bm25 over trigrams is a
# noisier relevance signal (common trigrams match everywhere) but a precise one for partial
# words and identifiers that porter cannot see. Dropping it (0) lost cases; 0.5 and 1.0 were
# within one case of each other.
PORTER_WEIGHT = 1.0
TRIGRAM_WEIGHT = 0.5

# Chunks matching every query term group (AND) rank above chunks matching only some (OR):
# a partial match is scaled by coverage ** COVERAGE_EXPONENT (1 when all groups match).
COVERAGE_EXPONENT = 2.0
# Each unit's share of the coverage is weighted by an IDF estimate over the candidates raised to
# IDF_POWER: matching the rare word of a query says more than matching its common one (0: equal).
# Over a knowledge base of many sources it lifted R@1 0.710 → 0.726 and R@5 0.873 → 0.889 on
# the benchmark; within one source it is neutral.
IDF_POWER = 1.0

# A result must contain at least this IDF-weighted share of the query's units. A term absent
# from every candidate weighs most, so a result matching only a query's common words (the
# topic itself is nowhere) falls below it. Measured on 75 unanswerable and 391 answerable
# questions: 0.1 → 4 fewer unanswerable ones answered, no answerable one lost (the lowest
# share of a first-ranked answer is 0.19); 0.15 → 9 fewer but one answer at rank 8 lost (its
# query's main noun, ``cargo``, is not in the rustc output it asks about); 0.2 cost five.
MIN_COVERAGE = 0.1

# Tool output says one thing per line: the query's words on one line (or in the title) are
# stronger evidence than the same words scattered over a chunk (``test_release_unknown_sku
# FAILED`` beside ``…reserved_stock PASSED``). The coverage that ranks a hit is the larger of
# the share of units found together on its best line and LINE_SHARE_FLOOR × the share found
# anywhere in it (1: lines do not matter).
LINE_SHARE_FLOOR = 0.85
# A generic word of the query (``error``, ``problem``, ``issue``, ``failed``;
# ``generic_words.is_generic``) that a hit, or a line of it, does not hold weighs this share of
# its weight in the whole its coverage is a share of (1: as much as any other word; ADR 0092).
# "which go test panicked error" asks what "which go test panicked" asks: the section that
# answers the one answers the other, whether or not it says "error". Chosen on the tuning
# halves, R@1 of the questions with a generic word added (real output / bundled): 1.0 → 0.868 /
# 0.901, 0.5 → 0.877 / –, 0.0 → 0.887 / 0.917; the questions as asked kept every rank. Weighing
# a generic word the hit holds less as well (0.25) gained one more padded question per corpus
# but dropped sections holding only "error" below MIN_COVERAGE: "where is the compile error"
# (check half) lost its answer at rank 2.
GENERIC_MISSING_WEIGHT = 0.0

# Consecutive query terms standing next to each other, in order, in a hit's title (``server
# error`` in ``09:43:51: 500 server error ×2``, ``expected failure`` in ``XFAIL expected failure
# ×1``) name what the section is: coverage is multiplied by 1 + ADJACENCY_WEIGHT × the
# IDF-weighted share of such pairs. A pair is adjacent when the second starts within the first's
# length + ADJACENCY_SLACK characters. Measured: 0.3 gained two first places on real output and
# lost none on the bundled corpus; 0.6 lost an R@3 case there. Counting pairs in the content
# too (prose) lost four first places on the bundled corpus for one gained.
ADJACENCY_WEIGHT = 0.3
ADJACENCY_SLACK = 3

# A line saying a run of the question's consecutive words that holds one of its telling small
# words (``not``, ``no``, ``only``, ``out``, ``up`` …) and a word that is no stopword, in the
# question's order (``Only in staging: redis.conf`` for "files only in staging";
# ``said_phrases``): coverage is multiplied by 1 + SAID_PHRASE_WEIGHT × the run's share of the
# question's words (0: off). Measured (ADR 0231): 1.0 put `diff-ru_q2` first (3 → 1) and moved
# nothing else of the questions as asked, either half; counting any stopword ("in parallel",
# "in the middle of") lost meaning questions.
SAID_PHRASE_WEIGHT = 1.0

# A line whose key joins two adjacent query words (``"terraform_version": "1.11.4"`` for
# "terraform version that made the plan"; ``joined_keys``) ranks its section as if it held this
# share of the question (0: off): the key names what is asked, the rest of the question asks
# about it. As two words on one line it weighed 0.26 of the question (coverage 0.066), below a
# 3,375-character section scattering three of its words (0.235). Measured (ADR 0180): 1.0 put
# `terraform-show_q3` first (3 → 1) and moved nothing else of the own stores, either half.
JOINED_KEY_SHARE = 1.0

# A query word found in a section only inside longer names (``typescript`` in
# ``@typescript-eslint/parser``, ``plugin-syntax-typescript``) is weaker evidence than the word
# standing alone (``typescript@5.9.3``): the section names something else. Its score is
# multiplied by 1 - INSIDE_NAME_PENALTY × the IDF-weighted share of such words (0: off).
# Measured: 0.3 and 0.5 put one more real-output answer and one bundled transcript answer first
# and lost none; 0.7 and 1.0 also moved a bundled curated answer (a CI job's timeout) to rank 2.
INSIDE_NAME_PENALTY = 0.5

# A question asking why (or what went wrong, what crashed) or how many is answered by a line of
# that shape (an error stated, a count), which rarely holds its words: a hit holding one counts
# 1 + ANSWER_KIND_WEIGHT times more (``domain.search.answer_kinds``). Measured: 0.5 put three
# count questions of real output at rank 1 (mypy errors, jest tests passed) and lost none on the
# bundled corpus; 1.0 also one "which release introduced the crash" there (0.3: one only).
ANSWER_KIND_WEIGHT = 1.0

# Title boost: a query term in a chunk's title (a heading, a JSON path) says the chunk is about
# that term. Measured on the benchmark, 0.6 beat capy's 0.3 for prose; code titles (identifiers,
# JSON paths) are stronger evidence still, hence 0.8.
TITLE_WEIGHT_PROSE = 0.6
TITLE_WEIGHT_CODE = 0.8

# Proximity: multiplier 1 + PROXIMITY_WEIGHT / (1 + span / PROXIMITY_SCALE) where span is the
# smallest window (in characters) holding one occurrence of every matched unit. Chunks are at
# most 4 KB, so proximity within one adds little over coverage: at 0.5 it cost the benchmark
# three first places (the nearest match is often a one-line summary, not the answer); 0.1
# keeps it as a tie-breaker.
PROXIMITY_WEIGHT = 0.1
PROXIMITY_SCALE = 80.0

# How strongly porter's bm25 itself counts: a hit's score is multiplied by
# 1 + BM25_WEIGHT × bm25 / best bm25 of the query. RRF keeps only ranks, and with k = 60 ranks
# 1 and 30 differ by a third, so without this the boosts alone decided and a much better bm25
# match could lose to a slightly better-covered one. 1.5 lifted every benchmark view (per type
# R@1 0.816 → 0.824, within one source 0.880 → 0.893, many sources 0.724 → 0.731); 1–3 is a
# plateau.
BM25_WEIGHT = 1.5

# Entity boost: each quoted name, identifier, path or version from the query found verbatim in
# a chunk multiplies its score by 1 + ENTITY_WEIGHT, counted up to ENTITY_COUNT_CAP (≤ 2.5×).
ENTITY_WEIGHT = 0.3
ENTITY_COUNT_CAP = 5

# Per-source diversification: a source's results beyond the first MAX_PER_SOURCE have their
# score multiplied by DIVERSITY_PENALTY, so another source's result overtakes them only when it
# is nearly as good. capy's hard cap (penalty 0) gave R@5 0.924 on the benchmark, 0.5 gives 0.939:
# the answer is often a source's third-best chunk. 0.5 still keeps one document from flooding
# the top of the list with weak matches.
MAX_PER_SOURCE = 2
DIVERSITY_PENALTY = 0.5

# Fuzzy correction: maximum edit distance by word length (≤ 8 → 1, ≤ 12 → 2, longer → 3);
# shorter words than FUZZY_MIN_LENGTH are never corrected. A query word missing from the
# vocabulary is more often a real word the corpus lacks than a typo: with 3 letters and
# distance 2 up to 12, capy "corrected" max → map, big → bug, csv → cov, pinned → planned,
# tokyo → token, entry → envoy (137 corrections over 466 benchmark queries, most of them
# wrong). Short words are mostly abbreviations; the typos agents make (authentcation,
# conections, timout, webhok) are one edit in a longer word. Measured: 2 fewer unanswerable
# questions answered, MRR 0.916 → 0.917, no first place lost; one edit up to 8 letters
# (happened → append, async → sync no more) one more unanswerable question left unanswered.
FUZZY_MIN_LENGTH = 5
# A word of FUZZY_SWAP_LENGTH letters up to FUZZY_MIN_LENGTH is corrected only by undoing one
# slip of a typist after its first letter (``keyboard.is_slip``: ``lokc`` → ``lock``, ``emal``
# → ``email``, ``lime`` → ``line``): a slip rarely turns an abbreviation into another word
# (``max`` → ``map`` took a key far from the one meant). Swaps count as one edit at every
# length (``levenshtein``).
FUZZY_SWAP_LENGTH = 4
FUZZY_DISTANCE_BY_LENGTH: tuple[tuple[int, int], ...] = ((8, 1), (12, 2))
FUZZY_MAX_DISTANCE = 3

# A chunk found only through a corrected word is less certain than one matching what was typed:
# its score is scaled by FUZZY_WEIGHT before merging (a word absent from the knowledge base is
# often not a typo at all, and its "correction" is a different word). A correction every
# changed word of which one typist's slip explains (a word of four letters or more: ``purgwd`` →
# ``purged``) is not scaled: it ranks as the question typed right would (ADR 0157).
FUZZY_WEIGHT = 0.7

# Correction cache: bounded LRU; entries expire after FUZZY_CACHE_TTL_SECONDS so words indexed
# meanwhile become candidates (the store exposes no change counter; a minute is short enough
# for an agent's next search and long enough to serve a burst of related queries).
FUZZY_CACHE_SIZE = 512
FUZZY_CACHE_TTL_SECONDS = 60.0

# Access tracking: a search marks its sources as used at most once per window; a write
# transaction on the encrypted store costs ~5 ms, as much as the whole search (ADR 0016).
ACCESS_FLUSH_SECONDS = 10.0

# Brute force (``domain.search.auth_attacks``): a client refused (a web server's 401/403, sshd's
# failed password) by one endpoint at least BRUTE_FORCE_MIN_FAILURES times within
# BRUTE_FORCE_WINDOW_SECONDS is trying passwords, and the chunks holding its attempts say so
# ("brute force credential stuffing"). Someone who mistyped a password fails two or three
# times; lockout policies and fail2ban's defaults act at five to ten failures in ten minutes.
# Measured on real output: "which client is brute forcing the login" (24 failed logins of one
# address in 3 s) none → rank 1; no unanswerable question of either corpus names the words.
BRUTE_FORCE_MIN_FAILURES = 10
BRUTE_FORCE_WINDOW_SECONDS = 600.0

# A unit that is a word of the name of a lint rule a hit reports (``var`` in eslint's
# ``no-var``) counts as in its title: the rule's name says what the problem is about, where a
# compiler's ``Variable 'best' is used before …`` only shares the words. Measured on real
# output: "use of var in customer.ts" rank 2 → 1 (eslint's section over tsc's); bundled corpus
# unchanged. Matching the rule names like text (synonyms, word prefixes) also made ``vars``
# and ``unused`` of ``no-unused-vars`` a title for "variable used before assignment", whose
# answer (tsc's) fell to rank 2; only the typed word's stem counts.
RULE_NAMES_TITLE = True
# A unit found only inside a stock phrase (``Traceback (most recent call last):``) is not found
# (``stock_phrases``, ADR 0272).
STOCK_PHRASES_UNSAID = True
