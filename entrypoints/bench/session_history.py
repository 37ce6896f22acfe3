"""A generated history of Claude Code sessions, shaped like real ones, for throughput runs.

Real session files are mostly machinery: streamed assistant snapshots (one line per block),
tool results (from a line to megabytes), injected reminders, thinking, file-history and
progress lines. The generator writes that mix, deterministic per seed, until a target size:
sessions of 20 KB to ``max_session_bytes`` (so the largest session — what bounds memory — is
the same whatever the history's size), a tenth of them with a subagent.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import attrs

from entrypoints.bench.transcript_files import ClaudeHome, ClaudeTranscript

_VERBS = ("fix", "refactor", "profile", "document", "test", "migrate", "deploy", "review")
_THINGS = (
    "the retry policy",
    "the invoice exporter",
    "the webhook handler",
    "the auth middleware",
    "the search index",
    "the billing cron",
    "the CSV importer",
    "the rate limiter",
    "the settings loader",
    "the Celery queue",
    "the Postgres pool",
    "the Docker image",
)
_WORDS = (
    "because",
    "latency",
    "timeout",
    "connection",
    "cache",
    "query",
    "handler",
    "deadline",
    "config",
    "worker",
    "batch",
    "stream",
    "schema",
    "index",
    "token",
    "request",
    "response",
    "module",
    "function",
    "error",
    "warning",
    "retry",
    "backoff",
    "memory",
    "thread",
    "lock",
)
_COMMANDS = (
    "python -m pytest -q tests/{m}",
    "git diff --stat",
    "rg -n {w} src/",
    "make lint",
    "docker compose logs {m} --tail 200",
    "python manage.py migrate --plan",
    "ls -la src/{m}",
)


@attrs.frozen
class History:
    root: Path  # the config dir to point CLAUDE_CONFIG_DIR at
    project: Path
    sessions: int
    files: int
    bytes: int
    largest_session_bytes: int


def _sentence(rng: random.Random, words: int) -> str:
    picked = [rng.choice(_WORDS) for _ in range(words)]
    return " ".join(picked).capitalize() + "."


def _output(rng: random.Random) -> str:
    roll = rng.random()
    size = (
        rng.randint(200_000, 900_000)
        if roll < 0.02
        else rng.randint(4_000, 60_000)
        if roll < 0.25
        else rng.randint(40, 3_000)
    )
    line = f"{rng.choice(_WORDS)} {rng.randint(0, 99999)} {rng.choice(_WORDS)} ok\n"
    return (line * (size // len(line) + 1))[:size]


def _turn(t: ClaudeTranscript, rng: random.Random, module: str) -> None:
    task = f"{rng.choice(_VERBS).capitalize()} {rng.choice(_THINGS)} in {module}"
    t.prompt(f"{task}. {_sentence(rng, rng.randint(6, 30))}", reminder=rng.random() < 0.3)
    if rng.random() < 0.4:
        t.record(
            {
                "type": "file-history-snapshot",
                "messageId": f"m{rng.random()}",
                "snapshot": {"trackedFileBackups": {}, "timestamp": t._tick(0)},
            }
        )
    for _ in range(rng.randint(0, 4)):
        command = rng.choice(_COMMANDS).format(m=module, w=rng.choice(_WORDS))
        kind = rng.random()
        if kind < 0.5:
            t.bash(command, _output(rng), description=_sentence(rng, 4))
        elif kind < 0.8:
            t.tool(
                "Read", {"file_path": f"/srv/app/{module}/{rng.choice(_WORDS)}.py"}, _output(rng)
            )
        else:
            t.tool(
                "Edit",
                {
                    "file_path": f"/srv/app/{module}/{rng.choice(_WORDS)}.py",
                    "old_string": _sentence(rng, 8),
                    "new_string": _sentence(rng, 9),
                },
            )
        if rng.random() < 0.3:
            t.record(
                {
                    "type": "progress",
                    "data": {"type": "bash_progress", "output": "…"},
                    "uuid": f"p{rng.random()}",
                    "timestamp": t._tick(0),
                }
            )
    t.assistant(
        {"type": "thinking", "thinking": _sentence(rng, rng.randint(10, 60)), "signature": "s"},
        {
            "type": "text",
            "text": " ".join(_sentence(rng, rng.randint(8, 25)) for _ in range(rng.randint(1, 6))),
        },
    )


def generate_history(
    workdir: Path,
    target_bytes: int,
    *,
    seed: int = 11,
    max_session_bytes: int = 6 * 1024 * 1024,
    now: datetime | None = None,
) -> History:
    """Write sessions for one project under ``workdir`` until they reach ``target_bytes``."""
    rng = random.Random(seed)
    project = workdir / "project"
    project.mkdir(parents=True, exist_ok=True)
    home = ClaudeHome(workdir / "claude")
    start = (now or datetime.now(UTC)) - timedelta(days=20)
    written = sessions = files = largest = 0
    while written < target_bytes:
        session_id = f"{rng.getrandbits(32):08x}-0000-4000-8000-{sessions:012d}"
        budget = min(int(rng.lognormvariate(13.5, 1.1)), max_session_bytes)
        t = ClaudeTranscript(session_id, project, start + timedelta(minutes=37 * sessions))
        module = rng.choice(("billing", "sync", "api", "exporter", "auth", "search"))
        size = 0
        while size < max(budget, 20_000):
            before = len(t.lines)
            _turn(t, rng, module)
            size += sum(len(line) + 1 for line in t.lines[before:])
        home.session(project, t)
        files += 1
        total = size
        if rng.random() < 0.1:
            agent = ClaudeTranscript(session_id, project, t.now, agent_id=f"a{sessions:04x}")
            for _ in range(rng.randint(2, 6)):
                _turn(agent, rng, module)
            path = home.subagent(project, session_id, agent, "Explore", _sentence(rng, 4))
            total += path.stat().st_size
            files += 1
        written += total
        largest = max(largest, total)
        sessions += 1
    return History(home.config_dir, project, sessions, files, written, largest)


def describe(history: History) -> dict[str, float | int]:
    return {
        "sessions": history.sessions,
        "files": history.files,
        "mb": round(history.bytes / 1e6, 1),
        "largest_session_mb": round(history.largest_session_bytes / 1e6, 2),
    }
