"""A Fightdrome page in a real browser (Debian's headless Chromium through Selenium and Debian's chromedriver,
as `test_viewer_browser.py`): what is on screen at chosen steps is the save the game writes there, in
both viewpoints, and its divergence page opens at the first divergence."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from rawdeal.cli import app
from rawdeal.viewer.game_record import record_game_save
from fdviewkit import fightdrome_game, saves_at_every_step

from browserkit import chromium, needs_chromium

pytestmark = needs_chromium
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.select import Select  # noqa: E402


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as driver:
        yield driver


def texts(driver: Any, css: str) -> list[str]:
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, css)]


def where(driver: Any) -> str:
    text: str = driver.find_element(By.ID, "where").text
    return text


def shown(driver: Any, p: int) -> dict[str, Any]:
    side = f"#side{p}"
    values = {e.get_attribute("data-v"): int(e.find_element(By.CLASS_NAME, "val").text)
              for e in driver.find_elements(By.CSS_SELECTOR, f"{side} .count[data-v]")}
    return {"character": texts(driver, f"{side} .character")[0], "values": values,
            "hand": texts(driver, f"{side} .z0 .card"), "discard": texts(driver, f"{side} .z1 .card"),
            "face_down": texts(driver, f"{side} .z2 .card")}


def expected(player: dict[str, Any]) -> dict[str, Any]:
    return {"character": f"{player['sleeve']} + {player['stack']}", "hand": player["hand"], "discard": player["discard"],
            "face_down": player["face_down"], "values": {
                "in hand": len(player["hand"]), "to draw": len(player["draw"]),
                "discarded": len(player["discard"]) + len(player["face_down"]), "Fame": player["fame"]}}


def test_a_fightdrome_replay_and_its_divergence_page_in_the_browser(browser: Any, tmp_path: Path) -> None:
    save, moves = fightdrome_game(tmp_path)
    page = tmp_path / "game.html"
    assert CliRunner().invoke(app, ["view", str(save), str(moves), "-o", str(page)]).exit_code == 0
    saves, replay = saves_at_every_step(save, moves), record_game_save(save, moves)
    down = next(k for k, s in enumerate(saves)  # Player 2 has a card face down and decides
                if s["players"][1]["face_down"] and s["to_move"] == 1 and s["winner"] is None)
    browser.get(page.as_uri())
    for step in (0, 5, down, len(saves) - 1):  # the board on screen is the save the game writes there
        browser.execute_script("location.hash = arguments[0]", f"#step={step}")
        assert where(browser) == f"step {step} / {len(saves) - 1}, Round {saves[step]['round']}"
        for p, player in enumerate(saves[step]["players"]):
            assert shown(browser, p) == expected(player), (step, p)
    assert "wins the game (Fame)" in browser.find_element(By.ID, "status").text
    # the legal moves in move-file words, the one played next marked; the keys step
    browser.execute_script("location.hash = '#step=4'")
    assert browser.find_element(By.CSS_SELECTOR, "#decide .mv.chosen").text == replay.steps[5].move
    assert texts(browser, "#decide .mv") == list(replay.steps[4].decision.moves)  # type: ignore[union-attr]
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    assert where(browser).startswith("step 5 /") and browser.current_url.endswith("#step=5")
    # one player's view: the other's hand and face-down cards are backs, his discard pile stays in sight
    browser.get(page.as_uri() + f"#step={down}&view=0")
    hidden = browser.find_elements(By.CSS_SELECTOR, "#side1 .z0 .card.hidden, #side1 .z2 .card.hidden")
    other = saves[down]["players"][1]
    assert len(hidden) == len(other["hand"]) + len(other["face_down"]) and all(c.text == "" for c in hidden)
    assert texts(browser, "#side1 .z1 .card") == other["discard"] and texts(browser, "#side0 .z0 .card") == saves[down]["players"][0]["hand"]
    turn = replay.steps[down].decision  # his legal moves would name his hidden cards: only their number is shown
    assert turn is not None and turn.player == 1 and texts(browser, "#decide .mv") == []
    assert browser.find_element(By.ID, "secret").text.startswith(f"{len(turn.moves)} legal moves, hidden")
    Select(browser.find_element(By.ID, "view")).select_by_value("both")
    card = browser.find_elements(By.CSS_SELECTOR, "#side0 .z0 .card")[0]
    ActionChains(browser).move_to_element(card).perform()
    assert browser.find_element(By.CSS_SELECTOR, "#tip h3").text == card.text
    browser.set_window_size(390, 844)  # a phone's width: nothing wider than the screen
    try:
        browser.get(page.as_uri() + f"#step={down}")
        assert browser.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        browser.set_window_size(1280, 900)
    # a divergence page opens on the board of the step that printed the first wrong line
    lines = replay.lines
    at = replay.steps[9].first + 1
    mine = tmp_path / "mine.txt"
    mine.write_text("\n".join([*lines[:at], lines[at] + "!", *lines[at + 1:]]) + "\n", encoding="utf-8")
    expected_file = tmp_path / "expected.txt"
    expected_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    diff = tmp_path / "diff.html"
    CliRunner().invoke(app, ["diff", str(expected_file), str(mine), "--html", str(diff), "--save", str(save),
                             "--moves", str(moves)])
    browser.get(diff.as_uri())
    assert where(browser).startswith("step 9 /")
    row = browser.find_element(By.CSS_SELECTOR, "#lines .row.first")
    assert row.get_attribute("data-i") == str(at) and row.find_element(By.CSS_SELECTOR, ".g mark").text == "!"
    assert f"First divergence at line {at + 1}" in browser.find_element(By.ID, "divergence").text
