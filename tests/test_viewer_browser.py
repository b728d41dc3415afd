"""The viewer in a real browser: Debian's Chromium, headless, driven by Selenium through Debian's
chromedriver (Selenium never downloads a browser here). The pages are opened from files, as a user
opens one from a CI artifact; what is on screen is checked against the saves the engine writes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from rawdeal.cli import app
from rawdeal.viewer.record import record_save, record_scenario
from viewerkit import MOVES, ROOT, SAVE, fortitude, saves_at_every_step

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


@pytest.fixture(scope="module")
def replay_page(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("view") / "game.html"
    result = CliRunner().invoke(app, ["view", str(SAVE), str(MOVES), "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out.as_uri()


def where(driver: Any) -> str:
    text: str = driver.find_element(By.ID, "where").text
    return text


def texts(driver: Any, css: str) -> list[str]:
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, css)]


def shown_side(driver: Any, p: int) -> dict[str, Any]:
    side = f"#side{p}"
    return {"fortitude": int(texts(driver, f"{side} .fort .val")[0]), "arsenal": int(texts(driver, f"{side} .ars .val")[0]),
            "hand": texts(driver, f"{side} .hand .card"), "ring": texts(driver, f"{side} .ring .card"),
            "ringside_top": texts(driver, f"{side} .ringside .card")}


def go_to(driver: Any, step: int) -> None:
    driver.execute_script("location.hash = arguments[0]", f"#step={step}")
    assert where(driver).startswith(f"step {step} /")


def press(driver: Any, key: str) -> None:
    driver.find_element(By.TAG_NAME, "body").send_keys(key)


def test_the_board_at_chosen_steps_is_the_save_the_engine_writes(browser: Any, replay_page: str) -> None:
    saves = saves_at_every_step()
    browser.get(replay_page)
    for step in (0, 3, 9, 14, 23):
        go_to(browser, step)
        for p, player in enumerate(saves[step]["players"]):
            assert shown_side(browser, p) == {
                "fortitude": fortitude(saves[step], p), "arsenal": len(player["arsenal"]), "hand": player["hand"],
                "ring": player["ring"], "ringside_top": player["ringside"][-1:]}, (step, p)


def test_a_step_link_opens_that_moment_with_its_lines_marked(browser: Any, replay_page: str) -> None:
    replay = record_save(SAVE, MOVES)
    browser.get(replay_page + "#step=7")
    assert where(browser) == f"step 7 / 23, turn {replay.steps[7].board.turn}"
    first, end = replay.steps[7].first, replay.steps[8].first
    assert texts(browser, "#lines .ln.cur span:not(.no)") == list(replay.lines[first:end])
    assert "chosen" in browser.find_element(By.CSS_SELECTOR, "#decide .mv.chosen").get_attribute("class")
    assert browser.find_element(By.CSS_SELECTOR, "#decide .mv.chosen").text == replay.steps[8].move


def test_keys_and_clicks_step_through_the_game(browser: Any, replay_page: str) -> None:
    replay = record_save(SAVE, MOVES)
    browser.get(replay_page + "#step=7")
    press(browser, Keys.ARROW_RIGHT)
    press(browser, Keys.ARROW_RIGHT)
    assert where(browser).startswith("step 9 /") and browser.current_url.endswith("#step=9")
    press(browser, Keys.ARROW_LEFT)
    assert where(browser).startswith("step 8 /")
    press(browser, Keys.END)
    assert where(browser).startswith("step 23 /") and "wins by pin" in browser.find_element(By.ID, "status").text
    press(browser, Keys.HOME)
    assert where(browser).startswith("step 0 /")
    press(browser, Keys.PAGE_DOWN)  # the first step of the next turn
    turns = [s.board.turn for s in replay.steps]
    assert where(browser).startswith(f"step {turns.index(turns[0] + 1)} /")
    line = replay.steps[12].first + 1  # a line of move 12: a click shows the board there
    browser.find_element(By.CSS_SELECTOR, f'#lines .ln[data-i="{line}"]').click()
    assert where(browser).startswith("step 12 /")


def test_a_card_shows_its_printed_text_and_compiled_meaning(browser: Any, replay_page: str) -> None:
    browser.get(replay_page + "#step=0")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    card = next(c for c in browser.find_elements(By.CSS_SELECTOR, "#side1 .hand .card") if c.text == "Recovery")
    ActionChains(browser).move_to_element(card).perform()
    tip = browser.find_element(By.ID, "tip")
    assert tip.is_displayed() and tip.find_element(By.TAG_NAME, "h3").text == "Recovery"
    from rawdeal.cards import load_db
    from rawdeal.effects.render import render_effect
    from rawdeal.effects.store import shipped

    assert load_db().by_title["Recovery"].text in tip.text  # what `rawdeal card Recovery` prints
    assert tip.find_element(By.CLASS_NAME, "meaning").text == "compiled:\n" + render_effect(shipped().cards["Recovery"])


def test_a_viewpoint_hides_the_other_players_hand(browser: Any, replay_page: str) -> None:
    saves = saves_at_every_step()
    browser.get(replay_page + "#step=5")
    Select(browser.find_element(By.ID, "view")).select_by_value("0")
    hidden = browser.find_elements(By.CSS_SELECTOR, "#side1 .hand .card.hidden")
    assert len(hidden) == len(saves[5]["players"][1]["hand"]) and all(c.text == "" for c in hidden)
    assert texts(browser, "#side0 .hand .card") == saves[5]["players"][0]["hand"]
    assert browser.current_url.endswith("#step=5&view=0")
    Select(browser.find_element(By.ID, "view")).select_by_value("both")


def test_it_fits_a_phone(browser: Any, replay_page: str) -> None:
    browser.set_window_size(390, 844)
    try:
        browser.get(replay_page + "#step=5")
        assert browser.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
        assert browser.find_element(By.ID, "status").is_displayed()
        assert browser.find_element(By.ID, "scrub").size["width"] >= 100  # the controls take a row of their own
    finally:
        browser.set_window_size(1280, 900)


def test_a_divergence_page_opens_at_the_first_divergence(browser: Any, tmp_path: Path) -> None:
    sub = tmp_path / "sub"
    sub.mkdir()
    lines = (ROOT / "scenarios" / "worked-example" / "expected.txt").read_text(encoding="utf-8").split("\n")
    lines[29] = lines[29].replace("THE ROCK", "THE R0CK")
    (sub / "worked-example.txt").write_text("\n".join(lines), encoding="utf-8")
    pages = tmp_path / "pages"
    CliRunner().invoke(app, ["grade", str(ROOT / "scenarios" / "worked-example"), "--submission", str(sub),
                             "--html", str(pages)])
    browser.get((pages / "worked-example.html").as_uri())
    step = record_scenario(ROOT / "scenarios" / "worked-example").step_of(29)
    assert where(browser).startswith(f"step {step} /")
    row = browser.find_element(By.CSS_SELECTOR, "#lines .row.first")
    assert row.get_attribute("data-i") == "29" and row.is_displayed()
    assert (row.find_element(By.CSS_SELECTOR, ".e mark").text, row.find_element(By.CSS_SELECTOR, ".g mark").text) == ("O", "0")
    assert "First divergence at line 30" in browser.find_element(By.ID, "divergence").text
    press(browser, Keys.ARROW_LEFT)  # the steps before it, one key away
    assert where(browser).startswith(f"step {step - 1} /")
    press(browser, "d")
    assert where(browser).startswith(f"step {step} /")
