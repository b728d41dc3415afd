"""The project's own decks in decks/: one legal, playable deck for each Superstar, written cleanly."""

from __future__ import annotations

from pathlib import Path

import pytest

from rawdeal.cards import CardType, load_db
from rawdeal.decks import check_deck, read_deck

DECKS = Path(__file__).resolve().parents[1] / "decks"
FILES = sorted(DECKS.glob("*.txt"))


def test_one_deck_for_each_superstar() -> None:
    assert sorted(read_deck(path).superstar for path in FILES) == sorted(load_db().by_name)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_deck_is_legal(path: Path) -> None:
    assert check_deck(read_deck(path), load_db()) == ()


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_deck_is_written_in_the_course_format_with_lf_final_newline_and_no_bom(path: Path) -> None:
    data = path.read_bytes()
    assert not data.startswith(b"\xef\xbb\xbf")
    assert b"\r" not in data and data.endswith(b"\n") and not data.endswith(b"\n\n")
    assert all(line.strip() == line and line for line in data.decode().splitlines())


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_deck_is_playable(path: Path) -> None:
    """Games progress: many cheap maneuvers, some reversals, the Superstar's own cards, a cheap top."""
    db = load_db()
    deck = read_deck(path)
    cards = [db.by_title[t] for t in deck.titles]
    logo = db.by_name[deck.superstar].logo
    assert sum(c.is_(CardType.MANEUVER) and c.fortitude <= 2 for c in cards) >= 20
    assert sum(c.is_(CardType.REVERSAL) for c in cards) >= 8
    assert sum(c.logo == logo for c in cards) == 5
    opening = cards[-db.by_name[deck.superstar].hand_size :]
    assert any(c.is_(CardType.MANEUVER) and c.fortitude == 0 for c in opening)
