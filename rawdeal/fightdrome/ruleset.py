"""Fightdrome as a `rawdeal.games` ruleset: what the registry loads by the name "fightdrome"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rawdeal.fightdrome import events as ev
from rawdeal.fightdrome.options import NAMES as OPTION_NAMES


class Fightdrome:
    name = "fightdrome"
    title = "Altered Carbon: Fightdrome"
    languages = ("en", "es")
    avoid: frozenset[str] = frozenset()
    option_names = OPTION_NAMES

    def start(self, setup: Sequence[str], seed: int, options: Sequence[str] = ()) -> tuple[Any, list[Any]]:
        from rawdeal.fightdrome.setup import new_game

        return new_game(setup, seed, options)

    def random_setup(self, seed: int) -> tuple[str, ...]:
        """No setup: the characters are dealt from the Sleeve and Stack cards by the game's own seed."""
        return ()

    def load(self, data: bytes, source: str) -> Any:
        from rawdeal.fightdrome.save import load

        return load(data, source)

    def read_move(self, text: str) -> Any:
        from rawdeal.fightdrome.moves import read_move

        return read_move(text)

    def move_text(self, move: Any, lang: str) -> str:
        return str(move.text(lang))

    def evaluate(self, state: Any, player: int) -> float:
        """Cards in hand are life: the hand sizes' difference, then the Fame the hands are worth (what a
        win would score), then the Fame already won."""
        from rawdeal.fightdrome.settings import settings

        f = state.f
        if f.winner is not None:
            return 1000.0 if f.winner == player else -1000.0
        worth = settings().fame_of
        me, other = f.players[player], f.players[1 - player]
        return float(len(me.hand) - len(other.hand) + (sum(map(worth, me.hand)) - sum(map(worth, other.hand))) / 400
                + (me.fame - other.fame) / 100)

    def prompt(self, turn: Any, lang: str) -> str:
        from rawdeal.fightdrome.render import PROMPTS

        return PROMPTS[lang][turn.kind]

    def show(self, state: Any, player: int, lang: str) -> list[str]:
        from rawdeal.fightdrome.render import show

        return show(state, player, lang)

    def render(self, event: Any, lang: str) -> str:
        from rawdeal.fightdrome.render import line

        return line(event, lang)

    def board(self, state: Any, lang: str) -> Any:
        """The board `rawdeal view` draws (`rawdeal.games.board`)."""
        from rawdeal.fightdrome.board import board

        return board(state, lang)

    def card_face(self, name: str, lang: str) -> Any:
        from rawdeal.fightdrome.board import card_face

        return card_face(name, lang)

    def event_dict(self, event: Any) -> dict[str, Any]:
        assert isinstance(event, ev.Event)
        return event.to_dict()


RULESET = Fightdrome()
