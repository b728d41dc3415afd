"""`rawdeal view` of a 3,000-move game: the time to write the page and its size (issue 27: < 1 s, < 2 MB).

Run:
    .venv/bin/python benchmarks/bench_view.py [--rounds 3] [--moves 3000] [--browser]

The game: random legal games between rawdeal's usual decks end in 60-240 moves, so a 3,000-move one
is made on purpose: a constructed opening (`"constructed": true`) whose Arsenals hold every card of
the database up to its copy limit plus a thousand each of the two Set-up cards (which have none), and
a seeded player that prefers actions to maneuvers, so the game lasts. Its Ring areas grow to hundreds
of cards: a harder page than a real game's, not an easier one. The opening save and the move file are
written to a temporary folder, then timed (CPU time of this process, best of `--rounds`):
  - run:  `rawdeal run`'s body (`rawdeal.replay.movefile.replay`) into /dev/null: the anchor;
  - view: `rawdeal view`'s body: the save read, the game recorded step by step, the page rendered;
  - the page's size in bytes, and `rawdeal view` as a whole program (wall time, one run, with start-up).
With `--browser` (Debian's chromium, chromium-driver and selenium): the time the page takes to open
(navigation start to the board drawn) and to go to the last step (End), in headless Chromium.
It prints figures only, no assertion.

Figures (2026-11-26, first session of the viewer; pure Python, editable install; 2 CPUs shared with
seven other jobs, load average 10-39, so CPU times are the figures to read, best of 3):
  game 3,000 moves, 17,200 transcript lines; run (anchor) 0.093-0.096 s CPU;
  view 0.30-0.32 s CPU (3.1-3.4x run); the page 915,020 bytes (0.87 MiB);
  `rawdeal view` as a program 0.50 s CPU (`time`: user+sys, start-up and the save's schema check
  included), 1.5-3.3 s wall at those loads;
  headless Chromium: the page opened and drawn 0.21-0.30 s after navigation, End (the last step) 114-156 ms.
  Before boards reused unchanged zones and zones were stored as edits: view 0.69 s CPU, the same page size.
  Compiled engine (`pip install .`, load 27): run 0.042 s CPU, view 0.22 s CPU (5.3x run), the page
  915,510 bytes (with the legend added since), the same bytes as the pure build's.
Both goals (< 1 s, < 2 MB) are met with room to spare.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def long_game(folder: Path, moves: int, seed: int = 0) -> tuple[Path, Path]:
    """A constructed opening and a move file of `moves` moves (see the module's docstring)."""
    from rawdeal.cards import CardType, load_db
    from rawdeal.decks.rules import copy_limit
    from rawdeal.engine.cardinfo import catalog
    from rawdeal.engine.game import Game
    from rawdeal.engine.moves import Move, Play, Surrender
    from rawdeal.io.save import dumps

    index, rnd = catalog().db.index, random.Random(seed)

    def arsenal() -> list[int]:
        cards = [index[c.title] for c in load_db().cards for _ in range(copy_limit(c) or 3)]
        cards += [index["Irish Whip"]] * 1000 + [index["Jockeying for Position"]] * 1000
        rnd.shuffle(cards)
        return cards

    def weight(m: Move) -> float:
        return (0.25 if m.as_type == CardType.MANEUVER else 3.0) if isinstance(m, Play) else 1.0

    game, _ = Game.start(("KANE", "HHH"), (arsenal(), arsenal()), "course", seed)
    game.s.constructed = True
    save, played = folder / "long.json", []
    save.write_bytes(dumps(game))
    while not game.over and len(played) < moves:
        d = game.decision()
        assert d is not None
        legal = [m for m in d.moves if type(m) is not Surrender] or list(d.moves)
        move = rnd.choices(legal, [weight(m) for m in legal])[0] if d.kind == "main" else rnd.choice(legal)
        game.apply(move)
        played.append(str(move))
    moves_file = folder / "long-moves.txt"
    moves_file.write_text("".join(f"{m}\n" for m in played), encoding="utf-8")
    return save, moves_file


def best(rounds: int, work: object) -> float:
    times = []
    for _ in range(rounds):
        start = time.process_time()
        work()  # type: ignore[operator]
        times.append(time.process_time() - start)
    return min(times)


def browser_times(page: Path) -> tuple[float, float]:
    """Seconds to open the page (navigation start to the board drawn) and to go to its last step."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    with tempfile.TemporaryDirectory() as profile:
        for arg in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--disable-component-update", "--no-first-run", f"--user-data-dir={profile}"):
            options.add_argument(arg)
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        try:
            driver.get(page.as_uri())
            opened = driver.execute_script("return (performance.now()) / 1000")
            body = driver.find_element(By.TAG_NAME, "body")
            start = driver.execute_script("return performance.now()")
            body.send_keys(Keys.END)
            end = driver.execute_script("return performance.now()")
            return float(opened), (float(end) - float(start)) / 1000
        finally:
            driver.quit()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--browser", action="store_true", help="also time the page in headless Chromium")
    args = parser.parse_args()
    from rawdeal.io.save import read_save
    from rawdeal.purepython import compiled
    from rawdeal.replay.movefile import replay
    from rawdeal.viewer.page import render_replay
    from rawdeal.viewer.record import record_save

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        save, moves = long_game(folder, args.moves)
        count = sum(1 for _ in moves.open(encoding="utf-8"))
        page = folder / "long.html"
        with open(os.devnull, "w", encoding="utf-8") as sink:
            run = best(args.rounds, lambda: replay(read_save(save), moves, sink.write))
        view = best(args.rounds, lambda: page.write_text(render_replay(record_save(save, moves)), encoding="utf-8"))
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "rawdeal", "view", str(save), str(moves), "-o", str(page)], check=True,
                       capture_output=True)
        whole = time.perf_counter() - start
        size = page.stat().st_size
        print(f"engine: {'compiled' if compiled() else 'pure Python'}; load average {os.getloadavg()[0]:.1f}")
        print(f"game: {count} moves")
        print(f"run (anchor): {run:.3f} s CPU")
        print(f"view: {view:.3f} s CPU ({view / run:.1f}x run); the program with start-up: {whole:.2f} s wall")
        print(f"page: {size:,} bytes ({size / 2**20:.2f} MiB)")
        if args.browser:
            opened, to_end = browser_times(page)
            print(f"browser: opened and drawn {opened:.2f} s after navigation; End (last step) {to_end * 1000:.0f} ms")


if __name__ == "__main__":
    main()
