"""Benchmark: random Classic games per second against random games of today's course decks.

Run from anywhere: `python benchmarks/bench_classic_games.py [--games N]`. Prints figures only (the issue's
target: random Classic games at least as many per second as the course decks of 11-ComplexEffects):
  (a) games/s between the course decks of 11-ComplexEffects (standard profile, random legal moves),
  (b) games/s between random legal Classic decks of the playable cards (standard profile, the same player):
      drawn and checked as decks from files are, and drawn as `selfplay --pool classic --random-decks` does,
and their ratio, measured in the same process one after the other. Course decks come from ../shared (skipped,
with a note, when it is absent). Rates are per second of the process's CPU time (since the eleventh session;
wall-clock before), which other processes on the shared machine disturb less.

Figures, seventh session (branch classic, 2026-11-27, shared machine, runs alternated with main's code):
  as selfplay, editable build, load 12: 0.60-0.76 (main 1.02-1.21); compiled, load 21-23: 0.53-0.63 (main
  compiled 0.78-0.81). The newly playable cards make games ~15% longer and moves ~25% dearer; the engine run
  on main's playable cards plays at main's speed (docs/card-language.md). The >= 1 target is not met.
Speed round (branch classicspeed, 2026-11-27, load 15-40, so counted in instructions, which load does not
  change: `valgrind --tool=callgrind --instr-atstart=no`, switched on with `callgrind_control -i on` after
  400 warm-up games, then 60 games of seeds 1000-1059 started as selfplay starts them, against 60 games of
  the course decks): compiled build, Classic 292.8 M -> 216.2 M instructions (-26%; the course's 159.7-160.5 M),
  so Classic / course in games 0.55 -> 0.74; pure build (40 games, 100 warm-up) 410.0 M -> 334.5 M (-18%;
  course 275.9 M), 0.67 -> 0.82. What it took: a card filter's passing cards found by the filter object (its
  dataclass hash and == ran as Python: 12% of a compiled Classic game), play watchers by zone, isdisjoint
  before building sets, picks looking the filter up once, decks drawn from ready room lists. What is left
  is spread thin (no function above 6%): the Classic cards' requirements and F changes (`_can_play`),
  shuffles of the Arsenal by effects, activations and watchers scanning the Ringside pile. The >= 1 target
  is still not met. Wall-clock, this script (editable build, 200 games) gave 0.54 checked and 0.92 as
  selfplay on the round's starting code at load 6-7; at load 10-28 the compiled builds before and after gave
  0.43-1.06 and 0.81-1.06 as selfplay, 0.26-0.54 and 0.27-0.40 checked: at such loads one run says little.
Speed round 2 (branch speed, 2026-11-27, load 7-19; callgrind as above, 40 games of seeds 1000-1039 after
  every Superstar's rooms and deck rules were worked out and 100 warm-up games, against 40 course games
  (seed 1000) after 100): pure, Classic 624.5 M (main) -> 596.2 M (-4.5%), course 288.3 M; compiled, Classic 336.6 M,
  course 119.1 M. So a Classic game costs 2.1x (pure) and 2.8x (compiled) a course game's instructions
  today: the Classic games have grown dearer since the round above (67 moves a game against the course's
  85, at 2.6x the instructions a move). Cut: Superstar stat lines by card in the catalog, no generator when
  none is about (the Mid-match room on every main decision), room sizes once. Left (compiled, inclusive):
  rules.activations 7%, rules.distinct 6%, requirements, reversal candidates, deck building in Python.
Eleventh session (branch speed, 2026-11-28, CPU time, 200 games, two runs each, load 3-10): pure, as selfplay
  0.32-0.34 (main) -> 0.33-0.34, checked 0.23-0.24 -> 0.26-0.28 (a process's first rooms walk only their part's
  cards, the packing and deck rules' compiler is gathered once, `reversers` asks only the reversal cards for
  the played type and subtype); compiled 0.22-0.26 before and after (the lowering compiled changes no game).
  Not met: a Classic move costs ~3x a course move, spread thin (docs/performance.md).
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DATA = REPO.parent / "shared" / "course-tests" / "data" / "11-ComplexEffects"


def course(games: int) -> tuple[float, float] | None:
    from rawdeal.arena.selfplay import lineups, selfplay
    from rawdeal.cards import load_db
    from rawdeal.decks import check_deck, deck_paths, read_deck

    if not DATA.is_dir():
        print(f"(no course decks at {DATA}: course figure skipped)")
        return None
    db = load_db()
    decks = lineups([d for d in map(read_deck, deck_paths([str(DATA)])) if not check_deck(d, db)])
    start = time.process_time()
    summary = selfplay(games, 1, decks, "standard")
    elapsed = time.process_time() - start
    return summary.games / elapsed, summary.moves / elapsed


def classic(games: int, check: bool = True) -> tuple[float, float]:
    """`check`: each game's two drawn decks go through `new_classic_game` and its deck check (as decks
    from files would); without, the way `selfplay --pool classic --random-decks` starts its games (decks
    drawn by the deck rules, not checked again)."""
    from rawdeal.bots.random import pick
    from rawdeal.checks.classic import start_random_game
    from rawdeal.decks import Deck
    from rawdeal.engine.classic import new_classic_game, random_classic_deck, shipped_classic

    cc = shipped_classic()
    start = time.process_time()
    moves = 0
    for seed in range(games):
        rnd = random.Random(seed)
        if check:
            made = [random_classic_deck(cc, rnd) for _ in (0, 1)]
            decks = (Deck.of(made[0][0], made[0][1]), Deck.of(made[1][0], made[1][1]))
            game, _ = new_classic_game(decks, seed=seed, cc=cc)
        else:
            game = start_random_game(cc, seed)
        game.listen = False
        played = 0
        while not game.over and played < 5000:
            game.apply(pick(game, rnd))
            played += 1
        moves += played
    elapsed = time.process_time() - start
    return games / elapsed, moves / elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    games = parser.parse_args().games
    classic(5)  # warm: the Classic pool parsed, lowered and its catalog built
    course_rate = course(games)
    classic_rate = classic(games)  # each game also draws and checks its two decks (the course's are read once)
    drawn_rate = classic(games, check=False)
    if course_rate:
        print(f"course decks of 11-ComplexEffects: {course_rate[0]:7.0f} games/s {course_rate[1]:9.0f} moves/s")
    print(f"random Classic decks, checked:     {classic_rate[0]:7.0f} games/s {classic_rate[1]:9.0f} moves/s")
    print(f"random Classic decks, as selfplay: {drawn_rate[0]:7.0f} games/s {drawn_rate[1]:9.0f} moves/s")
    if course_rate:
        for name, rate in (("checked", classic_rate), ("as selfplay", drawn_rate)):
            print(f"ratio Classic ({name}) / course: {rate[0] / course_rate[0]:.2f} in games, "
                  f"{rate[1] / course_rate[1]:.2f} in moves (target >= 1 in games)")


if __name__ == "__main__":
    main()
