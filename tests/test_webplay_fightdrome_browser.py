"""Fightdrome played in a real browser (Debian's headless Chromium) against a bot over `rawdeal serve`:
the form starts it, each click sends the move the button names, the page draws the board the ruleset
describes (the bot's hand face down), the game ends with its result, and its move file and save replay
with `rawdeal run` to what the page's game printed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from servicekit import Server

from browserkit import chromium, needs_chromium

pytestmark = needs_chromium
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.select import Select  # noqa: E402
from selenium.webdriver.support.wait import WebDriverWait  # noqa: E402

from test_webplay_browser import at, board, connected, get, rawdeal_run  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("webplay-fightdrome") / "data", "--workers", "0")
    try:
        yield running
    finally:
        running.stop()


def test_a_fightdrome_game_against_a_bot_played_to_the_end(server: Server, tmp_path: Path) -> None:
    with chromium(1100, 900) as alice:
        alice.get(server.base + "/play")
        Select(alice.find_element(By.NAME, "game")).select_by_value("fightdrome")
        assert not alice.find_element(By.NAME, "deck_a").is_displayed()  # decks are Raw Deal's
        Select(alice.find_element(By.NAME, "opponent")).select_by_value("greedy")
        alice.find_element(By.NAME, "seed").send_keys("21")
        alice.find_element(By.CSS_SELECTOR, "#new-game button").click()
        WebDriverWait(alice, 20).until(lambda d: "/play/" in d.current_url and d.find_elements(By.ID, "board"))
        gid = alice.current_url.rsplit("/", 1)[1]
        assert alice.title.startswith("Altered Carbon: Fightdrome")
        connected(alice)
        clicks = 0
        while board(alice)["over"] == "no":
            seen: dict[str, Any] = board(alice)
            assert "your decision" in alice.find_element(By.CSS_SELECTOR, ".banner").text
            hands = seen["hands"]
            assert len(hands) == 2 and sum("face down" in h for h in hands) == 1  # the bot's hand only
            alice.find_element(By.CSS_SELECTOR, "button.move").click()
            clicks += 1
            WebDriverWait(alice, 20).until(lambda d: at(d, int(seen["decision"]) + 1))
            WebDriverWait(alice, 20).until(lambda d: board(d)["over"] == "yes" or board(d)["moves"])
        assert clicks > 3
        assert "wins the game" in alice.find_element(By.ID, "result").text
        moves, save = get(server.base, f"/play/{gid}/moves.txt"), get(server.base, f"/play/{gid}/save.json")
        assert moves.decode().count("\n") >= clicks
        assert rawdeal_run(tmp_path, save, moves) == get(server.base, f"/play/{gid}/transcript.txt").decode()
        alice.find_element(By.LINK_TEXT, "replay page").click()
        WebDriverWait(alice, 20).until(lambda d: d.find_elements(By.ID, "where"))
