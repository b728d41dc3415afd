"""Play in the browser, for real: `rawdeal serve` as a process, Debian's headless Chromium driven by
Selenium. Two people (two browsers, each with its own cookies) play a whole game over the server's
WebSocket, one reloading mid-game, a third watching; the game's move file and save replay with
`rawdeal run` to the transcript printed while it was played. A bot game from the browser too, and the
refusals (wrong seat, stale decision, a spectator's move) over a raw socket."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from contextlib import ExitStack

import pytest

from servicekit import Server

from browserkit import chromium, needs_chromium

pytestmark = needs_chromium
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.select import Select  # noqa: E402
from selenium.webdriver.support.wait import WebDriverWait  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("webplay") / "data", "--workers", "0")
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def browsers() -> Iterator[list[Any]]:
    with ExitStack() as stack:
        yield [stack.enter_context(chromium(1100, 900)) for _ in range(3)]  # three profiles: three people's cookies


def start(driver: Any, base: str, opponent: str, seed: int) -> str:
    driver.get(base + "/play")
    Select(driver.find_element(By.NAME, "deck_a")).select_by_visible_text("kane.txt")
    Select(driver.find_element(By.NAME, "deck_b")).select_by_visible_text("undertaker.txt")
    Select(driver.find_element(By.NAME, "opponent")).select_by_value(opponent)
    driver.find_element(By.NAME, "seed").send_keys(str(seed))
    driver.find_element(By.CSS_SELECTOR, "#new-game button").click()
    WebDriverWait(driver, 20).until(lambda d: "/play/" in d.current_url and d.find_elements(By.ID, "board"))
    url: str = driver.current_url
    return url.rsplit("/", 1)[1]


def board(driver: Any) -> dict[str, Any]:
    """The board as one read in the page (the socket may replace it at any moment)."""
    state: dict[str, Any] = driver.execute_script("""
        var b = document.getElementById("board");
        return {decision: b.dataset.decision, over: b.dataset.over,
                moves: Array.from(b.querySelectorAll("button.move")).map(function (x) { return x.dataset.move; }),
                hidden: b.querySelectorAll("section.side .hidden").length,
                hands: Array.from(b.querySelectorAll("section.side .zone")).map(function (z) { return z.textContent; })
                       .filter(function (t) { return t.indexOf("Hand") === 0; })};""")
    return state


def at(driver: Any, decision: int) -> bool:
    try:
        return int(board(driver)["decision"]) >= decision
    except Exception:  # the board replaced while read
        return False


def connected(driver: Any) -> None:
    WebDriverWait(driver, 20).until(lambda d: d.find_element(By.ID, "link").text == "connected")


def get(base: str, path: str) -> bytes:
    with urllib.request.urlopen(base + path, timeout=30) as answer:
        data: bytes = answer.read()
        return data


def rawdeal_run(tmp: Path, save: bytes, moves: bytes) -> str:
    (tmp / "save.json").write_bytes(save)
    (tmp / "moves.txt").write_bytes(moves)
    done = subprocess.run([sys.executable, "-m", "rawdeal", "run", str(tmp / "save.json"), str(tmp / "moves.txt")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_two_people_play_a_whole_game_one_reloading_while_a_third_watches(
        server: Server, browsers: list[Any], tmp_path: Path) -> None:
    alice, bob, watcher = browsers
    gid = start(alice, server.base, "person", 11)
    invite = alice.find_element(By.CSS_SELECTOR, "#invite input").get_attribute("value")
    bob.get(invite)
    watcher.get(f"{server.base}/play/{gid}")
    for d in browsers:
        connected(d)
    assert "Watching" in watcher.find_element(By.ID, "status").text
    players, decision, reloaded = {"0": alice, "1": bob}, 0, False
    while board(watcher)["over"] == "no":
        mover = next(d for d in (alice, bob) if board(d)["moves"])
        other = bob if mover is alice else alice
        assert not board(other)["moves"]  # only the decider has moves
        # never the opponent's hand, never a hand for the spectator
        assert sum("face down" in h for h in board(other)["hands"]) == 1
        hands = board(watcher)["hands"]
        assert len(hands) == 2 and all("face down" in h for h in hands), hands
        mover.find_element(By.CSS_SELECTOR, "button.move").click()
        decision += 1
        for d in browsers:
            WebDriverWait(d, 20).until(lambda d: at(d, decision))
        if decision == 5 and not reloaded:  # a reloaded page rejoins the same game where it was
            reloaded = True
            alice.refresh()
            connected(alice)
            assert int(board(alice)["decision"]) == decision
    assert reloaded and decision > 5 and set(players) == {"0", "1"}
    for d in browsers:
        WebDriverWait(d, 20).until(lambda d: board(d)["over"] == "yes")
    assert "won by" in watcher.find_element(By.ID, "result").text
    moves, save = get(server.base, f"/play/{gid}/moves.txt"), get(server.base, f"/play/{gid}/save.json")
    assert moves.decode().count("\n") == decision
    printed = get(server.base, f"/play/{gid}/transcript.txt").decode()
    assert rawdeal_run(tmp_path, save, moves) == printed
    watcher.find_element(By.LINK_TEXT, "replay page").click()
    WebDriverWait(watcher, 20).until(lambda d: d.find_elements(By.ID, "where"))


def test_a_bot_game_from_the_browser(server: Server, browsers: list[Any], tmp_path: Path) -> None:
    alice = browsers[0]
    gid = start(alice, server.base, "greedy", 5)
    connected(alice)
    while board(alice)["over"] == "no":
        before = int(board(alice)["decision"])
        assert "your decision" in alice.find_element(By.CSS_SELECTOR, ".banner").text
        alice.find_element(By.CSS_SELECTOR, "button.move").click()
        WebDriverWait(alice, 20).until(lambda d: at(d, before + 1))
        WebDriverWait(alice, 20).until(lambda d: board(d)["over"] == "yes" or board(d)["moves"])
    moves, save = get(server.base, f"/play/{gid}/moves.txt"), get(server.base, f"/play/{gid}/save.json")
    assert rawdeal_run(tmp_path, save, moves) == get(server.base, f"/play/{gid}/transcript.txt").decode()


def test_wrong_seat_stale_decision_and_spectators_are_refused(server: Server) -> None:
    import http.cookiejar

    import websockets

    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    body = b"deck_a=kane.txt&deck_b=undertaker.txt&opponent=person&seed=3"
    with opener.open(urllib.request.Request(server.base + "/play", body), timeout=30) as answer:
        gid = answer.url.rsplit("/", 1)[1]
    mine = next(f"{c.name}={c.value}" for c in jar if c.name == f"rawdeal_play_{gid}")
    invite = next(c.value for c in jar if c.name == f"rawdeal_invite_{gid}")
    theirs = f"rawdeal_play_{gid}={invite}"
    url = server.base.replace("http", "ws") + f"/play/{gid}/ws"

    async def send(cookie: str | None, move: str | None = None, decision: int = 0) -> dict[str, Any]:
        headers = {"Cookie": cookie} if cookie else {}
        async with websockets.connect(url, additional_headers=headers) as ws:
            view = json.loads(await ws.recv())
            if move is None:
                return dict(view)
            await ws.send(json.dumps({"move": move, "decision": decision}))
            return dict(json.loads(await ws.recv()))

    first = asyncio.run(send(mine))
    decider, other = (mine, theirs) if "button class=\"move\"" in first["html"] else (theirs, mine)
    assert asyncio.run(send(other, "end", 0))["type"] == "refused"
    assert asyncio.run(send(None, "end", 0))["detail"] == "spectators do not move"
    assert "already answered" in asyncio.run(send(decider, "end", 7))["detail"]
    assert "expected a quoted card title" in asyncio.run(send(decider, 'play "Irish Whip', 0))["detail"]
    assert "face down" in asyncio.run(send(None))["html"]
    # the game's record (both hands, the Arsenals' order) is not served before the end, nor over the games API
    for path in (f"/play/{gid}/save.json", f"/play/{gid}/moves.txt", f"/v1/games/{gid}"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            get(server.base, path)
        assert refused.value.code == 404


def test_a_stored_replay_has_its_viewer_page(server: Server, browsers: list[Any]) -> None:
    """`/replays/{id}`: the viewer's page of a replay posted to the API, ending where `rawdeal run` ends."""
    from servicekit import call

    root = Path(__file__).resolve().parents[1]
    save = json.loads((root / "saves" / "midgame.json").read_text())
    moves = (root / "saves" / "midgame-moves.txt").read_text()
    status, made = call(server.base, "POST", "/v1/replays", json_body={"save": save, "moves": moves, "format": "text"})
    assert status == 200, made
    assert isinstance(made, dict)
    watcher = browsers[2]
    watcher.get(f"{server.base}/replays/{made['id']}#step=23")
    WebDriverWait(watcher, 20).until(lambda d: d.find_element(By.ID, "where").text.startswith("step 23 / 23"))
    assert "wins by pin" in watcher.find_element(By.ID, "status").text
    with pytest.raises(urllib.error.HTTPError) as missing:
        get(server.base, "/replays/0123456789abcdef")
    assert missing.value.code == 404
