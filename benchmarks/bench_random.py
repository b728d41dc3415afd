"""Benchmark: random legal-move games per second on one core, and replaying a 100-move scenario.

Run from anywhere: `python benchmarks/bench_random.py [--games N]`. It prints figures only (no
assertion on time; the issue's targets are >= 500 games/s, aim 1,000, and < 5 ms a replay):
  (a) games/s with the course decks of 04-NoEffects and 08-Reversals (course profile),
  (b) games/s with random legal decks from the whole database (course and standard profiles),
  (c) the best time to replay an imported course scenario of >= 100 moves in this process.
Course decks come from ../shared (skipped, with a note, when it is absent).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DATA = REPO.parent / "shared" / "course-tests" / "data"
DECK_FOLDERS = ("04-NoEffects", "08-Reversals")


def games_per_second(label: str, games: int, decks: list | None, profile: str) -> None:  # type: ignore[type-arg]
    from rawdeal.arena.selfplay import selfplay

    start = time.perf_counter()
    summary = selfplay(games, 1, decks, profile)
    elapsed = time.perf_counter() - start
    if summary.failure is not None:
        print(f"{label}: FAILED at seed {summary.failure.seed}: {summary.failure.problem}")
        return
    mean = summary.moves / max(summary.games, 1)
    print(f"{label:<40} {summary.games / elapsed:7.0f} games/s  ({mean:.0f} moves a game, "
          f"{elapsed / max(summary.moves, 1) * 1e6:.1f} µs a move)")


def course_decks(folder: str) -> list | None:  # type: ignore[type-arg]
    from rawdeal.cards import load_db
    from rawdeal.decks import check_deck, deck_paths, read_deck
    from rawdeal.arena.selfplay import lineups

    db = load_db()
    decks = [read_deck(p) for p in deck_paths([str(DATA / folder)])]
    return lineups([d for d in decks if not check_deck(d, db)])


def replay_time(runs: int = 20) -> None:
    """Import the longest course transcript and replay its scenario `runs` times; print the best."""
    from rawdeal.course.bank import import_bank
    from rawdeal.replay.movefile import read_moves
    from rawdeal.scenarios.model import load_scenario
    from rawdeal.scenarios.play import run

    with tempfile.TemporaryDirectory() as tmp:
        import_bank(sorted(DATA.glob("*-Tests")), Path(tmp), None)
        folders = sorted(Path(tmp).iterdir())
        longest = max(folders, key=lambda f: len(read_moves(f / "moves.txt")))
        moves = len(read_moves(longest / "moves.txt"))
        run(load_scenario(longest))  # warm: caches of the card database and the move parser
        best = float("inf")
        for _ in range(runs):
            start = time.perf_counter()
            run(load_scenario(longest))
            best = min(best, time.perf_counter() - start)
    print(f"replay {longest.name} ({moves} moves, save + moves + transcript): {best * 1000:.2f} ms (best of {runs})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    games = parser.parse_args().games
    from rawdeal.engine.cardinfo import catalog

    catalog()  # load and compile the cards before timing
    if DATA.is_dir():
        for folder in DECK_FOLDERS:
            games_per_second(f"course decks {folder} (course)", games, course_decks(folder), "course")
    else:
        print(f"course decks skipped: ../shared not found ({DATA})")
    games_per_second("random decks, whole database (course)", games, None, "course")
    games_per_second("random decks, whole database (standard)", games, None, "standard")
    if DATA.is_dir():
        replay_time()
    return 0


if __name__ == "__main__":
    sys.exit(main())
