"""The user-cache of costly values: built once, read back equal, rebuilt when a source changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from rawdeal.cards import db as cards_db
from rawdeal.diskcache import cached


@pytest.fixture(autouse=True)
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("RAWDEAL_CACHE", raising=False)
    return tmp_path / "cache" / "rawdeal"


def test_a_value_is_built_once_then_read_back(tmp_path: Path) -> None:
    source = tmp_path / "source.txt"
    source.write_text("one")
    builds: list[str] = []

    def build() -> dict[str, str]:
        builds.append(source.read_text())
        return {"text": source.read_text()}

    assert cached("demo", [source], build, dict) == {"text": "one"}
    assert cached("demo", [source], build, dict) == {"text": "one"}
    source.write_text("two")
    assert cached("demo", [source], build, dict) == {"text": "two"}
    assert builds == ["one", "two"]


def test_a_cached_value_of_another_type_is_built_again(tmp_path: Path, cache_home: Path) -> None:
    source = tmp_path / "source.txt"
    source.write_text("x")
    cached("demo", [source], lambda: [1, 2], list)
    assert cached("demo", [source], lambda: {"fresh": True}, dict) == {"fresh": True}


def test_the_card_database_from_the_cache_is_the_parsed_one(cache_home: Path) -> None:
    def shipped_db() -> cards_db.CardDB:
        return cached("cards", cards_db._sources(), cards_db._read_shipped, cards_db.CardDB)

    first = shipped_db()  # parsed and stored
    again = shipped_db()  # read back
    assert again is not first and list(cache_home.glob("cards-*.pickle"))
    assert again == cards_db._read_shipped() == cards_db.load_db()
    assert again.index == first.index and again.card("Punch") == first.card("Punch")
    assert again.resolve_title("kane's choke slam") == first.resolve_title("kane's choke slam")


def test_a_missing_home_folder_is_not_created(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rawdeal.resources import user_cache_dir

    home = tmp_path / "no-such-home"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(home))
    assert user_cache_dir() is None and not home.exists()
    assert cached("demo", [], lambda: [3], list) == [3]
