"""The compiled engine (mypyc, built into the wheel when a C compiler is at hand: `hatch_build.py`) and
its pure-Python fallback: RAWDEAL_PURE=1 imports the sources, and both give the same bytes.

Each run is a new process started outside the checkout, so that it imports the installed rawdeal
(compiled or not) rather than this folder's sources."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

# Prints whether the engine is compiled, then the rawdeal modules imported from anything but a source.
PROBE = """
import sys
from rawdeal.purepython import compiled
from rawdeal.cli import app
from rawdeal.replay import movefile
from rawdeal.arena import selfplay
print(compiled())
print(sorted(n for n, m in sys.modules.items()
             if n.startswith("rawdeal") and not (getattr(m, "__file__", None) or ".py").endswith(".py")))
"""


def _python(args: list[str], cwd: Path, pure: bool) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["RAWDEAL_PURE"] = "1" if pure else "0"
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


def _rawdeal(args: list[str], cwd: Path, pure: bool) -> str:
    done = _python(["-c", "from rawdeal.cli import main; main()", *args], cwd, pure)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _compiled_installed(tmp_path: Path) -> bool:
    done = _python(["-c", PROBE], tmp_path, pure=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()[0] == "True"


def test_rawdeal_pure_imports_every_module_from_its_source(tmp_path: Path) -> None:
    done = _python(["-c", PROBE], tmp_path, pure=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["False", "[]"]


def _digest(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_compiled_engine_gives_the_same_bytes_as_pure_python(tmp_path: Path) -> None:
    if not _compiled_installed(tmp_path):
        pytest.skip("this installation has no compiled engine (an editable install, or built without a C "
                    "compiler or with RAWDEAL_PURE=1): there is nothing to compare with pure Python")
    save, moves = str(REPO / "saves" / "midgame.json"), str(REPO / "saves" / "midgame-moves.txt")
    outputs = []
    for pure in (False, True):
        out = tmp_path / ("pure" if pure else "compiled")
        out.mkdir()
        texts = [
            _rawdeal(["run", save, moves, "-o", str(out / "after.json")], out, pure),
            _rawdeal(["run", save, moves, "--format", "jsonl"], out, pure),
            _rawdeal(["selfplay", "--games", "300", "--seed", "11", "--random-decks", "--profile", "standard"],
                     out, pure),
            _rawdeal(["selfplay", "--games", "300", "--seed", "11", "--check"], out, pure),
            # the Classic pool through the compiled pre-pass and parser: every sentence's parse, failure and lowering
            # (exit 1: some texts do not compile yet, each listed)
            _python(["-c", "from rawdeal.cli import main; main()", "cards", "--pool", "classic", "--check", "--games", "1",
                     "--format", "json"], out, pure).stdout,
        ]
        _rawdeal(["course", "export", "-o", str(out / "bank"), "--category", "12-Random", "--games", "60",
                  "--seed", "11"], out, pure)
        outputs.append((texts, _digest(out)))
    assert outputs[0] == outputs[1]
    assert sum(name.startswith("bank/data/12-Random-Tests/") for name in outputs[0][1]) == 60


# Pickles and copies a sample of every kind of record a game makes; prints whether all come back equal.
ROUND_TRIP = """
import copy, pickle, random
from rawdeal.bots.random import pick
from rawdeal.replay.movefile import MoveLine
from rawdeal.arena.selfplay import game_decks
from rawdeal.engine.cardinfo import catalog
from rawdeal.engine.game import Game
from rawdeal.engine.moves import END

records = [MoveLine(1, 1, END, "end")]
for seed in range(6):
    pair, index, rnd = game_decks(seed, None), catalog().db.index, random.Random(seed)
    game, _ = Game.start((pair[0].superstar, pair[1].superstar),
                         tuple([index[t] for t in d.titles] for d in pair), "standard", seed)
    while not game.over:
        s = game.s
        records += [*s.tasks, *(p for p in s.last if p), *([s.playing] if s.playing else []), *s.modifiers]
        records.append(game.decision())
        records += game.apply(pick(game, rnd))
kinds = {type(r) for r in records}
same = [copy.copy(r) == r and copy.deepcopy(r) == r and pickle.loads(pickle.dumps(r)) == r
        for r in records if not callable(getattr(r, "describe", None))]  # a decision's prompt maker is code
print(len(kinds), all(same))
"""



@pytest.mark.parametrize("pure", [True, False], ids=["sources", "compiled"])
def test_records_pickle_and_copy_to_equal_values(tmp_path: Path, pure: bool) -> None:
    """Records cross processes (`selfplay --jobs`, a cluster) and are copied: compiled or not, each comes
    back equal (mypyc rebuilds a compiled object by calling `__init__` with no arguments)."""
    if not pure and not _compiled_installed(tmp_path):
        pytest.skip("this installation has no compiled engine (an editable install, or built without a C "
                    "compiler or with RAWDEAL_PURE=1): the sources are checked")
    done = _python(["-c", ROUND_TRIP], tmp_path, pure=pure)
    assert done.returncode == 0, done.stderr
    kinds, same = done.stdout.split()
    assert int(kinds) >= 15 and same == "True"


# Pickles the Classic parser's tables as the user cache stores them and reads them back; prints whether whole.
TABLES = """
import pickle
from rawdeal.effects.classic import tables
from rawdeal.resources import grammar_path

built = tables.load(grammar_path("classic.lark"))
again = pickle.loads(tables._dumps(built))
print(isinstance(again, tables.Tables) and again.rules == built.rules
      and len(again.parse_table.states) == len(built.parse_table.states))
"""


@pytest.mark.parametrize("pure", [True, False], ids=["sources", "compiled"])
def test_the_parser_tables_read_back_from_the_cache(tmp_path: Path, pure: bool) -> None:
    """Compiled with mypyc, a frozen class refused pickle's way of rebuilding it: every process that parsed a
    Classic text built the tables again (~20 s) instead of reading them from the user cache."""
    if not pure and not _compiled_installed(tmp_path):
        pytest.skip("this installation has no compiled engine (an editable install, or built without a C "
                    "compiler or with RAWDEAL_PURE=1): the sources are checked")
    done = _python(["-c", TABLES], tmp_path, pure=pure)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True"]


# Shuffles seeded lists of every length a game shuffles with `rng.shuffle` and with `below` drawn for each
# position (Python ints in both builds), the edge seeds and a draw `below` rejects among them; prints
# whether the module runs on machine integers and how many shuffles differ.
SHUFFLES = """
import random
from rawdeal.engine import rng
from test_rng import _reference_shuffle, _state_before

rnd = random.Random(5)
seeds = [0, 1, 2**62, 2**63 - 1, 2**63, 2**64 - 1, _state_before((1 << 64) - 1)]
seeds += [rnd.getrandbits(64) for _ in range(400)]
differ = 0
for seed in seeds:
    for n in range(0, 66):
        fast, slow = list(range(n)), list(range(n))
        differ += rng.shuffle(seed, fast) != _reference_shuffle(seed, slow) or fast != slow
print(rng.NATIVE, differ)
"""


@pytest.mark.parametrize("pure", [True, False], ids=["sources", "compiled"])
def test_shuffles_are_the_same_on_machine_integers(tmp_path: Path, pure: bool) -> None:
    """Compiled, the shuffle runs on 64-bit machine integers that wrap around (`rng._shuffle_i64`): the
    permutations and states are exactly those of `below` on Python ints, which saves rely on."""
    if not pure and not _compiled_installed(tmp_path):
        pytest.skip("this installation has no compiled engine (an editable install, or built without a C "
                    "compiler or with RAWDEAL_PURE=1): the sources are checked")
    tests = str(REPO / "tests")  # test_rng from the checkout; rawdeal itself from the installation
    done = _python(["-c", f"import sys; sys.path.append({tests!r})\n" + SHUFFLES], tmp_path, pure=pure)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(not pure), "0"]


# Loads the course's effects in a fresh cache folder with compiling forbidden: only the prebuilt entry can answer.
PREBUILT_PROBE = """
from rawdeal.effects import store
def refuse():
    raise SystemExit("compiled the card language: no prebuilt entry")
store._compile = refuse
print(len(store.shipped().cards))
"""


def test_an_installed_wheel_ships_the_courses_compiled_effects(tmp_path: Path) -> None:
    """A grader's sandboxed run gets a new HOME each time: the wheel's prebuilt effects spare it the
    card language's parser (about 3 s of CPU a run otherwise)."""
    where = _python(["-c", "import rawdeal, sys; print(rawdeal.__file__)"], tmp_path, pure=True).stdout.strip()
    if Path(where).resolve().is_relative_to(REPO):
        pytest.skip("the installed rawdeal is this checkout (an editable install), which keeps its entry on first use")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {"HOME": str(tmp_path),
                                                                         "XDG_CACHE_HOME": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", PREBUILT_PROBE], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == 137
