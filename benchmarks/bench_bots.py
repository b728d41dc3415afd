"""Benchmark: how strong the computer players are, how long the search player thinks, and how a
tournament scales with worker processes. Figures only, never assertions on time.

    python benchmarks/bench_bots.py strength --a greedy --b random --games 1000 [--jobs 2]
    python benchmarks/bench_bots.py strength --a search --b greedy --games 200
    python benchmarks/bench_bots.py scaling --decks 10 --players random,greedy --games 10

The issue's goals: greedy beats random in >= 80% of 1,000 games on random legal decks (both seats);
search beats greedy in >= 60% at <= 50 ms a decision; a tournament of 10 decks x 2 players scales
>= 1.8x on 2 cores. Game i of `strength` uses random legal decks from seed SEED + i, and the seats
alternate, so both players meet the same decks from both sides.

Measured on the shared 2-core machine (load 5-9 from other programs, so wall times are inflated;
CPU time is this process's own):
  greedy vs random, 1,000 games:  greedy 73.6% (95% CI 70.8-76.2%): short of the 80% goal
  search:100 vs greedy, 200 games: search 60.0% (95% CI 53.1-66.5%); 23.5 ms CPU a decision
                                   (mean, p95 31.8 ms), 56 ms wall on the loaded machine
  scaling, 10 decks x random,greedy, 190 games: --jobs 2 1.45x faster than --jobs 1 (54.1 s ->
  37.3 s), with the same CPU in all (24.7 s vs 25.1 s: the parallel path costs ~2%); the run got
  0.46 and 0.67 cores of the 2, the rest went to other programs (Linux autogroup gives a session's
  processes one share together), so the 1.8x goal could not be checked there. Results were
  identical for --jobs 1 and 2 in every run.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


class Timed:
    """Wraps a player; keeps how long each decision with more than one legal move took: wall time,
    and CPU time of this process (which other programs on a busy machine do not inflate)."""

    def __init__(self, player) -> None:  # type: ignore[no-untyped-def]
        self.player, self.name = player, player.name
        self.times: list[tuple[float, float]] = []

    def choose(self, game):  # type: ignore[no-untyped-def]
        from rawdeal.drivers.players import candidates

        wall, cpu = time.perf_counter(), time.process_time()
        move = self.player.choose(game)
        if len(candidates(game)) > 1:
            self.times.append((time.perf_counter() - wall, time.process_time() - cpu))
        return move


def one_game(args: tuple[str, str, int, str]) -> tuple[float, list[tuple[float, float]]]:
    """Player a's score (1 win, 1/2 unfinished, 0 loss) in game `seed`, and a's decision times."""
    from rawdeal.drivers.players import make_player, play_match
    from rawdeal.drivers.selfplay import game_decks, start_game
    from rawdeal.drivers.tournament import game_seed

    a, b, seed, profile = args
    game = start_game(game_decks(seed, None), profile, seed)
    seat = seed % 2  # a plays seat 0 in even games, seat 1 in odd ones
    mine = Timed(make_player(a, game_seed(seed, 0, 1, 0)))
    other = make_player(b, game_seed(seed, 1, 0, 0))
    out = play_match(game, (mine, other) if seat == 0 else (other, mine))
    return (0.5 if out.winner is None else float(out.winner == seat)), mine.times


def strength(a: str, b: str, games: int, seed: int, jobs: int, profile: str) -> None:
    from rawdeal.drivers.standings import wilson

    work = [(a, b, seed + i, profile) for i in range(games)]
    start = time.perf_counter()
    results = []
    with ProcessPoolExecutor(jobs) as pool:  # one job: a worker too, so the figures compare
        for result in pool.map(one_game, work, chunksize=8):
            results.append(result)
            if len(results) % 100 == 0:  # a long run shows it is alive
                print(f"  {len(results)} games ...", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - start
    score = sum(r[0] for r in results) / games
    lo, hi = wilson(score, games)
    print(f"{a} vs {b}: {a} scores {score * 100:.1f}% of {games} games (95% CI {lo * 100:.1f}-{hi * 100:.1f}%),"
          f" random legal decks, both seats, {profile} profile; {elapsed:.0f} s")
    for what, k in (("wall", 0), ("CPU", 1)):
        times = sorted(t[k] for r in results for t in r[1])
        if times:
            mean = sum(times) / len(times)
            print(f"  {a}'s decisions with a choice ({what} time): {len(times)}, mean {mean * 1000:.1f} ms,"
                  f" median {times[len(times) // 2] * 1000:.1f} ms, p95 {times[int(len(times) * 0.95)] * 1000:.1f} ms")


def scaling(decks: int, players: str, games: int, jobs: list[int]) -> None:
    from rawdeal.decks import format_deck
    from rawdeal.drivers import tournament as tm
    from rawdeal.drivers.random_decks import random_deck

    with tempfile.TemporaryDirectory() as tmp:
        paths = sorted(str(p) for p in (REPO / "decks").glob("*.txt"))[:decks]
        for i in range(decks - len(paths)):
            deck = random_deck(1000 + i)
            path = Path(tmp) / f"random-{i}.txt"
            path.write_text(format_deck(deck.superstar, deck.titles), encoding="utf-8")
            paths.append(str(path))
        entrants = tm.entrants(paths, players.split(","))
        specs = tm.schedule(entrants, games, 0)
        first, base = 0.0, None
        for n in jobs:
            start, cpu = time.perf_counter(), _cpu()
            results = tm.run_local(specs, n)
            elapsed, cpu = time.perf_counter() - start, _cpu() - cpu
            first, base = first or elapsed, base or results
            same = f", results {'identical' if results == base else 'DIFFERENT'}"
            print(f"--jobs {n}: {len(specs)} games ({decks} decks x {players}) in {elapsed:.1f} s,"
                  f" speed-up {first / elapsed:.2f}x{same}; CPU {cpu:.1f} s in all"
                  f" ({cpu / elapsed:.2f} cores busy on average)")


def _cpu() -> float:
    """CPU seconds used by this process and its finished worker processes (a busy machine shares
    its cores with other programs: cores busy = CPU / wall time shows how much this run got)."""
    import resource

    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    s = sub.add_parser("strength")
    s.add_argument("--a", default="greedy")
    s.add_argument("--b", default="random")
    s.add_argument("--games", type=int, default=1000)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--jobs", type=int, default=1)
    s.add_argument("--profile", default="standard")
    c = sub.add_parser("scaling")
    c.add_argument("--decks", type=int, default=10)
    c.add_argument("--players", default="random,greedy")
    c.add_argument("--games", type=int, default=10)
    c.add_argument("--jobs", default="1,2")
    args = parser.parse_args()
    from rawdeal.engine.cardinfo import catalog

    catalog()
    if args.what == "strength":
        strength(args.a, args.b, args.games, args.seed, args.jobs, args.profile)
    else:
        scaling(args.decks, args.players, args.games, [int(j) for j in args.jobs.split(",")])
    return 0


if __name__ == "__main__":
    sys.exit(main())
