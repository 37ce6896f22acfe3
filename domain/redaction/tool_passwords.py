"""Passwords that archivers, file transfer and directory tools take as a flag's value (ADR 0411).

``zip -P abc12 out.zip f``, ``unzip -P abc12 out.zip``, ``7z a -pabc12 x.7z f``,
``lftp -u deploy,abc12 host``, ``rabbitmqctl add_user app abc12``: the command and its flag say
the word is the password, so it is redacted at any length (placeholders and masks stay, as in
``command_secrets``). Each is looked for only in a text holding the flag it always has: ``-p``
(asked already for ``mysql``), ``-u`` (asked already for ``curl``), ``_`` of rabbitmqctl's
subcommands (a character, looked for at memory speed).

Each row: the words one of which the text must hold, the command word, the steps after it (the
last holds the secret) and the mark asked first. A command word is no part of a file name
(``x.7z -p…``, ``wget a.zip -P dir``): no word character, dot, dash or slash before it.
"""

from __future__ import annotations

from domain.lazy_pattern import LazyPattern

# A value the shell ends at ``;``, ``|`` or ``&`` too (``-passin pass:pw; echo $?``); these
# commands' and ``command_secrets``' alike.
SHELL_VALUE = r"(?P<q>['\"]?)(?P<secret>[^\s'\";|&]+)(?P=q)"
_BEFORE = r"[\w.\-/]"

TOOL_COMMANDS: tuple[tuple[tuple[str, ...], LazyPattern, tuple[LazyPattern, ...], str], ...] = (
    (  # zip -P password, unzip -P password, zipcloak's and funzip's kin
        ("zip",),
        LazyPattern(rf"(?:z(?<!{_BEFORE}z)ip|u(?<!{_BEFORE}u)nzip)\b"),
        (LazyPattern(rf"[ \t]-P[ \t]+{SHELL_VALUE}"),),
        "-p",
    ),
    (  # 7-Zip: -pPASSWORD, the value joined to the flag (a bare -p prompts)
        ("7z",),
        LazyPattern(rf"7(?<!{_BEFORE}7)z[ar]?\b"),
        (LazyPattern(rf"[ \t]-p{SHELL_VALUE}"),),
        "-p",
    ),
    (  # lftp -u user,password
        ("lftp",),
        LazyPattern(rf"l(?<!{_BEFORE}l)ftp\b"),
        (LazyPattern(r"[ \t]-u[ \t]+['\"]?[^\s,'\"]+,(?P<secret>[^\s'\";|&]+)"),),
        "-u",
    ),
    (  # rabbitmqctl add_user USER PASSWORD, change_password, authenticate_user
        ("rabbitmqctl",),
        LazyPattern(rf"r(?<!{_BEFORE}r)abbitmqctl(?:\.bat)?\b"),
        (
            LazyPattern(
                r"[ \t](?:add_user|change_password|authenticate_user)[ \t]+"
                rf"(?:'[^'\n]*'|\"[^\"\n]*\"|[^\s'\"]+)[ \t]+{SHELL_VALUE}"
            ),
        ),
        "_",
    ),
)
