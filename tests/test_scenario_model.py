"""The one scenario model: metadata read once into a `Scenario`, and a deck scenario started with the
profile and seed its metadata names (not a hard-coded one)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rawdeal.decks import read_deck
from rawdeal.engine.setup import new_game
from rawdeal.errors import ScenarioError
from rawdeal.io.transcript import Transcript
from rawdeal.scenarios.model import Scenario, load_scenario
from rawdeal.scenarios.play import start

DECKS = Path(__file__).resolve().parents[1] / "decks"


def deck_scenario(folder: Path, meta: str) -> Path:
    folder.mkdir()
    shutil.copyfile(DECKS / "the-rock.txt", folder / "deck-a.txt")
    shutil.copyfile(DECKS / "hhh.txt", folder / "deck-b.txt")
    (folder / "scenario.toml").write_text(meta, encoding="utf-8")
    return folder


def test_metadata_fills_the_scenario(tmp_path: Path) -> None:
    folder = deck_scenario(tmp_path / "s", 'name = "opening"\npoints = 2.5\nprofile = "standard"\nseed = 7\n')
    assert load_scenario(folder) == Scenario(folder, "opening", 2.5, "", "standard", 7)


def test_defaults_without_metadata(tmp_path: Path) -> None:
    (tmp_path / "plain").mkdir()
    assert load_scenario(tmp_path / "plain") == Scenario(tmp_path / "plain", "plain")


@pytest.mark.parametrize("profile, seed", [("standard", 7), ("standard", 8), ("course", 0)])
def test_a_deck_scenario_starts_with_its_own_profile_and_seed(tmp_path: Path, profile: str, seed: int) -> None:
    folder = deck_scenario(tmp_path / "s", f'profile = "{profile}"\nseed = {seed}\n')
    game, transcript = start(load_scenario(folder))
    expected_game, events = new_game(read_deck(folder / "deck-a.txt"), read_deck(folder / "deck-b.txt"), profile, seed)
    expected = Transcript()
    expected.events(events)
    assert game.s.profile == profile
    assert game.s.players[0].hand == expected_game.s.players[0].hand
    assert transcript.text() == expected.text()


def test_a_scenario_without_a_start_says_what_it_needs(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(ScenarioError, match="needs start.json, or deck-a.txt and deck-b.txt"):
        start(load_scenario(tmp_path / "empty"))
