"""A Superstar's statement giving or taking a keyword from his cards, read by the Classic deck check: Heel and Face
are chosen when the deck is built (rulebook, "Heel and Face Cards"), so "Your cards titled Chair Shot are not Heel
cards" lets Rob Van Dam pack Chair Shot with Face cards."""

from __future__ import annotations

from rawdeal.cards.pool.load import classic_pool
from rawdeal.decks import Deck
from rawdeal.decks.classic import ClassicPool, TraitsGiven, check_classic_deck
from rawdeal.decks.model import Rule
from rawdeal.effects.classic.deckrules import card_rules, traits_given
from rawdeal.effects.classic.model import Sentence, Statement
from rawdeal.effects.classic.packing import packing_rule
from rawdeal.effects.classic.pool import classic_compiler

FACE = "Hebner Calls It"  # a Face card
CHAIR_SHOT = "Chair Shot"  # Heel, Foreign Object
HEEL_ONLY = "Eye Rake"


def _sides(star: str, titles: list[str]) -> list[str]:
    """The deck check's Heel/Face complaints about a deck of these cards (its other rules aside)."""
    deck = Deck.of(star, titles, "deck.txt")
    return [v.message for v in check_classic_deck(deck, ClassicPool(classic_pool()), packing_rule, card_rules)
            if v.rule is Rule.HEEL_FACE]


def _copies(star: str, titles: list[str]) -> list[str]:
    deck = Deck.of(star, titles, "deck.txt")
    return [v.message for v in check_classic_deck(deck, ClassicPool(classic_pool()), packing_rule, card_rules)
            if v.rule is Rule.COPIES]


def _printed(star: str) -> str:
    return next(c.text for c in classic_pool() if c.is_superstar and c.title == star)


def test_the_pool_prints_the_cards_the_tests_use() -> None:
    by_title = {c.title: c for c in classic_pool()}
    assert "face" in by_title[FACE].trait_slugs
    assert {"heel", "foreign-object"} <= by_title[CHAIR_SHOT].trait_slugs
    assert "Your cards titled Chair Shot are not Heel cards." in _printed("Rob Van Dam")
    assert "Your Foreign Objects are not Heel cards." in _printed("Dudley Boyz")


def test_a_card_titled_that_is_not_heel_packs_with_face_cards() -> None:
    """Rob Van Dam: "Your cards titled Chair Shot are not Heel cards"."""
    assert _sides("Rob Van Dam", [CHAIR_SHOT, FACE]) == []
    assert _sides("Dudley Boyz", [CHAIR_SHOT, FACE]) == []  # a Foreign Object
    assert _sides("Kane", [CHAIR_SHOT, FACE]) != []  # another Superstar's Chair Shot is Heel


def test_only_the_cards_described_lose_the_keyword() -> None:
    """Dudley Boyz: "Your Foreign Objects are not Heel cards": a Heel card that is no Foreign Object stays Heel."""
    by_title = {c.title: c for c in classic_pool()}
    assert "heel" in by_title[HEEL_ONLY].trait_slugs and "foreign-object" not in by_title[HEEL_ONLY].trait_slugs
    assert _sides("Dudley Boyz", [HEEL_ONLY, FACE]) != []
    assert _sides("Rob Van Dam", [CHAIR_SHOT, HEEL_ONLY, FACE]) != []


def test_the_statement_is_read_with_every_title_and_keyword_it_names() -> None:
    """John Cena's two titles; Randy Orton's "are Set-up cards and -2F" gains Set-up; a group described otherwise
    is no deck rule."""
    def given(text: str) -> list[TraitsGiven | None]:
        return [traits_given(item) for s in classic_compiler().compile(text).sentences if isinstance(s, Sentence)
                for item in s.items if isinstance(item, Statement)]

    cena = given("Your cards titled Taunt the Fans and Steel Chain Shot are not Heel cards.")[0]
    assert cena is not None and cena.titles == {"taunt the fans", "steel chain shot"} and cena.loses == {"heel"}
    orton = given("Your cards titled European Uppercut are Set-up cards and -2F.")[0]
    assert orton is not None and orton.gains == {"set-up"} and not orton.loses
    assert given("When this card is in your Ring area, those cards are Permanent.") == [None]


def test_cards_given_set_up_may_be_packed_in_any_number() -> None:
    """Randy Orton: "Your cards titled Ego Boost are Set-up cards and cannot be reversed" (a Set-up card: any number
    of copies, rulebook "Arsenal construction"); another Superstar's Ego Boost keeps the limit of 3."""
    assert "Your cards titled Ego Boost are Set-up cards and cannot be reversed." in _printed("Randy Orton")
    assert _copies("Randy Orton", ["Ego Boost"] * 5) == []
    assert _copies("Kane", ["Ego Boost"] * 5) != []
    assert _copies("Randy Orton", ["Eye Rake"] * 5) != []  # only the cards so titled


def test_in_play_the_statement_is_reported_never_dropped() -> None:
    """The engine's filters read printed keywords: Rob Van Dam's card says why it cannot run yet."""
    from classickit import lowered

    result = lowered(_printed("Rob Van Dam"), frozenset({"superstar"}))
    assert "a keyword a Superstar gives his cards in play (the deck check reads it for Heel and Face)" in [
        u.reason for u in result.unlowered]
