"""The engine's one tracing hook (`Game.trace`) only listens: the effects probe measures the same
engine that players meet, move for move."""

from __future__ import annotations

import pytest

from rawdeal.decks import parse_deck
from rawdeal.arena import selfplay as sp
from rawdeal.bots.registry import make_player
from rawdeal.engine.game import Game
from rawdeal.engine.setup import new_game
from rawdeal.io.save import dumps


def _play(seed: int, profile: str, traced: bool) -> tuple[list[str], bytes, int]:
    a, b = sp.game_decks(seed, None)
    game, events = new_game(parse_deck(a.text(), "a.txt"), parse_deck(b.text(), "b.txt"), profile, seed)
    heard: list[object] = []
    if traced:
        game.trace = lambda g, card, item: heard.append(item)
    player, lines = make_player("random", seed), [repr(e) for e in events]
    for _ in range(400):
        if game.decision() is None:
            break
        lines += [repr(e) for e in game.apply(player.choose(game))]
    return lines, dumps(game), len(heard)


@pytest.mark.parametrize("profile", ["course", "standard"])
def test_a_traced_game_plays_exactly_as_an_untraced_one(profile: str) -> None:
    for seed in range(6):
        plain, save, _ = _play(seed, profile, traced=False)
        traced, traced_save, heard = _play(seed, profile, traced=True)
        assert traced == plain and traced_save == save, seed
        assert heard > 0  # the tracer was told of the clauses, actions and plays the game applied


def test_the_hook_is_off_by_default() -> None:
    a, b = sp.game_decks(1, None)
    game, _ = new_game(parse_deck(a.text(), "a.txt"), parse_deck(b.text(), "b.txt"), "course", 1)
    assert isinstance(game, Game) and game.trace is None
