"""Where rawdeal's data files live, both in a source checkout and in an installed wheel.

The grammar, the JSON schemas and the example decks sit at the top of the repository (`grammar/`, `schemas/`), where
readers look for them; the wheel force-includes them inside the package as `rawdeal/_grammar/` and
`rawdeal/_schemas/` (and `rawdeal/_decks/`; see pyproject.toml). The packaged copy wins, so an installed rawdeal never reads
a stray checkout.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from rawdeal.errors import RawdealError

_PACKAGE = Path(__file__).resolve().parent
_REPO = _PACKAGE.parent


def _find(packaged: str, repo: str, name: str) -> Path:
    for folder in (_PACKAGE / packaged, _REPO / repo):
        path = folder / name
        if path.is_file():
            return path
    raise RawdealError(f"rawdeal data file {repo}/{name} is missing from this installation")


def grammar_path(name: str) -> Path:
    """A grammar file, e.g. `grammar_path("classic.lark")`."""
    return _find("_grammar", "grammar", name)


def schema_path(name: str) -> Path:
    """A JSON schema, e.g. `schema_path("save.schema.json")`."""
    return _find("_schemas", "schemas", name)


def decks_dir() -> Path | None:
    """The bundled example decks (`decks/`, shipped in the wheel as `rawdeal/_decks/`): what the
    browser's play page offers; None when this installation has none."""
    for folder in (_PACKAGE / "_decks", _REPO / "decks"):
        if folder.is_dir():
            return folder
    return None


def user_cache_dir() -> Path | None:
    """rawdeal's per-user cache folder (created, private), or None when caching is off or impossible.

    Caches only save time, so a read-only home or RAWDEAL_CACHE=0 just means working without one.
    """
    if os.environ.get("RAWDEAL_CACHE", "1") == "0":
        return None
    from platformdirs import user_cache_path

    try:
        base = user_cache_path("rawdeal", appauthor=False)  # $XDG_CACHE_HOME/rawdeal, ~/.cache/rawdeal, ...
        if not base.parent.parent.is_dir():  # never create a missing home folder
            return None
        base.mkdir(parents=True, exist_ok=True, mode=0o700)
    except (OSError, RuntimeError):  # RuntimeError: no home directory to be found
        return None
    return base if os.access(base, os.W_OK) else None


def parser_cache_file(name: str, grammar: str, lark_version: str) -> Path | None:
    """Where lark keeps a grammar's parse tables (its `cache=` option); named by grammar and lark."""
    folder = user_cache_dir()
    if folder is None:
        return None
    digest = hashlib.sha256(f"{grammar}\0{lark_version}".encode()).hexdigest()[:16]
    return folder / f"{name}-{digest}.lark-cache"
