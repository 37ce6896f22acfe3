"""Search quality over swept sessions: questions a later session asks about earlier ones.

The corpus (``tests/fixtures/session_bench/sessions.json``) describes past sessions turn by
turn; they are written as real transcript files next to a generated history of distractor
sessions, swept by the real pipeline into an encrypted store, and each question is searched
the way ``capy_search`` does by default. A hit is relevant when it comes from the expected
session and its content holds the needle.
"""

from __future__ import annotations

import json
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from application.use_cases.sweep_request import SweepRequest
from domain.bench.ranking import hit_at, reciprocal_rank
from domain.errors import InvalidInput
from entrypoints.bench.bench_store import StoreChoice, bench_container
from entrypoints.bench.session_history import generate_history
from entrypoints.bench.transcript_files import ClaudeHome, ClaudeTranscript, CodexRollout

SEARCH_LIMIT = 10
# Distractor sessions: a generated history of the same kind of work, in small sessions.
DISTRACTOR_BYTES = 8_000_000
DISTRACTOR_SESSION_BYTES = 250_000


def load_corpus(path: Path) -> dict[str, Any]:
    try:
        corpus: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise InvalidInput(
            f"cannot read the session corpus {path}: {error}",
            "pass --corpus tests/fixtures/session_bench/sessions.json from a capy checkout",
        ) from None
    texts = {s["id"]: json.dumps(s, ensure_ascii=False) for s in _all_sessions(corpus)}
    for question in corpus["questions"]:
        if (
            json.dumps(question["needle"], ensure_ascii=False)[1:-1]
            not in texts[question["session"]]
        ):
            raise InvalidInput(
                f"needle of {question['id']} does not occur in its session",
                "fix the corpus: every needle must be quoted verbatim from its session",
            )
    return corpus


def _all_sessions(corpus: dict[str, Any]) -> list[dict[str, Any]]:
    return [*corpus["sessions"], *corpus.get("codex_sessions", [])]


def _claude_turns(t: ClaudeTranscript, turns: list[dict[str, Any]]) -> None:
    for turn in turns:
        t.prompt(turn["human"], reminder=True)
        for name, tool_input, output in turn.get("tools", []):
            t.tool(name, tool_input, output)
        t.say(turn["assistant"])


def write_corpus(corpus: dict[str, Any], project: Path, claude: ClaudeHome, codex: Path) -> None:
    now = datetime.now(UTC)
    for session in corpus["sessions"]:
        start = now - timedelta(days=session["days_ago"], hours=2)
        t = ClaudeTranscript(session["id"], project, start)
        _claude_turns(t, session["turns"])
        claude.session(project, t)
        for n, sub in enumerate(session.get("subagents", [])):
            agent = ClaudeTranscript(session["id"], project, start, agent_id=f"q{n:03d}")
            _claude_turns(agent, sub["turns"])
            claude.subagent(project, session["id"], agent, sub["type"], sub["description"])
    for session in corpus.get("codex_sessions", []):
        rollout = CodexRollout(session["id"], project, now - timedelta(days=session["days_ago"]))
        rollout.user("<env>")
        for turn in session["turns"]:
            rollout.user(turn["human"])
            for command, output in turn.get("shell", []):
                rollout.shell(command, output)
            if turn.get("patch"):
                rollout.patch(turn["patch"])
            rollout.say(turn["assistant"])
        rollout.write(codex)


def run_quality(corpus: dict[str, Any]) -> dict[str, Any]:
    """Sweep the corpus (with distractors) and search every question; JSON-ready report."""
    with tempfile.TemporaryDirectory(prefix="capy-session-quality-") as tmp:
        work = Path(tmp)
        history = generate_history(
            work / "history", DISTRACTOR_BYTES, seed=5, max_session_bytes=DISTRACTOR_SESSION_BYTES
        )
        claude = ClaudeHome(history.root)
        codex = work / "codex"
        write_corpus(corpus, history.project, claude, codex)
        env = {"CLAUDE_CONFIG_DIR": str(history.root), "CODEX_HOME": str(codex)}
        with bench_container(
            StoreChoice.SQLCIPHER, work / "capy", project_dir=history.project, extra_env=env
        ) as container:
            sweep = container.use_cases.sweep_sessions().execute(
                SweepRequest(project_root=history.project, dry_run=False)
            )
            search = container.use_cases.search_knowledge()
            cases = []
            for question in corpus["questions"]:
                found = search.search(question["query"], SEARCH_LIMIT)
                relevant = [
                    r.source.rsplit(":", 1)[-1].split("#")[0] == question["session"]
                    and question["needle"] in r.content
                    for r in found.results
                ]
                cases.append(
                    {
                        "id": question["id"],
                        "query": question["query"],
                        "rank": next((i + 1 for i, flag in enumerate(relevant) if flag), None),
                        "r_at_1": hit_at(relevant, 1),
                        "r_at_3": hit_at(relevant, 3),
                        "mrr": reciprocal_rank(relevant),
                        "top_title": found.results[0].title if found.results else "",
                    }
                )
    count = len(cases)
    return {
        "questions": count,
        "sessions_indexed": sweep.indexed,
        "distractor_sessions": history.sessions,
        "r_at_1": round(sum(c["r_at_1"] for c in cases) / count, 3),
        "r_at_3": round(sum(c["r_at_3"] for c in cases) / count, 3),
        "mrr": round(sum(c["mrr"] for c in cases) / count, 3),
        "cases": cases,
    }
