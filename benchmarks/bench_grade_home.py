"""Benchmark: `rawdeal grade --course --home DIR` (one HOME for every run) against a fresh HOME per run.

Issue 24: the Gradescope archive keeps one HOME per submission, because a program's caches live
there (rawdeal's own, dotnet's first-run files) and a fresh HOME per run rebuilds them every time.
The program graded is rawdeal's own course console (`python -m rawdeal course play {decks}`) on a
bank that `rawdeal course export` writes, with no XDG_CACHE_HOME set, as in Gradescope's container.
The two ways alternate round by round, so a change in the machine's load hits both alike; the
figure is the time per run of each and their ratio (kept HOME / fresh HOME; lower is better).
Run: `python benchmarks/bench_grade_home.py [--games N] [--rounds N]`.

Figures (pure-Python editable install, a busy shared 2-core machine, 6 games x 2 rounds, 2026-11-26):
fresh HOME 1.380 s a run, one HOME 0.308 s a run, ratio 0.22.
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def grade(bank: Path, home: Path | None, env: dict[str, str]) -> float:
    command = f"{shlex.quote(sys.executable)} -m rawdeal course play {{decks}}"
    args = [sys.executable, "-m", "rawdeal", "grade", "--course", str(bank), "--command", command, "--summary",
            "--timeout", "120"] + (["--home", str(home)] if home is not None else [])
    start = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise SystemExit(f"grading failed:\n{done.stdout}\n{done.stderr}")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
        subprocess.run([sys.executable, "-m", "rawdeal", "course", "export", "-o", str(root / "bank"), "--category",
                        "12-Random", "--games", str(args.games), "--seed", "1"], check=True, capture_output=True)
        fresh, kept = [], []
        for r in range(args.rounds):
            fresh.append(grade(root / "bank", None, env) / args.games)
            kept.append(grade(root / "bank", root / f"home{r}", env) / args.games)  # a new submission each round
        f, k = min(fresh), min(kept)
        print(f"fresh HOME per run: {f:.3f} s a run; one HOME per submission: {k:.3f} s a run; ratio {k / f:.2f}")


if __name__ == "__main__":
    main()
