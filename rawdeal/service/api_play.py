"""Routes anyone may call: health, replays, deck checks and games played over HTTP."""

from __future__ import annotations

import functools
from typing import Any

import orjson
from fastapi import APIRouter, Request
from fastapi.responses import Response
from sqlalchemy import update

from rawdeal.service import games, problems, replays
from rawdeal.service.app import ProblemError, version
from rawdeal.service.auth import new_id
from rawdeal.service.context import Context
from rawdeal.service.db import GameRow, Replay
from rawdeal.service.models import (
    DecksIn, DecksOut, GameIn, GameOut, Health, MoveIn, Problem, ReplayIn, ReplayOut,
)

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem, "content": {problems.PROBLEM_JSON: {}}} for code in (400, 404, 409, 413, 422)}
router = APIRouter(responses=ERRORS)


def ctx(request: Request) -> Context:
    context: Context = request.app.state.ctx
    return context


@router.get("/health", tags=["service"])
def health(request: Request) -> Health:
    """The service is up; `sandbox` says why submissions would be refused (null: they are graded)."""
    return Health(status="ok", version=version(), sandbox=ctx(request).sandbox_problem)


# --- replays ---------------------------------------------------------------------------------------


@router.post("/v1/replays", tags=["replays"], response_model=ReplayOut)
async def post_replay(body: ReplayIn, request: Request) -> Response:
    """Play a move file from a save: the transcript `rawdeal run` prints and the final save.

    A bad save or move answers 422 with the error's fields (file, line, column, expected, legal
    moves) and the transcript printed before the move that stopped it. (Played on the event loop,
    not in the thread pool: a replay is a few milliseconds of CPU, and a thread hop per request
    costs more than it frees; serve with --http-workers N to use N cores.)"""
    try:
        made = replays.replay(replays.save_bytes(body.save), body.moves, body.format)
    except replays.ReplayFailed as failed:
        raise ProblemError(**_problem_args(problems.from_error(failed.error, transcript=failed.transcript))) from None
    engine = ctx(request).writes.kw["bind"]
    with engine.begin() as conn:  # Core, not a Session: the ORM's unit of work cost 2.5x the insert
        conn.execute(_store_replay(engine.dialect.name), {
            "id": made.id, "format": made.format, "save_in": made.save_in, "moves": made.moves,
            "transcript": made.transcript, "save_out": made.save_out})
    return _replay_json(made.id, made.format, made.transcript, made.save_out)


@functools.cache
def _store_replay(dialect: str) -> Any:
    """The replay's INSERT, built once per dialect (building it cost as much as running it)."""
    return _insert_new(dialect, Replay.__table__)


def _insert_new(dialect: str, table: Any) -> Any:
    """INSERT ... ON CONFLICT DO NOTHING in the database's dialect (a replay's id is its input's digest:
    the same replay stored twice is the same row)."""
    if dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as pg_insert

        return pg_insert(table).on_conflict_do_nothing()
    from sqlalchemy.dialects.sqlite import insert as sqlite_insert

    return sqlite_insert(table).on_conflict_do_nothing()


def _replay_json(rid: str, fmt: str, transcript: str, save: bytes) -> Response:
    return Response(replays.as_json(rid, fmt, transcript, save), media_type="application/json")


def _problem_args(body: dict[str, Any]) -> dict[str, Any]:
    return {"status": body.pop("status"), "title": body.pop("title"), "detail": body.pop("detail"),
            **{k: v for k, v in body.items() if k != "type"}}


def _stored(request: Request, rid: str) -> Replay:
    with ctx(request).sessions() as s:
        row = s.get(Replay, rid)
    if row is None:
        raise ProblemError(404, "not found", f"no replay {rid}")
    return row


def _transcript(row: Replay, fmt: str) -> str:
    if row.format == fmt:
        return row.transcript
    return replays.replay(row.save_in, row.moves, fmt).transcript  # the other format: played again


@router.get("/v1/replays/{rid}.txt", tags=["replays"], response_class=Response,
            responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}}}})
def get_replay_text(rid: str, request: Request) -> Response:
    """The text transcript, byte for byte what `rawdeal run` prints."""
    return Response(_transcript(_stored(request, rid), "text"), media_type="text/plain; charset=utf-8")


@router.get("/v1/replays/{rid}.jsonl", tags=["replays"], response_class=Response,
            responses={200: {"content": {"application/jsonl": {"schema": {"type": "string"}}}}})
def get_replay_jsonl(rid: str, request: Request) -> Response:
    """The JSON Lines transcript, byte for byte what `rawdeal run --format jsonl` prints."""
    return Response(_transcript(_stored(request, rid), "jsonl"), media_type="application/jsonl")


@router.get("/v1/replays/{rid}.json", tags=["replays"], response_model=ReplayOut)
def get_replay_json(rid: str, request: Request) -> Response:
    """The replay as JSON (the same as without a suffix)."""
    row = _stored(request, rid)
    return _replay_json(row.id, row.format, row.transcript, row.save_out)


@router.get("/v1/replays/{rid}", tags=["replays"], response_model=ReplayOut)
def get_replay(rid: str, request: Request) -> Response:
    """A stored replay: its id, transcript and final save, as `POST /v1/replays` answered."""
    return get_replay_json(rid, request)


# --- decks -----------------------------------------------------------------------------------------


@router.post("/v1/decks/check", tags=["decks"])
def check_decks(body: DecksIn) -> DecksOut:
    """The verdicts of `rawdeal check --format json` for deck files sent as text."""
    from rawdeal.cards import load_db
    from rawdeal.decks import DeckReport, check_deck, parse_deck

    db = load_db()
    verdicts = []
    for deck_file in body.decks:
        deck = parse_deck(deck_file.text.removeprefix("\ufeff"), deck_file.name)
        verdicts.append(DeckReport(deck_file.name, deck.superstar or None, len(deck.cards), check_deck(deck, db)).to_dict())
    return DecksOut.model_validate({"decks": verdicts})


# --- games -----------------------------------------------------------------------------------------


@router.post("/v1/games", tags=["games"], status_code=201)
def new_game(body: GameIn, request: Request) -> GameOut:
    """Start a game between two decks (player 1's first) with a seed and a rule profile."""
    save, opening = games.start([(d.name, d.text) for d in body.decks], body.seed, body.profile)
    row = GameRow(id=new_id(), save=save, moves=[], decision=0)
    with ctx(request).writes.begin() as s:
        s.add(row)
    return _game_out(row, opening)


def _game_out(row: GameRow, transcript: str) -> GameOut:
    return GameOut(id=row.id, decision=row.decision, history=list(row.moves), transcript=transcript,
                   save=orjson.loads(row.save), **games.view(row.save))


def _game(request: Request, gid: str) -> GameRow:
    with ctx(request).sessions() as s:
        row = s.get(GameRow, gid)
        from rawdeal.service.play.store import PlayRow  # a browser game: its seats move over its socket only

        if row is not None and s.get(PlayRow, gid) is not None:
            row = None
    if row is None:
        raise ProblemError(404, "not found", f"no game {gid}")
    return row


@router.get("/v1/games/{gid}", tags=["games"])
def get_game(gid: str, request: Request) -> GameOut:
    """The game's state, and whose decision it is with the legal moves and the decision number."""
    return _game_out(_game(request, gid), "")


@router.post("/v1/games/{gid}/moves", tags=["games"])
def post_move(gid: str, body: MoveIn, request: Request) -> GameOut:
    """Apply one move for decision `decision`: stale (another move came first) is 409; an illegal
    move is 422 naming the legal ones."""
    row = _game(request, gid)
    if body.decision != row.decision:
        raise _stale(gid, body.decision, row.decision)
    turn = games.apply(row.save, body.move)
    history = [*row.moves, turn.move]
    with ctx(request).writes.begin() as s:
        done = s.execute(update(GameRow).where(GameRow.id == gid, GameRow.decision == body.decision)
                         .values(save=turn.save, moves=history, decision=body.decision + 1))
        if done.rowcount != 1:  # type: ignore[attr-defined]
            raise _stale(gid, body.decision, body.decision + 1)
    return _game_out(GameRow(id=gid, save=turn.save, moves=history, decision=body.decision + 1), turn.transcript)


def _stale(gid: str, sent: int, current: int) -> ProblemError:
    return ProblemError(409, "stale decision", f"game {gid}: decision {sent} was already answered; "
                        f"the game is at decision {current} (GET it again)", decision=current)
