"""Replaying move files in one process, by the code path of `rawdeal run`, in moves per second.

Setup (python-chess is a benchmark-only dependency, never a runtime one):
    .venv/bin/pip install -e '.[bench]'        # or: .venv/bin/pip install chess
Run:
    .venv/bin/python benchmarks/bench_replay.py [--games 300] [--rounds 3]

Seeded random games (random whole-database decks, standard rules) are written to a temporary folder
as an opening save and a move file each. Every save is read before the clock starts (reading a save
is a fixed cost per file, not per move); then `rawdeal.replay.movefile.replay`, the body of `rawdeal
run`, reads each move file from disk line by line, plays it and writes the transcript to /dev/null,
in text and in JSON Lines. Issue 14's goal is >= 100,000 moves/s. Beside it, in the same run,
python-chess replays random games from their SAN moves (`Board.push_san`), its usual way of reading a
game: the ratio holds on a loaded machine where the absolute figures do not.

Timings are CPU time of this process, best of `--rounds`. It prints figures only, no assertion.

It measures the rawdeal it imports and says which engine that is: in a checkout with an editable
install, the pure-Python sources; for the compiled engine, install rawdeal with `pip install .` into
another environment and run this script from outside the checkout (RAWDEAL_PURE=1 for its sources).
Figures, CPU time, moves/s, compiled engine unless said (2026-11-23; 200 files, 11,553 moves, best of 3):
  fifth session, quiet (load 1.0-1.1), against the fourth session's build in the same runs: text
    112-120k (64-67k), jsonl 75-85k (49-50k), the engine alone 195-235k (102-114k); python-chess
    49-63k. Pure Python (load 0.9-2.0): text 41-52k, the engine alone 58-82k.
  fourth session, quiet (load 1.2-1.4), against the third's: text 57-66k (40-43k), jsonl 46-50k
    (36k), the engine alone 84-88k (61-73k); python-chess 48-55k. Pure Python: text 30-43k.
Instructions a move (valgrind --tool=callgrind, the first 100 files, 6,098 moves; the load does not
change them), text / jsonl / the engine alone:
  compiled: third session 107k / 121k / 76k, fourth 65k / 84k / 50k, fifth 39k / 58k / 26k
  pure Python: third session 118k text, fourth 111k, fifth 104k
  (fifth session, both sides merged, against the fourth's build: text 67.0k -> 38.6k, jsonl 88.4k -> 57.6k)
Fifth session, where it went: reading and writing (block reads, a table of lines read, one join a
move) took a compiled text replay from 67.0k to 61.7k instructions a move and reading alone from
6.4k to 4.3k; the engine's work (machine-integer shuffle, Final constants, plain loops, fewer
objects a card pick) took the engine alone from 49.6k to 25.8k. Of what is left of a compiled text
replay, the engine is about 60%, the transcript's lines (an f-string an event) about 20%; JSON Lines
adds a dict an event and orjson's sorted dump of each (about 2k instructions a line).
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
    from rawdeal.arena.random_game import move_file
    from rawdeal.arena.selfplay import game_decks, play_one
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
    from rawdeal.replay.movefile import replay
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
    from rawdeal.replay.movefile import read_moves
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
