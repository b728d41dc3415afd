"""`rawdeal serve`'s open routes on the real app: replays byte for byte as `rawdeal run`, deck checks
as `rawdeal check --format json`, games over HTTP with stale and illegal moves, problem+json errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from servicekit import service

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "scenarios" / "worked-example"
WEB = ("fastapi", "starlette", "sqlalchemy", "uvicorn", "pydantic", "alembic", "jinja2", "httpx", "multipart")


def rawdeal(*args: str | Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "rawdeal", *map(str, args)], capture_output=True, cwd=ROOT, check=False)


def test_the_cli_imports_no_web_stack() -> None:
    code = ("import sys, rawdeal.cli, rawdeal.cli.serve, rawdeal.cli.submit, rawdeal.service.client; "
            f"print(sorted({{m.split('.')[0] for m in sys.modules}} & {set(WEB)!r}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_health_and_openapi(tmp_path: Path) -> None:
    with service(tmp_path, worker=False) as client:
        assert client.get("/health").json()["status"] == "ok"
        doc = client.get("/openapi.json").json()
        assert doc["openapi"].startswith("3.1")
        assert {"/v1/replays", "/v1/games/{gid}/moves", "/v1/assignments/{aid}/submissions"} <= set(doc["paths"])
        assert "text/html" in client.get("/docs").headers["content-type"]


@pytest.mark.parametrize("fmt", ["text", "jsonl"])
def test_a_replay_is_what_rawdeal_run_prints(tmp_path: Path, fmt: str) -> None:
    save, moves = SCENARIO / "start.json", SCENARIO / "moves.txt"
    cli = rawdeal("run", save, moves, "--format", fmt, "-o", tmp_path / "after.json")
    assert cli.returncode == 0
    with service(tmp_path / "data", worker=False) as client:
        made = client.post("/v1/replays", json={"save": json.loads(save.read_bytes()), "moves": moves.read_text(), "format": fmt})
        assert made.status_code == 200
        body = made.json()
        assert body["transcript"].encode() == cli.stdout
        assert body["save"] == json.loads((tmp_path / "after.json").read_bytes())
        suffix = "txt" if fmt == "text" else "jsonl"
        again = client.get(f"/v1/replays/{body['id']}.{suffix}")
        assert again.content == cli.stdout
        other = "jsonl" if fmt == "text" else "text"
        assert client.get(f"/v1/replays/{body['id']}.{'jsonl' if other == 'jsonl' else 'txt'}").content == \
            rawdeal("run", save, moves, "--format", other).stdout
        assert client.get(f"/v1/replays/{body['id']}.json").json() == body == client.get(f"/v1/replays/{body['id']}").json()


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_the_same_replay_posted_twice_is_one_stored_replay(tmp_path: Path, database: str) -> None:
    """A replay's id is its input's digest: posting it again answers the same bytes and stores nothing
    twice, on either database (each has its own INSERT ... ON CONFLICT DO NOTHING)."""
    import contextlib

    from servicekit import postgres_url

    request = {"save": json.loads((SCENARIO / "start.json").read_bytes()), "moves": (SCENARIO / "moves.txt").read_text()}
    with contextlib.ExitStack() as stack:
        db = stack.enter_context(postgres_url()) if database == "postgresql" else None
        client = stack.enter_context(service(tmp_path / "data", db, worker=False))
        first, second = client.post("/v1/replays", json=request), client.post("/v1/replays", json=request)
        assert first.status_code == second.status_code == 200
        assert first.content == second.content == client.get(f"/v1/replays/{first.json()['id']}").content
        from sqlalchemy import func, select

        from rawdeal.service.db import Replay

        with client.app.state.ctx.sessions() as s:  # type: ignore[attr-defined]
            assert s.scalar(select(func.count()).select_from(Replay)) == 1


def test_a_bad_move_is_a_problem_with_the_cli_error_fields(tmp_path: Path) -> None:
    save = json.loads((SCENARIO / "start.json").read_bytes())
    with service(tmp_path, worker=False) as client:
        illegal = client.post("/v1/replays", json={"save": save, "moves": "end\n\nplay \"No Such Card\"\n"})
        assert illegal.status_code == 422
        assert illegal.headers["content-type"] == "application/problem+json"
        problem = illegal.json()
        assert (problem["file"], problem["line"], problem["column"]) == ("moves.txt", 3, 1)
        assert problem["legal"] and all(isinstance(m, str) for m in problem["legal"])
        assert problem["transcript"].startswith("status ") and "ends the turn" in problem["transcript"]
        syntax = client.post("/v1/replays", json={"save": save, "moves": "  fly away\n"}).json()
        assert (syntax["line"], syntax["column"], syntax["title"]) == (1, 3, "move syntax error")
        assert syntax["expected"]
        broken = client.post("/v1/replays", json={"save": {**save, "turn": "x"}, "moves": ""}).json()
        assert broken["status"] == 422 and broken["path"] == "$.turn"
        assert client.get("/v1/replays/0000").headers["content-type"] == "application/problem+json"


def test_deck_checks_are_rawdeal_checks(tmp_path: Path) -> None:
    decks = sorted((ROOT / "decks").glob("*.txt"))[:3]
    bad = tmp_path / "bad.txt"
    bad.write_text("KANE (Superstar Card)\nChop\n")
    paths = [*decks, bad]
    cli = json.loads(rawdeal("check", "--format", "json", *paths).stdout)
    with service(tmp_path / "data", worker=False) as client:
        answer = client.post("/v1/decks/check", json={"decks": [{"name": str(p), "text": p.read_text()} for p in paths]})
    assert answer.json() == cli


def test_a_game_over_http(tmp_path: Path) -> None:
    decks = [{"name": p.name, "text": p.read_text()} for p in (ROOT / "decks" / "kane.txt", ROOT / "decks" / "hhh.txt")]
    with service(tmp_path, worker=False) as client:
        game = client.post("/v1/games", json={"decks": decks, "seed": 7}).json()
        assert game["decision"] == 0 and game["moves"] and not game["over"]
        move = "end" if "end" in game["moves"] else game["moves"][0]
        after = client.post(f"/v1/games/{game['id']}/moves", json={"move": move, "decision": 0})
        assert after.status_code == 200 and after.json()["decision"] == 1 and after.json()["history"] == [move]
        stale = client.post(f"/v1/games/{game['id']}/moves", json={"move": move, "decision": 0})
        assert stale.status_code == 409 and stale.json()["decision"] == 1
        illegal = client.post(f"/v1/games/{game['id']}/moves", json={"move": 'play "Not A Card"', "decision": 1})
        assert illegal.status_code == 422
        assert illegal.json()["legal"] == client.get(f"/v1/games/{game['id']}").json()["moves"]
        assert client.get("/v1/games/nothing").status_code == 404
    with service(tmp_path, worker=False) as restarted:  # the database keeps the game
        kept = restarted.get(f"/v1/games/{game['id']}").json()
        assert kept["decision"] == 1 and kept["history"] == [move]


def test_a_body_past_the_cap_is_refused_before_it_is_read(tmp_path: Path) -> None:
    with service(tmp_path, worker=False, max_upload=1000) as client:
        big = client.post("/v1/replays", content=b"{" + b" " * (2 << 20) + b"}", headers={"Content-Type": "application/json"})
        assert big.status_code == 413 and big.headers["content-type"] == "application/problem+json"
        small = client.post("/v1/decks/check", json={"decks": [{"name": "a.txt", "text": "KANE (Superstar Card)\n"}]})
        assert small.status_code == 200


def test_cors_is_closed_unless_an_origin_is_configured(tmp_path: Path) -> None:
    preflight = {"Origin": "https://course.example", "Access-Control-Request-Method": "POST"}
    with service(tmp_path, worker=False) as closed:
        assert "access-control-allow-origin" not in closed.options("/v1/replays", headers=preflight).headers
        assert "access-control-allow-origin" not in closed.get("/health", headers={"Origin": "https://course.example"}).headers
    with service(tmp_path, worker=False, cors_origins=("https://course.example",)) as opened:
        allowed = opened.options("/v1/replays", headers=preflight)
        assert allowed.headers["access-control-allow-origin"] == "https://course.example"
        other = opened.options("/v1/replays", headers={**preflight, "Origin": "https://evil.example"})
        assert "access-control-allow-origin" not in other.headers
