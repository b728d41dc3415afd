"""Saves read from files skip the schema only when the very same bytes passed the same schema before."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from rawdeal.errors import SaveError
from rawdeal.io import save as sv

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("RAWDEAL_CACHE", raising=False)
    return tmp_path / "cache" / "rawdeal" / "valid"


def _validations(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = sv._validator

    def counting():  # type: ignore[no-untyped-def]
        calls.append(1)
        return real()

    monkeypatch.setattr(sv, "_validator", counting)
    return calls


def test_a_valid_save_file_is_checked_once(cache_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    path.write_bytes((ROOT / "saves" / "midgame.json").read_bytes())
    calls = _validations(monkeypatch)
    first, second = sv.dumps(sv.read_save(path)), sv.dumps(sv.read_save(path))
    assert first == second == path.read_bytes()
    assert len(calls) == 1 and len(list(cache_home.iterdir())) == 1


def test_changed_bytes_are_checked_again(cache_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    data = orjson.loads((ROOT / "saves" / "midgame.json").read_bytes())
    path.write_bytes(orjson.dumps(data))
    sv.read_save(path)
    data["turn"] = "three"  # breaks the schema
    path.write_bytes(orjson.dumps(data))
    calls = _validations(monkeypatch)
    with pytest.raises(SaveError, match=r"\$\.turn"):
        sv.read_save(path)
    assert calls and len(list(cache_home.iterdir())) == 1  # the broken save is not remembered


def test_saves_given_as_bytes_are_always_checked(cache_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = (ROOT / "saves" / "midgame.json").read_bytes()
    calls = _validations(monkeypatch)
    sv.loads(data), sv.loads(data)
    assert len(calls) == 2 and not cache_home.exists()


def test_without_a_cache_every_read_is_checked(cache_home: Path, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAWDEAL_CACHE", "0")
    path = ROOT / "saves" / "midgame.json"
    calls = _validations(monkeypatch)
    sv.read_save(path), sv.read_save(path)
    assert len(calls) == 2 and not cache_home.exists()
