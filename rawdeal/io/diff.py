"""Transcripts as events, and the first place two of them diverge.

A transcript holds one event per line. Line endings (CRLF or LF), trailing spaces and trailing
empty lines carry no meaning, so they are normalised away before comparing.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path

from rawdeal.errors import RawdealError, UsageError, not_utf8

_HUNK = re.compile(r"^@@ -(\d+)(,\d+)? \+(\d+)(,\d+)? @@$")


def events(text: str) -> tuple[str, ...]:
    """The events of a transcript: lines without trailing whitespace, trailing empty lines dropped."""
    lines = [line.rstrip() for line in text.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return tuple(lines)


@dataclass(frozen=True)
class Comparison:
    """Where `actual` first departs from `expected`; `at` is a 0-based index, None when equal."""

    expected: tuple[str, ...]
    actual: tuple[str, ...]
    at: int | None

    @property
    def equal(self) -> bool:
        return self.at is None

    @property
    def matched(self) -> int:
        """Events matched before the first divergence."""
        return len(self.expected) if self.at is None else self.at


def compare(expected: tuple[str, ...], actual: tuple[str, ...]) -> Comparison:
    if expected == actual:
        return Comparison(expected, actual, None)
    at = next((i for i, (e, a) in enumerate(zip(expected, actual)) if e != a), None)
    return Comparison(expected, actual, min(len(expected), len(actual)) if at is None else at)


def render_divergence(
    comparison: Comparison, context: int = 3, names: tuple[str, str] = ("expected", "actual"),
) -> str:
    """`first divergence at event K (line K):` and a short unified diff around it ('' when equal)."""
    if comparison.at is None:
        return ""
    at = comparison.at
    start = max(0, at - context)
    a = comparison.expected[start:at + context + 1]
    b = comparison.actual[start:at + context + 1]
    hunk = difflib.unified_diff(a, b, *names, n=context, lineterm="")
    body = "\n".join(_shift_hunk(line, start) for line in hunk)
    return f"first divergence at event {at + 1} (line {at + 1}):\n{body}"


def _shift_hunk(line: str, offset: int) -> str:
    """Make a hunk header of a diff over a window count lines from the start of the transcript."""
    m = _HUNK.match(line)
    if m is None:
        return line
    a, b = int(m[1]) + offset, int(m[3]) + offset
    return f"@@ -{a}{m[2] or ''} +{b}{m[4] or ''} @@"


def read_transcript(path: Path, error: type[RawdealError] = UsageError) -> str:
    """A transcript file as text; a missing, unreadable or non-UTF-8 file raises `error`."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise error(f"{path}: cannot read: {exc.strerror}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:  # the file's content is wrong, not the command: exit 1
        raise (RawdealError if error is UsageError else error)(not_utf8(path, data, exc)) from None
