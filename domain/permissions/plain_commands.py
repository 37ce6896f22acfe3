"""A plain command that no Bash rule can meet, told without reading it as a shell script.

The full check (``evaluation.evaluate_shell``) reads the command with the shell reader, ~15
modules a hook process must import before ``ls -la`` can be judged under deny rules: a fifth
of a bare interpreter's start on every call of the host agent (ADR 0102). For one kind of
command the reader cannot find more than the words as written: a single simple command of
plain characters (letters, digits and ``_ . / : = , + @ % -``, words separated by spaces:
no quoting, expansion, globbing, operator, redirection or comment), whose program is one that
runs no other program and no code. Its only text the rules are matched against is its words
joined by one space. If no Bash rule of any kind (deny, ask or allow) matches that text, the
full check could only answer "no rule speaks": this says so without it.

This is a shortcut to "no opinion" only. Whenever any rule could match, or the command is
anything else, the full check runs. A property test holds the premise against the reader:
for every command this accepts, the reader finds one command, no code, nothing it could not
read, and no text to match but this one.
"""

from __future__ import annotations

from domain.permissions.bash_pattern import bash_pattern_matches
from domain.permissions.rules import PermissionPolicy, RuleKind
from domain.precompiled import precompiled

MAX_PLAIN = 4_096  # a longer line is left to the full check
_PLAIN = precompiled(r"[A-Za-z0-9_./:=,+@%-]+(?: +[A-Za-z0-9_./:=,+@%-]+)* *")
# Programs that run no other program and read no code from their arguments, and that the
# shell reader gives no meaning of its own.
INERT_PROGRAMS = frozenset(
    {
        "basename", "cat", "cp", "date", "df", "diff", "dirname", "du", "echo", "false",
        "grep", "head", "ls", "mkdir", "mv", "pwd", "realpath", "rm", "rmdir", "stat",
        "tail", "touch", "true", "uname", "wc", "whoami",
    }
)  # fmt: skip


def plain_text(command: str) -> str | None:
    """The one text the rules meet in ``command`` when it is a plain command of an inert
    program (its words joined by one space), else None."""
    if len(command) > MAX_PLAIN or _PLAIN.fullmatch(command) is None:
        return None
    words = command.split(" ")
    words = [word for word in words if word]
    if words[0] not in INERT_PROGRAMS:
        return None
    return " ".join(words)


def no_rule_meets(policy: PermissionPolicy, command: str) -> bool:
    """True when ``command`` is plain (``plain_text``) and no Bash rule matches it."""
    text = plain_text(command)
    if text is None:
        return False
    for kind in (RuleKind.DENY, RuleKind.ASK, RuleKind.ALLOW):
        for rule in policy.for_tool("Bash", kind):
            if bash_pattern_matches(rule.specifier, text):
                return False
    return True
