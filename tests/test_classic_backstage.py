"""Enforcer cards and the Backstage area (rule book, "Backstage Area": "Enforcers and other cards can be packed in your
Backstage area, they can only be packed if your Superstar can reveal these cards"): `rawdeal check --pool classic`
counts them apart from the Arsenal and lets a deck hold an Enforcer only where its Superstar card says he can reveal
it ("Reveal 1 Enforcer card", "Reveal any number of Raw Enforcer cards") or the Enforcer does ("Can be revealed by
any GM Superstar"). Their sentences lower as deck rules, as they are checked; an Enforcer is never played yet."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from rawdeal.cards.pool.load import classic_pool
from rawdeal.cli import app
from rawdeal.decks.classic import ClassicPool, Reveal
from rawdeal.effects.classic.deckrules import card_rules
from rawdeal.effects.classic.playable import is_played_kind
from classickit import assert_printed, lowered

runner = CliRunner()
ONLY_REVEALED = "Can only be revealed if your Superstar card says you can reveal an Enforcer card."
BY_GM = "Can be revealed by any GM Superstar."
ENFORCER = frozenset({"enforcer"})
RAW_ENFORCER = "Stone Cold, Triple H, or ... Christian?"  # an Enforcer with the Raw keyword
SMACKDOWN_ENFORCER = "Rock, Deadman, or ... Matt Hardy?"
GM_ENFORCER = "The People's Champ, The Big Freak'n Machine, or The Game?"  # "Can be revealed by any GM Superstar"


def test_the_sentences_are_printed() -> None:
    assert_printed(ONLY_REVEALED, BY_GM, "Reveal 1 Enforcer card and choose 1 Enforcer.")


def test_an_enforcers_reveal_rules_lower_as_deck_rules_only_on_an_enforcer() -> None:
    for text in (ONLY_REVEALED, BY_GM):
        result = lowered(text, ENFORCER)
        assert result.effect is not None and result.effect.clauses == (), result.unlowered
        assert not lowered(text).ok  # on an Action card they would say something the check does not apply


def test_the_rules_are_read_from_the_cards_texts() -> None:
    by = {c.title: c for c in classic_pool()}
    assert card_rules(by["Eric Bischoff"]).reveals == (Reveal(None, frozenset({"raw"})),)
    assert card_rules(by["Bobby Heenan"]).reveals == (Reveal(1),)  # "Then reveal 1 Enforcer card and ..."
    assert card_rules(by[GM_ENFORCER]).revealed_by == frozenset({"gm"})
    assert not is_played_kind(by[RAW_ENFORCER])  # an Enforcer is revealed, never played (not modelled in play yet)


def _errors(tmp_path: Path, superstar: str, titles: list[str]) -> list[str]:
    path = tmp_path / "deck.txt"
    path.write_text("\n".join([f"{superstar} (Superstar Card)", *titles]) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["check", "--pool", "classic", "--format", "json", str(path)])
    return [e["rule"] for e in json.loads(result.stdout)["decks"][0]["errors"]]


def _arsenal() -> list[str]:
    """60 cards any Superstar may pack."""
    cards = [c for c in ClassicPool(classic_pool()).by_title.values() if not c.traits and not c.logos
             and "pack" not in c.text.casefold() and is_played_kind(c)]
    return [c.title for c in cards[:20] for _ in range(3)]


def test_enforcers_are_packed_in_the_backstage_area_not_the_arsenal(tmp_path: Path) -> None:
    assert _errors(tmp_path, "Eric Bischoff", _arsenal() + [RAW_ENFORCER]) == []  # 60 Arsenal cards still


def test_an_enforcer_only_where_the_superstar_card_says_he_reveals_it(tmp_path: Path) -> None:
    assert _errors(tmp_path, "Eric Bischoff", _arsenal() + [SMACKDOWN_ENFORCER]) == ["revealed"]  # Raw ones only
    assert _errors(tmp_path, "Bobby Heenan", _arsenal() + [SMACKDOWN_ENFORCER]) == []  # "Reveal 1 Enforcer card"
    assert _errors(tmp_path, "Kane", _arsenal() + [RAW_ENFORCER]) == ["revealed"]  # his card says no such thing


def test_an_enforcer_revealed_by_any_gm_superstar(tmp_path: Path) -> None:
    # Eric Bischoff (a GM) reveals Raw Enforcers by his card, and this one, of no keyword, as a GM Superstar
    assert _errors(tmp_path, "Eric Bischoff", _arsenal() + [GM_ENFORCER]) == []
    assert _errors(tmp_path, "Kane", _arsenal() + [GM_ENFORCER]) == ["revealed"]
