"""The course's decks: 01 all valid, 02 each invalid for exactly the rule it breaks (cross-checked with
the 02 transcripts and REFERENCE-BEHAVIOUR §8), every other category valid."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rawdeal.cards import load_db
from rawdeal.decks import DeckReport, Rule, check_file

from shared import COURSE, needs_shared

DATA = COURSE / "data"

pytestmark = needs_shared

# REFERENCE-BEHAVIOUR §8: the one rule each deck of 02-InvalidDecks breaks (01 is valid).
INVALID = {
    "01": None, "02": Rule.DECK_SIZE, "03": Rule.COPIES, "04": Rule.UNIQUE, "05": Rule.SUPERSTAR_LOGO,
    "06": Rule.HEEL_FACE, "07": Rule.DECK_SIZE, "08": Rule.DECK_SIZE, "09": Rule.HEEL_FACE, "10": Rule.HEEL_FACE,
    "11": Rule.UNIQUE, "12": Rule.COPIES,
}
INVALID_MESSAGE = "El mazo ingresado es inválido."


def report(path: Path) -> DeckReport:
    return check_file(str(path), load_db())


def invalid_decks(folder: Path) -> list[str]:
    """The report lines of the decks in `folder` that are not valid."""
    reports = [report(path) for path in sorted(folder.glob("*.txt"))]
    assert reports, f"no decks in {folder}"
    return [line for r in reports if not r.valid for line in r.lines()]


def test_every_valid_deck_is_valid() -> None:
    assert invalid_decks(DATA / "01-ValidDecks") == []


def test_every_game_deck_is_valid() -> None:
    folders = [p for p in sorted(DATA.iterdir()) if p.name[:2] not in ("01", "02") and not p.name.endswith("-Tests")]
    assert len(folders) >= 8
    assert [line for folder in folders for line in invalid_decks(folder)] == []


@pytest.mark.parametrize(("name", "rule"), sorted(INVALID.items()))
def test_each_invalid_deck_breaks_exactly_its_rule(name: str, rule: Rule | None) -> None:
    found = report(DATA / "02-InvalidDecks" / f"{name}.txt")
    assert {v.rule for v in found.errors} == ({rule} if rule else set())
    assert len(found.errors) == (1 if rule else 0)


def transcript_verdicts(transcript: Path) -> list[tuple[str, bool]]:
    """(deck path, accepted?) for each deck picked in a course transcript."""
    lines = transcript.read_text(encoding="utf-8-sig").splitlines()
    menu: dict[str, str] = {}
    verdicts = []
    for i, line in enumerate(lines):
        if entry := re.fullmatch(r"(\d+)- (data/.+\.txt)", line):
            menu[entry.group(1)] = entry.group(2)
        elif (pick := re.fullmatch(r"INPUT: (\d+)", line)) and pick.group(1) in menu:
            accepted = i + 1 >= len(lines) or lines[i + 1] != INVALID_MESSAGE
            verdicts.append((menu[pick.group(1)], accepted))
            menu = {}
    return verdicts


def test_the_02_transcripts_agree_with_the_checker() -> None:
    transcripts = sorted((DATA / "02-InvalidDecks-Tests").glob("*.txt"))
    verdicts = [v for t in transcripts for v in transcript_verdicts(t)]
    assert len(verdicts) >= len(transcripts)
    assert [(deck, report(DATA.parent / deck).valid) for deck, _ in verdicts] == verdicts
