"""Browser play of another game (Fightdrome) through the real app: the form starts it, two people
play it to the end over the page's WebSocket, each seeing only their own hand and the decider alone
getting moves; refusals name the legal moves; the finished game's move file and save replay with
`rawdeal run` to what was printed during play. (The real-browser game is test_webplay_browser.py::test_a_fightdrome_game_against_a_bot_played_to_the_end.)"""

from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from servicekit import service

MOVE = re.compile(r'data-move="([^"]*)"')


def moves_in(view: dict[str, Any]) -> list[str]:
    return [html.unescape(m) for m in MOVE.findall(view["html"])]


def hand(view: dict[str, Any], side: int) -> str:
    """The text of a side's Hand zone in a board's HTML."""
    page: str = view["html"]
    section = page.split(f'id="side-{side}"', 1)[1].split("</section>", 1)[0]
    return section.split('data-zone="Hand">', 1)[1].split("</div>", 1)[0]


def test_two_people_play_fightdrome_to_the_end_in_the_browser_pages(tmp_path: Path) -> None:
    with service(tmp_path / "data", worker=False) as client:
        form = client.get("/play").text
        assert '<option value="fightdrome">Altered Carbon: Fightdrome</option>' in form and 'value="torneo-epico"' in form
        made = client.post("/play", data={"game": "fightdrome", "opponent": "person", "seed": "4", "option": ["match"]},
                           follow_redirects=False)
        assert made.status_code == 303
        gid = made.headers["location"].rsplit("/", 1)[1]
        mine, invite = made.cookies[f"rawdeal_play_{gid}"], made.cookies[f"rawdeal_invite_{gid}"]
        assert "Altered Carbon: Fightdrome" in client.get(f"/play/{gid}", headers={"cookie": f"rawdeal_play_{gid}={mine}"}).text
        assert client.get(f"/v1/games/{gid}").status_code == 404  # a browser game moves over its socket only
        seats = [client.websocket_connect(f"/play/{gid}/ws", headers={"cookie": f"rawdeal_play_{gid}={token}"})
                 for token in (mine, invite)]
        views = [ws.__enter__().receive_json() for ws in seats]
        try:
            decision = 0
            while 'data-over="no"' in views[0]["html"]:
                assert all(v["decision"] == decision for v in views)
                mover = next(p for p in (0, 1) if moves_in(views[p]))
                assert not moves_in(views[1 - mover])  # only the decider gets moves
                for p in (0, 1):  # each seat sees its own hand, the other's face down
                    assert "face down" not in hand(views[p], p) and "face down" in hand(views[p], 1 - p)
                legal = moves_in(views[mover])
                if decision == 2:
                    seats[1 - mover].send_json({"move": legal[0], "decision": decision})
                    assert seats[1 - mover].receive_json()["detail"] == "it is not your decision"
                    seats[mover].send_json({"move": "choose Brawler", "decision": decision})
                    refused = seats[mover].receive_json()
                    assert refused["type"] == "refused" and all(m in refused["detail"] for m in legal)
                seats[mover].send_json({"move": legal[-1], "decision": decision})
                views = [ws.receive_json() for ws in seats]
                decision += 1
            assert all(re.search(r'id="result">Player [12] wins the game', v["html"]) for v in views)
        finally:
            for ws in seats:
                ws.__exit__(None, None, None)
        moves, save = client.get(f"/play/{gid}/moves.txt").text, client.get(f"/play/{gid}/save.json").content
        printed = client.get(f"/play/{gid}/transcript.txt").text
        assert moves.count("\n") == decision > 10
        page = client.get(f"/play/{gid}/replay")
        assert page.status_code == 200 and '"game":"fightdrome"' in page.text  # the viewer's page of any game
    (tmp_path / "save.json").write_bytes(save)
    (tmp_path / "moves.txt").write_text(moves)
    run = subprocess.run([sys.executable, "-m", "rawdeal", "run", str(tmp_path / "save.json"), str(tmp_path / "moves.txt")],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout == printed


def test_the_form_refuses_what_the_game_does_not_take(tmp_path: Path) -> None:
    with service(tmp_path, worker=False) as client:
        for sent, says in (({"game": "fightdrome", "option": ["unshuffled"]}, "'unshuffled' is not a rules option"),
                           ({"game": "fightdrome", "opponent": "omniscient"}, "opponent: choose one of person, random"),
                           ({"game": "chess"}, "game: choose one of rawdeal, fightdrome")):
            refused = client.post("/play", data=sent)
            assert refused.status_code == 422 and says in html.unescape(refused.text)
