"""How fast the course's effect texts compile through the card language, and how fast `rawdeal card` answers.

Run: `python benchmarks/bench_compile.py`. The course's compiled effects are kept in the effects disk cache
(`rawdeal.effects.store`), so compiling is paid once per install and per change of the card language;
`rawdeal card Punch` < 150 ms including interpreter start. Prints figures, asserts nothing.

Figures (2026-11-27, pure Python editable install, load 9): the Classic grammar's tables built from the
grammar 5.9 s (once per grammar and lark version, then kept in the user cache: loaded 0.46 s); all 137
course texts and 7 abilities compiled and lowered 70 ms best, 78 ms median (the retired course compiler:
target < 50 ms); `rawdeal card Punch` 222 ms best at load 9, against 18 ms for `python -c pass`.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:7.1f} ms"


def parser_build() -> None:
    from rawdeal.effects.classic import compiler

    for label, env in (("no disk cache", "0"), ("cache cold: build+write", "1"), ("cache warm: load", "1")):
        os.environ["RAWDEAL_CACHE"] = env
        compiler.parser.cache_clear()
        start = time.perf_counter()
        compiler.parser()
        print(f"parser ({label}):{' ' * (24 - len(label))}{_ms(time.perf_counter() - start)}")


def compile_all(rounds: int = 20) -> None:
    """Each round with a fresh compiler (it keeps each sentence it compiled), the parser built."""
    from rawdeal.cards import load_db
    from rawdeal.effects import course

    db = load_db()
    times = []
    for _ in range(rounds):
        course._compiler.cache_clear()
        start = time.perf_counter()
        for card in db.cards:
            course.compile_card(card)
        for superstar in db.superstars:
            course.compile_ability(superstar)
        times.append(time.perf_counter() - start)
    print(f"compile all {len(db.cards)} card texts and {len(db.superstars)} abilities: {_ms(min(times))} best, "
          f"{_ms(statistics.median(times))} median ({rounds} rounds)")


def interpreter() -> None:
    times = []
    for _ in range(7):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        times.append(time.perf_counter() - start)
    print(f"bare `python -c pass`:        {_ms(min(times))} best (for comparison)")


def cli(title: str, rounds: int = 7) -> None:
    # the console script next to this interpreter (a pyenv shim on PATH would add its own ~150 ms)
    script = Path(sys.executable).with_name("rawdeal")
    exe = str(script) if script.exists() else shutil.which("rawdeal")
    command = [exe, "card", title] if exe else [sys.executable, "-c", "from rawdeal.cli import main; main()",
                                                "card", title]
    subprocess.run(command, capture_output=True, check=True)  # warm the disk cache and the OS
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    print(f"`rawdeal card {title}`:{' ' * max(1, 18 - len(title))}{_ms(min(times))} best, "
          f"{_ms(statistics.median(times))} median (target < 150 ms)")


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as cache_home:
        os.environ["XDG_CACHE_HOME"] = cache_home  # measure a cold cache, then a warm one
        parser_build()
        compile_all()
        interpreter()
        cli("Punch")
        cli("Jockeying for Position")
