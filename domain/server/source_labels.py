"""Labels for tool output indexed on the way: one per distinct output, never one per language.

A fixed label per language (``execute:python``) made every call overwrite the previous
output of that language. Labels here end with the first 8 hex digits of the output's SHA-256:
different output gets its own source, identical output maps to the same label (and the store
only touches it), so a re-run reports the sections it already has.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.chunking.utf8 import truncate_bytes
from domain.long_text import sha256_hex

HASH_DIGITS = 8
BATCH_LABELS_BYTES = 80
BATCH_LABELS_SHOWN = 3  # the label names the batch; the hash tells batches apart


def output_hash(output: str) -> str:
    return sha256_hex(output, errors="surrogatepass")[:HASH_DIGITS]


def execute_label(language: str, output: str) -> str:
    return f"execute:{language}:{output_hash(output)}"


def file_label(path: str, output: str) -> str:
    """``path`` as the agent should see it: relative to the project root when inside it."""
    return f"file:{path}:{output_hash(output)}"


def stdin_label(text: str) -> str:
    """Standard input indexed without a label: one source per distinct text."""
    return f"stdin:{output_hash(text)}"


def text_label(text: str) -> str:
    """Text an agent indexed without naming it: one source per distinct text."""
    return f"indexed-content:{output_hash(text)}"


def batch_label(command_labels: Sequence[str], output: str) -> str:
    """``batch:<first distinct command labels>[+N]:<hash>`` — short however many commands ran."""
    names = list(dict.fromkeys(command_labels))
    shown = ",".join(names[:BATCH_LABELS_SHOWN])
    more = f"+{len(names) - BATCH_LABELS_SHOWN}" if len(names) > BATCH_LABELS_SHOWN else ""
    joined = truncate_bytes(shown, BATCH_LABELS_BYTES - len(more))
    return f"batch:{joined}{more}:{output_hash(output)}"


# capy's own labels: a scheme, then what the output is of (the commands' labels of a batch, a
# file's path), then its hash; outputs of code or pasted text name nothing of their own.
_NAMED_SCHEMES = ("batch:", "file:")
_UNNAMED_SCHEMES = ("execute:", "stdin:", "indexed-content:")


def source_name(label: str) -> str:
    """What ``label`` says its output is of: an agent's own label whole, a batch's command
    labels, a file's path; ``""`` for an output of code or of text indexed unnamed, whose
    label says only the language and a hash."""
    if label.startswith(_UNNAMED_SCHEMES):
        return ""
    if label.startswith(_NAMED_SCHEMES):
        return label.partition(":")[2].rpartition(":")[0]
    return label
