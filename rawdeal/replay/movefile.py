"""Move files: one move per line, `#` comments, cards named by title (`grammar/moves.lark`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import chain
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from rawdeal.replay.matching import as_offered, suggestion
from rawdeal.engine.game import Game
from rawdeal.engine.legality import decider
from rawdeal.engine.moves import Move, read_move
from rawdeal.engine.record import Record
from rawdeal.errors import IllegalMoveError, InputError, MoveSyntaxError, Where, not_utf8
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
    seen before is a look-up: see `_KNOWN`)."""
    known = _KNOWN  # a local: one look-up of the module's table per file, not per line
    for number, raw in enumerate(lines, start=1):
        read = known.get(raw)
        if read is None:
            read = _read_line(raw, source, number)
            if read is None:
                continue
        yield MoveLine(number, read[0], read[1], read[2])


# What each line of a move file says, by its text as read (before a comment is cut): the column of
# its move, the move and its canonical text. Long files repeat their lines, so most lines are read
# once per process and then looked up. Bounded: cleared when full (moves are values: nothing is lost),
# and only lines of a usual length are kept (a long line, say a long comment, is read each time).
_KNOWN: dict[str, tuple[int, Move, str]] = {}
_KNOWN_MOST = 4096
_KNOWN_LONGEST = 256  # characters: 4096 lines of this hold about 1 MB


def _read_line(raw: str, source: str, number: int) -> tuple[int, Move, str] | None:
    """The column, move and canonical text of a line, or None for a line without a move (blank or a
    comment); a syntax error says where it is."""
    body = _strip_comment(raw).rstrip()
    if not body:
        return None
    indent = len(body) - len(body.lstrip())
    try:
        move, text = read_move(body)
    except MoveSyntaxError as exc:
        raise exc.at(source, number, indent) from None
    read = (indent + 1, move, text)
    if len(raw) <= _KNOWN_LONGEST:
        if len(_KNOWN) >= _KNOWN_MOST:
            _KNOWN.clear()
        _KNOWN[raw] = read
    return read


def read_moves(path: str | Path) -> list[MoveLine]:
    with open_moves(path) as moves:
        return list(moves)


@contextmanager
def open_moves(path: str | Path) -> Iterator[Iterator[MoveLine]]:
    """The moves of a move file read as they are played; "-" reads standard input."""
    from rawdeal.inputs import open_input

    source = str(path)
    fh = open_input(path, "move file")  # a regular file or standard input, read as it is played
    try:
        yield iter_moves(chain.from_iterable(_text_blocks(fh, "standard input" if source == "-" else source)), source)
    finally:
        if source != "-":
            fh.close()


BOM = b"\xef\xbb\xbf"
BLOCK = 1 << 14  # bytes read at once: the whole lines in them are decoded and split together


def _text_blocks(fh: BinaryIO, source: str) -> Iterator[list[str]]:
    """The lines of a move file without their newline (a `\\r` before it is left to the reader, as
    whitespace), read a block at a time: constant memory, one decode and one split per block, not
    per line, and the lines handed on as a list. A line too long or not UTF-8 is reported at its
    line, after the lines before it."""
    read = getattr(fh, "read1", fh.read)  # read1: what a pipe holds now, without waiting for a block
    first, parts, size, more = 1, [], 0, True  # parts: `size` bytes read from line `first` on
    while more:
        data = read(BLOCK)
        more = bool(data)
        parts.append(data)
        size += len(data)
        end = data.rfind(b"\n") + 1 if more else 0
        if more and not end and size <= MAX_LINE:  # no whole line yet
            continue
        chunk = b"".join(parts)
        cut = size - len(data) + end if more else size  # the end of its last whole line
        if more and not end:  # a line already too long, its end not read: stop at it
            cut, more = size, False
        lines, problem = _lines(chunk[:cut], first, source)
        yield lines
        if problem is not None:
            raise problem
        first += len(lines)
        parts, size = [chunk[cut:]], size - cut


def _lines(block: bytes, first: int, source: str) -> tuple[list[str], InputError | None]:
    """The whole lines of `block` (line `first` on) up to the first that is too long or not UTF-8,
    and the error for that one (None: all of them are good)."""
    problem = None
    if len(block) > MAX_LINE:  # only then can one of its lines be too long
        start, number = 0, first
        while start < len(block):
            end = block.find(b"\n", start) + 1 or len(block)
            if end - start > MAX_LINE:
                problem = InputError(f"{source}:{number}:1: line longer than {MAX_LINE} bytes: one move a line")
                block = block[:start]
                break
            start, number = end, number + 1
    ended = block.endswith(b"\n") or not block  # else its last line is the file's, without a newline
    if first == 1 and block.startswith(BOM):  # a byte order mark is dropped at the start of the file only
        block = block[len(BOM):]
    try:
        text = block.decode("utf-8")
    except UnicodeDecodeError as exc:
        problem, ended = InputError(not_utf8(source, block, exc, first)), True
        text = block[:block.rfind(b"\n", 0, exc.start) + 1].decode("utf-8")  # the lines before the bad one
    lines = text.split("\n")
    if ended:
        lines.pop()  # what follows the last newline
    return lines, problem


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
