"""Move files of any game: one move a line, `#` comments (outside quotes), read by the game's ruleset;
a bad line or an illegal move is reported at its file, line and column."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from rawdeal.errors import IllegalMoveError, InputError, MoveSyntaxError, Where, not_utf8
from rawdeal.games.protocol import Ruleset, State
from rawdeal.games.transcript import Transcript


def strip_comment(text: str) -> str:
    quoted = False
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            return text[:i]
    return text


def read_lines(path: str | Path) -> list[str]:
    """The lines of a move file ("-": standard input), UTF-8 with an optional byte order mark."""
    source = str(path)
    from rawdeal.inputs import TEXT_CAP, read_input

    data = read_input(path, TEXT_CAP, "move file")
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        return data.decode("utf-8").splitlines()
    except UnicodeDecodeError as exc:
        raise InputError(not_utf8("standard input" if source == "-" else source, data, exc)) from None


def moves_of(rules: Ruleset, lines: list[str], source: str) -> Iterator[tuple[int, int, object]]:
    """(line, column, move) for each line that holds a move."""
    for number, raw in enumerate(lines, start=1):
        body = strip_comment(raw).rstrip()
        if not body.strip():
            continue
        indent = len(body) - len(body.lstrip())
        try:
            move = rules.read_move(body.strip())
        except MoveSyntaxError as exc:
            raise exc.at(source, number, indent) from None
        yield number, indent + 1, move


def play_file(rules: Ruleset, state: State, path: str | Path, transcript: Transcript,
              after: Callable[[Any], object] | None = None) -> int:
    """Apply a move file to `state`, writing the transcript as it goes; the number of moves applied.
    `after(move)` is called once each move's lines are written (the viewer keeps the board there)."""
    return play_lines(rules, state, read_lines(path), "standard input" if str(path) == "-" else str(path),
                      transcript, after)


def play_lines(rules: Ruleset, state: State, lines: list[str], source: str, transcript: Transcript,
               after: Callable[[Any], object] | None = None) -> int:
    """`play_file` on lines already read (the service's moves come one at a time); errors name `source`."""
    applied = 0
    for number, column, move in moves_of(rules, lines, source):
        turn = state.turn()
        player = state.seat(turn.player, transcript.lang) if turn is not None else ""
        try:
            events = state.apply(move)
        except IllegalMoveError as exc:
            raise exc.at(Where(source, number, column)) from None
        transcript.move(player, move, events)
        if after is not None:
            after(move)
        applied += 1
    return applied
