"""Many seeded random games (`rawdeal selfplay`): a tally of how they ended, or the first failure.

Game `i` of a run with seed `S` uses seed `S + i` for everything: the decks it draws, the engine's
generator and the random player. A failure carries the two decks and the moves, so
`rawdeal new deck-a.txt deck-b.txt --seed S [--unshuffled] -o start.json && rawdeal run start.json
moves.txt` replays it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from rawdeal.cards import load_db
from rawdeal.decks import Deck, format_deck
from rawdeal.arena.random_decks import random_titles
from rawdeal.bots.base import MAX_MOVES
from rawdeal.arena.random_game import GameRecord, InvariantError, move_file, play_random
from rawdeal.engine.invariants import WINS as WINS  # the tally's categories
from rawdeal.engine.moves import Move
from rawdeal.errors import UsageError
from rawdeal.games.randomplay import Played, Tally, run_games

if TYPE_CHECKING:
    from rawdeal.engine.game import Game


class Lineup(NamedTuple):
    """A legal deck as the engine needs it: the Superstar and 60 titles, bottom to top."""

    superstar: str
    titles: tuple[str, ...]

    def text(self) -> str:
        return format_deck(self.superstar, self.titles)


@dataclass(frozen=True)
class Failure:
    """The first game that crashed the engine or broke an invariant, with what replays it."""

    seed: int
    profile: str
    decks: tuple[Lineup, Lineup]
    moves: tuple[Move, ...]
    problem: str

    def commands(self) -> str:
        flag = " --unshuffled" if self.profile == "course" else ""
        return (f"rawdeal new deck-a.txt deck-b.txt --seed {self.seed}{flag} -o start.json"
                f" && rawdeal run start.json moves.txt")

    def report(self) -> str:
        """The seed, the problem, both decks and the move file, as one text."""
        parts = [f"seed {self.seed} ({self.profile} profile): {self.problem}",
                 f"reproduce: {self.commands()}"]
        for name, deck in zip(("deck-a.txt", "deck-b.txt"), self.decks):
            parts.append(f"--- {name}\n{deck.text()}")
        parts.append(f"--- moves.txt ({len(self.moves)} moves)\n{move_file(self.moves)}")
        return "\n".join(parts)


@dataclass
class Summary(Tally):
    """The tally of Raw Deal's selfplay (`rawdeal.games.randomplay.Tally`), its endings in the engine's order."""

    def lines(self) -> list[str]:
        how = ", ".join(f"{k} {self.ended[k]}" for k in (*WINS, "unfinished") if self.ended[k])
        extra = sorted(k for k in self.ended if k not in (*WINS, "unfinished"))
        how += "".join(f", {k} {self.ended[k]}" for k in extra)
        mean = self.moves / self.games if self.games else 0.0
        return [f"games: {self.games}", f"ended: {how or 'none'}", f"moves: {self.moves} ({mean:.1f} a game)"]


def game_decks(seed: int, decks: Sequence[Lineup] | None) -> tuple[Lineup, Lineup]:
    """Two decks for the game with this seed: drawn from `decks`, or random when None."""
    rnd = random.Random(seed)
    if decks is None:
        db = load_db()
        pair = [random_titles(rnd, db) for _ in range(2)]
        return Lineup(pair[0][0].name, tuple(pair[0][1])), Lineup(pair[1][0].name, tuple(pair[1][1]))
    if not decks:
        raise UsageError("no decks to play with")
    return rnd.choice(decks), rnd.choice(decks)


def lineups(decks: Sequence[Deck]) -> list[Lineup]:
    return [Lineup(d.superstar, d.titles) for d in decks]


def start_game(decks: tuple[Lineup, Lineup], profile: str, seed: int) -> Game:
    """A new seeded game between two legal decks: `new_game` without the deck check (random decks
    are legal by construction, tournament decks are checked once), so the same game `rawdeal new
    --seed` starts. The one place a bot or random game is set up."""
    from rawdeal.engine.cardinfo import catalog
    from rawdeal.engine.game import Game

    index = catalog().db.index
    arsenals = tuple(list(map(index.__getitem__, d.titles)) for d in decks)
    game, _ = Game.start((decks[0].superstar, decks[1].superstar), arsenals, profile, seed)  # type: ignore[arg-type]
    return game


def play_one(seed: int, decks: tuple[Lineup, Lineup], profile: str, check: bool,
             max_moves: int = MAX_MOVES) -> GameRecord:
    """One random game from its opening (a crash while starting it is a failure with no moves)."""
    try:
        game = start_game(decks, profile, seed)
    except Exception as exc:
        raise InvariantError(seed, f"{type(exc).__name__}: {exc}", ()) from exc
    return play_random(game, seed, max_moves, check)


def selfplay(games: int, seed: int, decks: Sequence[Lineup] | None = None, profile: str = "course",
             check: bool = False, max_moves: int = MAX_MOVES,
             on_game: Callable[[int], None] | None = None, jobs: int = 1) -> Summary:
    """Play `games` random games; stop at the first failure (kept in `Summary.failure`).

    The generic selfplay (`rawdeal.games.randomplay.run_games`) plays them: with `jobs` > 1 in that
    many processes, in chunks of consecutive seeds merged in seed order, so the summary (and the first
    failure) is the one `jobs=1` gives.
    """
    total = run_games(RawDealGames(decks, profile, check, max_moves), games, seed, Summary, jobs, on_game)
    assert isinstance(total, Summary)
    return total


@dataclass(frozen=True)
class RawDealGames:
    """Raw Deal's random game of a seed: its decks (from `decks`, or random), played by the random
    player; a failure carries what replays it. Picklable: the worker processes play it."""

    decks: Sequence[Lineup] | None
    profile: str
    check: bool
    max_moves: int

    def __call__(self, game_seed: int) -> Played | Failure:
        pair = game_decks(game_seed, self.decks)
        try:
            record = play_one(game_seed, pair, self.profile, self.check, self.max_moves)
        except InvariantError as exc:
            return Failure(game_seed, self.profile, pair, exc.moves, exc.problem)
        return Played(record.how, len(record.moves))


def write_failure(failure: Failure, folder: str | Path) -> Path:
    """deck-a.txt, deck-b.txt, moves.txt, start.json (the opening save) and README.txt in `folder`."""
    from rawdeal.decks import parse_deck
    from rawdeal.engine.setup import new_game
    from rawdeal.io.files import write_atomic
    from rawdeal.io.save import dumps

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    for name, deck in zip(("deck-a.txt", "deck-b.txt"), failure.decks):
        write_atomic(out / name, deck.text())
    write_atomic(out / "moves.txt", move_file(failure.moves))
    write_atomic(out / "README.txt", failure.report().split("\n--- ", 1)[0] + "\n")
    try:
        decks = [parse_deck(d.text(), name) for d, name in zip(failure.decks, ("deck-a.txt", "deck-b.txt"))]
        game, _ = new_game(decks[0], decks[1], failure.profile, failure.seed)
        write_atomic(out / "start.json", dumps(game))
    except Exception:  # the game could not even start: the decks and the README say why
        pass
    return out
