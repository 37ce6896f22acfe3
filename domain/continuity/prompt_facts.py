"""What a user's prompt tells about a session: its goal, decisions and standing rules.

Only the user's own words count — tool output never becomes a rule. Sentences are matched by a
few patterns; a question is never a decision ("should we use httpx?").
"""

from __future__ import annotations

import re

from domain.continuity.event import (
    DATA,
    DECISION,
    GOAL,
    IN_PLAN_MODE,
    INSTRUCTIONS,
    PROMPT,
    ROLE,
    RULE,
    SKILL,
    STATED,
    SessionEvent,
)
from domain.continuity.wording import fact_text
from domain.precompiled import precompiled

MAX_SCANNED = 8_192  # a pasted log is not read past this for decisions
PASTED_CHARS = 1_024  # a prompt this long over several lines carries pasted data
PASTED_LINES = 5
MAX_SENTENCES = 40
PROMPT_CHARS = 300
SENTENCE_CHARS = 200

_GOAL_COMMAND = precompiled(r"^/goal\b[ \t:]*(.*)", re.DOTALL | re.IGNORECASE)
_GOAL_SENTENCE = precompiled(
    r"^(?:(?:my|our|the) )?goal(?: is|:)\s*(.+)", re.IGNORECASE | re.DOTALL
)
# The host's own commands: not work the user asked for (``/goal`` is read apart).
_HOST_COMMANDS = frozenset(
    {
        "compact", "clear", "model", "help", "config", "cost", "login", "logout", "status",
        "resume", "permissions", "hooks", "mcp", "memory", "agents", "context", "exit", "quit",
        "vim", "theme", "doctor", "bug", "terminal-setup", "ide", "export", "add-dir", "usage",
        "statusline", "output-style", "privacy-settings", "release-notes", "upgrade", "rewind",
        "todos", "plugin", "fast", "effort", "tasks", "settings", "approvals", "new", "init",
    }
)  # fmt: skip
_ROLE = precompiled(
    r"^(?:(?:you are|you're|act as|acting as|pretend to be|play|take on|assume|be) "
    r"(?:an?|the|my|our) |(?:your (?:role|persona) is|role:|persona:) ?)",
    re.IGNORECASE,
)
_FOLLOW = precompiled(
    r"\b(?:follow|obey|adhere to|stick to|according to|as described in|respect|read)\b",
    re.IGNORECASE,
)
_RULE_FILE_ENDINGS = (".md", ".mdc", ".txt", ".rst")
_SENTENCES = precompiled(r"(?<=[.!?])\s+|\n+")
_RULE = precompiled(
    r"\b(?:always|never|from now on|every time|whenever|do not ever|don't ever|"
    r"make sure (?:to|that|you)|remember (?:to|that)|must not|mustn't|under no circumstances)\b",
    re.IGNORECASE,
)
_DECISION = precompiled(
    r"\b(?:let'?s (?:use|go with|switch|keep|stick|not|do|try|drop|move)|"
    r"we(?:'ll| will| should| are going to) (?:use|go with|keep|switch|drop|stick)|"
    r"(?:use|go with|switch to|prefer|stick with|pick|choose) .{1,80}? "
    r"(?:instead|rather than|over)\b|"
    r"instead of|rather than|i prefer|i'd prefer|we decided|decided to|decision|"
    r"(?:don't|do not|stop) (?:use|using|add|adding|change|changing|touch|touching)|"
    r"go with|switch to)",
    re.IGNORECASE,
)


def prompt_events(prompt: str, at: float, mode: str = "") -> list[SessionEvent]:
    """The prompt itself (asked in plan mode when the host says so), a stated goal, and the
    decisions, rules, role, instruction files and pasted data in it."""
    text = prompt.strip()
    if not text:
        return []
    command = _GOAL_COMMAND.match(text)
    if command:
        goal = fact_text(command.group(1), PROMPT_CHARS)
        return [SessionEvent(GOAL, STATED, "goal", goal, at)] if goal else []
    if text.startswith("/"):
        return _command(text, at)
    pasted = len(text) >= PASTED_CHARS and text.count("\n") >= PASTED_LINES
    if pasted:  # the request is its first line; the data is kept by reference only
        first = next(line for line in text.splitlines() if line.strip())
        words = fact_text(first, PROMPT_CHARS) + " (with pasted data)"
    else:
        words = fact_text(text, PROMPT_CHARS)
    asked = IN_PLAN_MODE if mode == "plan" else "asked"
    events = [SessionEvent(PROMPT, asked, _normal(words)[:120], words, at)]
    if pasted:
        events.append(_pasted(text, at))
    for sentence in _sentences(text):
        events += _instruction_files(sentence, at)
        stated = _GOAL_SENTENCE.match(sentence)
        if _ROLE.match(sentence) and not sentence.endswith("?"):
            role = fact_text(sentence, SENTENCE_CHARS)
            events.append(SessionEvent(ROLE, STATED, "role", role, at))
        elif stated:
            goal = fact_text(stated.group(1), PROMPT_CHARS)
            events.append(SessionEvent(GOAL, STATED, "goal", goal, at))
        elif sentence.endswith("?"):
            continue
        elif _RULE.search(sentence):
            words = fact_text(sentence, SENTENCE_CHARS)
            events.append(SessionEvent(RULE, STATED, _normal(words)[:120], words, at))
        elif _DECISION.search(sentence):
            words = fact_text(sentence, SENTENCE_CHARS)
            events.append(SessionEvent(DECISION, STATED, _normal(words)[:120], words, at))
    return events


def _command(text: str, at: float) -> list[SessionEvent]:
    """``/review src/auth.py``: a skill or custom command the user ran (the host's own
    commands, such as ``/compact`` or ``/model``, are not work)."""
    name = text[1:].split(None, 1)[0].lower() if len(text) > 1 else ""
    if not name or name in _HOST_COMMANDS:
        return []
    words = fact_text(text, 160)
    return [SessionEvent(SKILL, "invoked", f"skill:{name[:60]}", words, at)]


def _pasted(text: str, at: float) -> SessionEvent:
    """Pasted data by reference: its size and first line, never its body."""
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    size = len(text.encode("utf-8", "surrogatepass"))
    lines = text.count("\n") + 1
    described = f"{size:,} bytes, {lines} lines, first line: {fact_text(first, 100)}"
    return SessionEvent(DATA, "pasted", f"data:{_normal(first)[:60]}:{size}", described, at)


def _instruction_files(sentence: str, at: float) -> list[SessionEvent]:
    """``Follow docs/STYLE.md``: a file of rules the user pointed to, by its path."""
    if not _FOLLOW.search(sentence):
        return []
    found: list[SessionEvent] = []
    for word in sentence.split()[:80]:
        path = word.strip("`'\"()[],;:!?").rstrip(".")
        if 3 < len(path) <= 200 and path.lower().endswith(_RULE_FILE_ENDINGS):
            text = fact_text(path, 200)
            found.append(SessionEvent(INSTRUCTIONS, "named", text, text, at))
    return found[:3]


def _sentences(text: str) -> list[str]:
    found: list[str] = []
    for piece in _SENTENCES.split(text[:MAX_SCANNED]):
        sentence = piece.strip(" \t-*>")
        if 8 <= len(sentence) <= 600:
            found.append(sentence)
        if len(found) >= MAX_SENTENCES:
            break
    return found


def _normal(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9_./-]+", text.lower()))
