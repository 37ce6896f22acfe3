"""``capy bench hook``: the whole ``capy hook pretooluse`` process on ordinary and hostile
Bash commands, with and without deny rules, next to a bare interpreter.

Each case runs the installed command as a host does (JSON on stdin, a private home), rounds
interleaved with ``python -c pass`` so machine load hits every column alike; medians reported,
with the decision the hook gave (a hostile command under deny rules must be denied quickly,
without rules left alone).
"""

from __future__ import annotations

import json
import statistics
import tempfile
from collections.abc import Callable
from pathlib import Path

import attrs

from entrypoints.bench.continuity import bare_interpreter_ms, hook_environment, play
from entrypoints.bench.continuity_session import Step

DENY_RULES = ("Bash(touch *)", "Bash(rm -rf *)", "Bash(sudo *)")


def cases() -> dict[str, str]:
    heredocs = "".join(
        f"cat <<EOF{i} > /tmp/f{i}\nline {i} $HOME `date`\nEOF{i}\n" for i in range(1300)
    )
    dense = "git status && ls -la | grep x; echo \"$(date)\" 'a b'\n" * 1000
    operators = " ".join(f"<<E{i}" for i in range(3600))
    one_line = f"cat {operators}\n" + "".join(f"x\nE{i}\n" for i in range(3600))
    return {
        "ls -la": "ls -la",
        "50 KB of heredocs": heredocs[:50_000],
        "50 KB, one heredoc line": one_line[:50_000],
        "50 KB of commands": dense[:50_000],
        "10 MB command": "echo " + "x" * 10_000_000,
    }


@attrs.frozen
class HookTime:
    case: str
    bytes: int
    no_rules_ms: float
    no_rules_answer: str
    deny_rules_ms: float
    deny_rules_answer: str


@attrs.frozen
class HookTimeReport:
    bare_ms: float
    rounds: int
    times: tuple[HookTime, ...]


def _answer(stdout: str) -> str:
    if not stdout.strip():
        return "no opinion"
    answer = json.loads(stdout).get("hookSpecificOutput", {})
    decision = answer.get("permissionDecision")
    if decision:
        return str(decision)
    return "advice" if answer.get("additionalContext") else "other"


def run_hook_time(
    capy: str, rounds: int = 11, progress: Callable[[int, int], None] = lambda done, total: None
) -> HookTimeReport:
    commands = cases()
    with tempfile.TemporaryDirectory(prefix="capy-hook-time-") as directory:
        root = Path(directory)
        projects = {}
        for label, rules in (("plain", ()), ("ruled", DENY_RULES)):
            project = root / label / "project"
            (project / ".git").mkdir(parents=True)
            (project / ".claude").mkdir()
            (project / ".claude/settings.json").write_text(
                json.dumps({"permissions": {"deny": list(rules)}})
            )
            (root / label / "private").mkdir()
            projects[label] = (project, hook_environment(root / label / "private", project))
        samples: dict[tuple[str, str], list[float]] = {}
        answers: dict[tuple[str, str], str] = {}
        bare: list[float] = []
        total = rounds * (1 + 2 * len(commands))
        done = 0
        for _ in range(rounds):
            bare.append(bare_interpreter_ms())
            done += 1
            for name, command in commands.items():
                for label, (project, env) in projects.items():
                    payload = {
                        "session_id": "bench",
                        "cwd": str(project),
                        "tool_name": "Bash",
                        "tool_input": {"command": command},
                    }
                    stdout, elapsed = play(capy, Step("pretooluse", payload), env)
                    samples.setdefault((name, label), []).append(elapsed)
                    answers[(name, label)] = _answer(stdout)
                    done += 1
                    progress(done, total)
    times = tuple(
        HookTime(
            case=name,
            bytes=len(command.encode()),
            no_rules_ms=statistics.median(samples[(name, "plain")]),
            no_rules_answer=answers[(name, "plain")],
            deny_rules_ms=statistics.median(samples[(name, "ruled")]),
            deny_rules_answer=answers[(name, "ruled")],
        )
        for name, command in commands.items()
    )
    return HookTimeReport(statistics.median(bare), rounds, times)


def print_hook_time(report: HookTimeReport) -> None:
    bare = report.bare_ms
    lines = [
        f"capy hook pretooluse on Bash, median of {report.rounds} interleaved runs "
        f"(bare python -c pass: {bare:.1f} ms)",
        f"{'command':<24} {'size':>10}  {'no rules':>18}  {'deny rules':>18}",
    ]
    for t in report.times:
        lines.append(
            f"{t.case:<24} {t.bytes:>10,}  "
            f"{t.no_rules_ms:6.1f} ms {t.no_rules_ms / bare:4.1f}x {t.no_rules_answer[:10]:<10}  "
            f"{t.deny_rules_ms:6.1f} ms {t.deny_rules_ms / bare:4.1f}x {t.deny_rules_answer}"
        )
    print("\n".join(lines))
