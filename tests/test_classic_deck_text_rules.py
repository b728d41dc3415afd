"""Deck rules a card's text says ("You may pack up to 6 copies of this card", "You cannot pack this card when you
are packing the card titled X"): lowered as deck rules only because `rawdeal check --pool classic` applies them."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from rawdeal.cards.pool.load import classic_pool
from rawdeal.cli import app
from rawdeal.decks.classic import CardRules, ClassicPool, Reveal
from rawdeal.effects.classic.deckrules import card_rules
from classickit import STRIKE, assert_printed, lowered

runner = CliRunner()
PRINTED_COPIES = "You may pack up to 4 copies of this card."
PRINTED_NOT_WITH = ("You cannot pack this card when you are packing the card titled Chyna Interferes or Stephanie "
                    "Interferes.")


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(PRINTED_COPIES, PRINTED_NOT_WITH)


def test_the_sentences_lower_as_deck_rules_with_no_play_effect() -> None:
    for text in (PRINTED_COPIES, PRINTED_NOT_WITH):
        result = lowered(text, STRIKE)
        assert result.effect is not None and result.effect.clauses == (), result.unlowered


def test_other_packing_sentences_are_not_taken_for_them() -> None:
    assert lowered("You may pack this card with any other card.", STRIKE).effect is None


def test_the_rules_are_read_from_the_cards_text() -> None:
    by = {c.title: c for c in classic_pool()}
    assert card_rules(by["Flair's Chop Block"]) == CardRules(copies=4)
    assert card_rules(by["Ric Flair Interferes"]) == CardRules(
        not_with=frozenset({"Chyna Interferes", "Stephanie Interferes"}))
    assert card_rules(by["Chyna Interferes"]) == CardRules()


def _check(tmp_path: Path, superstar: str, titles: list[str]) -> list[str]:
    path = tmp_path / "deck.txt"
    path.write_text("\n".join([f"{superstar} (Superstar Card)", *titles]) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["check", "--pool", "classic", "--format", "json", str(path)])
    return [e["rule"] for e in json.loads(result.stdout)["decks"][0]["errors"]]


def _plain(n: int) -> list[str]:
    cards = [c for c in ClassicPool(classic_pool()).by_title.values() if not c.traits and not c.logos
             and "pack" not in c.text.casefold() and not c.kinds & {"pre-match", "mid-match", "backstage"}]
    return [c.title for c in cards[:20] for _ in range(3)][:n]


def test_a_deck_may_hold_the_copies_the_card_allows_and_no_more(tmp_path: Path) -> None:
    assert _check(tmp_path, "Ric Flair", _plain(56) + ["Flair's Chop Block"] * 4) == []
    assert _check(tmp_path, "Ric Flair", _plain(55) + ["Flair's Chop Block"] * 5) == ["copies"]


def test_a_card_is_never_packed_with_the_titles_it_names(tmp_path: Path) -> None:
    assert _check(tmp_path, "Triple H", _plain(59) + ["Ric Flair Interferes"]) == []
    assert _check(tmp_path, "Triple H", _plain(58) + ["Ric Flair Interferes", "Chyna Interferes"]) == ["packed-with"]


PRINTED_ARSENAL = "Your Arsenal may only contain 50 cards."


def test_a_superstars_arsenal_size_is_read_from_his_text_and_checked(tmp_path: Path) -> None:
    assert_printed(PRINTED_ARSENAL)
    result = lowered(PRINTED_ARSENAL, frozenset({"superstar"}))
    assert result.effect is not None and result.effect.clauses == ()
    assert lowered(PRINTED_ARSENAL, STRIKE).effect is None  # on any other card it says nothing the check applies
    by = {c.title: c for c in classic_pool()}
    assert card_rules(by["Sable"]) == CardRules(arsenal=50, reveals=(Reveal(1),))  # and "Reveal 1 Enforcer card"
    assert _check(tmp_path, "Sable", _plain(50)) == []
    assert _check(tmp_path, "Sable", _plain(60)) == ["deck-size"]
    assert _check(tmp_path, "Stone Cold Steve Austin", _plain(50)) == ["deck-size"]
