"""Where rawdeal's data files live, both in a source checkout and in an installed wheel.

The grammar and the JSON schemas sit at the top of the repository (`grammar/`, `schemas/`), where
readers look for them; the wheel force-includes them inside the package as `rawdeal/_grammar/` and
`rawdeal/_schemas/` (see pyproject.toml). The packaged copy wins, so an installed rawdeal never reads
a stray checkout.
"""

from __future__ import annotations

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
    """A grammar file, e.g. `grammar_path("effects.lark")`."""
    return _find("_grammar", "grammar", name)


def schema_path(name: str) -> Path:
    """A JSON schema, e.g. `schema_path("save.schema.json")`."""
    return _find("_schemas", "schemas", name)
