"""The one atomic writer: files and folders appear whole, with the permissions a plain write gives."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from rawdeal.errors import UsageError
from rawdeal.io.files import write_atomic, write_folder_atomic


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def umask_022():  # type: ignore[no-untyped-def]
    old = os.umask(0o022)
    yield
    os.umask(old)


def _write(path: Path, text: str) -> None:
    path.write_text(text)


def test_a_file_gets_normal_permissions(tmp_path: Path, umask_022: None) -> None:
    write_atomic(tmp_path / "save.json", "{}\n")
    assert (tmp_path / "save.json").read_text() == "{}\n"
    assert mode(tmp_path / "save.json") == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]  # no temporary file left


def test_a_folder_gets_normal_permissions_and_replaces_the_old_one_whole(tmp_path: Path, umask_022: None) -> None:
    target = tmp_path / "scenario"
    write_folder_atomic(target, lambda d: _write(d / "old.txt", "old"))
    write_folder_atomic(target, lambda d: _write(d / "moves.txt", "pass\n"))
    assert mode(target) == 0o755
    assert sorted(p.name for p in target.iterdir()) == ["moves.txt"]
    assert [p.name for p in tmp_path.iterdir()] == ["scenario"]


def test_a_failed_folder_leaves_the_old_one(tmp_path: Path) -> None:
    target = tmp_path / "scenario"
    write_folder_atomic(target, lambda d: _write(d / "moves.txt", "pass\n"))

    def broken(d: Path) -> None:
        (d / "half.txt").write_text("x")
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        write_folder_atomic(target, broken)
    assert sorted(p.name for p in target.iterdir()) == ["moves.txt"]
    assert [p.name for p in tmp_path.iterdir()] == ["scenario"]


def test_a_missing_folder_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="does not exist"):
        write_atomic(tmp_path / "nope" / "save.json", "{}")


def test_text_holding_a_file_name_that_is_not_utf8_is_written_with_it_escaped(tmp_path: Path) -> None:
    """`play --record` writes its own file name into the file's first line: a Latin-1 name is
    written as `\\xe9`, as it is shown on the terminal, instead of failing."""
    name = os.fsdecode(b"jos\xe9.txt")
    write_atomic(tmp_path / name, f"# replay with rawdeal run {name}\n")
    assert (tmp_path / name).read_bytes() == b"# replay with rawdeal run jos\\xe9.txt\n"


def test_swapping_a_folder_in_leaves_nothing_in_the_temporary_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lock that keeps two writers' swaps apart is on the parent folder itself: before, each
    distinct output folder left an empty lock file in /tmp for ever."""
    import tempfile

    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))

    def fill(folder: Path) -> None:
        (folder / "a.txt").write_text("a")

    for n in range(3):
        write_folder_atomic(tmp_path / f"out{n}" / "bank", fill)
    assert list(scratch.iterdir()) == []
    assert (tmp_path / "out2" / "bank" / "a.txt").read_text() == "a"
