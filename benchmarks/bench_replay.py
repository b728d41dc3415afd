"""Replaying move files in one process, by the code path of `rawdeal run`, in moves per second.

Setup (python-chess is a benchmark-only dependency, never a runtime one):
    .venv/bin/pip install -e '.[bench]'        # or: .venv/bin/pip install chess
Run:
    .venv/bin/python benchmarks/bench_replay.py [--games 300] [--rounds 3]

Seeded random games (random whole-database decks, standard rules) are written to a temporary folder
as an opening save and a move file each. Every save is read before the clock starts (reading a save
is a fixed cost per file, not per move); then `rawdeal.drivers.movefile.replay`, the body of `rawdeal
run`, reads each move file from disk line by line, plays it and writes the transcript to /dev/null,
in text and in JSON Lines. Issue 14's goal is >= 100,000 moves/s. Beside it, in the same run,
python-chess replays random games from their SAN moves (`Board.push_san`), its usual way of reading a
game: the ratio holds on a loaded machine where the absolute figures do not.

Timings are CPU time of this process, best of `--rounds`. It prints figures only, no assertion.

It measures the rawdeal it imports and says which engine that is: in a checkout with an editable
install, the pure-Python sources; for the compiled engine, install rawdeal with `pip install .` into
another environment and run this script from outside the checkout (RAWDEAL_PURE=1 for its sources).
Quiet figures (2026-11-23, fourth session, load 1.2-1.4, best of 3-5 rounds), compiled engine against
the third session's build in the same runs: 200 files, 11,553 moves: text 57-66k (40-43k), jsonl
46-50k (36k), the engine alone 84-88k (61-73k), python-chess 48-55k; the first 100 files: text 71-74k,
jsonl 53-62k, the engine alone 100-126k, python-chess 52-59k.
Figures (2026-11-23, fourth session, CPU time, load average 4.2-4.4 on 2 CPUs: another benchmark
running), 100 files, 6,098 moves, best of 3 rounds, two runs:
  compiled engine:  text 67-80k moves/s, jsonl 48-67k, the engine alone 91-121k (1.35-1.60x and
                    1.12-1.14x python-chess); the third session's build in the same runs: text
                    38-40k, jsonl 36-40k, the engine alone 69-74k
  pure Python:      text 30-43k moves/s, jsonl 29-30k, the engine alone 46-62k (the third session's
                    sources in the same runs: 28-36k, 27-36k, 46-58k)
  python-chess push_san beside it: 42-60k moves/s
Instructions a move (valgrind --tool=callgrind, the same 100 files; independent of the load):
  compiled: text 65k (third session 107k), jsonl 84k (121k), the engine alone 50k (76k)
  pure Python: text 111k (118k)
Fifth session, reading and writing (block reads, one table of lines read, one join a move, effect
English rendered once): instructions a move, the same 100 files, PYTHONHASHSEED=0, against the
session's starting build: compiled text 61.7k (67.0k), jsonl 81.5k (88.3k), reading alone 4.3k
(6.4k); pure Python text 107.0k (113.8k), jsonl 120.3k (128.6k). CPU time at load 1.7-1.9 (200
files, best of 5): compiled text 89-91k moves/s, the starting build 93-98k in the same runs, python-chess
44-68k: noise larger than the change (the same engine alone measured 100-145k).
Fifth session, the engine (2026-11-23, 200 files, 11,553 moves, best of 3 rounds, load 0.9-2.0,
another benchmark running at times), against the fourth session's build in the same runs:
  compiled engine:  the engine alone 189-208k (91-102k), text 105-119k (58-77k), jsonl 75-104k
                    (45-56k); python-chess 46-66k, text 1.73-2.58x python-chess
  pure Python:      the engine alone 58-82k (47-71k), text 41-52k (36-49k)
  instructions a move (valgrind, the first 100 files): the engine alone 49.6k -> 25.8k compiled,
  84.5k -> 75.3k pure; text 66.5k -> 42.4k, jsonl 87.1k -> 61.4k, pure text 112.9k -> 103.6k
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path


def write_games(folder: Path, games: int) -> list[tuple[Path, Path]]:
    """Seeded random games as (opening save, move file) pairs, as `rawdeal new` and a player write them."""
    from rawdeal.drivers.random_player import move_file
    from rawdeal.drivers.selfplay import game_decks, play_one
    from rawdeal.engine.cardinfo import catalog
    from rawdeal.engine.game import Game
    from rawdeal.io.save import dumps

    index = catalog().db.index
    pairs = []
    for seed in range(games):
        decks = game_decks(seed, None)
        record = play_one(seed, decks, "standard", False)
        arsenals = tuple([index[t] for t in d.titles] for d in decks)
        opening, _ = Game.start((decks[0].superstar, decks[1].superstar), arsenals, "standard", seed)  # type: ignore[arg-type]
        save, moves = folder / f"{seed}.json", folder / f"{seed}.txt"
        save.write_bytes(dumps(opening))
        moves.write_text(move_file(record.moves), encoding="utf-8")
        pairs.append((save, moves))
    return pairs


def rawdeal_rate(pairs: list[tuple[Path, Path]], jsonl: bool, rounds: int) -> tuple[int, float]:
    from rawdeal.drivers.movefile import replay
    from rawdeal.io.save import read_save

    total = sum(moves.read_text(encoding="utf-8").count("\n") for _, moves in pairs)
    best = float("inf")
    with open(os.devnull, "w", encoding="utf-8") as sink:  # buffered text, like stdout to a file
        for _ in range(rounds):
            games = [(read_save(save), moves) for save, moves in pairs]
            start = time.process_time()
            for game, moves in games:
                replay(game, moves, sink.write, jsonl)
            best = min(best, time.process_time() - start)
    return total, total / best


def engine_rate(pairs: list[tuple[Path, Path]], rounds: int) -> float:
    """The engine's share: the same moves applied (events built, as a transcript needs them), read
    and parsed beforehand, nothing written: what `rawdeal run` cannot go below."""
    from rawdeal.drivers.movefile import read_moves
    from rawdeal.io.save import read_save

    lines = [[m.move for m in read_moves(moves)] for _, moves in pairs]
    best = float("inf")
    for _ in range(rounds):
        games = [read_save(save) for save, _ in pairs]
        start = time.process_time()
        for game, moves in zip(games, lines):
            game.resume()
            for move in moves:
                game.apply(move)
        best = min(best, time.process_time() - start)
    return sum(map(len, lines)) / best


def chess_rate(games: int, rounds: int) -> tuple[int, float] | None:
    try:
        import chess
    except ImportError:
        return None
    rnd, sans = random.Random(0), []
    for _ in range(games):
        board, line = chess.Board(), []
        while not board.is_game_over() and len(line) < 400:
            move = rnd.choice(list(board.legal_moves))
            line.append(board.san(move))
            board.push(move)
        sans.append(line)
    total, best = sum(map(len, sans)), float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for line in sans:
            board = chess.Board()
            for san in line:
                board.push_san(san)
        best = min(best, time.process_time() - start)
    return total, total / best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pairs = write_games(Path(tmp), args.games)
        rawdeal_rate(pairs[:20], False, 1)  # warm: imports, caches
        rates = {fmt: rawdeal_rate(pairs, fmt == "jsonl", args.rounds) for fmt in ("text", "jsonl")}
        engine = engine_rate(pairs, args.rounds)
    chess_figures = chess_rate(max(10, args.games // 10), args.rounds)
    from rawdeal.purepython import compiled

    kind = "compiled (mypyc)" if compiled() else "pure Python"
    print(f"replay, CPU time, best of {args.rounds} rounds (goal >= 100,000 moves/s), {kind} engine:")
    for fmt, (total, rate) in rates.items():
        ratio = f"  {rate / chess_figures[1]:4.2f}x python-chess" if chess_figures else ""
        print(f"  rawdeal run, {fmt:<5} transcript: {args.games} move files, {total} moves  {rate:8.0f} moves/s{ratio}")
    print(f"  the engine alone (Game.apply, moves parsed before, no transcript)  {engine:8.0f} moves/s")
    if chess_figures is None:
        print("  python-chess is not installed: pip install -e '.[bench]' (or pip install chess); ratio skipped")
    else:
        print(f"  python-chess push_san: {chess_figures[0]} moves of random games  {chess_figures[1]:8.0f} moves/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
