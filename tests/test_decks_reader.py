"""Reading deck files: both course formats, every encoding/line-end variant, and unusable files."""

from __future__ import annotations

from pathlib import Path

import pytest

from rawdeal.decks import Deck, DeckLine, Rule, format_deck, parse_deck, read_deck
from rawdeal.errors import DeckError, UsageError


def test_course_format_keeps_file_order_and_line_numbers() -> None:
    deck = parse_deck("HHH (Superstar Card)\nPunch\nKick\nPunch\n", "d.txt")
    assert deck == Deck("d.txt", "HHH", (DeckLine("Punch", 2), DeckLine("Kick", 3), DeckLine("Punch", 4)))


@pytest.mark.parametrize(
    "text",
    [
        "HHH (Superstar Card)\nPunch\nKick",
        "HHH (Superstar Card)\nPunch\nKick\n",
        "\ufeffHHH (Superstar Card)\nPunch\nKick",
        "HHH (Superstar Card)\r\nPunch\r\nKick\r\n",
        "\ufeffHHH (Superstar Card)\r\nPunch\r\nKick",
    ],
    ids=["no-final-newline", "final-newline", "bom", "crlf", "bom-crlf-no-final-newline"],
)
def test_bom_line_ends_and_final_newline_do_not_matter(text: str) -> None:
    deck = parse_deck(text, "d.txt")
    assert (deck.superstar, deck.titles, deck.problems) == ("HHH", ("Punch", "Kick"), ())


def test_bom_is_removed_when_reading_bytes(tmp_path: Path) -> None:
    path = tmp_path / "d.txt"
    path.write_bytes("HHH (Superstar Card)\r\nPunch\r\n".encode("utf-8-sig"))
    assert read_deck(path).superstar == "HHH"


def test_old_count_format_expands_in_order_on_the_same_line() -> None:
    deck = parse_deck("KANE (Superstar Card)\n3 Punch\n1 Kick\n2 Irish Whip\n", "d.txt")
    assert deck.titles == ("Punch",) * 3 + ("Kick",) + ("Irish Whip",) * 2
    assert [c.line for c in deck.cards] == [2, 2, 2, 3, 4, 4]


def test_blank_and_comment_lines_are_skipped_but_line_numbers_stay_physical() -> None:
    deck = parse_deck("# my deck\n\nHHH (Superstar Card)\n\n# strikes\nPunch\n   \nKick\n", "d.txt")
    assert deck.superstar_line == 3
    assert deck.cards == (DeckLine("Punch", 6), DeckLine("Kick", 8))


def test_surrounding_spaces_are_not_part_of_a_title_but_inner_spacing_is_kept() -> None:
    deck = parse_deck("HHH (Superstar Card)\n  Step Aside  \nStep  Aside\n", "d.txt")
    assert deck.titles == ("Step Aside", "Step  Aside")


def test_path_is_kept_exactly_as_given() -> None:
    assert parse_deck("HHH (Superstar Card)\n", "./decks/../x.txt").path == "./decks/../x.txt"


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("HHH\nPunch\n", "write it as 'HHH (Superstar Card)'"),
        ("HHH (superstar card)\nPunch\n", "write it as 'HHH (Superstar Card)'"),
        ("HHH(Superstar Card)\nPunch\n", "write it as 'HHH (Superstar Card)'"),
    ],
)
def test_unreadable_superstar_line_is_a_format_violation_on_its_line(text: str, hint: str) -> None:
    deck = parse_deck(text, "d.txt")
    assert deck.superstar == ""
    assert [(v.line, v.rule) for v in deck.problems] == [(1, Rule.FORMAT)]
    assert hint in deck.problems[0].message
    assert deck.titles == ("Punch",)


@pytest.mark.parametrize("text", ["", "\ufeff", "\n\n# only a comment\n"])
def test_empty_deck_is_a_format_violation(text: str) -> None:
    deck = parse_deck(text, "d.txt")
    assert [(v.line, v.rule) for v in deck.problems] == [(1, Rule.FORMAT)]


def test_count_out_of_range_is_a_format_violation() -> None:
    deck = parse_deck("HHH (Superstar Card)\n0 Punch\n1000000 Kick\n", "d.txt")
    assert [(v.line, v.rule) for v in deck.problems] == [(2, Rule.FORMAT), (3, Rule.FORMAT)]
    assert deck.cards == ()


def test_format_deck_round_trips() -> None:
    text = format_deck("THE ROCK", ["Punch", "Rock Bottom"])
    assert text == "THE ROCK (Superstar Card)\nPunch\nRock Bottom\n"
    assert parse_deck(text, "d.txt").titles == ("Punch", "Rock Bottom")


def test_missing_file_is_a_usage_error_naming_it(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="nope.txt: no such file"):
        read_deck(str(tmp_path / "nope.txt"))


def test_folder_is_a_usage_error_naming_it(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="is a folder"):
        read_deck(tmp_path)


def test_non_utf8_is_a_deck_error_naming_path_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes("HHH (Superstar Card)\nPi\xf1ata\n".encode("latin-1"))
    with pytest.raises(DeckError, match=r"latin1.txt:2:3: not UTF-8 text \(byte 0xf1\)"):
        read_deck(path)
