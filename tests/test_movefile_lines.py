"""The move-file reader reads blocks, not lines: it gives the lines, and stops at a line too long or
not UTF-8 with the same error at the same line, as reading the file line by line does, wherever the
blocks happen to end (a file read at once, or a pipe handing over a few bytes at a time)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from itertools import chain

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rawdeal.replay.movefile import BLOCK, BOM, MAX_LINE, _text_blocks
from rawdeal.errors import InputError, not_utf8


def _line_by_line(data: bytes) -> Iterator[str]:
    """The reader's specification: one line at a time, at most MAX_LINE bytes with its newline,
    UTF-8, a byte order mark dropped at the start of the file."""
    fh = io.BytesIO(data)
    number = 0
    while line := fh.readline(MAX_LINE + 1):
        number += 1
        if len(line) > MAX_LINE:
            raise InputError(f"m.txt:{number}:1: line longer than {MAX_LINE} bytes: one move a line")
        if number == 1 and line.startswith(BOM):
            line = line[len(BOM):]
        try:
            yield line.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError as exc:
            raise InputError(not_utf8("m.txt", line, exc, number)) from None


class _Pipe(io.RawIOBase):
    """Standard input fed by a slow writer: each read hands over at most `step` bytes."""

    def __init__(self, data: bytes, step: int) -> None:
        self.data, self.at, self.step = data, 0, step

    def readable(self) -> bool:
        return True

    def read1(self, n: int = -1) -> bytes:
        part = self.data[self.at:self.at + min(n, self.step)]
        self.at += len(part)
        return part


def _text_lines(fh: io.IOBase, source: str) -> Iterator[str]:
    return chain.from_iterable(_text_blocks(fh, source))  # type: ignore[arg-type]


def _outcome(lines: Iterator[str]) -> tuple[list[str], str]:
    got: list[str] = []
    try:
        for line in lines:
            got.append(line.rstrip("\r"))  # a \r before the newline is whitespace to the move reader
    except InputError as exc:
        return got, str(exc)
    return got, ""


PIECES = st.sampled_from([
    b'play "Punch"', b"end", b" # a comment", b"\n", b"\r\n", b"\r", b"\n\n", BOM, b"\xff", b"\xe2\x82",
    "é ☃".encode(), b"x" * 3000, b"y" * (MAX_LINE - 1), b"z" * MAX_LINE, b"w" * (MAX_LINE + 1), b"\x00",
])


@given(st.lists(PIECES, max_size=40), st.sampled_from([97, 4096, BLOCK + 1, 4 * BLOCK]))
@settings(max_examples=200, deadline=None)
def test_blocks_give_what_lines_give(pieces: list[bytes], step: int) -> None:
    data = b"".join(pieces)
    expected = _outcome(_line_by_line(data))
    assert _outcome(_text_lines(io.BytesIO(data), "m.txt")) == expected
    assert _outcome(_text_lines(_Pipe(data, step), "m.txt")) == expected


@pytest.mark.parametrize(("data", "error"), [
    (BOM + b"end\xff\n", "m.txt:1:4: not UTF-8 text (byte 0xff)"),  # columns after the byte order mark
    (b"end\n" * 5000 + b"e\xe2\x82nd\n", "m.txt:5001:2: not UTF-8 text (byte 0xe2)"),
    (b"end\n" * 5000 + b"x" * (MAX_LINE + 5), f"m.txt:5001:1: line longer than {MAX_LINE} bytes"),
])
def test_a_bad_line_far_into_a_file_is_reported_at_its_line_after_the_lines_before_it(data: bytes, error: str) -> None:
    lines, message = _outcome(_text_lines(io.BytesIO(data), "m.txt"))
    assert message.startswith(error) and len(lines) == data.count(b"\n") - (error.count("not UTF-8"))


def test_a_line_of_the_longest_length_is_read() -> None:
    longest = b"x" * MAX_LINE
    assert _outcome(_text_lines(io.BytesIO(b"end\n" + longest), "m.txt")) == (["end", longest.decode()], "")
    assert "line longer than" in _outcome(_text_lines(io.BytesIO(b"end\n" + longest + b"\n"), "m.txt"))[1]


def test_reading_many_distinct_long_lines_keeps_no_memory() -> None:
    """Lines read before are remembered, but a file of 4,000 distinct long lines (here long
    comments) must not leave megabytes behind: memory stays flat in the length of the files read."""
    import tracemalloc

    from rawdeal.replay.movefile import parse_moves

    text = "".join(f"end  # {i:05d} {'x' * 2000}\n" for i in range(4000))
    parse_moves("end\n")  # what is made once per process (the move grammar) is made before measuring
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        assert len(parse_moves(text)) == 4000
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept < 1_000_000, f"{kept:,} bytes kept after reading the file"
