"""The Classic pool in rawdeal's own format: converter, loader, `rawdeal cards --pool classic`, `rawdeal card`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rawdeal.cards.pool.convert import dumps
from rawdeal.cards.pool.load import DATA, classic_pool, read_source_pool
from rawdeal.cli import app

from shared import CLASSIC as SOURCE, needs_shared as needs_source
runner = CliRunner()


@needs_source
def test_the_committed_pool_is_what_the_converter_makes_from_the_source() -> None:
    assert dumps(list(read_source_pool(SOURCE)), SOURCE.name) == DATA.read_bytes()


@needs_source
def test_every_source_card_keeps_its_facts() -> None:
    source = json.loads(SOURCE.read_text(encoding="utf-8"))
    pool = classic_pool()
    assert len(pool) == len(source)
    for raw, card in zip(source, pool):
        assert (card.title, card.text, list(card.modes), list(card.traits), list(card.logos)) == (
            raw["name"].strip(), raw["text"].strip(), raw["modes"], raw["traits"], raw["superstar_logos"])
        assert card.fortitude == raw["fortitude_int"] and card.stun_value == raw["stun_value"]


def test_types_hybrids_and_superstars_are_read_from_the_type_line() -> None:
    by_title = {c.title: c for c in classic_pool()}
    chop = by_title["Chop"]
    assert {"maneuver", "strike", "action"} <= chop.kinds and "reversal" not in chop.kinds
    austin = by_title["Stone Cold Steve Austin"]
    assert austin.is_superstar and austin.hand_size == 7 and austin.superstar_value == 5
    assert any("pre-match" in c.kinds for c in by_title.values())


def test_cards_pool_classic_filters_like_the_course_pool() -> None:
    result = runner.invoke(app, ["cards", "--pool", "classic", "--type", "pre-match", "--trait", "unique",
                                 "--format", "json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    assert found, "the Classic pool has unique Pre-match cards"
    assert all("Unique" in c["traits"] and any(t.startswith("Pre-match") for t in c["types"]) for c in found)
    expected = [c.title for c in classic_pool() if "pre-match" in c.kinds and "unique" in c.trait_slugs]
    assert [c["title"] for c in found] == expected


def test_cards_pool_classic_superstar_filter_uses_logos() -> None:
    result = runner.invoke(app, ["cards", "--pool", "classic", "--superstar", "the rock"])
    assert result.exit_code == 0
    rows = result.stdout.splitlines()
    assert rows and len(rows) == sum("The Rock" in c.logos for c in classic_pool())


def test_unknown_pool_or_type_is_a_usage_error() -> None:
    assert runner.invoke(app, ["cards", "--pool", "modern"]).exit_code == 2
    assert runner.invoke(app, ["cards", "--pool", "classic", "--type", "wrestler"]).exit_code == 2


def test_card_finds_a_classic_card_and_says_its_text_back() -> None:
    result = runner.invoke(app, ["card", "a dynasty's destiny"])
    assert result.exit_code == 0, result.output
    assert "Action / Reversal: Special" in result.stdout and "traits: Unique" in result.stdout
    assert "As a reversal, reverse any non-trademark finisher card and end your opponent's turn." in result.stdout


def test_card_prefers_the_course_card_unless_asked_for_the_classic_one() -> None:
    course = runner.invoke(app, ["card", "Chop"])
    classic = runner.invoke(app, ["card", "Chop", "--pool", "classic"])
    assert "effect:" in course.stdout and "01. Premiere" in classic.stdout


def test_unknown_classic_card_names_the_closest_titles() -> None:
    result = runner.invoke(app, ["card", "Dynasty Destinny", "--pool", "classic"])
    assert result.exit_code == 1
    assert "A Dynasty's Destiny" in result.stderr
