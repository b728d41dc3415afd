"""Reading deck files: the course format (`NAME (Superstar Card)`, then one title a line) and the
older `<count> <Title>` format (a card line that starts with a number and a space: no title does).
Content problems become `format` violations; only an unusable file (missing, unreadable, not UTF-8)
raises, as a `UsageError` naming the path."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable

from rawdeal.decks.model import Deck, DeckLine, Rule, Violation
from rawdeal.errors import DeckError, not_utf8

SUPERSTAR_SUFFIX = " (Superstar Card)"
MAX_COUNT = 60

_COUNT_LINE = re.compile(r"(\d+)\s+(\S.*)")
_LOOSE_SUPERSTAR = re.compile(r"(.*?)\s*\(\s*superstar\s+card\s*\)", re.IGNORECASE)


def read_deck(path: str | os.PathLike[str]) -> Deck:
    """Read one deck file; `Deck.path` is the path exactly as given."""
    return parse_deck(read_text(path), os.fspath(path))


def read_text(path: str | os.PathLike[str]) -> str:
    """A deck file's text without BOM; every way it can be unusable is a UsageError naming it."""
    from rawdeal.inputs import DECK_CAP, read_input, shown as printed

    shown = printed(path)
    data = read_input(path, DECK_CAP, "deck file")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DeckError(not_utf8(shown, data, exc)) from None


def parse_deck(text: str, path: str) -> Deck:
    """Parse a deck's text. Blank lines and `#` comments are skipped; surrounding spaces are not
    part of a title (they are invisible), but everything between is kept for exact matching."""
    lines = [(n, raw.strip()) for n, raw in enumerate(text.removeprefix("\ufeff").split("\n"), start=1)]
    content = [(n, s) for n, s in lines if s and not s.startswith("#")]
    if not content:
        return Deck(path, "", (), 1, (Violation(1, Rule.FORMAT, _empty_message()),))
    (first_line, first), rest = content[0], content[1:]
    superstar, problems = _superstar(first, first_line)
    cards: list[DeckLine] = []
    for number, line in rest:
        problem = _add_card(line, number, cards)
        if problem:
            problems.append(problem)
    return Deck(path, superstar, tuple(cards), first_line, tuple(problems))


def _superstar(line: str, number: int) -> tuple[str, list[Violation]]:
    name = line.removesuffix(SUPERSTAR_SUFFIX)
    if name != line and name:
        return name, []
    loose = _LOOSE_SUPERSTAR.fullmatch(line)
    name = loose.group(1) if loose and loose.group(1) else line
    hint = f"write it as {name + SUPERSTAR_SUFFIX!r}"
    return "", [Violation(number, Rule.FORMAT, f"the first line must name the Superstar: {hint}")]


def _add_card(line: str, number: int, cards: list[DeckLine]) -> Violation | None:
    counted = _COUNT_LINE.fullmatch(line)
    if not counted:
        cards.append(DeckLine(line, number))
        return None
    digits, title = counted.group(1), counted.group(2)
    value = digits.lstrip("0") or "0"
    count = int(value) if len(value) <= len(str(MAX_COUNT)) else MAX_COUNT + 1  # never convert 5,000 digits
    if not 1 <= count <= MAX_COUNT:
        shown = digits if len(digits) <= 12 else f"{digits[:12]}... ({len(digits)} digits)"
        return Violation(number, Rule.FORMAT, f"a card count must be 1 to {MAX_COUNT}, not {shown}: fix line {number}")
    cards.extend(DeckLine(title, number) for _ in range(count))
    return None


def format_deck(superstar: str, titles: Iterable[str]) -> str:
    """A deck in the course format, as rawdeal writes it: LF line ends, a final newline, no BOM."""
    return "".join(f"{line}\n" for line in (f"{superstar}{SUPERSTAR_SUFFIX}", *titles))


def _empty_message() -> str:
    return f"no Superstar line: start the deck with 'NAME{SUPERSTAR_SUFFIX}', then one card title a line"
