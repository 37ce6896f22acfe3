"""Synonym groups: words an agent uses interchangeably for the same thing.

Data, not code: add a group (or a word to a group) and both layers pick it up. A word belongs
to at most one group and no synonym is a stopword (unit tests check both). The forms of an
irregular verb (``inflections``) are looked up the same way, and so are the open forms of a
closed compound (``doctest`` → "documentation test"), searched as phrases.
"""

from __future__ import annotations

from domain.precompiled import precompiled
from domain.search.inflections import IRREGULAR_FORMS

SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = (
    ("auth", "authentication", "authn", "authenticating", "login"),
    ("authz", "authorization", "authorizing", "permission", "permissions"),
    ("db", "database", "datastore"),
    ("perf", "performance", "latency", "throughput", "slow", "bottleneck"),
    ("optim", "optimization", "optimizing", "optimise", "optimisation"),
    ("k8s", "kubernetes", "kube"),
    ("config", "configuration", "configuring", "settings"),
    ("env", "environment"),
    ("fn", "function", "func"),
    ("impl", "implementation", "implementing"),
    ("msg", "message", "messaging"),
    ("repo", "repository"),
    ("req", "request"),
    ("res", "response"),
    ("ts", "typescript"),
    ("js", "javascript"),
    ("pg", "postgres", "postgresql", "5432"),
    ("err", "error", "errors", "failure", "exception"),
    ("api", "endpoint", "endpoints"),
    ("ci", "continuous-integration", "pipeline"),
    ("cd", "continuous-deployment"),
    ("doc", "documentation", "docs"),
    ("infra", "infrastructure"),
    ("deploy", "deployment", "deploying"),
    ("cache", "caching", "cached"),
    ("log", "logging", "logs"),
    ("swp", "swap"),  # vim names its swap files .swp
    ("monitor", "monitoring"),
    ("observe", "observability"),
    ("sec", "security", "secure"),
    ("validate", "validation", "validating"),
    ("migrate", "migration", "migrations"),
    ("debug", "debugging"),
    ("container", "containerization", "docker"),
    ("webhook", "webhooks", "callback"),
    ("middleware", "mw"),
    ("paginate", "pagination"),
    ("serialize", "serialization"),
    ("encrypt", "encryption"),
    ("hash", "hashing"),
    ("dep", "dependency", "dependencies"),
    ("pkg", "package", "packages"),
    ("dir", "directory", "folder"),
    ("param", "parameter", "parameters", "arg", "argument", "arguments"),
    ("var", "variable", "variables"),
    ("timeout", "timed-out"),
    ("crash", "panic", "panicked", "panicking", "segfault"),
    ("memory", "ram"),
    # "how much free space is left": ``df`` heads the column ``Avail``, which the words layer
    # stems as it stems ``available`` (free(1)'s column). Not ``available`` itself: "min
    # available pods" would meet every "free" for nothing.
    ("free", "avail"),
    # "which commits are still left to replay": tools count what is still to do as remaining
    # (``git rebase``: "Next command to do (1 remaining command)"; ADR 0183).
    ("left", "remaining"),
    # "cumulative time in main.dedupe": profilers head the column of time spent in a function
    # and all it calls ``cum`` (pprof's ``cum  cum%``; cProfile's ``cumtime`` starts with it).
    ("cumulative", "cum"),
    ("sse", "server-sent"),
    ("tarball", "tgz"),
    ("ttl", "lifetime", "time-to-live"),
    ("sequential", "seq"),
    ("link", "linker", "linking", "ld"),
    # "which ports does the firewall open": netfilter writes a rule's port as the destination
    # port it matches (nft's ``tcp dport { 80, 443 }``, iptables' ``--dport 22``).
    ("port", "ports", "dport"),
    ("remove", "removed", "removing", "destroy", "destroyed", "destroying"),
    # A service and the port it listens on by default: a log names the address it failed to
    # reach (``connect ETIMEDOUT 172.18.0.5:6379``), an agent names the service ("redis
    # connection timeout"). Only ports that are each one service's well-known default (IANA's
    # registry, the service's own docs), none a common count or size.
    ("redis", "6379"),
    ("mysql", "3306"),
    ("mongodb", "mongo", "27017"),
    ("elasticsearch", "9200"),
    ("memcached", "11211"),
    ("rabbitmq", "amqp", "5672"),
    ("kafka", "9092"),
    ("zookeeper", "2181"),
    ("etcd", "2379"),
    ("mssql", "1433"),
    ("cassandra", "9042"),
    ("consul", "8500"),
)


# Closed compounds agents type for what docs write as two words (``doctest`` for the
# "Documentation tests" chapter, ``lockfile`` for "the lock file"): the open forms are searched
# as phrases. One way only: a query of two words already finds each of them.
OPEN_FORMS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("doctest", ("doc test", "documentation test")),
    ("docstring", ("doc string", "documentation string")),
    ("typecheck", ("type check",)),
    ("healthcheck", ("health check",)),
    ("lockfile", ("lock file",)),
    ("codegen", ("code generation",)),
    ("filename", ("file name",)),
    ("username", ("user name",)),
    ("hostname", ("host name",)),
    ("dataset", ("data set",)),
)


def _index(groups: tuple[tuple[str, ...], ...]) -> dict[str, tuple[str, ...]]:
    index: dict[str, tuple[str, ...]] = {}
    for group in groups:
        for word in group:
            index[word] = tuple(other for other in group if other != word)
    return index


_SYNONYMS = _index(SYNONYM_GROUPS + IRREGULAR_FORMS)
for _closed, _open in OPEN_FORMS:
    _SYNONYMS[_closed] = _open
    _SYNONYMS[_closed + "s"] = _open


# A measure at a cut-off (``recall@5``) is also written by its initial (``R@5``, ``P@10``).
# From a word's first letter: each letter of a long word began a scan of the rest.
_AT_CUTOFF = precompiled(r"(?<![a-z0-9])([a-z][a-z0-9]+)@(\d+)")


def is_cutoff(word: str) -> bool:
    """Whether ``word`` (lower case) is a measure at a cut-off (``recall@5``)."""
    return _AT_CUTOFF.fullmatch(word) is not None


def synonyms_of(word: str) -> tuple[str, ...]:
    """The other words of ``word``'s group (lower case), or ``()``."""
    lowered = word.lower()
    cutoff = _AT_CUTOFF.fullmatch(lowered)
    if cutoff is not None:
        return (f"{cutoff[1][0]}@{cutoff[2]}",)
    return _SYNONYMS.get(lowered, ())


def has_synonyms(word: str) -> bool:
    return word.lower() in _SYNONYMS


SYNONYM_WORDS: frozenset[str] = frozenset(_SYNONYMS)
