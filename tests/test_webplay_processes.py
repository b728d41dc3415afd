"""Browser play served by two server processes sharing one database (each holds the games it serves in
memory): a game's two players on different processes see each other's moves, a decision answered on
one process is stale on the other, and the finished game's record is whole. Over raw WebSockets."""

from __future__ import annotations

import asyncio
import html
import http.cookiejar
import json
import re
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from servicekit import Server, postgres_url

MOVE = re.compile(r'data-move="([^"]*)"')


def new_game(base: str, seed: int) -> tuple[str, str, str]:
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    body = f"deck_a=kane.txt&deck_b=undertaker.txt&opponent=person&seed={seed}".encode()
    with opener.open(urllib.request.Request(base + "/play", body), timeout=30) as answer:
        gid = str(answer.url.rsplit("/", 1)[1])
    mine = next(str(c.value) for c in jar if c.name == f"rawdeal_play_{gid}")
    theirs = next(str(c.value) for c in jar if c.name == f"rawdeal_invite_{gid}")
    return gid, mine, theirs


async def until(ws: Any, decision: int) -> dict[str, Any]:
    """The next view at `decision` or later (another process's move arrives within its poll)."""
    while True:
        m: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), timeout=20))
        if m["type"] == "view" and m["decision"] >= decision:
            return m


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest) -> Iterator[list[str]]:
    """The servers' options naming their shared database: SQLite in the data folder, or PostgreSQL."""
    if request.param == "sqlite":
        yield []
    else:
        with postgres_url() as url:
            yield ["--db", url]


def test_two_processes_serve_one_game(tmp_path: Path, db: list[str]) -> None:
    import websockets

    data = tmp_path / "data"
    a = Server(data, "--workers", "0", *db)
    b = Server(data, "--workers", "0", *db)
    try:
        gid, mine, theirs = new_game(a.base, 17)

        def url(server: Server) -> str:
            return server.base.replace("http", "ws") + f"/play/{gid}/ws"

        async def play() -> int:
            async with websockets.connect(url(a), additional_headers={"Cookie": f"rawdeal_play_{gid}={mine}"}) as one, \
                    websockets.connect(url(b), additional_headers={"Cookie": f"rawdeal_play_{gid}={theirs}"}) as two:
                views = [json.loads(await one.recv()), json.loads(await two.recv())]
                decision = 0
                for _ in range(3):
                    mover = next(i for i, v in enumerate(views) if MOVE.search(v["html"]))
                    sock = (one, two)[mover]
                    words = html.unescape(MOVE.findall(views[mover]["html"])[0])
                    await sock.send(json.dumps({"move": words, "decision": decision}))
                    decision += 1
                    views = [await until(one, decision), await until(two, decision)]
                    assert [v["decision"] for v in views] == [decision, decision]
                    if 'data-over="yes"' in views[0]["html"]:
                        break
                # a decision answered through one process is stale on the other, whose view catches up
                stale = (two, one)[mover]
                await stale.send(json.dumps({"move": "end", "decision": decision - 1}))
                refused = json.loads(await asyncio.wait_for(stale.recv(), timeout=20))
                assert refused["type"] == "refused" and refused["decision"] == decision
                return decision

        played = asyncio.run(play())
        # the history is whole whichever process wrote each move: read back through a third look
        with urllib.request.urlopen(f"{b.base}/play/{gid}", timeout=30) as page:
            assert f'data-decision="{played}"' in page.read().decode()
    finally:
        a.stop()
        b.stop()
    assert played == 3


def test_a_finished_game_replays_with_rawdeal_run_whichever_process_stored_its_moves(tmp_path: Path) -> None:
    """A whole game, its moves sent alternately through two processes; its record replays byte for byte."""
    import websockets

    data = tmp_path / "data"
    servers = [Server(data, "--workers", "0"), Server(data, "--workers", "0")]
    try:
        gid, mine, theirs = new_game(servers[0].base, 23)
        tokens = [mine, theirs]

        async def play() -> None:
            decision = 0
            while True:
                server = servers[decision % 2]
                url = server.base.replace("http", "ws") + f"/play/{gid}/ws"
                views = []
                for token in tokens:  # each seat's view, from this decision's process
                    async with websockets.connect(url, additional_headers={"Cookie": f"rawdeal_play_{gid}={token}"}) as ws:
                        views.append(json.loads(await ws.recv()))
                assert [v["decision"] for v in views] == [decision, decision]
                if 'data-over="yes"' in views[0]["html"]:
                    return
                seat = next(i for i, v in enumerate(views) if MOVE.search(v["html"]))
                async with websockets.connect(url, additional_headers={"Cookie": f"rawdeal_play_{gid}={tokens[seat]}"}) as ws:
                    await ws.recv()
                    await ws.send(json.dumps({"move": html.unescape(MOVE.findall(views[seat]["html"])[0]),
                                              "decision": decision}))
                    await until(ws, decision + 1)
                decision += 1

        asyncio.run(play())
        def get(path: str) -> bytes:
            with urllib.request.urlopen(servers[1].base + path, timeout=30) as answer:
                body: bytes = answer.read()
                return body

        (tmp_path / "save.json").write_bytes(get(f"/play/{gid}/save.json"))
        (tmp_path / "moves.txt").write_bytes(get(f"/play/{gid}/moves.txt"))
        printed = get(f"/play/{gid}/transcript.txt").decode()
    finally:
        for server in servers:
            server.stop()
    done = subprocess.run([sys.executable, "-m", "rawdeal", "run", str(tmp_path / "save.json"), str(tmp_path / "moves.txt")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout == printed


def bot_processes(server: Server) -> list[int]:
    """The processes the server's bots think in (spawned children of the server)."""
    found = []
    for child in Path(f"/proc/{server.proc.pid}/task/{server.proc.pid}/children").read_text().split():
        if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
            found.append(int(child))
    return found


def test_a_bot_thinks_in_a_process_of_its_own_and_a_lost_one_is_replaced(tmp_path: Path) -> None:
    import os
    import signal

    import websockets

    server = Server(tmp_path / "data", "--workers", "0")
    try:
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        body = b"deck_a=kane.txt&deck_b=undertaker.txt&opponent=random&seed=8"
        with opener.open(urllib.request.Request(server.base + "/play", body), timeout=30) as answer:
            gid = str(answer.url.rsplit("/", 1)[1])
        mine = next(str(c.value) for c in jar if c.name == f"rawdeal_play_{gid}")

        async def until_the_bot_moves(ws: Any, view: dict[str, Any]) -> dict[str, Any]:
            """Our moves until the bot has answered one (its move comes after our acknowledgement)."""
            while True:
                sent = view["decision"]
                await ws.send(json.dumps({"move": html.unescape(MOVE.findall(view["html"])[0]), "decision": sent}))
                view = await until(ws, sent + 1)
                while not MOVE.search(view["html"]) and 'data-over="yes"' not in view["html"]:
                    view = await until(ws, view["decision"] + 1)  # the bot's move
                if view["decision"] > sent + 1:
                    return view

        async def play() -> None:
            url = server.base.replace("http", "ws") + f"/play/{gid}/ws"
            async with websockets.connect(url, additional_headers={"Cookie": f"rawdeal_play_{gid}={mine}"}) as ws:
                view = json.loads(await ws.recv())
                view = await until_the_bot_moves(ws, view)
                thinking = bot_processes(server)
                assert thinking  # the bot's move came from a process of its own
                for pid in thinking:
                    os.kill(pid, signal.SIGKILL)
                await until_the_bot_moves(ws, view)
                assert bot_processes(server) and not set(bot_processes(server)) & set(thinking)

        asyncio.run(play())
    finally:
        server.stop()
