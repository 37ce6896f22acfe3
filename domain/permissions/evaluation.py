"""Deciding what the host's permission rules say about a command, some code, or a file read.

Deny beats ask beats allow. Every simple command of a script is checked (see
``command_split``), in every form it can take: as written, with quotes and escapes removed, with
leading assignments and wrappers (``sudo``, ``env``, ``timeout 5``…) peeled off one by one, and
with a path-qualified command word reduced to its name. Deny and ask rules match any of those
forms; an allow rule must match every simple command as written (quotes removed, nothing
peeled), so ``Bash(git status)`` never allows ``sudo git status``.
"""

from __future__ import annotations

import enum
import re

from domain.hooks.value import Value
from domain.permissions.bash_pattern import bash_pattern_matches
from domain.permissions.command_runners import commands_run_by
from domain.permissions.command_split import split_script
from domain.permissions.path_rules import ReadTarget, read_rule_matches
from domain.permissions.rules import PermissionPolicy, PermissionRule, RuleKind
from domain.permissions.shell_variables import Variables, collect_assignments, expand_command_word
from domain.permissions.shell_words import shell_words
from domain.permissions.wrappers import (
    SHELLS,
    basename,
    drop_prefix_noise,
    interpreter_inline_code,
    peel_once,
    shell_inline_script,
)

MAX_NESTING = 8


class Decision(enum.Enum):
    ALLOW = "allow"
    ASK = "ask"
    DENY = "deny"
    NONE = "none"  # no rule speaks to it: the host decides as it normally would


_RANK = {Decision.DENY: 3, Decision.ASK: 2, Decision.ALLOW: 1, Decision.NONE: 0}


class Verdict(Value):
    """What the rules say, which rule said it, and about which (sub)command or path."""

    __slots__ = ("decision", "reason", "rule", "subject")
    decision: Decision
    rule: PermissionRule | None
    subject: str
    reason: str

    def __init__(
        self,
        decision: Decision,
        rule: PermissionRule | None = None,
        subject: str = "",
        reason: str = "",
    ) -> None:
        self._init(decision=decision, rule=rule, subject=subject, reason=reason)

    @property
    def blocks_server(self) -> bool:
        """The MCP server cannot ask a person: it refuses only on deny (ADR 0018)."""
        return self.decision is Decision.DENY


NO_RULE = Verdict(Decision.NONE)


class _Command:
    """One simple command, analysed (private to this module, so not a ``Value``)."""

    __slots__ = ("any_form", "code", "dynamic_word", "exact", "reads_stdin_shell", "scripts")

    def __init__(
        self,
        exact: tuple[str, ...],
        any_form: tuple[str, ...],
        scripts: tuple[str, ...],
        code: tuple[tuple[str, str], ...],
        *,
        reads_stdin_shell: bool,
        dynamic_word: str | None,  # a command word capy cannot know (``$cmd``)
    ) -> None:
        self.exact = exact
        self.any_form = any_form
        self.scripts = scripts
        self.code = code
        self.reads_stdin_shell = reads_stdin_shell
        self.dynamic_word = dynamic_word


def _collapse(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _analyse(segment: str, variables: Variables) -> _Command:
    words = shell_words(segment)
    exact = {_collapse(segment), " ".join(words)}
    forms = set(exact)
    scripts: list[str] = []
    code: list[tuple[str, str]] = []
    stage: list[str] | None = drop_prefix_noise(words)
    stdin_shell = False
    dynamic_word: str | None = None
    seen = 0
    while stage and seen < 32:
        seen += 1
        original = stage[0]
        stage, unknown = expand_command_word(stage, variables)
        if unknown:
            dynamic_word = original
            break
        if not stage:
            break
        forms.add(" ".join(stage))
        if "/" in stage[0]:
            forms.add(" ".join([basename(stage[0]), *stage[1:]]))
        inline = shell_inline_script(stage)
        if inline is not None:
            scripts.append(inline)
        elif basename(stage[0]) in SHELLS:
            herestring = _herestring(stage)
            if herestring is not None:
                scripts.append(herestring)
            elif all(w.startswith("-") for w in stage[1:]):
                stdin_shell = True
        if basename(stage[0]) == "eval":
            scripts.append(" ".join(stage[1:]))
        scripts.extend(commands_run_by(stage))
        embedded = interpreter_inline_code(stage)
        if embedded is not None:
            code.append(embedded)
        stage = peel_once(stage)
    return _Command(
        tuple(exact),
        tuple(forms),
        tuple(scripts),
        tuple(code),
        reads_stdin_shell=stdin_shell,
        dynamic_word=dynamic_word,
    )


def _herestring(words: list[str]) -> str | None:
    for i, word in enumerate(words):
        if word == "<<<" and i + 1 < len(words):
            return words[i + 1]
        if word.startswith("<<<") and len(word) > 3:
            return word[3:]
    return None


def _first_match(rules: tuple[PermissionRule, ...], forms: tuple[str, ...]) -> Verdict | None:
    for rule in rules:
        for form in forms:
            if bash_pattern_matches(rule.specifier, form):
                return Verdict(Decision(rule.kind.value), rule, form)
    return None


def _strongest(verdicts: list[Verdict]) -> Verdict | None:
    return max(verdicts, key=lambda v: _RANK[v.decision], default=None)


def _dynamic(policy: PermissionPolicy, what: str, why: str) -> Verdict:
    """Fail closed: deny when any Bash deny rule exists, else ask when an ask rule does."""
    if policy.has_bash_deny:
        return Verdict(Decision.DENY, None, what, why)
    if policy.for_tool("Bash", RuleKind.ASK):
        return Verdict(Decision.ASK, None, what, why)
    return Verdict(Decision.NONE, None, what, why)


def evaluate_shell(
    policy: PermissionPolicy, script: str, depth: int = 0, inherited: Variables | None = None
) -> Verdict:
    """The full decision on a shell script (for hooks; the server only acts on deny)."""
    deny = policy.for_tool("Bash", RuleKind.DENY)
    ask = policy.for_tool("Bash", RuleKind.ASK)
    allow = policy.for_tool("Bash", RuleKind.ALLOW)
    if not (deny or ask or allow) or depth > MAX_NESTING:
        return NO_RULE
    parts = split_script(script)
    variables = {**(inherited or {}), **collect_assignments(parts.commands)}
    commands = [_analyse(segment, variables) for segment in parts.commands]
    nested: list[Verdict] = [
        _dynamic(
            policy,
            c.dynamic_word,
            f"the command name {c.dynamic_word} is set from a value capy cannot read, so the "
            "permission rules cannot be checked",
        )
        for c in commands
        if c.dynamic_word is not None
    ]
    stdin_shell = any(c.reads_stdin_shell for c in commands)
    for command in commands:
        found = _first_match(deny, command.any_form)
        if found is not None:
            return found
        scripts = list(command.scripts)
        if stdin_shell:
            # ``echo 'cmd' | bash``: what the other commands print may be the script
            scripts.extend(" ".join(shell_words(f)[1:]) for f in command.exact[:1])
        nested += [evaluate_shell(policy, s, depth + 1, variables) for s in scripts]
        nested += [evaluate_code(policy, lang, c, depth + 1) for lang, c in command.code]
    nested += [evaluate_code(policy, lang, c, depth + 1) for lang, c in parts.code]
    strongest = _strongest([v for v in nested if v.decision is not Decision.ALLOW])
    if strongest is not None and strongest.decision is Decision.DENY:
        return strongest
    for command in commands:
        found = _first_match(ask, command.any_form)
        if found is not None:
            return found
    if strongest is not None and strongest.decision is Decision.ASK:
        return strongest
    if commands and allow:
        matches = [_first_match(allow, command.exact) for command in commands]
        if all(matches) and strongest is None:
            return matches[0] or NO_RULE
    return NO_RULE


def evaluate_code(policy: PermissionPolicy, language: str, code: str, depth: int = 0) -> Verdict:
    """The decision on code in ``language``: shell is checked as a script, other languages by
    the shell commands they start. A process start whose command capy cannot read fails closed
    when any Bash deny rule exists (ADR 0018)."""
    if language == "shell":
        return evaluate_shell(policy, code, depth)
    if depth > MAX_NESTING or not (
        policy.for_tool("Bash", RuleKind.DENY) or policy.for_tool("Bash", RuleKind.ASK)
    ):
        return NO_RULE
    # Scanning code in ten languages is needed for capy_execute code and ``python -c``-style
    # commands only; a plain Bash command in the hook never pays for importing it.
    from domain.permissions.shell_escape import extract_embedded_commands

    verdicts: list[Verdict] = []
    for embedded in extract_embedded_commands(language, code):
        if embedded.command is not None:
            verdict = evaluate_shell(policy, embedded.command, depth + 1)
            if verdict.decision in {Decision.DENY, Decision.ASK}:
                reason = f"embedded in {embedded.call}(…)"
                verdicts.append(Verdict(verdict.decision, verdict.rule, verdict.subject, reason))
        elif embedded.certain:
            verdicts.append(
                _dynamic(
                    policy,
                    embedded.call,
                    f"{embedded.call}(…) starts a command that is not a string literal, so the "
                    "permission rules cannot be checked",
                )
            )
    return _strongest(verdicts) or NO_RULE


def evaluate_read(policy: PermissionPolicy, target: ReadTarget) -> Verdict:
    """The decision on reading a file, matched on its canonical path."""
    for kind in (RuleKind.DENY, RuleKind.ASK, RuleKind.ALLOW):
        for rule in policy.for_tool("Read", kind):
            if read_rule_matches(rule.specifier, target):
                return Verdict(Decision(kind.value), rule, target.given)
    return NO_RULE
