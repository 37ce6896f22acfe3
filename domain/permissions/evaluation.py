"""Deciding what the host's permission rules say about a command, some code, or a file read.

Deny beats ask beats allow. The shell reader (``domain.shell``) finds every command a script
would run, in every form it can take: as written, with quotes and escapes removed, with
wrappers (``sudo``, ``env``, ``timeout 5``…) peeled off one by one, with a path-qualified
command word reduced to its name, and with the script's own variables filled in. Deny and ask
rules match any of those forms (and, for ``xargs``-style runners, any arguments the input may
add); an allow rule must match every command as written, so ``Bash(git status)`` never allows
``sudo git status``.

Fail closed: a command capy cannot read (a name built at run time, a script from another
program's output), and any limit of the analysis, deny when a Bash deny rule exists, ask when
only ask rules do (ADR 0018, ADR 0028).
"""

from __future__ import annotations

import enum

from domain.hooks.value import Value
from domain.permissions.bash_pattern import bash_pattern_matches, matches_with_more_arguments
from domain.permissions.rules import PermissionPolicy, PermissionRule, RuleKind
from domain.shell.analysis import Analysis, Invocation
from domain.shell.invocations import analyse
from domain.shell.limits import AnalysisBudget, AnalysisLimit, nesting_limit
from domain.shell.programs import basename

TYPE_CHECKING = False  # typing is not imported at run time (ADR 0102)
if TYPE_CHECKING:
    from domain.permissions.path_rules import ReadTarget


class Decision(enum.Enum):
    ALLOW = "allow"
    ASK = "ask"
    DENY = "deny"
    NONE = "none"  # no rule speaks to it: the host decides as it normally would


_RANK = {Decision.DENY: 3, Decision.ASK: 2, Decision.ALLOW: 1, Decision.NONE: 0}


class Verdict(Value):
    """What the rules say, which rule said it, and about which (sub)command or path."""

    __slots__ = ("decision", "reason", "rule", "subject", "tool")
    decision: Decision
    rule: PermissionRule | None
    subject: str
    reason: str
    tool: str  # the kind of rule it is about: ``Bash`` or ``Read``

    def __init__(
        self,
        decision: Decision,
        rule: PermissionRule | None = None,
        subject: str = "",
        reason: str = "",
        tool: str = "",
    ) -> None:
        self._init(
            decision=decision,
            rule=rule,
            subject=subject,
            reason=reason,
            tool=tool or (rule.tool if rule is not None else "Bash"),
        )

    @property
    def blocks_server(self) -> bool:
        """The MCP server cannot ask a person: it refuses only on deny (ADR 0018)."""
        return self.decision is Decision.DENY


NO_RULE = Verdict(Decision.NONE)


def _forms(invocation: Invocation) -> list[tuple[str, bool]]:
    """Every text the rules are matched against, with whether arguments may be appended."""
    forms = [(text, False) for text in invocation.written if text]
    for stage in invocation.stages:
        words = stage.words
        forms.append((" ".join(words), False))
        if "/" in words[0]:
            forms.append((" ".join((basename(words[0]), *words[1:])), False))
        if stage.resolved != words:
            forms.append((" ".join(stage.resolved), False))
    return forms


def _first_match(rules: tuple[PermissionRule, ...], invocation: Invocation) -> Verdict | None:
    forms = _forms(invocation)
    for rule in rules:
        for form, _ in forms:
            if bash_pattern_matches(rule.specifier, form):
                return Verdict(Decision(rule.kind.value), rule, form)
        for stage in invocation.stages:
            if stage.appends and matches_with_more_arguments(rule.specifier, stage.words):
                return Verdict(
                    Decision(rule.kind.value),
                    rule,
                    " ".join(stage.words),
                    "with arguments added when it runs",
                )
    return None


def _as_written(rules: tuple[PermissionRule, ...], invocation: Invocation) -> Verdict | None:
    for rule in rules:
        for form in invocation.written:
            if form and bash_pattern_matches(rule.specifier, form):
                return Verdict(Decision(rule.kind.value), rule, form)
    return None


def _strongest(verdicts: list[Verdict]) -> Verdict | None:
    return max(verdicts, key=lambda v: _RANK[v.decision], default=None)


def unreadable(policy: PermissionPolicy, what: str, why: str) -> Verdict:
    """Fail closed: deny when any Bash deny rule exists, else ask when an ask rule does."""
    if policy.has_bash_deny:
        return Verdict(Decision.DENY, None, what, why)
    if policy.for_tool("Bash", RuleKind.ASK):
        return Verdict(Decision.ASK, None, what, why)
    return Verdict(Decision.NONE, None, what, why)


def analysis_limit(policy: PermissionPolicy, reason: str) -> Verdict:
    return unreadable(policy, "", f"capy could not check all of it: {reason}")


def evaluate_shell(
    policy: PermissionPolicy, script: str, budget: AnalysisBudget | None = None, depth: int = 0
) -> Verdict:
    """The full decision on a shell script (for hooks; the server only acts on deny)."""
    if not (
        policy.for_tool("Bash", RuleKind.DENY)
        or policy.for_tool("Bash", RuleKind.ASK)
        or policy.for_tool("Bash", RuleKind.ALLOW)
    ):
        return NO_RULE
    try:
        nesting_limit(depth)
        analysis = analyse(script, budget)
    except AnalysisLimit as limit:
        return analysis_limit(policy, limit.reason)
    return _judge(policy, analysis, budget, depth)


def _judge(
    policy: PermissionPolicy, analysis: Analysis, budget: AnalysisBudget | None, depth: int
) -> Verdict:
    deny = policy.for_tool("Bash", RuleKind.DENY)
    ask = policy.for_tool("Bash", RuleKind.ASK)
    allow = policy.for_tool("Bash", RuleKind.ALLOW)
    for invocation in analysis.invocations:
        found = _first_match(deny, invocation)
        if found is not None:
            return found
    nested: list[Verdict] = [
        unreadable(policy, " ".join(i.written[:1]), i.dynamic)
        for i in analysis.invocations
        if i.dynamic
    ]
    if analysis.code:
        shared = budget if budget is not None else AnalysisBudget()
        for code in analysis.code:
            nested.append(evaluate_code(policy, code.language, code.text, shared, depth + 1))
    strongest = _strongest([v for v in nested if v.decision is not Decision.ALLOW])
    if strongest is not None and strongest.decision is Decision.DENY:
        return strongest
    for invocation in analysis.invocations:
        found = _first_match(ask, invocation)
        if found is not None:
            return found
    if strongest is not None and strongest.decision is Decision.ASK:
        return strongest
    if allow and analysis.invocations and not nested:
        matches = [_as_written(allow, i) for i in analysis.invocations]
        if all(matches):
            return matches[0] or NO_RULE
    return NO_RULE


def evaluate_code(
    policy: PermissionPolicy,
    language: str,
    code: str,
    budget: AnalysisBudget | None = None,
    depth: int = 0,
) -> Verdict:
    """The decision on code in ``language``: shell is checked as a script, other languages by
    the shell commands they start. A process start whose command capy cannot read fails closed
    when any Bash deny rule exists (ADR 0018)."""
    if language == "shell":
        return evaluate_shell(policy, code, budget, depth)
    if not (policy.for_tool("Bash", RuleKind.DENY) or policy.for_tool("Bash", RuleKind.ASK)):
        return NO_RULE
    budget = budget if budget is not None else AnalysisBudget()
    try:
        nesting_limit(depth)
        budget.charge(code, "the code")
    except AnalysisLimit as limit:
        return analysis_limit(policy, limit.reason)
    # Scanning code in ten languages is needed for capy_execute code and ``python -c``-style
    # commands only; a plain Bash command in the hook never pays for importing it.
    from domain.permissions.shell_escape import extract_embedded_commands

    verdicts: list[Verdict] = []
    for embedded in extract_embedded_commands(language, code):
        if embedded.command is not None and embedded.language:
            verdicts.append(
                evaluate_code(policy, embedded.language, embedded.command, budget, depth + 1)
            )
        elif embedded.command is not None:
            verdict = evaluate_shell(policy, embedded.command, budget, depth + 1)
            if verdict.decision in {Decision.DENY, Decision.ASK}:
                reason = verdict.reason or f"embedded in {embedded.call}(…)"
                verdicts.append(Verdict(verdict.decision, verdict.rule, verdict.subject, reason))
        elif embedded.certain:
            verdicts.append(
                unreadable(
                    policy,
                    embedded.call,
                    f"{embedded.call}(…) starts a command that is not a string literal, so the "
                    "permission rules cannot be checked",
                )
            )
    return _strongest(verdicts) or NO_RULE


def evaluate_read(policy: PermissionPolicy, target: ReadTarget) -> Verdict:
    """The decision on reading a file, matched on its canonical path and on every other name
    of the same file (hard links): a file is denied when any of its names is."""
    from domain.permissions.path_rules import read_rule_matches

    for kind in (RuleKind.DENY, RuleKind.ASK, RuleKind.ALLOW):
        for rule in policy.for_tool("Read", kind):
            for name in target.names:
                if read_rule_matches(rule.specifier, name):
                    reason = "" if name is target else f"it is the same file as {name.absolute}"
                    return Verdict(Decision(kind.value), rule, target.given, reason)
        if kind is RuleKind.DENY and target.unsearched and policy.for_tool("Read", kind):
            return Verdict(
                Decision.DENY,
                None,
                target.given,
                f"{target.given!r} has {target.links} names (hard links) and capy could not "
                "look through every place a Read rule covers to check them",
                tool="Read",
            )
    return NO_RULE
