"""Benchmark: Raw Deal's tournaments and selfplay on the generic code (issue 28) against a checkout from
before, interleaved, same interpreter and build: the CPU time of each command in each checkout, and
whether their outputs are the same bytes.

Run: `python benchmarks/bench_seam.py --base DIR [--rounds N]`, where DIR is a checkout of the commit to
compare with (`git worktree add --detach DIR main`): both checkouts run as pure Python through this
interpreter. For the compiled build, install each checkout in a venv of its own (`pip install DIR`) and
add `--base-python VENV/bin/python --this-python VENV/bin/python`. Each round runs every command once
in each, alternating which goes first; the figure is the ratio of the medians (this / base). No
assertion on time: the goal (no more than 5% slower) is read from the figures.

Measured 2026-11-27, pure Python (editable install, both checkouts through the same interpreter),
shared 2-core machine, base 354d8a0 (main before the change):
  tournament --random-decks --players greedy,random,search:4 --games 12 --seed 2: 1.030 (6 rounds, load 9)
  tournament --random-decks --players greedy,random --games 60 --seed 4:           0.972 (8 rounds, load 10-17)
  selfplay --games 3000 --seed 0 --check:                                          1.024 (6 rounds, load 9-13)
Compiled (`pip install` of each, mypyc), base b46d93a (main with the streaming tournament count), 6 rounds
each, load 17-34:
  tournament --random-decks --players greedy,random,search:4 --games 12 --seed 2: 0.999
  tournament --random-decks --players greedy,random --games 60 --seed 4:           0.989
  selfplay --games 3000 --seed 0 --check:                                          1.009
Outputs: the same bytes in every run. The spread between rounds of one checkout is about 3% at these
loads, so these ratios say "the same time", not a gain or a loss of 3%.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
COMMANDS = (
    ("tournament", "--random-decks", "--players", "greedy,random,search:4", "--games", "12", "--seed", "2",
     "--format", "json"),
    ("tournament", "--random-decks", "--players", "greedy,random", "--games", "60", "--seed", "4", "--format", "json"),
    ("selfplay", "--games", "3000", "--seed", "0", "--check"),
)


def cpu_run(checkout: Path, python: str | None, args: tuple[str, ...]) -> tuple[float, bytes]:
    """The command's CPU seconds (user + system) and its standard output, run from `checkout` by
    `python` (an installed build), or by this interpreter on the checkout's source."""
    env = dict(os.environ) if python else dict(os.environ, PYTHONPATH=str(checkout))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([python or sys.executable, "-m", "rawdeal", *args], env=env, capture_output=True, check=True,
                         cwd=checkout).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, out


def main() -> None:
    parser = argparse.ArgumentParser(description="Raw Deal on the generic code against a checkout from before")
    parser.add_argument("--base", type=Path, required=True, help="a checkout of the commit to compare with")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--base-python", help="the interpreter of an installed build of the base checkout")
    parser.add_argument("--this-python", help="the interpreter of an installed build of this checkout")
    a = parser.parse_args()
    pythons = {"base": a.base_python, "this": a.this_python}
    for args in COMMANDS:
        times: dict[str, list[float]] = {"base": [], "this": []}
        outputs: dict[str, set[bytes]] = {"base": set(), "this": set()}
        for r in range(a.rounds):
            order = [("base", a.base), ("this", HERE)]
            for name, checkout in order if r % 2 == 0 else order[::-1]:
                seconds, out = cpu_run(checkout, pythons[name], args)
                times[name].append(seconds)
                outputs[name].add(out)
        same = len(outputs["base"] | outputs["this"]) == 1
        ratio = statistics.median(times["this"]) / statistics.median(times["base"])
        print(f"{' '.join(args)}\n  base {statistics.median(times['base']):.2f} s, this {statistics.median(times['this']):.2f} s"
              f" (medians of {a.rounds}): {ratio:.3f}; same bytes: {same}")
    print(f"load average: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
