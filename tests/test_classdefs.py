"""Dataclass definitions compiled once per machine (`rawdeal.classdefs`, installed by the `rawdeal`
program only): the classes behave exactly as `dataclasses` makes them, a second process compiles
nothing, a damaged cache file is rebuilt, RAWDEAL_CACHE=0 leaves `dataclasses` alone, and importing
rawdeal as a library changes nothing outside it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

COUNT = ("import dataclasses, rawdeal.classdefs as c; c.install(); import rawdeal.engine.events; "
         "print(len(c._compiled), 'exec' in vars(dataclasses))")


# Every generated method of rawdeal's value classes, as far as code can tell them apart.
DESCRIBE = """
import sys, rawdeal.classdefs
if sys.argv[1:] == ["cached"]:
    rawdeal.classdefs.install()
import dataclasses, inspect, rawdeal.effects.model, rawdeal.engine.events, rawdeal.engine.moves, rawdeal.engine.tasks
for module in (rawdeal.effects.model, rawdeal.engine.events, rawdeal.engine.moves, rawdeal.engine.tasks):
    for cls in vars(module).values():
        if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == module.__name__:
            print(cls.__qualname__, inspect.signature(cls), getattr(cls.__init__, "__annotations__", None))
            for name in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
                method = getattr(cls, name)
                code = getattr(getattr(method, "__wrapped__", method), "__code__", None)
                if code is not None:
                    print(" ", name, code.co_code.hex(), code.co_names, code.co_varnames, repr(code.co_consts))
"""


def test_rawdeal_classes_from_the_cache_are_the_ones_dataclasses_makes(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    env.pop("RAWDEAL_CACHE", None)

    def describe(env: dict[str, str], *how: str) -> str:
        return subprocess.run([sys.executable, "-c", DESCRIBE, *how], env=env, capture_output=True, text=True,
                              check=True).stdout

    first = describe(env, "cached")  # compiled and stored
    assert describe(env, "cached") == first == describe(env)  # read back; no cache installed at all
    assert list((tmp_path / "rawdeal").glob("classdefs-*/*.marshal"))
    assert first.count("__init__") > 80 and "Won (player: " in first  # (compiled, its annotations are classes)


def _run(env: dict[str, str]) -> list[str]:
    done = subprocess.run([sys.executable, "-c", COUNT], env=env, capture_output=True, text=True, check=True)
    return done.stdout.split()


def test_the_second_process_compiles_nothing_and_a_damaged_file_is_rebuilt(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    env.pop("RAWDEAL_CACHE", None)
    first = _run(env)
    assert int(first[0]) > 50 and first[1] == "True"  # the engine's events and what they import
    assert _run(env) == ["0", "True"]
    stored = next((tmp_path / "rawdeal").glob("classdefs-*/rawdeal.engine.events.marshal"))
    stored.write_bytes(b"not marshal data")
    assert int(_run(env)[0]) == int(first[0])
    assert _run(env) == ["0", "True"]


def test_without_a_cache_folder_dataclasses_is_left_alone(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path), "RAWDEAL_CACHE": "0"}
    assert _run(env)[1] == "False"
    assert not (tmp_path / "rawdeal").exists()


def test_importing_rawdeal_as_a_library_changes_nothing_outside_it(tmp_path: Path) -> None:
    """A web server, a notebook or a grader's container that imports rawdeal keeps its `dataclasses`
    and its cache folder as they were: only the `rawdeal` program installs the cache."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    env.pop("RAWDEAL_CACHE", None)
    code = ("import rawdeal.engine.game, rawdeal.cli, dataclasses, atexit; "
            "print(dataclasses.__dict__.get('exec'), atexit._ncallbacks())")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["None", "0"]
    assert not (tmp_path / "rawdeal").exists()


def test_the_rawdeal_program_keeps_the_cache(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    env.pop("RAWDEAL_CACHE", None)
    root = Path(__file__).resolve().parent.parent
    subprocess.run([sys.executable, "-m", "rawdeal", "moves", str(root / "saves/midgame.json")], env=env,
                   capture_output=True, check=True)
    assert list((tmp_path / "rawdeal").glob("classdefs-*/rawdeal.engine.events.marshal"))
