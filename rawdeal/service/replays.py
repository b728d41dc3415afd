"""Replays as a function of their input: a save and a move file's text in, `rawdeal run`'s bytes out.

The same code path as `rawdeal run` (`rawdeal.replay.movefile`), fed from memory instead of files:
the transcript is the concatenation of what `run` writes to standard output, and the final save is
what `run -o` writes. A replay's id is a digest of its input, so the same input is the same replay.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import orjson

from rawdeal.errors import RawdealError
from rawdeal.games.registry import DEFAULT

FORMATS = ("text", "jsonl")
MOVES_FILE = "moves.txt"  # how errors name the move file (the request's "moves" field)
SAVE_FILE = "save.json"


@dataclass(frozen=True)
class Replay:
    """A replay's input and what it printed; `error` is set when the moves stopped early."""

    id: str
    format: str
    save_in: bytes
    moves: str
    transcript: str
    save_out: bytes


class ReplayFailed(Exception):
    """The input is wrong: the rawdeal error, and the transcript printed before it stopped."""

    def __init__(self, error: RawdealError, transcript: str) -> None:
        super().__init__(str(error))
        self.error, self.transcript = error, transcript


def save_bytes(save: Any) -> bytes:
    """A save given as JSON data, as the bytes a save file holds (sorted keys, as `rawdeal` writes them)."""
    return orjson.dumps(save, option=orjson.OPT_SORT_KEYS | orjson.OPT_INDENT_2) + b"\n"


def as_json(rid: str, fmt: str, transcript: str, save: bytes) -> bytes:
    """The replay's JSON answer, with the save's bytes spliced in as they are (not parsed and
    written again: the save is most of the answer)."""
    head = orjson.dumps({"format": fmt, "id": rid, "transcript": transcript})
    return head[:-1] + b',"save":' + save.rstrip(b"\n") + b"}"


def replay_id(fmt: str, save: bytes, moves: str) -> str:
    digest = hashlib.sha256(b"%b\0%d\0%b\0%b" % (fmt.encode(), len(save), save, moves.encode("utf-8")))
    return digest.hexdigest()[:24]


def move_lines(text: str) -> list[str]:
    """The lines of a move file's text as `rawdeal run` reads a file: split at newlines only (a
    `\\r` stays, as whitespace), a byte order mark at the start dropped."""
    lines = text.removeprefix("\ufeff").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


_LOADED: set[bytes] = set()  # digests of the saves this process loaded (checked) before


def _remember(digest: bytes) -> None:
    if len(_LOADED) >= 1024:
        _LOADED.clear()
    _LOADED.add(digest)


def replay(save: bytes, moves: str, fmt: str = "text") -> Replay:
    """Play `moves` from `save`; raises ReplayFailed (with the transcript so far) on bad input. A save
    that names another game is played by that game's ruleset, as `rawdeal run` plays it."""
    from rawdeal.service.games import game_of

    if game_of(save) != DEFAULT:
        return _replay_other(save, moves, fmt)
    from rawdeal.replay.movefile import iter_moves, play_moves
    from rawdeal.io.save import dumps, loads
    from rawdeal.io.transcript import Transcript

    out: list[str] = []
    digest = hashlib.sha256(save).digest()
    try:
        # As `rawdeal run` reads a save; bytes that loaded once in this process skip the checks.
        game = loads(save, SAVE_FILE, remember=True, checked=digest in _LOADED)
        _remember(digest)
        transcript = Transcript(out.append, jsonl=fmt == "jsonl")
        transcript.events(game.resume())
        play_moves(game, iter_moves(move_lines(moves), MOVES_FILE), transcript, source=MOVES_FILE)
    except RawdealError as exc:
        raise ReplayFailed(exc, "".join(out)) from None
    return Replay(replay_id(fmt, save, moves), fmt, save, moves, "".join(out), dumps(game))


def _replay_other(save: bytes, moves: str, fmt: str) -> Replay:
    from rawdeal.games.replay import play_lines
    from rawdeal.games.saves import dumps, loads
    from rawdeal.games.transcript import Transcript

    out: list[str] = []
    try:
        rules, state = loads(save, SAVE_FILE)
        transcript = Transcript(rules, out.append, jsonl=fmt == "jsonl")
        transcript.events(state.resume())
        play_lines(rules, state, move_lines(moves), MOVES_FILE, transcript)
    except RawdealError as exc:
        raise ReplayFailed(exc, "".join(out)) from None
    return Replay(replay_id(fmt, save, moves), fmt, save, moves, "".join(out), dumps(state))
