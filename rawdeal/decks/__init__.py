"""Deck files and the deck-building rules: read a deck (`read_deck`), check it (`check_deck`),
or check files and folders as the user names them (`check_paths`, one `DeckReport` a file)."""

from rawdeal.decks.model import Deck, DeckLine, Rule, Violation
from rawdeal.decks.reader import format_deck, parse_deck, read_deck
from rawdeal.decks.report import DeckReport, check_file, check_paths, deck_paths
from rawdeal.decks.rules import DECK_SIZE, check_deck, copy_limit

__all__ = [
    "DECK_SIZE", "Deck", "DeckLine", "DeckReport", "Rule", "Violation", "check_deck", "check_file",
    "check_paths", "copy_limit", "deck_paths", "format_deck", "parse_deck", "read_deck",
]
