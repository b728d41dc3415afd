"""A mirror match (both players with the same Superstar): rawdeal's own output says who is who in every
line, while the course's console names both by the Superstar alone, as the reference program does."""

from __future__ import annotations

from pathlib import Path

from rawdeal.decks import read_deck
from rawdeal.engine.setup import new_game
from rawdeal.io.transcript import event_line

DECKS = Path(__file__).resolve().parents[1] / "decks"


def test_every_line_of_a_mirror_match_tells_the_players_apart() -> None:
    deck = read_deck(DECKS / "hhh.txt")
    game, events = new_game(deck, deck, "course")
    assert (game.name(0), game.name(1)) == ("HHH (1)", "HHH (2)")
    events += game.apply(game.legal_moves()[-2])  # end the turn
    text = [event_line(e) for e in events]
    assert "game: HHH (1) vs HHH (2), HHH (1) starts" in text and "turn 2: HHH (2)" in text
    assert not [t for t in text if "HHH " in t.replace("HHH (1)", "").replace("HHH (2)", "")]


def test_different_superstars_keep_their_plain_names() -> None:
    game, _ = new_game(read_deck(DECKS / "hhh.txt"), read_deck(DECKS / "kane.txt"), "course")
    assert (game.name(0), game.name(1)) == ("HHH", "KANE")
