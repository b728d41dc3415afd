"""Take the viewer's screenshots for the README and docs/viewer.md, in Debian's headless Chromium.

    .venv/bin/python docs/img/screenshots.py      (needs chromium, chromium-driver and selenium)

It writes the pages with rawdeal itself (the bundled saved game, a divergence page of the worked
example with one line of its transcript changed, and a Fightdrome match played by a seeded random
player), opens them at a fixed window size and saves docs/img/viewer-board.png,
viewer-divergence.png, viewer-phone.png and viewer-fightdrome.png, reduced to 256 colours.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from PIL import Image
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from rawdeal.grading.model import ScenarioResult, Status
from rawdeal.io.diff import compare, events
from rawdeal.viewer.divergence import divergence_page
from rawdeal.viewer.page import render_replay
from rawdeal.viewer.record import record_save, record_scenario

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "docs" / "img"


def pages(folder: Path) -> tuple[Path, Path]:
    board = folder / "board.html"
    board.write_text(render_replay(record_save(ROOT / "saves" / "midgame.json", ROOT / "saves" / "midgame-moves.txt")),
                     encoding="utf-8")
    scenario = ROOT / "scenarios" / "worked-example"
    expected = events((scenario / "expected.txt").read_text(encoding="utf-8"))
    got = list(expected)
    got[29] = got[29].replace("THE ROCK", "THE R0CK")
    result = ScenarioResult("worked-example", Status.FAIL, 0, 1, comparison=compare(expected, tuple(got)))
    divergence = folder / "divergence.html"
    divergence.write_text(divergence_page(result, "student", record_scenario(scenario)), encoding="utf-8")
    return board, divergence


def fightdrome(folder: Path) -> Path:
    """A match between Brawler/S1 and Wrestler/S5 (seed 7), played by the seeded random player 3."""
    from rawdeal.games.randomplay import play_random
    from rawdeal.games.registry import ruleset
    from rawdeal.games.saves import dumps
    from rawdeal.viewer.game_record import record_game_save

    rules = ruleset("fightdrome")
    state, _ = rules.start(("Brawler/S1", "Wrestler/S5"), 7, ("match",))
    save, moves = folder / "fd.json", folder / "fd-moves.txt"
    save.write_bytes(dumps(state))
    moves.write_text("".join(f"{m}\n" for m in play_random(rules, state.copy(), 3)), encoding="utf-8")
    page = folder / "fightdrome.html"
    page.write_text(render_replay(record_game_save(save, moves)), encoding="utf-8")
    return page


def shoot(driver: webdriver.Chrome, url: str, size: tuple[int, int], name: str) -> None:
    driver.set_window_size(*size)
    driver.get(url)
    path = OUT / name
    driver.save_screenshot(str(path))
    Image.open(path).convert("RGB").quantize(256).save(path, optimize=True)
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size:,} bytes")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        board, divergence = pages(Path(tmp))
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for arg in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--disable-component-update", "--no-first-run", f"--user-data-dir={tmp}/profile",
                    "--hide-scrollbars"):
            options.add_argument(arg)
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        try:
            shoot(driver, board.as_uri() + "#step=3", (1200, 760), "viewer-board.png")
            shoot(driver, divergence.as_uri(), (1200, 760), "viewer-divergence.png")
            shoot(driver, board.as_uri() + "#step=14", (390, 800), "viewer-phone.png")
            shoot(driver, fightdrome(Path(tmp)).as_uri() + "#step=89&view=0", (1200, 760), "viewer-fightdrome.png")
        finally:
            driver.quit()


if __name__ == "__main__":
    main()
