"""Move files: one move per line, `#` comments, cards named by title (`grammar/moves.lark`)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import BinaryIO

from rawdeal.drivers.matching import as_offered, suggestion
from rawdeal.engine.game import Game
from rawdeal.engine.legality import decider
from rawdeal.engine.moves import Move, read_move
from rawdeal.engine.record import Record
from rawdeal.errors import IllegalMoveError, InputError, MoveSyntaxError, UsageError, Where, not_utf8
from rawdeal.io.transcript import Transcript


@dataclass(slots=True, unsafe_hash=True)
class MoveLine(Record):
    """A move, its canonical text and where it was read (one is built per line of a move file)."""

    line: int
    column: int
    move: Move
    text: str

    def __init__(self, line: int, column: int, move: Move, text: str) -> None:  # native: compiled by mypyc
        self.line = line
        self.column = column
        self.move = move
        self.text = text


def _strip_comment(text: str) -> str:
    """Cut a `#` comment, but not a `#` inside a quoted title."""
    if "#" not in text:
        return text
    quoted = False
    for i, ch in enumerate(text):
        if ch == '"' and (i == 0 or text[i - 1] != "\\"):
            quoted = not quoted
        elif ch == "#" and not quoted:
            return text[:i]
    return text


MAX_LINE = 1 << 16  # bytes in one move line: a move is a few words and titles


def parse_moves(text: str, source: str = "moves.txt") -> list[MoveLine]:
    return list(iter_moves(text.splitlines(), source))


def iter_moves(lines: Iterable[str], source: str = "moves.txt") -> Iterator[MoveLine]:
    """The moves of the lines, one at a time (a move file of any length in constant memory; a line
    seen before is not parsed again: `read_move` keeps what it read)."""
    for number, raw in enumerate(lines, start=1):
        body = _strip_comment(raw).rstrip()
        if not body:
            continue
        indent = len(body) - len(body.lstrip())
        try:
            move, text = read_move(body)
        except MoveSyntaxError as exc:
            raise exc.at(source, number, indent) from None
        yield MoveLine(number, indent + 1, move, text)


def read_moves(path: str | Path) -> list[MoveLine]:
    with open_moves(path) as moves:
        return list(moves)


@contextmanager
def open_moves(path: str | Path) -> Iterator[Iterator[MoveLine]]:
    """The moves of a move file read as they are played; "-" reads standard input."""
    source = str(path)
    try:
        fh = sys.stdin.buffer if source == "-" else open(path, "rb")  # noqa: SIM115 - closed below
    except OSError as exc:
        raise UsageError(f"{path}: cannot read move file: {exc.strerror or exc}") from None
    try:
        yield iter_moves(_text_lines(fh, "standard input" if source == "-" else source), source)
    finally:
        if fh is not sys.stdin.buffer:
            fh.close()


def _text_lines(fh: BinaryIO, source: str) -> Iterator[str]:
    for number, data in enumerate(iter(partial(fh.readline, MAX_LINE + 1), b""), start=1):
        if len(data) > MAX_LINE:
            raise InputError(f"{source}:{number}:1: line longer than {MAX_LINE} bytes: one move a line")
        try:
            text = data.decode("utf-8-sig" if number == 1 else "utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(not_utf8(source, data, exc, number)) from None
        yield text.rstrip("\r\n")


def play_moves(game: Game, moves: Iterable[MoveLine], transcript: Transcript, source: str = "moves.txt") -> None:
    """Apply the moves in order; the first illegal one stops the run with its file position."""
    for m in moves:
        who = decider(game)
        player = game.name(who) if who is not None else ""
        move = m.move
        try:
            events = game.apply(move)  # the usual case: spelled as offered, no decision built
        except IllegalMoveError:
            d = game.decision()
            move = as_offered(m.move, d)
            try:
                events = game.apply(move)
            except IllegalMoveError as exc:
                hint = suggestion(move, d).strip(" ()")
                raise exc.at(Where(source, m.line, m.column), hint[:1].upper() + hint[1:]) from None
        transcript.move(player, m.text if move is m.move else str(move), events)


def replay(game: Game, moves_file: str | Path, write: Callable[[str], object], jsonl: bool = False) -> None:
    """`rawdeal run` once the save is read: the game resumed and the move file played as it is read,
    each transcript line written as it happens (text, or JSON Lines with `jsonl`)."""
    with open_moves(moves_file) as moves:
        transcript = Transcript(write, jsonl=jsonl)
        transcript.events(game.resume())
        play_moves(game, moves, transcript, source=str(moves_file))
