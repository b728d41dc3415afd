"""Paths that must not bite, through the real `rawdeal` program: outputs never replace a device, a
named pipe, a symbolic link or an input; inputs are regular files with a cap, read without hanging.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RAWDEAL = str(Path(sys.executable).parent / "rawdeal")
KANE, HHH = str(ROOT / "decks/kane.txt"), str(ROOT / "decks/hhh.txt")
SAVE, MOVES = ROOT / "saves/midgame.json", ROOT / "saves/midgame-moves.txt"


def rawdeal(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([RAWDEAL, *args], cwd=cwd, capture_output=True, check=False, timeout=60)


def opening(profile: str = "course") -> bytes:
    return rawdeal("new", KANE, HHH, "--profile", profile).stdout


def test_an_output_that_is_a_device_is_written_through_not_replaced() -> None:
    for device in ("/dev/null", "/dev/stdout"):
        done = rawdeal("new", KANE, HHH, "--profile", "course", "-o", device)
        assert done.returncode == 0, done.stderr
    assert os.path.exists("/dev/null") and not Path("/dev/null").is_file()
    assert rawdeal("new", KANE, HHH, "--profile", "course", "-o", "/dev/stdout").stdout == opening()
    full = rawdeal("new", KANE, HHH, "-o", "/dev/full")
    assert full.returncode == 1 and b"No space left on device" in full.stderr
    assert not Path("/dev/full").is_file()


def test_an_output_that_is_a_named_pipe_is_written_through(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    done = rawdeal("new", KANE, HHH, "--profile", "course", "-o", str(fifo))
    reader.join(30)
    assert done.returncode == 0 and got == [opening()]
    assert fifo.is_fifo()


def test_an_output_that_is_a_symbolic_link_writes_its_target(tmp_path: Path) -> None:
    (tmp_path / "real.json").write_text("old")
    (tmp_path / "link.json").symlink_to("real.json")
    (tmp_path / "dangling.json").symlink_to("made.json")
    for name in ("link.json", "dangling.json"):
        assert rawdeal("new", KANE, HHH, "--profile", "course", "-o", str(tmp_path / name)).returncode == 0
    assert (tmp_path / "link.json").is_symlink() and (tmp_path / "dangling.json").is_symlink()
    assert (tmp_path / "real.json").read_bytes() == (tmp_path / "made.json").read_bytes() == opening()


@pytest.mark.parametrize("args", [
    ["new", KANE, HHH, "-o", KANE],
    ["run", str(SAVE), str(MOVES), "-o", str(SAVE)],
    ["run", str(SAVE), str(MOVES), "-o", str(MOVES)],
    ["tournament", KANE, HHH, "--players", "random", "--json", KANE],
])
def test_an_output_that_is_an_input_is_a_usage_error_naming_both(args: list[str], tmp_path: Path) -> None:
    target = Path(args[args.index("-o") + 1] if "-o" in args else args[-1])
    before = target.read_bytes()
    done = rawdeal(*args)
    assert done.returncode == 2 and b"is the same file as" in done.stderr
    assert str(target).encode() in done.stderr and done.stderr.count(str(target).encode()) == 2
    assert target.read_bytes() == before


def test_an_output_reached_by_another_name_is_still_the_input(tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_bytes(Path(KANE).read_bytes())
    (tmp_path / "alias.txt").symlink_to(deck)
    done = rawdeal("new", str(deck), HHH, "-o", str(tmp_path / "alias.txt"))
    assert done.returncode == 2 and deck.read_bytes() == Path(KANE).read_bytes()


def test_course_export_keeps_a_category_unless_forced_and_swaps_it_whole(tmp_path: Path) -> None:
    args = ["course", "export", "-o", str(tmp_path), "--category", "12-Random", "--games", "2"]
    assert rawdeal(*args, "--seed", "1").returncode == 0
    first = sorted(p.read_bytes() for p in (tmp_path / "data/12-Random-Tests").iterdir())
    again = rawdeal(*args, "--seed", "2")
    assert again.returncode == 2 and b"already exists" in again.stderr and b"--force" in again.stderr
    assert sorted(p.read_bytes() for p in (tmp_path / "data/12-Random-Tests").iterdir()) == first
    assert rawdeal(*args, "--seed", "2", "--force").returncode == 0
    assert sorted(p.read_bytes() for p in (tmp_path / "data/12-Random-Tests").iterdir()) != first
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == ["12-Random", "12-Random-Tests"]


@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
def test_an_input_that_is_not_a_regular_file_is_a_usage_error_at_once(kind: str, tmp_path: Path) -> None:
    path = tmp_path / "in"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        path = Path("/dev/zero")  # read to the end, it would never end
    checks = [] if kind == "folder" else [["check", str(path)]]  # a folder of decks is what check also takes
    for args in (["moves", str(path)], ["run", str(SAVE), str(path)], *checks, ["new", str(path), HHH],
                 ["diff", str(path), str(MOVES)], ["course", "play", "data/x", "--inputs", str(path)]):
        done = rawdeal(*args)  # a FIFO nobody writes to would hang here: the timeout would fail the test
        assert done.returncode == 2 and b"Traceback" not in done.stderr, (args, done.stderr)
        assert b"regular file" in done.stderr or b"is a folder" in done.stderr, (args, done.stderr)


def test_an_input_past_its_size_cap_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    deck = tmp_path / "huge.txt"
    with deck.open("wb") as fh:
        fh.truncate(2 << 20)  # 2 MiB of zeros, past a deck file's 1 MiB cap
    done = rawdeal("check", str(deck))
    assert done.returncode == 2 and b"larger than 1,048,576 bytes" in done.stderr


def test_json_nested_deeply_is_an_error_not_a_crash(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 1000 + "]" * 1000)
    done = rawdeal("moves", str(deep))
    assert done.returncode == 1 and b"nested deeper than 64 levels" in done.stderr and b"Traceback" not in done.stderr


def test_a_file_name_that_is_not_utf8_is_shown_escaped(tmp_path: Path) -> None:
    name = os.fsdecode(b"caf\xe9.txt")
    (tmp_path / name).write_bytes("KANE (Superstar Card)\nPi\xf1ata\n".encode("latin-1"))
    done = rawdeal("check", str(tmp_path))
    assert done.returncode == 1 and b"Traceback" not in done.stderr
    assert b"caf\\xe9.txt:2:3: not UTF-8 text" in done.stderr
    moves = rawdeal("moves", str(tmp_path / name))
    assert moves.returncode == 1 and b"caf\\xe9.txt" in moves.stderr
