"""How the arguments of a call that starts a process become the command line it runs.

One string argument is a command line already (``os.system("a b")``); several, or a list, are
an argv, quoted so ``["sh", "-c", "a b"]`` reads as ``sh -c 'a b'``. An argument capy cannot
read becomes ``${RUNTIME_VALUE}``: as an argument it matches a rule's ``*``, in the command's
place it makes the command unknowable, so the rules fail closed on it. A builder returns
``None`` when the program itself is not a literal, and ``""`` when the call starts nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.permissions.code_literals import Arg, Keyword, ListLiteral, Literal
from domain.shell.quoting import quote

Builder = Callable[[list[Arg]], str | None]
PLACEHOLDER = "${RUNTIME_VALUE}"


def flatten(args: list[Arg]) -> list[Literal | None]:
    items: list[Literal | None] = []
    for arg in args:
        if isinstance(arg, Keyword):
            continue
        if isinstance(arg, ListLiteral):
            items.extend(arg.items)
        else:
            items.append(arg)
    return items


def joined(items: list[Literal | None]) -> str | None:
    """One string is a command line already; several are argv."""
    if not items or items[0] is None or items[0].dynamic_head:
        return None
    if len(items) == 1:
        return items[0].text
    return " ".join(quote(item.text) if item is not None else PLACEHOLDER for item in items)


def _argv(program: Literal | None, rest: list[Literal | None]) -> str | None:
    return joined([program, *rest])


def first(args: list[Arg]) -> str | None:
    return "" if not args else joined(flatten(args[:1]))


def join_all(args: list[Arg]) -> str | None:
    return "" if not args else joined(flatten(args))


def skip_first(args: list[Arg]) -> str | None:
    return "" if len(args) < 2 else joined(flatten(args[1:]))


def after(count: int) -> Builder:
    """The command follows ``count`` other arguments (``open3($in, $out, $err, cmd…)``)."""

    def build(args: list[Arg]) -> str | None:
        return "" if len(args) <= count else joined(flatten(args[count:]))

    return build


def exec_list(args: list[Arg]) -> str | None:
    """``execl(path, arg0, arg1…)``: ``path`` runs with ``arg1…`` (``arg0`` is only a name)."""
    if not args:
        return ""
    items = flatten(args)
    return _argv(items[0], items[2:])


def exec_vector(args: list[Arg]) -> str | None:
    """``execv(path, [arg0, arg1…])``, ``posix_spawn(path, argv, env)``, ``syscall.Exec``."""
    if not args:
        return ""
    program = flatten(args[:1])[0] if flatten(args[:1]) else None
    argv = args[1] if len(args) > 1 else None
    if isinstance(argv, ListLiteral):
        return _argv(program, list(argv.items[1:]))
    return _argv(program, [None] if argv is not None else [])


def spawn_list(args: list[Arg]) -> str | None:
    """``spawnl(mode, path, arg0, arg1…)``."""
    return "" if len(args) < 2 else exec_list(args[1:])


def spawn_vector(args: list[Arg]) -> str | None:
    """``spawnv(mode, path, [arg0, arg1…])``."""
    return "" if len(args) < 2 else exec_vector(args[1:])


def path_then_list(args: list[Arg]) -> str | None:
    """``pcntl_exec(path, [args…])``: the list holds the arguments only."""
    return "" if not args else joined(flatten(args[:2]))


def each_command(args: list[Arg]) -> str | None:
    """``array_map('system', ['cmd a', 'cmd b'])``: each item is a command line."""
    items = flatten(args)
    if not items:
        return ""
    if any(item is None for item in items):
        return None
    return "\n".join(item.text for item in items if item is not None)


def r_system2(args: list[Arg]) -> str | None:
    extra: list[Arg] = [a.value for a in args if isinstance(a, Keyword) and a.name == "args"]
    return "" if not args else joined(flatten(args[:2] + extra))


def perl_open(args: list[Arg]) -> str | None:
    mode = args[1] if len(args) > 1 else None
    if isinstance(mode, Literal) and mode.text.strip() in {"-|", "|-"}:
        return joined(flatten(args[2:]))
    if isinstance(mode, Literal) and len(args) == 2:
        text = mode.text.strip()
        if text.startswith("|") or text.endswith("|"):
            return text.strip("|").strip() or None
    return ""  # not a pipe open: nothing to check


def pipe_path(args: list[Arg]) -> str | None:
    """Ruby's ``open("|cmd")``/``IO.read("|cmd")``: a path starting with ``|`` is a command."""
    path = args[0] if args else None
    if isinstance(path, Literal):
        text = path.text.lstrip()
        return text[1:] if text.startswith("|") else ""
    return None if path is None and args else ""
