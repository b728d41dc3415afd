"""Where the grammar and schema files are: inside an installed wheel, or at the top of the repository."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _find(packaged: str, repo: str, name: str) -> Path:
    for folder in (_PACKAGE / packaged, _PACKAGE.parent / repo):
        if (folder / name).is_file():
            return folder / name
    raise FileNotFoundError(f"rawdeal is installed without its {repo}/{name}")


def grammar_path(name: str) -> Path:
    return _find("_grammar", "grammar", name)


def schema_path(name: str) -> Path:
    return _find("_schemas", "schemas", name)
