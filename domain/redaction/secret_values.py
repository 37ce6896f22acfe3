"""Whether the value after a secret's name is the secret itself, or text that only looks so.

A literal of 8 characters or more is a secret, and a shorter one after a password's name in a
form that gives it as a literal (``explicit_forms``: ``export DB_PASSWORD=hunter2``,
``DB_PASS="s3cret"``, ``--password qwerty1``). Kept readable, because they carry no secret:
references (``$DB_PASSWORD``, ``${{ secrets.X }}``, ``%(pw)s``, ``<%= ENV["X"] %>``),
placeholders (``<your key>``, ``your-token-here``, ``sk-...``, ``********``), code that
computes the value (``get_token()``, ``os.environ["X"]``, ``settings.SECRET_KEY``,
``user_password``, ``env::var``), type names (``SecretStr``, ``Optional[str]``), URLs, and
prose (``Token: Authentication token for the API``).
"""

from __future__ import annotations

from domain.lazy_pattern import LazyPattern

MIN_SECRET_CHARS = 8
# What a short value says instead of a password: a switch, nothing, or the value's type.
NO_VALUES = frozenset(
    {"true", "false", "yes", "no", "on", "off", "none", "null", "nil", "undefined", "empty"}
    | {"str", "string", "int", "bool", "bytes", "char", "object", "any", "text"}
)


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# How references, slots and markers begin; a secret rarely begins like this.
_REFERENCE = LazyPattern(
    r"^(?:"
    r"\$(?:[A-Za-z_{(]|env:)"  # $VAR ${VAR} $(cmd) $env:VAR (not a $2b$ bcrypt hash)
    r"|%(?:\(\w+\)[sdr]|[A-Za-z_]\w*%|[sd]$)"  # %(name)s %VAR% %s
    r"|\{|#\{|<%"  # templates, format fields, dicts: {{ x }} {x} {"a": 1} #{x} <%= x %>
    r"|<[^<>]*>"  # <your key> <sensitive>
    r"|\[[^\[\]]*\]"  # [REDACTED] [hidden]
    r"|\([a-z ]+\)$"  # (protected)
    r"|[&*][A-Za-z_]\w*$"  # YAML anchors and aliases
    r"|![A-Za-z]+$"  # YAML tags: !vault !Ref
    r"|:[A-Za-z_]\w*(?::|$)"  # SQL :name, a Ruby :symbol, a Sphinx :class: role
    r")"
)
_TEMPLATES = ("${", "{{", "}}", "{%", "%}", "<%", "#{")
_MASK_CHARS = frozenset("*xX•●#.…_-")
_MASK_STRIP = "".join(sorted(_MASK_CHARS))
_DESCRIPTIVE = _words(
    "undefined optional required nullable readonly deprecated redacted hidden masked omitted "
    "provided supplied disabled enabled notset not_set unset missing invalid expired password "
    "passphrase secretstr securestring sensitive encrypted plaintext generated automatic "
    "string integer boolean changeme change_me change-me changethis replaceme replace_me "
    "placeholder credential credentials token secret apikey passwd"
)
_STOPWORDS = _words(
    "the a an to is of for your you this that it in on with from be are was and or by"
)
_URL = LazyPattern(r"^[a-zA-Z][a-zA-Z0-9+.-]*://")
_DOTTED = LazyPattern(r"^[A-Za-z_][A-Za-z_]*(?:\.[A-Za-z_][A-Za-z_]*)+$")
_IDENTIFIER = LazyPattern(r"^[A-Za-z_][A-Za-z_]*$")
_KEY_LENGTH_RUN = 32
_TYPE_NAME_MAX = 24
_SEGMENTS = LazyPattern(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+")
_VOWELS = frozenset("aeiouy")
_CONSTANT = LazyPattern(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")
_SECRET_NOUNS = frozenset({"token", "password", "secret", "key", "passphrase", "credentials"})
_DOTTED_NUMBER = LazyPattern(r"^v?\d+(?:\.\d+){2,}$")
_WORD = LazyPattern(r"^[^\W\d_]+(?:['-][^\W\d_]+)*$")  # letters, maybe with - or ': GNU-style
_METAVARIABLE_STEMS = ("PASS", "PWD", "SECRET", "TOKEN", "KEY", "CREDENTIAL", "AUTH")
_TEMPLATE_FIELD = LazyPattern(r"\{[A-Za-z_][A-Za-z0-9_.]*\}")
_PATH = LazyPattern(r"^(?:~|\.{1,2})?/|^[A-Za-z]:\\")


_WHOLE_TEMPLATE = LazyPattern(
    r"^(?:\{[^{}]*\}|\$\{[^{}]*\}|\$[A-Za-z_]\w*|%\(\w+\)s|%s|<[^<>]*>|\{\{[^{}]*\}\})$"
)


class ValueContext(tuple[bool, str, str, tuple[str, ...], bool, bool]):
    """How the value was written: inside quotes or bare, and what follows it on its line.

    A plain tuple subclass: ``typing.NamedTuple`` compiles source text when the class is
    built, which a capturing hook paid on every tool call (ADR 0086)."""

    __slots__ = ()

    def __new__(
        cls,
        quoted: bool,
        after: str = "",  # the rest of the line after the value
        quote: str = "",  # the quote character, when quoted
        name_words: tuple[str, ...] = (),
        spaced_assignment: bool = False,  # ``name = value`` / ``name == value``, as code has it
        *,
        explicit: bool = False,  # a password's name in a form that says its value is one
    ) -> ValueContext:
        return tuple.__new__(cls, (quoted, after, quote, name_words, spaced_assignment, explicit))

    @property
    def quoted(self) -> bool:
        return self[0]

    @property
    def after(self) -> str:
        return self[1]

    @property
    def quote(self) -> str:
        return self[2]

    @property
    def name_words(self) -> tuple[str, ...]:
        return self[3]

    @property
    def spaced_assignment(self) -> bool:
        return self[4]

    @property
    def explicit(self) -> bool:
        return self[5]


def is_placeholder(value: str) -> bool:
    """References, templates, masks and example values: nothing secret in them."""
    lowered = value.lower()
    # Every template mark holds ``{``, ``}`` or ``%``: a value without them is spared the
    # marks' loop; and a value of mask characters only is one they strip to nothing, found
    # without a set of its characters (ADR 0402).
    if _REFERENCE.match(value) or (
        ("{" in value or "}" in value or "%" in value) and any(m in value for m in _TEMPLATES)
    ):
        return True
    if not value.strip(_MASK_STRIP) or "****" in value or "•••" in value:
        return True
    if "..." in value or "…" in value:
        return True
    if lowered.startswith(("your", "<your", "insert", "replace", "example")):
        return True
    return lowered.strip("'\"`") in _DESCRIPTIVE or bool(_TEMPLATE_FIELD.search(value))


def is_template(value: str) -> bool:
    """``{password}``, ``${PW}``, ``$PW``, ``%(pw)s``, ``<password>``: a slot, not a value."""
    return bool(_WHOLE_TEMPLATE.match(value))


def _is_code_reference(value: str, after: str, spaced_assignment: bool = False) -> bool:
    """A call, a subscript, an attribute, a path of a module, an identifier, or the type of an
    annotation followed by more of it (``httpx.Auth | None = None``)."""
    if after.startswith(("(", "[", "::", "?.", "!")) or "::" in value or "->" in value:
        return True
    if after.startswith((" | ", " = ", " -> ", " |", " or ")) and _names_a_type(value):
        return True  # a union or a default after a type; a table's next column after a key
    if after.startswith(",") and _IDENTIFIER.match(value):
        return True  # an entry of a dict, an object or an argument list: Token: foreground,
    if spaced_assignment and _IDENTIFIER.match(value) and not _long_random_run(value):
        return True  # token = Punctuation, self.token = nextchar: code assigns a name
    if _CONSTANT.match(value) and not any(c.isdigit() for c in value):
        return True  # NO_ACCEPTABLE_AUTH: a constant
    if _DOTTED.match(value):
        return True
    return bool(_IDENTIFIER.match(value)) and _reads_like_words(value)


def _long_random_run(value: str) -> bool:
    """A run of letters as long as a key (an AWS secret key without a digit, 40 letters) that
    reads as no words: no name in code is written so."""
    return len(value) >= _KEY_LENGTH_RUN and not _reads_like_words(value)


def _names_a_type(value: str) -> bool:
    """``httpx.Auth``, ``SecretStr``, ``str``: a dotted or short name (a 40-character key in a
    table row, ``aws_secret_access_key = wJalr… |``, is none)."""
    return bool(_DOTTED.match(value)) or (
        bool(_IDENTIFIER.match(value)) and len(value) <= _TYPE_NAME_MAX
    )


def _reads_like_words(identifier: str) -> bool:
    """``user_password``, ``hashedPassword``, ``SecretStr``, ``DB_PASSWORD`` read as words;
    ``aBcDeFgHiJ``, a random string of letters, does not."""
    segments = _SEGMENTS.findall(identifier)
    if len(segments) < 2:  # a metavariable: --password PASSWORD, --api-key APIKEY
        return identifier.isupper() and any(stem in identifier for stem in _METAVARIABLE_STEMS)
    if sum(1 for segment in segments if len(segment) < 2) > (1 if len(segments) > 2 else 0):
        return False  # aBcDeFgH is random; OAuthToken and XMLHttpRequest are names
    voiced = sum(1 for segment in segments if _VOWELS & set(segment.lower()))
    return voiced * 2 >= len(segments)


def _is_prose(value: str, context: ValueContext) -> bool:
    if context.quoted:
        words = value.split()
        if len(words) < 2:  # a short password given as a literal is no symbol (ADR 0391)
            return not context.explicit and _is_symbol(value, context.name_words)
        if any(c in value for c in "|[](){}<>"):
            return True  # a type expression or code in a string: "Token | None"
        if context.quote == "`":
            return True  # inline code of several words in Markdown, not a string literal
        lowered = {w.lower().strip(".,;:!?'\"") for w in words}
        commands = any(ch in value for ch in "/=") or any(w.startswith("-") for w in words)
        about_a_secret = bool(lowered & _SECRET_NOUNS)  # "Invalid token", "not a password"
        return bool(lowered & _STOPWORDS) or commands or about_a_secret or len(words) > 6
    if value.isalpha() and value.isupper() and not _long_random_run(value):
        return True  # AUTH=ANONYMOUS: a constant, a capability, an enum value
    following = context.after.lstrip()
    return bool(_WORD.match(value)) and following[:1].isalpha() and context.after[:1].isspace()


def is_literal_secret(value: str, context: ValueContext) -> bool:
    """True when ``value`` should be redacted."""
    if len(value) < MIN_SECRET_CHARS and not _short_but_explicit(value, context):
        return False
    if "[REDACTED" in value:
        return False
    if not any(c.isalnum() for c in value) or _DOTTED_NUMBER.match(value):
        return False  # punctuation only, or a version, an OID, an address: 1.3.6.1.5.5.7.3.1
    if is_placeholder(value) or _URL.match(value) or value.startswith("arn:"):
        return False  # a URL, an Amazon resource name
    if context.explicit and not context.quoted:
        return True  # PGPASSWORD=admin psql, DB_PASS=dbPass: a literal, wherever code has names
    if not context.quoted and _is_code_reference(value, context.after, context.spaced_assignment):
        return False
    if context.quoted and context.after.startswith((" + ", " % ", ".format", ".join", " * ")):
        return False  # a piece of a string expression
    return not _is_prose(value, context)


def _short_but_explicit(value: str, context: ValueContext) -> bool:
    """A value under 8 characters that its form gives as a password (ADR 0391): any literal
    but a switch, an empty value or a type (placeholders are ruled out after)."""
    return context.explicit and value.lower() not in NO_VALUES


def _is_symbol(value: str, name_words: tuple[str, ...] = ()) -> bool:
    """A quoted name of something (``"serverAuth"``, ``"client_secret_post"``,
    ``"SYMMETRIC_DEFAULT"``, ``"AWSAccessKeyId"`` for ``ACCESS_KEY``): an enum value, a key or
    a field name in code. Anything with a digit stays a literal, and so do kebab-case words
    (``"keyboard-cat"`` is as often a secret as ``"same-origin"`` is a value)."""
    if any(c.isdigit() for c in value):
        return False
    if _CONSTANT.match(value):
        return True
    if not _IDENTIFIER.match(value):
        return False
    segments = [s.lower() for s in _SEGMENTS.findall(value)]
    if value[0].isupper():  # PascalCase: a field named after the secret, else a literal
        return len(segments) >= 2 and bool(set(segments) & set(name_words))
    return len(segments) >= 2 and _reads_like_words(value)


def looks_like_a_path(value: str) -> bool:
    return bool(_PATH.match(value))
