"""The compiled-effects disk cache: same effects as compiling, rebuilt on any change, never required."""

from __future__ import annotations

from collections.abc import Iterator

import shutil
from pathlib import Path

import pytest

from rawdeal.effects import store
from rawdeal.effects.course import abilities, compiled_db
from rawdeal.resources import grammar_path


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("RAWDEAL_CACHE", raising=False)
    read_only = tmp_path / "read-only-checkout"  # the checkout's prebuilt entry would answer first
    read_only.write_text("a file: nothing can be kept in it")
    monkeypatch.setattr(store, "PREBUILT", read_only / "_prebuilt")
    store.shipped.cache_clear()
    yield tmp_path / "rawdeal"
    store.shipped.cache_clear()


def _pickles(folder: Path) -> list[Path]:
    return sorted(folder.glob("effects-*.pickle")) if folder.is_dir() else []


def test_cached_effects_equal_freshly_compiled_ones(cache_home: Path) -> None:
    first = store.shipped()
    assert len(_pickles(cache_home)) == 1
    store.shipped.cache_clear()
    loaded = store.shipped()  # this time from the file
    assert loaded is not first
    assert loaded.cards == compiled_db() and loaded.abilities == abilities()


def test_a_changed_grammar_is_a_new_cache_entry(cache_home: Path, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    before = store._cache_path()
    edited = tmp_path / "classic.lark"
    shutil.copy(grammar_path("classic.lark"), edited)
    edited.write_text(edited.read_text(encoding="utf-8") + "\n// edited\n", encoding="utf-8")
    monkeypatch.setattr(store, "grammar_path", lambda name: edited)
    assert store._cache_path() != before


def test_every_module_of_the_card_language_keys_the_cache() -> None:
    """A change to any module of the front end or the lowering (the course's cards compile through
    them) gives a new cache entry."""
    import rawdeal.effects.classic as classic

    modules = set(Path(classic.__file__).resolve().parent.rglob("*.py"))
    assert any(p.name == "held.py" for p in modules) and modules <= set(store._sources())


def test_the_wheels_prebuilt_effects_are_read_before_compiling(cache_home: Path, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh cache folder (a grader's new HOME) with the wheel's prebuilt entry compiles nothing."""
    prebuilt = tmp_path / "prebuilt"
    store.prebuild(prebuilt)
    monkeypatch.setattr(store, "PREBUILT", prebuilt)

    def never() -> store.Compiled:
        raise AssertionError("compiled although the wheel holds the effects")

    monkeypatch.setattr(store, "_compile", never)
    store.shipped.cache_clear()
    assert store.shipped().cards == compiled_db() and not _pickles(cache_home)


def test_a_prebuilt_entry_of_other_sources_is_not_read(cache_home: Path, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    prebuilt = tmp_path / "prebuilt"
    (real,) = [store.prebuild(prebuilt)]
    real.rename(prebuilt / "effects-00000000000000000000.pickle")  # made from other sources (another lark, Python)
    monkeypatch.setattr(store, "PREBUILT", prebuilt)
    store.shipped.cache_clear()
    assert store.shipped().cards == compiled_db() and len(_pickles(cache_home)) == 1  # compiled and cached


def test_a_checkout_keeps_what_a_wheel_would_ship(cache_home: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """From a source checkout, the first compile also leaves the prebuilt entry in the package, where the
    sandboxed runs of `rawdeal grade` (fresh HOME each, checkout read-only) find it; one entry only."""
    monkeypatch.setattr(store, "PREBUILT", tmp_path / "_prebuilt")
    store.PREBUILT.mkdir()
    (store.PREBUILT / "effects-00000000000000000000.pickle").write_bytes(b"older")
    store.shipped()
    kept = sorted(store.PREBUILT.glob("effects-*.pickle"))
    assert [p.name for p in kept] == [p.name for p in _pickles(cache_home)]
    assert kept[0].stat().st_mode & 0o044 == 0o044  # readable by the sandbox's other account


def test_a_damaged_cache_file_is_compiled_again_and_replaced(cache_home: Path) -> None:
    store.shipped()
    (path,) = _pickles(cache_home)
    path.write_bytes(b"not a pickle")
    store.shipped.cache_clear()
    assert store.shipped().cards == compiled_db()
    store.shipped.cache_clear()
    from rawdeal.diskcache import _load

    assert isinstance(_load(path), store.Compiled)  # rewritten whole


def test_without_a_writable_cache_folder_effects_are_compiled_in_memory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    store.shipped.cache_clear()
    try:
        assert store.shipped().cards == compiled_db()
    finally:
        store.shipped.cache_clear()


def test_rawdeal_cache_0_writes_nothing(cache_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "PREBUILT", tmp_path / "_prebuilt")
    monkeypatch.setenv("RAWDEAL_CACHE", "0")
    assert store.shipped().abilities == abilities()
    assert not cache_home.exists() and not store.PREBUILT.exists()
