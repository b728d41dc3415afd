"""Data files found both in a source checkout and in an installed wheel (`rawdeal.resources`)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from rawdeal import resources

ROOT = Path(__file__).resolve().parents[1]


def test_the_wheel_ships_the_example_decks_the_play_page_offers() -> None:
    """`pip install .` (not editable) has no checkout beside it: the decks travel inside the package."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert shipped["decks"] == "rawdeal/_decks"


def test_an_installed_copy_of_the_decks_wins_over_a_checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "site-packages" / "rawdeal"
    (package / "_decks").mkdir(parents=True)
    monkeypatch.setattr(resources, "_PACKAGE", package)
    assert resources.decks_dir() == package / "_decks"


def test_without_any_decks_the_play_page_offers_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(resources, "_PACKAGE", tmp_path / "rawdeal")
    monkeypatch.setattr(resources, "_REPO", tmp_path)
    assert resources.decks_dir() is None
    from rawdeal.service.play.routes import bundled

    assert bundled() == []
