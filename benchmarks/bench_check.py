"""Benchmark: `rawdeal check` over every course deck folder in one process must take < 1 s wall.

Run from anywhere: `python benchmarks/bench_check.py [--runs N]`. It starts the real command (process
start, imports and card database included), reports the best and the worst wall time of N runs, and
exits 1 when the best run misses the budget (2 when the course tests are not at ../shared).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DATA = REPO.parent / "shared" / "course-tests" / "data"
BUDGET_SECONDS = 1.0
COMMAND = [sys.executable, "-c", "from rawdeal.cli import main; main()", "check"]


def deck_folders() -> list[str]:
    return sorted(f"data/{p.name}" for p in DATA.iterdir() if p.is_dir() and not p.name.endswith("-Tests"))


def one_run(folders: list[str]) -> tuple[float, int, int]:
    """(wall seconds, exit code, decks reported) for one `rawdeal check` over all folders."""
    start = time.perf_counter()
    done = subprocess.run([*COMMAND, *folders], cwd=DATA.parent, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    decks = len({line.split(":")[0] for line in done.stdout.splitlines()})
    return wall, done.returncode, decks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    if not DATA.is_dir():
        print(f"course tests not found at ../shared ({DATA})", file=sys.stderr)
        return 2
    folders = deck_folders()
    results = [one_run(folders) for _ in range(runs)]
    walls = sorted(wall for wall, _, _ in results)
    _, code, decks = results[0]
    if code not in (0, 1):
        print(f"rawdeal check failed with exit code {code}", file=sys.stderr)
        return 2
    verdict = "ok" if walls[0] < BUDGET_SECONDS else "TOO SLOW"
    print(f"rawdeal check: {decks} decks in {len(folders)} folders: best {walls[0]:.3f} s, "
          f"worst {walls[-1]:.3f} s over {runs} runs (budget {BUDGET_SECONDS:.1f} s): {verdict}")
    return 0 if walls[0] < BUDGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
