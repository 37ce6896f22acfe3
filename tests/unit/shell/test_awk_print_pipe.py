"""awk's ``print … | "command"`` is found from the last print before the pipe: the same places
as the backtracking pattern it replaced (kept here as the oracle), in linear time."""

from __future__ import annotations

import random
import re

from domain.shell.command_languages import _AWK_PRINT_PIPE

REPLACED = re.compile(r"\bprintf?\b[^;\n}|]*?\|&?(?!\|)\s*")
PIECES = ["print", "printf", "printer", "sprint", " ", "|", "||", "|&", ";", "\n", "}", '"a|b"']
PIECES += ["x", "cmd", ' "sort"', "\t", "$1", ","]


def test_the_pipe_of_a_print_ends_where_it_ended_before() -> None:
    chance = random.Random(27)
    for _ in range(5000):
        program = "".join(chance.choice(PIECES) for _ in range(chance.randint(0, 20)))
        before = [m.end() for m in REPLACED.finditer(program)]
        assert [m.end() for m in _AWK_PRINT_PIPE.finditer(program)] == before, program
