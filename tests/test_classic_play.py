"""Classic games: two Classic decks start a game that plays their lowered effects, saves and reloads with the
Classic cards, and refuses a card the engine cannot play yet."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rawdeal.bots.random import pick
from rawdeal.cli import app
from rawdeal.decks import Deck
from rawdeal.effects.classic.playable import is_played_kind, lowered_classic
from rawdeal.engine.classic import new_classic_game, random_classic_deck, shipped_classic
from rawdeal.engine.game import Game
from rawdeal.errors import DeckError
from rawdeal.io.save import dumps, loads

runner = CliRunner()


def _decks(seed: int) -> tuple[Deck, Deck]:
    rnd = random.Random(seed)
    made = [random_classic_deck(shipped_classic(), rnd) for _ in (0, 1)]
    return Deck.of(made[0][0], made[0][1], "a.txt"), Deck.of(made[1][0], made[1][1], "b.txt")


def _write(deck: Deck, path: Path) -> Path:
    path.write_text(f"{deck.superstar} (Superstar Card)\n" + "".join(f"{t}\n" for t in deck.titles), encoding="utf-8")
    return path


def test_new_classic_game_writes_a_save_that_names_its_pool(tmp_path: Path) -> None:
    a, b = _decks(1)
    save = tmp_path / "game.json"
    result = runner.invoke(app, ["new", str(_write(a, tmp_path / "a.txt")), str(_write(b, tmp_path / "b.txt")),
                                 "--pool", "classic", "--seed", "4", "-o", str(save)])
    assert result.exit_code == 0, result.output
    assert '"pool": "classic"' in save.read_text(encoding="utf-8")
    moves = runner.invoke(app, ["moves", str(save)])
    assert moves.exit_code == 0 and "end" in moves.stdout


def _play(game: Game, rnd: random.Random, n: int) -> None:
    for _ in range(n):
        if game.over:
            return
        game.apply(pick(game, rnd))


@pytest.mark.parametrize("seed", [2, 3])
def test_save_reload_and_continue_equals_straight_play(seed: int) -> None:
    straight, _ = new_classic_game(_decks(seed), seed=seed)
    _play(straight, random.Random(seed), 300)

    split, _ = new_classic_game(_decks(seed), seed=seed)
    rnd = random.Random(seed)
    _play(split, rnd, 120)
    again = loads(dumps(split))
    _play(again, rnd, 180)
    assert dumps(again) == dumps(straight)


def test_a_deck_with_a_card_the_engine_cannot_play_yet_is_refused() -> None:
    a, b = _decks(5)
    cannot = next(c.card.title for c in lowered_classic().cards
                  if is_played_kind(c.card) and not c.lowered.ok and not c.card.logos and not c.card.traits
                  and c.card.title not in a.titles)
    titles = list(a.titles)
    titles[0] = cannot
    with pytest.raises(DeckError, match="cannot play these cards yet") as caught:
        new_classic_game((Deck.of(a.superstar, titles, "a.txt"), b))
    assert cannot in str(caught.value)


def test_check_names_the_cards_the_engine_cannot_play_yet(tmp_path: Path) -> None:
    a, _ = _decks(6)
    cannot = next(c.card.title for c in lowered_classic().cards
                  if is_played_kind(c.card) and not c.lowered.ok and not c.card.logos and not c.card.traits
                  and c.card.title not in a.titles)
    deck = _write(Deck.of(a.superstar, [cannot, *a.titles[1:]], "c.txt"), tmp_path / "c.txt")
    result = runner.invoke(app, ["check", "--pool", "classic", str(deck)])
    assert result.exit_code == 0  # a legal Classic deck; the engine just cannot play all of it yet
    assert f"the engine cannot play yet: {cannot}" in result.stdout
    data = runner.invoke(app, ["check", "--pool", "classic", str(deck), "--format", "json"]).stdout
    assert '"cannot_play": [' in data and cannot in data
