"""What a user's prompt tells about a session: its goal, decisions and standing rules.

Only the user's own words count — tool output never becomes a rule. Sentences are matched by a
few patterns; a question is never a decision ("should we use httpx?").
"""

from __future__ import annotations

import re

from domain.continuity.event import (
    DECISION,
    GOAL,
    PROMPT,
    RULE,
    STATED,
    SessionEvent,
)
from domain.continuity.wording import fact_text

MAX_SCANNED = 8_192  # a pasted log is not read past this for decisions
MAX_SENTENCES = 40
PROMPT_CHARS = 300
SENTENCE_CHARS = 200

_GOAL_COMMAND = re.compile(r"^/goal\b[ \t:]*(.*)", re.DOTALL | re.IGNORECASE)
_GOAL_SENTENCE = re.compile(r"^(?:(?:my|our|the) )?goal(?: is|:)\s*(.+)", re.IGNORECASE | re.DOTALL)
_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+")
_RULE = re.compile(
    r"\b(?:always|never|from now on|every time|whenever|do not ever|don't ever|"
    r"make sure (?:to|that|you)|remember (?:to|that)|must not|mustn't|under no circumstances)\b",
    re.IGNORECASE,
)
_DECISION = re.compile(
    r"\b(?:let'?s (?:use|go with|switch|keep|stick|not|do|try|drop|move)|"
    r"we(?:'ll| will| should| are going to) (?:use|go with|keep|switch|drop|stick)|"
    r"(?:use|go with|switch to|prefer|stick with|pick|choose) .{1,80}? "
    r"(?:instead|rather than|over)\b|"
    r"instead of|rather than|i prefer|i'd prefer|we decided|decided to|decision|"
    r"(?:don't|do not|stop) (?:use|using|add|adding|change|changing|touch|touching)|"
    r"go with|switch to)",
    re.IGNORECASE,
)


def prompt_events(prompt: str, at: float) -> list[SessionEvent]:
    """The prompt itself, a stated goal, and the decisions and rules in it."""
    text = prompt.strip()
    if not text:
        return []
    command = _GOAL_COMMAND.match(text)
    if command:
        goal = fact_text(command.group(1), PROMPT_CHARS)
        return [SessionEvent(GOAL, STATED, "goal", goal, at)] if goal else []
    if text.startswith("/"):
        return []  # the host's own commands (/compact, /model …) are not requests
    words = fact_text(text, PROMPT_CHARS)
    events = [SessionEvent(PROMPT, "asked", _normal(words)[:120], words, at)]
    for sentence in _sentences(text):
        stated = _GOAL_SENTENCE.match(sentence)
        if stated:
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
