"""Which names hold secrets: ``DB_PASSWORD``, ``apiKey``, ``x-api-key``, ``client_secret`` do;
``max_tokens``, ``token_url``, ``secret_name``, ``public_key``, ``PWD`` do not.

A name is split into words (``_``, ``-``, ``.``, ``:``, spaces and camelCase humps). It names a
secret when one of its words is a secret word — or ends with one (``PGPASSWORD``,
``clientsecret``) — and no word after the last such word says the value is *about* the secret
(its URL, name, length, lifetime, file…), and the word before it does not make it a count or
a switch (``max_``, ``has_``, ``public_``). ``key`` alone is too common; it counts with a
qualifier (``api_key``, ``AccountKey``, ``secret-key``).
"""

from __future__ import annotations

import functools

from domain.lazy_pattern import LazyPattern


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_SECRET_WORDS = frozenset(
    {
        "password",
        "passwd",
        "passphrase",
        "pwd",
        "pass",
        "secret",
        "token",
        "credential",
        "credentials",
        "apikey",
        "auth",
        "masterauth",  # redis
        "requirepass",  # redis
        "storepass",  # keytool, jarsigner
        "keypass",  # keytool, jarsigner
        "smtppass",  # git send-email's sendemail.smtpPass
    }
)
# Glued names: a word ending like this is a secret word (PGPASSWORD, clientsecret, bottoken).
# Any "…token" would take in lexer and protocol names (opaquelocktoken), so tokens are listed.
_SECRET_ENDINGS = (
    "password",
    "passwd",
    "passphrase",
    "secret",
    "apikey",
    "accesskey",
    "secretkey",
    "privatekey",
    "authkey",
    "accesstoken",
    "authtoken",
    "apitoken",
    "bottoken",
    "refreshtoken",
    "sessiontoken",
    "idtoken",
    "csrftoken",
    "xsrftoken",
)
_KEY_QUALIFIERS = frozenset(
    {
        "api",
        "access",
        "secret",
        "private",
        "signing",
        "sign",
        "encryption",
        "encrypt",
        "decryption",
        "master",
        "client",
        "app",
        "application",
        "account",
        "shared",
        "sharedaccess",
        "storage",
        "service",
        "deploy",
        "ssh",
        "license",
        "subscription",
        "webhook",
        "session",
        "consumer",
        "hmac",
        "jwt",
        "crypto",
        "auth",
    }
)
# After the secret word, these say the value is about the secret, not the secret itself.
_DESCRIPTORS = _words(
    "url uri urls endpoint endpoints host hostname port name names type types kind length len "
    "size count limit max min ttl expiry expires expiration expire expired lifetime timeout "
    "age duration interval period refresh path paths file files filename dir directory folder "
    "field fields header headers param parameter prefix suffix format policy policies hint "
    "label description desc help env var variable rotation rotated version enabled enable "
    "disabled required optional reset regex pattern placeholder prompt strength validator "
    "validation valid rule rules input form column mode method scheme location ref provider "
    "source store storage manager cache helper command cmd stdin usage used index position "
    "pos start end offset budget sock socket arn process algorithm algo alg audience issuer "
    "scope scopes encoding charset min_length enabled_at created updated at time timestamp "
    "date status state error errors message msg domain spec outfile infile out info infos hdr "
    "validity unit units public id ids configuration configurations config settings options "
    "list lists loader factory getter fetcher handler callback class cls fn func parameters "
    "params sequence"
)
# Before the secret word, these make the value a count, a flag or a public value.
_NEGATING_PREFIXES = _words(
    "public publishable max min num number count no has is use show hide with enable disable "
    "require requires allow forgot last modified created updated"
)
# Tokens that are positions, not credentials: pagination cursors, lexer and progress tokens.
_NOT_CREDENTIAL_TOKENS = _words(
    "next page continuation pagination sync input output cancel cancellation progress lexer "
    "end start starting eof current previous prev last first change lock request idempotency "
    "client creation unexpected invalid expected missing"
)
# Shell variables that hold a directory, not a password (ODBC's PWD= holds a password).
_DIRECTORY_NAMES = frozenset({"pwd", "oldpwd"})

_SEPARATORS = LazyPattern(r"[^A-Za-z0-9]+")
_BRANDS = LazyPattern(r"\bauth 0\b")  # AUTH0_DOMAIN names the Auth0 service, not a credential
_HUMPS = LazyPattern(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")


@functools.lru_cache(maxsize=4096)
def _cached_words(name: str) -> tuple[str, ...]:
    words: list[str] = []
    for part in _SEPARATORS.split(name):
        words += [hump.lower() for hump in _HUMPS.findall(part)]
    joined = " ".join(words)
    return tuple(_BRANDS.sub("", joined).split()) if "auth 0" in joined else tuple(words)


def name_words(name: str) -> list[str]:
    """``DB_PASSWORD`` → db, password; ``clientSecretKey`` → client, secret, key."""
    return list(_cached_words(name))


def _is_secret_word(words: list[str], at: int) -> bool:
    word = words[at]
    if word == "pass":  # DB_PASS, ansible_become_pass; alone it is a verdict: "--- PASS: TestX"
        return at > 0
    if word in _SECRET_WORDS:
        return True
    if word == "key":
        return at > 0 and words[at - 1] in _KEY_QUALIFIERS
    return len(word) > 6 and word.endswith(_SECRET_ENDINGS)


def _last_secret_word(words: list[str]) -> int | None:
    return next((i for i in range(len(words) - 1, -1, -1) if _is_secret_word(words, i)), None)


def secret_word(name: str) -> str:
    """The last secret word of ``name`` (``db_password`` → password, ``PGPASSWORD`` →
    pgpassword, ``api_key`` → key); empty when it has none."""
    words = name_words(name.rsplit(".", 1)[-1])
    last = _last_secret_word(words)
    return "" if last is None else words[last]


@functools.lru_cache(maxsize=4096)
def is_secret_name(name: str) -> bool:
    """True when the value given to ``name`` is a credential.

    In a dotted name only the last part counts: ``spring.datasource.password`` is a password,
    ``token.markup`` and ``Token.Number`` are attributes of something called a token.
    """
    words = name_words(name.rsplit(".", 1)[-1])
    last = _last_secret_word(words)
    if last is None:
        return False
    described = [word for word in words[last + 1 :] if word in _DESCRIPTORS]
    if (described and described != ["id"]) or (described == ["id"] and words[last] != "secret"):
        return False  # (a Vault secret_id is a credential; other ids name a key or a token)
    before = words[last - 1] if last > 0 else ""
    if before in _NEGATING_PREFIXES or "public" in words[:last]:
        return False  # max_tokens, has_password; publicKeyToken is as public as its key
    return not (words[last] == "token" and before in _NOT_CREDENTIAL_TOKENS)


def may_hold_a_directory(name: str) -> bool:
    """``PWD`` / ``OLDPWD``: the shell's directories in ``env`` output, or an ODBC password."""
    return name.isupper() and name.lower() in _DIRECTORY_NAMES
