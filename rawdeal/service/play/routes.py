"""The browser's routes: the new-game form, the play page, its WebSocket, the invite link, a finished
game's replay page, move file and save, and `/replays/{id}` (the viewer's page of a stored replay).

The socket sends each connection its own seat's board as HTML rendered on the server (a spectator's
hides both hands); a move comes back as `{"move", "decision"}`, and is answered with the mover's new
view (the acknowledgement) before the others'. Every connection of a game in this process is told of a
change at once; with several server processes (`--http-workers`, or servers sharing a database), one
served by another notices within `POLL` seconds (each process looks at the decision number of each game
it has sockets for: one indexed read a game), since the database is the game's only shared record.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from pathlib import Path
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Form, Request, UploadFile, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response

from rawdeal.bots.registry import PLAYERS
from rawdeal.games.players import PLAYERS as ANY_GAME_PLAYERS
from rawdeal.games.registry import DEFAULT, names, ruleset
from rawdeal.resources import decks_dir
from rawdeal.service.api_play import ctx
from rawdeal.service.app import ProblemError
from rawdeal.service.auth import hashed, new_id
from rawdeal.service.context import Context
from rawdeal.service.games import game_of
from rawdeal.service.pages import _templates, render
from rawdeal.service.play import moves
from rawdeal.service.play.anygame import Position
from rawdeal.service.play.seats import view_of
from rawdeal.service.play.store import PERSON, PlayRow

router = APIRouter(include_in_schema=False)
log = logging.getLogger("rawdeal.service.play")
POLL = 2.0
OPPONENTS = (PERSON, *PLAYERS)  # Raw Deal's bots; another game's are rawdeal.games.players'


def playable() -> list[dict[str, Any]]:
    """The games the form offers: Raw Deal, and each game whose ruleset describes its board."""
    from rawdeal.games.board import Viewable

    found = []
    for name in names():
        rules = ruleset(name)
        if name == DEFAULT or isinstance(rules, Viewable):
            found.append({"name": name, "title": rules.title, "options": [] if name == DEFAULT else list(rules.option_names),
                          "opponents": list(OPPONENTS if name == DEFAULT else (PERSON, *ANY_GAME_PLAYERS))})
    return found


def bundled() -> list[str]:
    folder = decks_dir()
    return [] if folder is None else sorted(p.name for p in folder.glob("*.txt"))


def cookie(gid: str) -> str:
    return f"rawdeal_play_{gid}"


def seat_of(game: moves.Live, token: str | None) -> int | None:
    """The seat whose token the caller holds (None: a spectator)."""
    if not token:
        return None
    digest = hashed(token)
    return next((i for i, s in enumerate(game.seats) if s.get("digest") == digest), None)


# --- starting a game --------------------------------------------------------------------------------


@router.get("/play")
def new_page() -> HTMLResponse:
    return render("play_new.html", title="Play", who=None, decks=bundled(), opponents=OPPONENTS, games=playable(),
                  errors=[])


async def _deck(choice: str, upload: UploadFile | None, label: str) -> tuple[tuple[str, str] | None, list[str]]:
    """A deck chosen (bundled) or uploaded, checked as `rawdeal check` does; or the errors to show."""
    from rawdeal.cards import load_db
    from rawdeal.decks import check_deck, parse_deck

    if upload is not None and upload.filename:
        raw = await upload.read(1 << 20)
        try:
            name, text = Path(upload.filename).name, raw.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError:
            return None, [f"{label}: {upload.filename} is not UTF-8 text"]
    elif choice in bundled():
        folder = decks_dir()
        assert folder is not None
        name, text = choice, (folder / choice).read_text(encoding="utf-8")
    else:
        return None, [f"{label}: choose a bundled deck or upload a deck file"]
    problems = check_deck(parse_deck(text, name), load_db())
    return (name, text), [f"{label}: {name}:{v.line}: {v.message}" for v in problems]


@router.post("/play")
async def create(request: Request, deck_a: Annotated[str, Form()] = "", deck_b: Annotated[str, Form()] = "",
                 opponent: Annotated[str, Form()] = PERSON, seed: Annotated[str, Form()] = "",
                 file_a: UploadFile | None = None, file_b: UploadFile | None = None,
                 game: Annotated[str, Form()] = DEFAULT, option: Annotated[list[str] | None, Form()] = None) -> Response:
    """A new game: you sit in seat 1; the opponent is a person (invited by link) or a bot. Raw Deal is
    played with two decks (the first yours), another game with its rules options."""
    offered = {g["name"]: g for g in playable()}
    errors, a, b = [], None, None
    if game not in offered:
        errors.append(f"game: choose one of {', '.join(offered)}")
    elif game == DEFAULT:
        a, errors_a = await _deck(deck_a, file_a, "your deck")
        b, errors_b = await _deck(deck_b, file_b, "opponent's deck")
        errors += errors_a + errors_b
    options = option or []
    wrong = [o for o in options if game in offered and o not in offered[game]["options"]]
    if wrong:
        errors.append(f"options: {wrong[0]!r} is not a rules option of {offered[game]['title']}")
    bots = offered[game]["opponents"] if game in offered else OPPONENTS
    if opponent not in bots:
        errors.append(f"opponent: choose one of {', '.join(bots)}")
    if seed.strip() and not (seed.strip().isdigit() and len(seed.strip()) < 10):
        errors.append("seed: a whole number, or empty for a random one")
    if errors or (game == DEFAULT and (a is None or b is None)):
        return render("play_new.html", 422, title="Play", who=None, decks=bundled(), opponents=OPPONENTS,
                      games=list(offered.values()), errors=errors)
    number = int(seed) if seed.strip() else secrets.randbelow(1 << 30)
    if game == DEFAULT:
        assert a is not None and b is not None
        from rawdeal.service import games

        made = await asyncio.to_thread(games.start, [a, b], number, "standard")
    else:
        made = await asyncio.to_thread(_start_other, game, options, number)
    c = ctx(request)
    mine, theirs = await asyncio.to_thread(_start, c, made, opponent, number)
    await _bots(c, mine[0])  # the bot may decide first
    answer = RedirectResponse(f"/play/{mine[0]}", status_code=303)
    _seat_cookie(answer, request, mine[0], mine[1])
    if theirs:
        answer.set_cookie(f"rawdeal_invite_{mine[0]}", theirs, httponly=True, samesite="lax", path=f"/play/{mine[0]}")
    return answer


def _start_other(game: str, options: list[str], seed: int) -> tuple[bytes, str]:
    from rawdeal.service import games

    return games.start_game(game, [], seed, options)


def _start(c: Context, made: tuple[bytes, str], opponent: str, seed: int) -> tuple[tuple[str, str], str | None]:
    from rawdeal.service.db import GameRow

    save, opening = made
    gid, mine = new_id(), secrets.token_urlsafe(24)
    theirs = secrets.token_urlsafe(24) if opponent == PERSON else None
    seats = [{"kind": PERSON, "digest": hashed(mine)},
             {"kind": opponent, "digest": hashed(theirs) if theirs else None}]
    with c.writes.begin() as s:
        s.add(GameRow(id=gid, save=save, moves=[], decision=0))
        s.flush()
        s.add(PlayRow(id=gid, seats=seats, seed=seed, opening=save, transcript=opening))
    return (gid, mine), theirs


def _seat_cookie(answer: Response, request: Request, gid: str, token: str) -> None:
    answer.set_cookie(cookie(gid), token, httponly=True, samesite="lax", secure=request.url.scheme == "https",
                      path=f"/play/{gid}")


@router.get("/play/{gid}/join/{token}")
async def join(gid: str, token: str, request: Request) -> Response:
    """The invite link: it holds the second seat's token, kept as that game's cookie."""
    game = await _game(request, gid)
    if seat_of(game, token) is None:
        raise ProblemError(404, "not found", "this invite link is not for this game")
    answer = RedirectResponse(f"/play/{gid}", status_code=303)
    _seat_cookie(answer, request, gid, token)
    return answer


async def _game(request: Request, gid: str) -> moves.Live:
    game = await moves.live(ctx(request), gid, fresh=True)
    if game is None:
        raise ProblemError(404, "not found", f"no game {gid}")
    return game


# --- the play page and its socket ---------------------------------------------------------------------


def board_html(game: moves.Live, shown: moves.Shown, seat: int | None) -> str:
    view = view_of(shown.board, seat, shown.decision, shown.last)
    template = "play_board_game.html" if isinstance(shown.board, Position) else "play_board.html"
    return str(_templates().get_template(template).render(
        v=view, gid=game.gid, kinds=[s["kind"] for s in game.seats]))


@router.get("/play/{gid}")
async def play_page(gid: str, request: Request) -> HTMLResponse:
    game = await _game(request, gid)
    seat = seat_of(game, request.cookies.get(cookie(gid)))
    invite = request.cookies.get(f"rawdeal_invite_{gid}") if seat == 0 else None
    link = f"{request.base_url}play/{gid}/join/{invite}" if invite else None
    shown = game.shown
    return render("play.html", title=ruleset(game_of(shown.save)).title, who=None, gid=gid, seat=seat,
                  board=board_html(game, shown, seat), decision=shown.decision, invite=link,
                  watch=f"{request.base_url}play/{gid}")


class Hub:
    """The open sockets of each game in this process, to tell them of a change at once, and one task a
    game watching its decision number for moves answered by another server process."""

    def __init__(self) -> None:
        self.games: dict[str, set[tuple[WebSocket, int | None]]] = {}
        self.sent: dict[WebSocket, int] = {}  # the decision each socket was last shown
        self.watching: dict[str, asyncio.Task[None]] = {}

    def join(self, c: Context, gid: str, ws: WebSocket, seat: int | None) -> None:
        self.games.setdefault(gid, set()).add((ws, seat))
        if gid not in self.watching:
            self.watching[gid] = asyncio.create_task(self._watch(c, gid))

    def leave(self, gid: str, ws: WebSocket, seat: int | None) -> None:
        members = self.games.get(gid, set())
        members.discard((ws, seat))
        self.sent.pop(ws, None)
        if not members:
            self.games.pop(gid, None)
            watcher = self.watching.pop(gid, None)
            if watcher is not None:
                watcher.cancel()

    async def tell(self, game: moves.Live, first: WebSocket | None = None) -> None:
        """Send each socket of the game its seat's view of the game's last decision (`first` first: the
        mover's acknowledgement); a view is made once per seat, however many watch."""
        shown = game.shown
        seen: dict[int | None, str] = {}
        members = sorted(self.games.get(game.gid, ()), key=lambda m: m[0] is not first)
        for ws, seat in members:
            if self.sent.get(ws, -1) >= shown.decision:
                continue
            if seat not in seen:
                seen[seat] = _message(game, shown, seat)
            try:
                self.sent[ws] = shown.decision
                await ws.send_text(seen[seat])
            except Exception:  # a socket closing meanwhile: its own loop cleans up
                pass

    async def _watch(self, c: Context, gid: str) -> None:
        """Moves answered by another server process reach this process's sockets within POLL seconds."""
        while True:
            await asyncio.sleep(POLL)
            try:
                game = await moves.live(c, gid)
                if game is not None and await moves.catch_up(c, game):
                    await self.tell(game)
            except Exception:  # noqa: BLE001 - the database away for a moment: look again next time
                log.exception("cannot look at game %s", gid)


HUB = Hub()


def _message(game: moves.Live, shown: moves.Shown, seat: int | None) -> str:
    return orjson.dumps({"type": "view", "decision": shown.decision, "html": board_html(game, shown, seat)}).decode()


@router.websocket("/play/{gid}/ws")
async def socket(ws: WebSocket, gid: str) -> None:
    c: Context = ws.app.state.ctx
    origin, host = ws.headers.get("origin"), ws.headers.get("host")
    if origin is not None and origin.split("://", 1)[-1] != host:  # another site's page: refused
        await ws.close(code=1008)
        return
    game = await moves.live(c, gid, fresh=True)
    if game is None:
        await ws.close(code=1008)
        return
    seat = seat_of(game, ws.cookies.get(cookie(gid)))
    await ws.accept()
    shown = game.shown
    HUB.sent[ws] = shown.decision
    await ws.send_text(_message(game, shown, seat))
    HUB.join(c, gid, ws, seat)
    try:
        while True:
            sent = await ws.receive_json()
            await _move(c, ws, gid, seat, sent)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        HUB.leave(gid, ws, seat)


async def _move(c: Context, ws: WebSocket, gid: str, seat: int | None, sent: Any) -> None:
    move, decision = (sent.get("move"), sent.get("decision")) if isinstance(sent, dict) else (None, None)
    if not isinstance(move, str) or not isinstance(decision, int):
        await ws.send_json({"type": "refused", "detail": 'send {"move": WORDS, "decision": N}'})
        return
    game = await moves.live(c, gid)
    if game is None:
        await ws.send_json({"type": "refused", "detail": f"no game {gid}", "decision": 0})
        return
    async with game.lock:
        try:
            await moves.answer(c, game, seat, decision, move)
        except moves.Refused as refused:
            await ws.send_json({"type": "refused", "detail": refused.detail, "decision": refused.decision})
            await HUB.tell(game)  # caught up with another process's move, if that was why
            return
        await HUB.tell(game, first=ws)
        await _bots_moving(c, game)


async def _bots(c: Context, gid: str) -> None:
    game = await moves.live(c, gid)
    if game is not None:
        async with game.lock:
            await _bots_moving(c, game)


async def _bots_moving(c: Context, game: moves.Live) -> None:
    """The bots' moves until a person decides or the game ends, each shown as it is made."""
    while await moves.bot_answer(c, game) is not None:
        await HUB.tell(game)


# --- a finished game: its replay, move file and save ------------------------------------------------------


async def _finished(request: Request, gid: str) -> tuple[bytes, list[str], str]:
    """A finished game's opening save, moves and transcript. Only a finished game's record is served:
    before the end, the save holds both hands and the Arsenals' order."""
    game = await _game(request, gid)
    if not game.shown.over:
        raise ProblemError(404, "not found", f"game {gid} is not over: its record is served once it ends")
    return await asyncio.to_thread(moves.history, ctx(request), gid)


def move_file(played: list[str]) -> str:
    return "".join(f"{m}\n" for m in played)


@router.get("/play/{gid}/moves.txt")
async def moves_txt(gid: str, request: Request) -> PlainTextResponse:
    _, played, _ = await _finished(request, gid)
    return PlainTextResponse(move_file(played))


@router.get("/play/{gid}/save.json")
async def save_json(gid: str, request: Request) -> Response:
    """The opening save: `rawdeal run save.json moves.txt` replays the game."""
    opening, _, _ = await _finished(request, gid)
    return Response(opening, media_type="application/json")


@router.get("/play/{gid}/transcript.txt")
async def transcript_txt(gid: str, request: Request) -> PlainTextResponse:
    """What was printed as the game was played, move by move."""
    _, _, printed = await _finished(request, gid)
    return PlainTextResponse(printed)


@router.get("/play/{gid}/replay")
async def replay_page(gid: str, request: Request) -> HTMLResponse:
    opening, played, _ = await _finished(request, gid)
    return HTMLResponse(await asyncio.to_thread(_viewer_page, opening, move_file(played), f"game {gid}"))


def _viewer_page(save: bytes, moves_text: str, title: str) -> str:
    if game_of(save) != DEFAULT:
        from rawdeal.service.play.anygame import replay_page

        return replay_page(save, moves_text, title)
    from rawdeal.io.save import loads
    from rawdeal.replay.movefile import iter_moves
    from rawdeal.viewer.page import render_replay
    from rawdeal.viewer.record import record_moves

    played = loads(save, "save.json")
    return render_replay(record_moves(played, played.resume(), iter_moves(moves_text.splitlines()), title))


@router.get("/replays/{rid}")
def stored_replay_page(rid: str, request: Request) -> HTMLResponse:
    """The viewer's page of a replay stored by `POST /v1/replays`."""
    from rawdeal.service.db import Replay

    with ctx(request).sessions() as s:
        row = s.get(Replay, rid)
    if row is None:
        raise ProblemError(404, "not found", f"no replay {rid}")
    return HTMLResponse(_viewer_page(row.save_in, row.moves, f"replay {rid}"))
