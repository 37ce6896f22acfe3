"""The agent's word for a ``yamllint`` run given its configuration (ADR 0348), and the
lookalikes that get none."""

from __future__ import annotations

import pytest

from domain.search.tool_vocabulary import tool_vocabulary_facts

_ERROR = "hives.yml:12:12: [error] syntax error: mapping values are not allowed here (syntax)\n"


@pytest.mark.parametrize(
    "command",
    [
        "$ yamllint -f parsable -d relaxed hives.yml\n",
        "$ yamllint -d '{extends: default, rules: {truthy: disable}}' hives.yml\n",
        "$ yamllint -c .yamllint hives.yml\n",
        "$ yamllint -c.yamllint hives.yml\n",
    ],
)
def test_a_run_given_its_configuration_is_told_config(command: str) -> None:
    assert tool_vocabulary_facts(command + _ERROR) == "config"


def test_a_run_whose_options_say_config_is_not_told_it_again() -> None:
    assert tool_vocabulary_facts("$ yamllint --config-file=ci/yamllint.yml .\n" + _ERROR) == ""


@pytest.mark.parametrize(
    "text",
    [
        # yamllint on its defaults, another tool's -d, an option that only starts with d.
        "$ yamllint hives.yml\n" + _ERROR,
        "$ yamllint --version\nyamllint 1.38.0\n$ du -d 1 .\n",
        "$ yamllint -f parsable hives.yml\n$ diff -d a b\n",
        "$ yamllint --no-warnings -s hives.yml\n",
    ],
)
def test_lookalikes_get_none(text: str) -> None:
    assert tool_vocabulary_facts(text) == ""
