"""The deck-building rules: each rule's verdict, the line it points at, and the fix it proposes."""

from __future__ import annotations

import pytest

from rawdeal.cards import load_db
from rawdeal.decks import Rule, Violation, check_deck, copy_limit, format_deck, parse_deck

PLAIN = [
    "Punch", "Kick", "Chop", "Head Butt", "Hip Toss", "Arm Drag", "Arm Bar", "Wrist Lock", "Step Aside",
    "Escape Move", "Break the Hold", "Knee to the Gut", "Double Leg Takedown", "Fireman's Carry", "Snap Mare",
    "Gut Buster", "Chin Lock", "Russian Leg Sweep", "Roundhouse Punch", "Shake It Off",
]
BASE = [title for title in PLAIN for _ in range(3)]  # 60 cards, no traits, no logos


def violations(titles: list[str], superstar: str = "HHH") -> tuple[Violation, ...]:
    return check_deck(parse_deck(format_deck(superstar, titles), "d.txt"), load_db())


def found(titles: list[str], superstar: str = "HHH") -> list[tuple[int, Rule]]:
    return [(v.line, v.rule) for v in violations(titles, superstar)]


def with_cards(*titles: str) -> list[str]:
    """BASE with its last cards replaced, so the deck keeps 60 cards."""
    return BASE[: len(BASE) - len(titles)] + list(titles)


def test_base_deck_is_valid_for_every_superstar() -> None:
    for superstar in load_db().by_name:
        assert violations(BASE, superstar) == ()


@pytest.mark.parametrize(("count", "fix"), [(59, "add 1"), (61, "remove 1"), (45, "add 15"), (75, "remove 15")])
def test_deck_size_points_at_the_last_card_and_says_how_many(count: int, fix: str) -> None:
    titles = (BASE + ["Irish Whip"] * 15)[:count]
    (violation,) = violations(titles)
    assert (violation.line, violation.rule) == (count + 1, Rule.DECK_SIZE)
    assert violation.message == f"{count} cards (a deck has exactly 60): {fix}"


def test_deck_without_cards_points_at_the_superstar_line() -> None:
    (violation,) = violations([])
    assert violation == Violation(1, Rule.DECK_SIZE, "0 cards (a deck has exactly 60): add 60")


def test_copies_points_at_the_first_copy_over_the_limit() -> None:
    titles = with_cards("Step Aside", "Step Aside")  # 5 copies: the 4th is on line 60
    assert violations(titles) == (Violation(60, Rule.COPIES, "5 copies of 'Step Aside' (at most 3): remove 2"),)


def test_copies_counts_the_old_count_format_by_line() -> None:
    lines = "".join(f"3 {t}\n" for t in PLAIN[1:-1]) + "2 Shake It Off\n4 Punch\n"
    deck = parse_deck(f"HHH (Superstar Card)\n{lines}", "d.txt")
    assert [(v.line, v.rule) for v in check_deck(deck, load_db())] == [(21, Rule.COPIES)]


def test_a_second_unique_card_breaks_the_unique_rule() -> None:
    titles = with_cards("I Am the Game", "I Am the Game")
    assert violations(titles) == (
        Violation(61, Rule.UNIQUE, "2 copies of 'I Am the Game', a Unique card (at most 1): remove 1"),
    )


def test_set_up_cards_have_no_copy_limit() -> None:
    assert violations(with_cards(*["Irish Whip"] * 6, *["Jockeying for Position"] * 5)) == ()


def test_copy_limits() -> None:
    db = load_db()
    assert [copy_limit(db.by_title[t]) for t in ("Punch", "Pedigree", "Irish Whip")] == [3, 1, None]


def test_heel_and_face_names_a_card_of_each_side_at_the_minority_line() -> None:
    titles = with_cards("Chair Shot", "Choke Hold", "Clean Break", "Spit At Opponent")
    (violation,) = violations(titles)
    assert (violation.line, violation.rule) == (60, Rule.HEEL_FACE)
    assert violation.message == (
        "Heel and Face cards in one deck ('Clean Break' is Face, 'Chair Shot' is Heel): "
        "remove the 1 Face card or the 3 Heel cards"
    )


def test_heel_and_face_tie_points_at_the_side_that_came_last() -> None:
    (violation,) = violations(with_cards("Offer Handshake", "Choke Hold"))
    assert (violation.line, violation.rule) == (61, Rule.HEEL_FACE)
    assert "'Choke Hold' is Heel" in violation.message


def test_heel_or_face_alone_is_fine() -> None:
    assert violations(with_cards("Chair Shot", "Choke Hold", "Manager Interferes")) == ()
    assert violations(with_cards("Clean Break", "Offer Handshake", "Pat & Gerry")) == ()


def test_another_superstars_logo_card_is_named_with_its_owner() -> None:
    assert violations(with_cards("Double Arm DDT", "Pedigree")) == (
        Violation(
            60, Rule.SUPERSTAR_LOGO, "'Double Arm DDT' carries MANKIND's logo: only MANKIND's deck may hold it; remove it"
        ),
    )


def test_own_logo_cards_are_allowed() -> None:
    assert violations(with_cards("Pedigree", "Facebuster", "I Am the Game", "Chyna Interferes")) == ()


@pytest.mark.parametrize(
    ("written", "meant"),
    [
        ("step aside", "Step Aside"),
        ("StepAside", "Step Aside"),
        ("Step  Aside", "Step Aside"),
        ("Dont Think Too Hard", "Don't Think Too Hard"),
        ("Kanes Chokeslam", "Kane's Chokeslam"),
        ("Disqualification", "Disqualification!"),
        ("Collar and Elbow Lockup", "Collar & Elbow Lockup"),
        ("Irish Wihp", "Irish Whip"),
    ],
)
def test_unknown_card_is_rejected_and_the_right_card_suggested(written: str, meant: str) -> None:
    titles = with_cards(written)
    (violation,) = violations(titles, "KANE")
    assert (violation.line, violation.rule) == (61, Rule.UNKNOWN_CARD)
    assert violation.message.startswith(f"unknown card {written!r} (did you mean {meant!r}")


def test_unknown_card_on_a_count_line_is_reported_once() -> None:
    deck = parse_deck("HHH (Superstar Card)\n" + "".join(f"3 {t}\n" for t in PLAIN[:-1]) + "3 shake it off\n", "d.txt")
    assert [(v.line, v.rule) for v in check_deck(deck, load_db())] == [(21, Rule.UNKNOWN_CARD)]


def test_unknown_card_with_nothing_close_has_no_suggestion() -> None:
    (violation,) = violations(with_cards("Zzzyzx"))
    assert violation.message == "unknown card 'Zzzyzx'"


@pytest.mark.parametrize(
    ("written", "meant"), [("hhh", "HHH"), ("The Rock", "THE ROCK"), ("UNDERTAKER", "THE UNDERTAKER")]
)
def test_unknown_superstar_is_rejected_and_the_right_one_suggested(written: str, meant: str) -> None:
    (violation,) = violations(BASE, written)
    assert (violation.line, violation.rule) == (1, Rule.UNKNOWN_SUPERSTAR)
    assert f"(did you mean {meant!r}" in violation.message


def test_unknown_superstar_with_nothing_close_lists_the_known_ones() -> None:
    (violation,) = violations(BASE, "Hulk Hogan")
    assert violation.message.startswith("unknown Superstar 'Hulk Hogan' (known: CHRIS JERICHO, HHH, KANE,")


def test_violations_are_sorted_by_line_and_all_reported() -> None:
    titles = with_cards("Pedigree", "Pedigree", "Lionsault", "Punchh")[1:]
    expected = [(58, Rule.UNIQUE), (59, Rule.SUPERSTAR_LOGO), (60, Rule.UNKNOWN_CARD), (60, Rule.DECK_SIZE)]
    assert found(titles) == expected


def test_format_problems_from_reading_are_reported_by_check_deck() -> None:
    deck = parse_deck("HHH\n" + "".join(f"{t}\n" for t in BASE), "d.txt")
    assert [(v.line, v.rule) for v in check_deck(deck, load_db())] == [(1, Rule.FORMAT)]
