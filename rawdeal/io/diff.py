"""Transcripts as events, and the first place two of them diverge.

A transcript holds one event per line. Line endings (CRLF or LF), trailing spaces and trailing
empty lines carry no meaning, so they are normalised away before comparing. The course's official
transcripts also hold the answers typed, as `INPUT: <answer>` lines; a program fed those answers on
its standard input does not print them, so two transcripts compare their `INPUT:` lines only when
both hold some. Either way each event keeps its line number in its own file, and a divergence is
reported at the file's own line (what a student sees in an editor), not at the event's rank.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path

from rawdeal.errors import RawdealError, UsageError, not_utf8

_HUNK = re.compile(r"^@@ -(\d+)(,\d+)? \+(\d+)(,\d+)? @@$")
INPUT = "INPUT:"


def is_input(line: str) -> bool:
    """An `INPUT: <answer>` line of an official transcript (an answer typed, not output)."""
    return line.startswith(INPUT) and (len(line) == len(INPUT) or line[len(INPUT)] == " ")


def events(text: str) -> tuple[str, ...]:
    """The events of a transcript: lines without trailing whitespace, trailing empty lines dropped."""
    lines = [line.rstrip() for line in text.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return tuple(lines)


@dataclass(frozen=True)
class Transcript:
    """A transcript's events with their `INPUT:` lines (`full`) and without them (`bare`, each with
    its line number in the file, `bare_lines`), read once and compared either way."""

    full: tuple[str, ...]
    bare: tuple[str, ...]
    bare_lines: tuple[int, ...]
    full_lines: tuple[int, ...] | None = None  # None: event k is line k
    also: Transcript | None = None  # another form that passes as well (see `compare_best`)

    @property
    def has_inputs(self) -> bool:
        return len(self.bare) != len(self.full)

    def view(self, inputs: bool) -> tuple[tuple[str, ...], tuple[int, ...] | None]:
        """The events compared and their line numbers (None: event k is line k)."""
        return (self.full, self.full_lines) if inputs or not self.has_inputs else (self.bare, self.bare_lines)

    def without(self, index: int) -> Transcript:
        """The transcript less its `full` event `index`; every other event keeps its line number."""
        numbers = self.full_lines or tuple(range(1, len(self.full) + 1))
        number = numbers[index]
        kept = [i for i, n in enumerate(self.bare_lines) if n != number]
        return Transcript(self.full[:index] + self.full[index + 1:], tuple(self.bare[i] for i in kept),
                          tuple(self.bare_lines[i] for i in kept), numbers[:index] + numbers[index + 1:])


def transcript(text: str) -> Transcript:
    """A transcript's text read both ways (with and without its `INPUT:` lines)."""
    full = events(text)
    kept = [(n, line) for n, line in enumerate(full, start=1) if not is_input(line)]
    while kept and not kept[-1][1]:
        kept.pop()
    return Transcript(full, tuple(line for _, line in kept), tuple(n for n, _ in kept))


@dataclass(frozen=True)
class Comparison:
    """Where `actual` first departs from `expected`; `at` is a 0-based index, None when equal.

    `expected_lines` and `actual_lines` give each event's line in its file when they are not the
    same (the `INPUT:` lines of an official transcript were set aside); None means event k is line k.
    """

    expected: tuple[str, ...]
    actual: tuple[str, ...]
    at: int | None
    expected_lines: tuple[int, ...] | None = None
    actual_lines: tuple[int, ...] | None = None

    @property
    def equal(self) -> bool:
        return self.at is None

    @property
    def matched(self) -> int:
        """Events matched before the first divergence."""
        return len(self.expected) if self.at is None else self.at


def compare(
    expected: tuple[str, ...], actual: tuple[str, ...],
    expected_lines: tuple[int, ...] | None = None, actual_lines: tuple[int, ...] | None = None,
) -> Comparison:
    if expected == actual:
        return Comparison(expected, actual, None, expected_lines, actual_lines)
    at = next((i for i, (e, a) in enumerate(zip(expected, actual)) if e != a), None)
    at = min(len(expected), len(actual)) if at is None else at
    return Comparison(expected, actual, at, expected_lines, actual_lines)


def compare_transcripts(expected: Transcript, actual: Transcript) -> Comparison:
    """Two transcripts compared; their `INPUT:` lines count only when both hold some."""
    inputs = expected.has_inputs and actual.has_inputs
    (mine, mine_lines), (theirs, their_lines) = expected.view(inputs), actual.view(inputs)
    return compare(mine, theirs, mine_lines, their_lines)


def compare_best(expected: Transcript, actual: Transcript) -> Comparison:
    """`actual` against `expected` and the other form it accepts (`also`): an equal one if any,
    else the one that matches longer (its divergence is the one worth showing)."""
    first = compare_transcripts(expected, actual)
    if expected.also is None or first.equal:
        return first
    other = compare_transcripts(expected.also, actual)
    return other if other.equal or other.matched > first.matched else first


def line_number(lines: tuple[int, ...] | None, index: int) -> int:
    """The file line of event `index` (0-based); past the last event, the lines that would follow it."""
    if lines is None:
        return index + 1
    if index < len(lines):
        return lines[index]
    return (lines[-1] if lines else 0) + index - len(lines) + 1


def render_divergence(
    comparison: Comparison, context: int = 3, names: tuple[str, str] = ("expected", "actual"),
) -> str:
    """`first divergence at event K (line L):` and a short unified diff around it ('' when equal).

    L is the expected file's own line (and the other file's, named, when it differs); the hunk
    header counts lines from each file's start as well."""
    if comparison.at is None:
        return ""
    at = comparison.at
    start = max(0, at - context)
    a = comparison.expected[start:at + context + 1]
    b = comparison.actual[start:at + context + 1]
    hunk = difflib.unified_diff(a, b, *names, n=context, lineterm="")
    body = "\n".join(_shift_hunk(line, start, comparison) for line in hunk)
    mine, theirs = line_number(comparison.expected_lines, at), line_number(comparison.actual_lines, at)
    where = f"line {mine}" if mine == theirs else f"line {mine} of {names[0]}, line {theirs} of {names[1]}"
    return f"first divergence at event {at + 1} ({where}):\n{body}"


def _shift_hunk(line: str, offset: int, comparison: Comparison) -> str:
    """Make a hunk header of a diff over a window count lines from the start of each file."""
    m = _HUNK.match(line)
    if m is None:
        return line
    a = _header_line(comparison.expected_lines, int(m[1]), m[2], offset)
    b = _header_line(comparison.actual_lines, int(m[3]), m[4], offset)
    return f"@@ -{a}{m[2] or ''} +{b}{m[4] or ''} @@"


def _header_line(lines: tuple[int, ...] | None, start: int, count: str | None, offset: int) -> int:
    """A hunk's start (1-based in the window; for an empty side, the line before) as a file line."""
    if count == ",0":
        return line_number(lines, offset + start - 1) if start + offset > 0 else 0
    return line_number(lines, offset + start - 1)


def read_transcript(path: Path, error: type[RawdealError] = UsageError) -> str:
    """A transcript file as text; a missing, unreadable or non-UTF-8 file raises `error`."""
    from rawdeal.inputs import TEXT_CAP, read_input

    try:
        data = read_input(path, TEXT_CAP, "transcript")
    except UsageError as exc:
        raise error(str(exc)) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:  # the file's content is wrong, not the command: exit 1
        raise (RawdealError if error is UsageError else error)(not_utf8(path, data, exc)) from None
