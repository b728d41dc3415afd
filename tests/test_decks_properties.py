"""Property tests: random legal decks pass in every file style; each single mutation of a legal deck
fails with exactly the rule it breaks."""

from __future__ import annotations

from collections.abc import Callable

from collections import Counter
from itertools import groupby

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rawdeal.cards import Trait, load_db
from rawdeal.decks import Rule, Violation, check_deck, copy_limit, parse_deck

DB = load_db()
SUPERSTARS = sorted(DB.by_name)
FILLER = "Irish Whip"  # a Set-up card: always legal, any number of copies
SETTINGS = settings(max_examples=40, deadline=None)

Legal = tuple[str, list[str]]


@st.composite
def legal_decks(draw: st.DrawFn, side: Trait | None = None) -> Legal:
    """(superstar, 60 titles): copies within limits, one alignment, only the Superstar's own logo."""
    superstar = draw(st.sampled_from(SUPERSTARS))
    logo = DB.by_name[superstar].logo
    banned = {Trait.HEEL, Trait.FACE} - {side or draw(st.sampled_from([Trait.HEEL, Trait.FACE]))}
    pool = [c for c in DB.cards if c.logo in (None, logo) and not c.traits & banned]
    titles: list[str] = []
    for card in draw(st.permutations(pool))[:40]:
        most = min(copy_limit(card) or 5, 60 - len(titles))
        titles += [card.title] * draw(st.integers(0, most))
    titles += [FILLER] * (60 - len(titles))
    return superstar, draw(st.permutations(titles))


def render(superstar: str, titles: list[str], style: str) -> str:
    if style == "counted":
        runs = [(title, len(list(run))) for title, run in groupby(titles)]
        return f"{superstar} (Superstar Card)\n" + "".join(f"{n} {t}\n" for t, n in runs)
    if style == "bom-crlf-commented":
        lines = ["# a deck", f"{superstar} (Superstar Card)", "", *titles]
        return "\ufeff" + "\r\n".join(lines)
    return "".join(f"{line}\n" for line in (f"{superstar} (Superstar Card)", *titles))


def check(superstar: str, titles: list[str], style: str = "course") -> tuple[Violation, ...]:
    return check_deck(parse_deck(render(superstar, titles, style), "d.txt"), DB)


def rules(superstar: str, titles: list[str]) -> set[Rule]:
    return {v.rule for v in check(superstar, titles)}


def replace(titles: list[str], new: str, count: int) -> list[str]:
    """`titles` with its last `count` cards of another title replaced by `new` (size kept)."""
    out = list(titles)
    spots = [i for i, t in enumerate(out) if t != new][-count:] if count else []
    for i in spots:
        out[i] = new
    return out


@SETTINGS
@given(legal_decks(), st.sampled_from(["course", "counted", "bom-crlf-commented"]))
def test_random_legal_decks_pass(deck: Legal, style: str) -> None:
    assert check(*deck, style) == ()


@SETTINGS
@given(legal_decks(), st.data())
def test_one_copy_too_many_breaks_copies(deck: Legal, data: st.DataObject) -> None:
    superstar, titles = deck
    plain = sorted({t for t in titles if copy_limit(DB.by_title[t]) == 3}) or ["Punch"]
    title = data.draw(st.sampled_from(plain))
    assert rules(superstar, replace(titles, title, 4 - titles.count(title))) == {Rule.COPIES}


@SETTINGS
@given(legal_decks(), st.data())
def test_a_second_unique_breaks_unique(deck: Legal, data: st.DataObject) -> None:
    superstar, titles = deck
    own = sorted(c.title for c in DB.cards if c.logo == DB.by_name[superstar].logo)
    title = data.draw(st.sampled_from(own))
    assert rules(superstar, replace(titles, title, 2 - titles.count(title))) == {Rule.UNIQUE}


@SETTINGS
@given(legal_decks(), st.data())
def test_another_superstars_logo_card_breaks_superstar_logo(deck: Legal, data: st.DataObject) -> None:
    superstar, titles = deck
    foreign = sorted(c.title for c in DB.cards if c.logo not in (None, DB.by_name[superstar].logo))
    assert rules(superstar, replace(titles, data.draw(st.sampled_from(foreign)), 1)) == {Rule.SUPERSTAR_LOGO}


@SETTINGS
@given(legal_decks(side=Trait.HEEL), st.data())
def test_a_face_card_in_a_heel_deck_breaks_heel_face(deck: Legal, data: st.DataObject) -> None:
    superstar, titles = deck
    heel = sorted(c.title for c in DB.cards if Trait.HEEL in c.traits and not c.logo)
    if not any(Trait.HEEL in DB.by_title[t].traits for t in titles):
        titles = replace(titles, data.draw(st.sampled_from(heel)), 1)
    face = data.draw(st.sampled_from(sorted(c.title for c in DB.cards if Trait.FACE in c.traits)))
    spot = max(i for i, t in enumerate(titles) if Trait.HEEL not in DB.by_title[t].traits)
    titles = titles[:spot] + [face] + titles[spot + 1 :]
    assert rules(superstar, titles) == {Rule.HEEL_FACE}


@SETTINGS
@given(legal_decks(), st.data(), st.booleans())
def test_one_card_more_or_less_breaks_deck_size(deck: Legal, data: st.DataObject, more: bool) -> None:
    superstar, titles = deck
    spot = data.draw(st.integers(0, len(titles) - 1))
    changed = titles[:spot] + [FILLER] + titles[spot:] if more else titles[:spot] + titles[spot + 1 :]
    (violation,) = check(superstar, changed)
    assert violation.rule is Rule.DECK_SIZE
    assert violation.message.endswith("remove 1" if more else "add 1")


MISSPELLINGS: dict[str, Callable[[str], str]] = {
    "lower": str.lower,
    "upper": str.upper,
    "no-spaces": lambda t: t.replace(" ", ""),
    "double-spaces": lambda t: t.replace(" ", "  "),
    "no-punctuation": lambda t: "".join(ch for ch in t if ch.isalnum() or ch == " "),
}


@SETTINGS
@given(legal_decks(), st.data(), st.sampled_from(sorted(MISSPELLINGS)))
def test_a_misspelled_title_breaks_unknown_card_and_suggests_the_card(
    deck: Legal, data: st.DataObject, how: str
) -> None:
    superstar, titles = deck
    spot = data.draw(st.integers(0, len(titles) - 1))
    wrong = MISSPELLINGS[how](titles[spot])
    assume(wrong != titles[spot])
    (violation,) = check(superstar, titles[:spot] + [wrong] + titles[spot + 1 :])
    assert (violation.rule, violation.line) == (Rule.UNKNOWN_CARD, spot + 2)
    assert f"did you mean {titles[spot]!r}" in violation.message


def test_no_two_titles_share_a_normalized_spelling() -> None:
    """Why the suggestion above is always the one right card."""
    from rawdeal.cards.db import normalize_title

    assert max(Counter(normalize_title(c.title) for c in DB.cards).values()) == 1
