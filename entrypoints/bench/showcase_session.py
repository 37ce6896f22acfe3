"""A session that shows every kind of thing the vault viewer displays (tests, benchmark shots).

A test run that fails, a file read, an edit and a new file (as Claude Code records them, with
``toolUseResult.structuredPatch`` / ``type: create``), a subagent launched with the Task tool
(its ``agentId`` in the result, its own transcript under ``subagents/``), a short command whose
output stays inline, and a prompt spread over several lines.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from entrypoints.bench.transcript_files import ClaudeTranscript

AGENT_ID = "a4d2c8f1e0b3a297"
FAILING_RUN = "\n".join(
    [
        "============================= test session starts ==============================",
        "collected 42 items",
        "",
        *(f"tests/test_notes.py::test_case_{n:02d} PASSED" for n in range(1, 24)),
        "tests/test_notes.py::test_add_twice FAILED",
        "",
        "=================================== FAILURES ===================================",
        "____________________________ test_add_twice _____________________________",
        "    def test_add_twice(repo):",
        "        repo.add(Note('a'))",
        ">       repo.add(Note('a'))",
        "E       sqlite3.IntegrityError: UNIQUE constraint failed: notes.title",
        "",
        "========================= 1 failed, 41 passed in 0.84s =========================",
    ]
)
SOURCE = "\n".join(
    f"{n:>6}\t{line}"
    for n, line in enumerate(
        [
            "class NoteRepository:",
            "    def __init__(self, db):",
            "        self.db = db",
            "",
            "    def add(self, note):",
            '        self.db.execute("INSERT INTO notes (title) VALUES (?)", (note.title,))',
            "",
            "    def titles(self):",
            '        return [row[0] for row in self.db.execute("SELECT title FROM notes")]',
        ]
        * 4,
        1,
    )
)


@attrs.frozen
class Showcase:
    main: ClaudeTranscript
    sidecars: dict[str, bytes]


def showcase_session(session_id: str, cwd: Path | str) -> Showcase:
    t = ClaudeTranscript(session_id, cwd)
    t.prompt(
        "The notes app crashes when I add the same note twice.\n"
        "Find out why and fix it — keep the existing tests green."
    )
    t.say("I'll run the tests first to see the failure.")
    t.bash("python -m pytest -q tests", FAILING_RUN)
    t.tool("Read", {"file_path": f"{cwd}/notes/repository.py"}, SOURCE)
    prompt = "Find every caller of NoteRepository.add\nand say which ones can pass a duplicate."
    _call(
        t,
        "Task",
        {"description": "find callers", "prompt": prompt, "subagent_type": "Explore"},
        "Two callers: cli.add_command and importer.load — both can pass duplicates.",
        {"status": "completed", "agentId": AGENT_ID, "prompt": prompt},
    )
    old = '        self.db.execute("INSERT INTO notes (title) VALUES (?)", (note.title,))'
    new = [
        "        self.db.execute(",
        '            "INSERT OR IGNORE INTO notes (title) VALUES (?)", (note.title,)',
        "        )",
    ]
    _call(
        t,
        "Edit",
        {
            "file_path": f"{cwd}/notes/repository.py",
            "old_string": old,
            "new_string": "\n".join(new),
        },
        f"The file {cwd}/notes/repository.py has been updated successfully.",
        {
            "filePath": f"{cwd}/notes/repository.py",
            "structuredPatch": [
                {
                    "oldStart": 5,
                    "oldLines": 3,
                    "newStart": 5,
                    "newLines": 5,
                    "lines": ["     def add(self, note):", "-" + old, *("+" + n for n in new), ""],
                }
            ],
        },
    )
    test = "def test_add_twice_keeps_one(repo):\n    repo.add(Note('a'))\n    repo.add(Note('a'))\n"
    _call(
        t,
        "Write",
        {"file_path": f"{cwd}/tests/test_duplicates.py", "content": test},
        f"File created successfully at: {cwd}/tests/test_duplicates.py",
        {"type": "create", "filePath": f"{cwd}/tests/test_duplicates.py", "content": test},
    )
    t.bash("python -m pytest -q tests", "43 passed in 0.91s")
    t.say(
        "Fixed: `add` now ignores a title that is already stored, so adding the same note twice "
        "keeps one. Both callers the subagent found are covered by the new test."
    )
    t.title("Fix duplicate note crash")
    agent = ClaudeTranscript(session_id, cwd, agent_id=AGENT_ID)
    agent.prompt(prompt)
    agent.tool(
        "Grep",
        {"pattern": r"\.add\("},
        "notes/cli.py:14: repo.add(note)\nnotes/importer.py:31: repo.add(n)",
    )
    agent.say("Two callers: cli.add_command and importer.load — both can pass duplicates.")
    sidecars = {
        f"subagents/agent-{AGENT_ID}.jsonl": agent.text().encode(),
        f"subagents/agent-{AGENT_ID}.meta.json": b'{"agentType": "Explore"}',
    }
    return Showcase(t, sidecars)


def _call(
    t: ClaudeTranscript, name: str, tool_input: dict[str, object], result: str, recorded: object
) -> None:
    tool_id = f"toolu_{name.lower()}_{len(t.lines)}"
    t.assistant({"type": "tool_use", "id": tool_id, "name": name, "input": tool_input})
    t.user(
        [{"tool_use_id": tool_id, "type": "tool_result", "content": result}],
        toolUseResult=recorded,
    )
