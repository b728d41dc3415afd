"""Raw Deal as a `rawdeal.games` ruleset: an adapter over the engine's `Game`, its saves, move reader
and transcript lines, so the generic tools play Raw Deal exactly as the Raw Deal commands do (same
saves, same bytes). It changes nothing in the engine; imports are inside the methods, so listing the
games (`rawdeal games`) loads no engine."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rawdeal.errors import UsageError
from rawdeal.games.protocol import Turn

if TYPE_CHECKING:
    from rawdeal.engine.game import Game


class RawDealState:
    """A Raw Deal game behind the generic `State` interface."""

    def __init__(self, game: Game, cards: list[list[int]] | None = None) -> None:
        from rawdeal.engine.invariants import card_lists

        self.game = game
        self.cards = card_lists(game.s) if cards is None else cards  # each player's cards, for `check`

    @property
    def listen(self) -> bool:
        """False while nobody reads the events (random play): the engine then builds fewer of them."""
        return self.game.listen

    @listen.setter
    def listen(self, value: bool) -> None:
        self.game.listen = value

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def winner(self) -> int | None:
        return self.game.s.winner

    @property
    def how(self) -> str:
        return self.game.s.how

    def seat(self, player: int, lang: str = "en") -> str:
        return self.game.name(player)

    def turn(self) -> Turn | None:
        d = self.game.decision()
        return None if d is None else Turn(d.player, d.kind, d.describe, d.moves)

    def apply(self, move: Any) -> list[Any]:
        return self.game.apply(move)

    def resume(self) -> list[Any]:
        return self.game.resume()

    def copy(self) -> RawDealState:
        return RawDealState(self.game.copy(), self.cards)

    def view(self, player: int, seed: int) -> RawDealState:
        import random

        from rawdeal.bots.infoset import sample

        world = sample(self.game, player, random.Random(seed))
        world.listen = True
        return RawDealState(world, self.cards)

    def to_json(self) -> dict[str, Any]:
        from rawdeal.io.save import save_dict

        return save_dict(self.game)

    def check(self) -> None:
        from rawdeal.engine.invariants import card_lists

        if card_lists(self.game.s) != self.cards:
            raise AssertionError("cards not conserved: a player's cards changed")


class RawDeal:
    name = "rawdeal"
    title = "Raw Deal"
    languages = ("en",)
    avoid = frozenset({"surrender"})
    option_names = ("unshuffled",)

    def start(self, setup: Sequence[str], seed: int, options: Sequence[str] = ()) -> tuple[RawDealState, list[Any]]:
        """`setup`: two deck files, or `random:N` for a random legal deck drawn from seed N; option
        `unshuffled` plays the course's rules (never shuffle)."""
        from rawdeal.engine.setup import new_game

        if len(setup) != 2:
            raise UsageError("Raw Deal needs two decks: deck files, or random:N")
        unknown = [o for o in options if o != "unshuffled"]
        if unknown:
            raise UsageError(f"unknown Raw Deal option {unknown[0]!r}: use unshuffled")
        decks = [_deck(text) for text in setup]
        game, events = new_game(decks[0], decks[1], "course" if "unshuffled" in options else "standard", seed)
        return RawDealState(game), events

    def random_setup(self, seed: int) -> tuple[str, ...]:
        return (f"random:{2 * seed}", f"random:{2 * seed + 1}")

    def load(self, data: bytes, source: str) -> RawDealState:
        from rawdeal.io.save import loads

        return RawDealState(loads(data, source))

    def read_move(self, text: str) -> Any:
        from rawdeal.engine.moves import read_move

        return read_move(text)[0]

    def move_text(self, move: Any, lang: str) -> str:
        return str(move)

    def evaluate(self, state: Any, player: int) -> float:
        from rawdeal.bots.evaluation import evaluate

        return evaluate(state.game, player)

    def prompt(self, turn: Turn, lang: str) -> str:
        return turn.prompt

    def show(self, state: Any, player: int, lang: str) -> list[str]:
        g = state.game
        lines = [f"  {g.name(p)}: {g.status(p).fortitude}F, {len(g.s.players[p].hand)} in hand,"
                 f" {len(g.s.players[p].arsenal)} in Arsenal" for p in (player, 1 - player)]
        return [*lines, f"  your hand: {', '.join(g.titles(g.s.players[player].hand)) or '-'}"]

    def render(self, event: Any, lang: str) -> str:
        from rawdeal.io.transcript import event_line

        return event_line(event)

    def event_dict(self, event: Any) -> dict[str, Any]:
        return dict(event.to_dict())


def _deck(text: str) -> Any:
    if text.startswith("random:") and text[7:].isdigit():
        from rawdeal.arena.random_decks import random_deck

        return random_deck(int(text[7:]), path=text)
    from rawdeal.decks import read_deck

    return read_deck(text)


RULESET = RawDeal()
