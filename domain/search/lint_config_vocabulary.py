"""What a ``yamllint`` command line says of the configuration it lints with, in the words an
agent asks with: an entry of the tool vocabulary (``tool_vocabulary``), kept in a file of its
own (ADR 0348).

``yamllint`` takes its configuration from ``-d``/``--config-data`` (``-d relaxed``, ``-d
'{extends: default, rules: …}'``) or from a file, ``-c``/``--config-file`` (``-c .yamllint``).
An agent asks which errors are left "with the relaxed config": the command line never says
config, and the run whose options name it is the answer.
"""

from __future__ import annotations

from domain.precompiled import precompiled
from domain.search.vocabulary_entry import VocabularyEntry

# A ``yamllint`` command line (behind a shell's ``$`` or ``set -x``'s ``+``) giving a
# configuration: its data (``-d``) or its file (``-c``), then a value. Searched from the newline
# before it, as ``tool_entries``' blame line: one try a line, which a line naming yamllint
# again and again does not make longer.
_CONFIGURED_YAMLLINT = precompiled(r"\n(?:[$+] )?yamllint [^\n]*?(?<= )-[cd] ?[^\s-]")


def _configured_yamllint(text: str) -> bool:
    return _CONFIGURED_YAMLLINT.search("\n" + text) is not None


# In ``tool_vocabulary._ENTRIES``' form: signs (characters, then a string or a scan), the test,
# the agent's words.
LINT_CONFIG_ENTRIES: tuple[VocabularyEntry, ...] = (
    ((("y", "yamllint "),), _configured_yamllint, "config"),
)
