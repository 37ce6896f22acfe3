"""What the host injects into user messages, told apart from what the person typed.

Claude Code wraps reminders, slash-command bookkeeping and local command output in tags
(``<system-reminder>``, ``<command-name>``, ``<local-command-stdout>``, …); Codex CLI sends its
environment and AGENTS.md instructions as user messages. None of it is what the person said,
so it is removed before a message becomes a ``Human:`` turn. Two things are kept in a readable
form because a later search wants them: a slash command typed *with* arguments
(``/review the auth module``) and a shell command typed in bash mode (``! make deploy``).
"""

from __future__ import annotations

import re

_DROPPED_TAGS = (
    "system-reminder",
    "local-command-caveat",
    "local-command-stdout",
    "local-command-stderr",
    "bash-stdout",
    "bash-stderr",
    "environment_context",
    "user_instructions",
    "INSTRUCTIONS",
    "turn_aborted",
)
_BLOCK = re.compile(
    r"<(" + "|".join(_DROPPED_TAGS) + r")(?:\s[^>]*)?>.*?(?:</\1>|\Z)", re.DOTALL | re.IGNORECASE
)
_COMMAND_NAME = re.compile(r"<command-name>\s*(.*?)\s*</command-name>", re.DOTALL)
_COMMAND_ARGS = re.compile(r"<command-args>(.*?)</command-args>", re.DOTALL)
_COMMAND_TAGS = re.compile(
    r"<(command-name|command-message|command-args|command-contents)>.*?</\1>", re.DOTALL
)
_BASH_INPUT = re.compile(r"<bash-input>(.*?)</bash-input>", re.DOTALL)
_AGENTS_HEADER = re.compile(r"^# AGENTS\.md instructions for [^\n]*\n?", re.MULTILINE)


def slash_command(text: str) -> str:
    """The slash command a message records (``/clear``), or ``""``."""
    found = _COMMAND_NAME.search(text)
    return found.group(1).strip() if found else ""


def clean_user_text(text: str) -> str:
    """What the person typed, without the host's injected blocks; ``""`` when nothing is left.

    A slash command with arguments reads ``/name arguments``; one without arguments (``/clear``,
    ``/compact``) leaves nothing. Bash-mode input reads ``! command`` (its output is dropped).
    """
    command = slash_command(text)
    args_found = _COMMAND_ARGS.search(text)
    args = args_found.group(1).strip() if args_found else ""
    text = _BASH_INPUT.sub(lambda m: f"! {m.group(1).strip()}", text)
    text = _COMMAND_TAGS.sub("", text)
    text = _BLOCK.sub("", text)
    text = _AGENTS_HEADER.sub("", text).strip()
    if command and args:
        typed = f"{command} {args}"
        text = typed if not text else f"{typed}\n{text}"
    return text
