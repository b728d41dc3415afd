"""Dataclass definitions compiled once per machine (`rawdeal.classdefs`): the classes behave exactly as
`dataclasses` makes them, a second process compiles nothing, a damaged cache file is rebuilt and
RAWDEAL_CACHE=0 leaves `dataclasses` alone."""

from __future__ import annotations

import dataclasses
import inspect
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rawdeal import classdefs

COUNT = ("import dataclasses, rawdeal.engine.events, rawdeal.classdefs as c; "
         "print(len(c._compiled), 'exec' in vars(dataclasses))")


def _define() -> type:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Sample:
        title: str
        copies: int = 1
        tags: tuple[str, ...] = ()

    return Sample


def test_a_class_defined_through_the_cache_is_the_one_dataclasses_makes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dataclasses, "exec", classdefs._exec, raising=False)  # what `install` puts there
    cached = _define()
    monkeypatch.delattr(dataclasses, "exec")  # the builtin exec again
    plain = _define()
    for cls in (cached, plain):
        a, b = cls("Punch"), cls("Punch", 2, ("x",))
        assert (repr(a), repr(b)) == ("_define.<locals>.Sample(title='Punch', copies=1, tags=())",
                                      "_define.<locals>.Sample(title='Punch', copies=2, tags=('x',))")
        assert a == cls("Punch") != b and hash(a) == hash(cls("Punch"))
        with pytest.raises(dataclasses.FrozenInstanceError):
            a.title = "Kick"  # type: ignore[misc]
    assert str(inspect.signature(cached)) == str(inspect.signature(plain))
    assert cached.__init__.__annotations__ == plain.__init__.__annotations__  # not turned into strings


def _run(env: dict[str, str]) -> str:
    done = subprocess.run([sys.executable, "-c", COUNT], env=env, capture_output=True, text=True, check=True)
    return done.stdout.split()


def test_the_second_process_compiles_nothing_and_a_damaged_file_is_rebuilt(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    env.pop("RAWDEAL_CACHE", None)
    first = _run(env)
    assert int(first[0]) > 50 and first[1] == "True"  # the engine's events and what they import
    assert _run(env) == ["0", "True"]
    [stored] = (tmp_path / "rawdeal").glob("dataclasses-*.marshal")
    stored.write_bytes(b"not marshal data")
    assert int(_run(env)[0]) == int(first[0])
    assert _run(env) == ["0", "True"]


def test_without_a_cache_folder_dataclasses_is_left_alone(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path), "RAWDEAL_CACHE": "0"}
    assert _run(env)[1] == "False"
    assert not (tmp_path / "rawdeal").exists()
