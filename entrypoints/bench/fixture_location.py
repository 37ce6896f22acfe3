"""Where ``capy bench quality`` finds its bundled corpus when ``--fixtures`` is not given.

The corpus lives in the repository (``tests/fixtures/bench``), not in the wheel: it is test data
of several hundred kilobytes that an installed tool does not need. capy finds it in the checkout
it runs from (a development install imports the packages from the checkout itself), else in the
checkout it was installed from (``uv tool install <checkout>`` and ``pipx install <checkout>``
record that directory in the distribution's ``direct_url.json``, PEP 610), so the command works
from any directory.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from urllib.parse import unquote, urlparse

from domain.errors import InvalidInput
from entrypoints.version import DISTRIBUTION

BUNDLED = Path("tests") / "fixtures" / "bench"


def default_fixtures(
    checkouts: Callable[[], Iterable[Path]] | None = None,
) -> Path:
    """The bundled corpus of the first checkout that has one; a clear error naming
    ``--fixtures`` when none does."""
    looked: list[str] = []
    for root in (checkouts or candidate_checkouts)():
        corpus = root / BUNDLED
        if (root / "pyproject.toml").is_file() and any(corpus.glob("*.jsonl")):
            return corpus
        looked.append(str(corpus))
    where = f" (looked in {', '.join(looked)})" if looked else ""
    raise InvalidInput(
        "capy bench quality has no fixtures to measure: this capy neither runs from a checkout "
        f"of its repository nor was installed from one that still exists{where}",
        "pass --fixtures DIR, a directory of *.jsonl fixtures such as tests/fixtures/bench in a "
        "checkout of capy's repository",
    )


def candidate_checkouts() -> list[Path]:
    """The checkout capy's packages are imported from, then the one it was installed from."""
    import entrypoints

    found = [Path(entrypoints.__file__).resolve().parent.parent]
    installed_from = _installed_from()
    if installed_from is not None and installed_from not in found:
        found.append(installed_from)
    return found


def _installed_from() -> Path | None:
    """The local directory the distribution was built from, as its installer recorded it."""
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        text = distribution(DISTRIBUTION).read_text("direct_url.json")
    except PackageNotFoundError:
        return None
    return directory_of(text)


def directory_of(direct_url: str | None) -> Path | None:
    """The directory of a PEP 610 ``direct_url.json`` that names a local directory."""
    try:
        record = json.loads(direct_url or "")
    except ValueError:
        return None
    if not isinstance(record, dict) or "dir_info" not in record:
        return None
    url = urlparse(str(record.get("url", "")))
    if url.scheme != "file" or url.netloc not in ("", "localhost"):
        return None
    return Path(unquote(url.path))
