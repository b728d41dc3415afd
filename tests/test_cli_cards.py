"""`rawdeal cards` (listing, filters, --check) and `rawdeal card TITLE`."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from rawdeal.cli import app
from rawdeal.cards import Card
from rawdeal.effects.model import CardEffect
from rawdeal.errors import EffectSyntaxError

runner = CliRunner()


def _titles(*args: str) -> list[str]:
    result = runner.invoke(app, ["cards", *args])
    assert result.exit_code == 0, result.output
    return [line.split(" | ")[0] for line in result.stdout.splitlines()]


def test_check_compiles_everything() -> None:
    result = runner.invoke(app, ["cards", "--check"])
    assert result.exit_code == 0
    assert result.stdout == "137/137 cards compiled, 137/137 effects executed\n"


def test_check_json_shape() -> None:
    result = runner.invoke(app, ["cards", "--check", "--format", "json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"compiled": 137, "total": 137, "failures": [],
                                         "effects_executed": 137, "effects_failures": []}


def test_check_reports_an_effect_the_engine_does_not_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine that silently ignores "look at" must not count the cards that say it as executed."""
    from rawdeal.effects import model as fx
    from rawdeal.engine import actions

    monkeypatch.setitem(actions.ACTIONS, fx.LookAt, lambda self, owner, a, card: None)
    result = runner.invoke(app, ["cards", "--check", "--format", "json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    failed = {f["card"] for f in data["effects_failures"]}
    assert {"Whaddya Got?", "Hmmm", "Fireman's Carry"} <= failed
    assert data["effects_executed"] == 137 - len(failed)
    assert all("not executed: look at" in f["error"] for f in data["effects_failures"])


def test_check_fails_with_exit_1_and_names_the_card(monkeypatch: pytest.MonkeyPatch) -> None:
    from rawdeal.effects import course

    real = course.compile_card

    def broken(card: Card) -> CardEffect:
        if card.title == "Chop":
            raise EffectSyntaxError("Chop: cannot parse the effect text at column 1")
        return real(card)

    monkeypatch.setattr(course, "compile_card", broken)
    result = runner.invoke(app, ["cards", "--check", "--format", "json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["compiled"] == 136 and data["total"] == 137
    assert data["failures"] == [{"card": "Chop", "error": "Chop: cannot parse the effect text at column 1"}]
    text = runner.invoke(app, ["cards", "--check"])
    assert text.exit_code == 1
    assert text.stdout.splitlines()[-1] == "136/137 cards compiled"
    assert "FAIL Chop: " in text.stdout


def test_listing_shows_title_types_subtype_and_stats() -> None:
    result = runner.invoke(app, ["cards"])
    lines = result.stdout.splitlines()
    assert len(lines) == 137
    assert lines[0] == "Chop | action/maneuver | strike | 0/2/0"


def test_filters_combine() -> None:
    assert _titles("--superstar", "kane", "--type", "reversal") == ["Kane's Return!"]
    assert _titles("--superstar", "THE UNDERTAKER", "--type", "REVERSAL") == ["Undertaker Sits Up!"]
    assert _titles("--subtype", "strike", "--min-f", "10", "--max-f", "12") == ["Chair Shot", "Hurricanrana"]
    assert _titles("--trait", "HEEL")[:3] == ["Chair Shot", "Choke Hold", "Manager Interferes"]
    assert _titles("--superstar", "hhh", "--trait", "heel") == []


def test_fortitude_bounds_are_inclusive() -> None:
    data = json.loads(runner.invoke(app, ["cards", "--min-f", "30", "--max-f", "30", "--format", "json"]).stdout)
    assert data and {c["f"] for c in data} == {30}


def test_json_listing_shape() -> None:
    data = json.loads(runner.invoke(app, ["cards", "--type", "action", "--max-f", "0", "--format", "json"]).stdout)
    chop = next(c for c in data if c["title"] == "Chop")
    assert chop == {
        "title": "Chop", "types": ["action", "maneuver"], "subtype": "strike", "reverses": None, "traits": [],
        "logo": None, "f": 0, "d": "2", "sv": 0, "text": chop["text"],
    }


def test_bad_filter_is_a_usage_error() -> None:
    result = runner.invoke(app, ["cards", "--type", "spell"])
    assert result.exit_code == 2
    assert "--type must be one of maneuver, action, reversal" in result.stderr
    unknown = runner.invoke(app, ["cards", "--superstar", "hulk"])
    assert unknown.exit_code == 2 and "unknown Superstar 'hulk'" in unknown.stderr


def test_card_shows_data_text_tree_and_meaning_ignoring_case() -> None:
    result = runner.invoke(app, ["card", "back body DROP"])
    assert result.exit_code == 0
    out = result.stdout.splitlines()
    assert out[0].startswith("Back Body Drop | maneuver | strike | ")
    assert out[1].startswith("text: The card titled Irish Whip must be played before")
    assert out[2] == "effect:"
    assert "    PlayRequirement" in out
    assert "      condition: After(title='Irish Whip')" in out
    assert "meaning:" in out
    assert out[-1] == "  when played, choose one: draw 2 cards; or opponent discards 2 cards (opponent chooses)"


def test_unknown_card_exits_1_with_the_closest_titles() -> None:
    result = runner.invoke(app, ["card", "Jockying"])
    assert result.exit_code == 1
    assert "unknown card 'Jockying'" in result.stderr
    assert "'Jockeying for Position'" in result.stderr


def test_importing_the_cli_does_not_import_lark() -> None:
    code = "import sys, rawdeal.cli; print('lark' in sys.modules, 'rawdeal.effects.course' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
