"""What every game offers the generic tools (the shape of OpenSpiel's Game and State).

A `State` never blocks: it says whose decision is pending and its legal moves (`decision`), and
`apply` answers it. Chance is the game's own seeded generator, stored in its save. Moves are values
whose `str` is their move-file line; events are values that the ruleset renders to transcript lines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class Turn:
    """The pending decision: whose it is, what kind, the legal moves (values whose `str` is the move's
    text) and a prompt, or what makes it (players that read only the moves never pay for prompts)."""

    player: int
    kind: str
    describe: str | Callable[[], str] = field(compare=False)
    moves: tuple[Any, ...]

    @property
    def prompt(self) -> str:
        return self.describe if isinstance(self.describe, str) else self.describe()


class State(Protocol):
    """A game in progress."""

    @property
    def over(self) -> bool: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def how(self) -> str:
        """How the game ended ("" while it goes on): a word the selfplay tally counts."""
        ...

    def seat(self, player: int, lang: str = "en") -> str:
        """The player's name in transcripts."""
        ...

    def turn(self) -> Turn | None:
        """The pending decision, or None once the game is over."""
        ...

    def apply(self, move: Any) -> list[Any]:
        """Answer the pending decision; the events it caused. Raises IllegalMoveError (with the legal
        moves) for a move that is not legal now."""
        ...

    def resume(self) -> list[Any]:
        """The events that show a loaded game's position (transcripts start with them)."""
        ...

    def copy(self) -> State: ...

    def view(self, player: int, seed: int) -> State:
        """A copy as `player` may know it: what he cannot see is dealt again at random from `seed`
        (the opponent's hand, both draw piles' order, cards discarded face down)."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The save's contents (a game other than Raw Deal writes its name under "game")."""
        ...

    def check(self) -> None:
        """Raise AssertionError if an invariant is broken (cards lost or made, a hand out of bounds)."""
        ...


class Ruleset(Protocol):
    """A game: how to start one, read its saves and moves, and write its events."""

    name: str  # the registry's name, and a save's "game"
    title: str
    languages: tuple[str, ...]  # transcript languages, the first the default
    avoid: frozenset[str]  # moves (by text) a random player makes only when nothing else is legal
    option_names: tuple[str, ...]  # the rules options `start` takes (forms offer them)

    def start(self, setup: Sequence[str], seed: int, options: Sequence[str] = ()) -> tuple[State, list[Any]]:
        """A new game from its setup (Raw Deal: two deck files; Fightdrome: characters, or none to deal
        them from the supply) and options (rules variants); the opening events."""
        ...

    def random_setup(self, seed: int) -> tuple[str, ...]:
        """A setup for a seeded random game (selfplay, tournaments)."""
        ...

    def load(self, data: bytes, source: str) -> State:
        """A game from save bytes, checked for form and meaning; SaveError names what is wrong."""
        ...

    def read_move(self, text: str) -> Any:
        """One move from its text (a move-file line without its comment); MoveSyntaxError if unreadable."""
        ...

    def move_text(self, move: Any, lang: str) -> str:
        """A move as a transcript writes it (its `str` is its move-file line in the first language)."""
        ...

    def evaluate(self, state: State, player: int) -> float:
        """How good the position is for `player` (greedy and search players): > 0 better than the
        opponent, a large number once won."""
        ...

    def prompt(self, turn: Turn, lang: str) -> str:
        """The decision's prompt in `lang` (`turn.prompt` is the first language's)."""
        ...

    def show(self, state: State, player: int, lang: str) -> list[str]:
        """What `player` sees before he decides, as console lines (never what is hidden from him)."""
        ...

    def render(self, event: Any, lang: str) -> str:
        """An event as a transcript line."""
        ...

    def event_dict(self, event: Any) -> dict[str, Any]:
        """An event as a JSON object (JSON Lines transcripts)."""
        ...
