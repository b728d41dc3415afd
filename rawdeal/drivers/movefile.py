"""Move files: one move per line, `#` comments, cards named by title (`grammar/moves.lark`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rawdeal.engine.game import Game
from rawdeal.engine.moves import Move, parse_move
from rawdeal.errors import IllegalMoveError, MoveSyntaxError, UsageError, not_utf8
from rawdeal.io.transcript import Transcript


@dataclass(frozen=True, slots=True)
class MoveLine:
    line: int
    column: int
    move: Move


def _strip_comment(text: str) -> str:
    """Cut a `#` comment, but not a `#` inside a quoted title."""
    quoted = False
    for i, ch in enumerate(text):
        if ch == '"' and (i == 0 or text[i - 1] != "\\"):
            quoted = not quoted
        elif ch == "#" and not quoted:
            return text[:i]
    return text


def parse_moves(text: str, source: str = "moves.txt") -> list[MoveLine]:
    out = []
    for number, raw in enumerate(text.splitlines(), start=1):
        body = _strip_comment(raw).rstrip()
        if not body.strip():
            continue
        indent = len(body) - len(body.lstrip())
        try:
            out.append(MoveLine(number, indent + 1, parse_move(body)))
        except MoveSyntaxError as exc:
            column = indent + int(str(exc).split()[1].rstrip(":"))
            message = str(exc).split(": ", 1)[1]
            raise MoveSyntaxError(f"{source}:{number}:{column}: {message}") from None
    return out


def read_moves(path: str | Path) -> list[MoveLine]:
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise UsageError(f"{path}: cannot read move file: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MoveSyntaxError(not_utf8(path, data, exc)) from None
    return parse_moves(text, str(path))


def play_moves(game: Game, moves: list[MoveLine], transcript: Transcript, source: str = "moves.txt") -> None:
    """Apply the moves in order; the first illegal one stops the run with its file position."""
    for m in moves:
        d = game.decision()
        player = game.name(d.player) if d else ""
        try:
            events = game.apply(m.move)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"{source}:{m.line}:{m.column}: {exc}") from None
        transcript.move(player, str(m.move))
        transcript.events(events)
