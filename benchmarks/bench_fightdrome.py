"""Fightdrome's speed goal (issue 28) and its long invariant run.

Setup (RLCard is a benchmark-only dependency): .venv/bin/pip install -e '.[bench]'
Run:
    .venv/bin/python benchmarks/bench_fightdrome.py [--games 2000] [--rounds 3]
    .venv/bin/python benchmarks/bench_fightdrome.py --invariants 100000   # the acceptance run (games in all)

The first form prints random full games per second, one core, CPU time of this process, best of
`--rounds`: RLCard's Uno (`env.run` with random agents, as bench_goals.py measures it) beside Fightdrome's
single bout, match to 300 Fame and epic tournament, played by the generic random player
(`rawdeal.games.randomplay`, the code `rawdeal selfplay --game fightdrome` runs). Goal: the single bout
>= 3x Uno. The second plays that many seeded games (half single bouts, the rest matches, epic tournaments and
matches with every variant) with every invariant checked
after every move (cards conserved, hands within 0..7, the player to move holding cards, the game ending)
and prints the tally; it exits 1 at the first failure, with its seed and moves.
Figures (2026-11-26, pure Python, 2-CPU machine shared with other sessions):
  speed, best of 2 rounds of 1,000 games: Uno 763 games/s; Fightdrome bout 3,090 (4.05x), match to 300
  1,253 (1.64x), epic tournament 927 (1.22x).
  --invariants 100000 (load 20-28): 50,000 bouts (41.3 moves a game), 16,666 matches to 300 (128.5),
  16,666 epic tournaments (166.3), 16,668 matches to 150 with both other variants (88.6): 8.46 million
  moves, every invariant held after every move, every game ended; 389 s wall.
"""

from __future__ import annotations

import argparse
import sys
import time

from bench_goals import uno_env

from rawdeal.games.randomplay import selfplay
from rawdeal.games.registry import ruleset

WAYS = {"bout": (), "match to 300": ("match",), "epic tournament": ("torneo-epico",)}


def fightdrome_rate(options: tuple[str, ...]):  # type: ignore[no-untyped-def]
    def run(games: int) -> float:
        start = time.process_time()
        summary = selfplay(ruleset("fightdrome"), games, 1, options)
        elapsed = time.process_time() - start
        if summary.failure is not None:
            raise SystemExit(f"fightdrome failed: {summary.failure}")
        return summary.games / elapsed
    return run


def speed(games: int, rounds: int) -> None:
    runs = {"uno (env.run, random agents)": uno_env, **{f"fightdrome {k}": fightdrome_rate(v) for k, v in WAYS.items()}}
    for run in runs.values():
        run(max(20, games // 20))  # warm: imports, caches
    best = dict.fromkeys(runs, 0.0)
    for _ in range(rounds):
        for label, run in runs.items():
            best[label] = max(best[label], run(games))
    uno = best["uno (env.run, random agents)"]
    print(f"random full games per second, one core, best of {rounds} rounds of {games} games:")
    for label, rate in best.items():
        goal = "  (goal >= 3x)" if label == "fightdrome bout" else ""
        print(f"  {label:<32} {rate:8.0f} games/s  {rate / uno:5.2f}x Uno{goal}")


def invariants(games: int) -> int:
    """`games` checked games in all: half single bouts, the rest shared by the other ways to play."""
    rules = ruleset("fightdrome")
    ways = {**WAYS, "all variants": ("quieres-fama", "espacio-para-respirar", "ultimo-suspiro")}
    shares = [games // 2] + [games // 6] * 2 + [games - games // 2 - 2 * (games // 6)]
    for (label, options), count in zip(ways.items(), shares):
        start = time.perf_counter()
        summary = selfplay(rules, count, 0, options, check=True)
        took = time.perf_counter() - start
        print(f"{label}: " + "; ".join(summary.lines()) + f"; {took:.0f} s")
        if summary.failure is not None:
            print(f"FAILED {summary.failure}\nmoves:\n" + "\n".join(summary.failure.moves))
            return 1
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--invariants", type=int, metavar="N", help="play N checked games of each way to play")
    args = parser.parse_args()
    if args.invariants:
        return invariants(args.invariants)
    speed(args.games, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
