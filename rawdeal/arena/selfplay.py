"""Many seeded random games (`rawdeal selfplay`): a tally of how they ended, or the first failure.

Game `i` of a run with seed `S` uses seed `S + i` for everything: the decks it draws, the engine's
generator and the random player. A failure carries the two decks and the moves, so
`rawdeal new deck-a.txt deck-b.txt --seed S [--unshuffled] -o start.json && rawdeal run start.json
moves.txt` replays it.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import islice
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

if TYPE_CHECKING:
    from rawdeal.engine.game import Game

# fork shares the loaded card catalog with the workers; elsewhere they load it (from the disk cache)
_START_METHOD = "fork" if sys.platform == "linux" else None


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
class Summary:
    games: int = 0
    moves: int = 0
    ended: Counter[str] = field(default_factory=Counter)
    failure: Failure | None = None

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

    With `jobs` > 1 the games run in that many processes, in chunks of consecutive seeds merged in
    seed order, so the summary (and the first failure) is the one `jobs=1` gives.
    """
    if jobs > 1 and games > 1:
        return _parallel(games, seed, decks, profile, check, max_moves, on_game, jobs)
    return _play_range(_Chunk(seed, games, decks, profile, check, max_moves), on_game)


class _Chunk(NamedTuple):
    """Games `seed` .. `seed + games - 1`, with everything a worker process needs to play them."""

    seed: int
    games: int
    decks: Sequence[Lineup] | None
    profile: str
    check: bool
    max_moves: int


def _play_range(chunk: _Chunk, on_game: Callable[[int], None] | None = None) -> Summary:
    summary = Summary()
    for game_seed in range(chunk.seed, chunk.seed + chunk.games):
        pair = game_decks(game_seed, chunk.decks)
        try:
            record = play_one(game_seed, pair, chunk.profile, chunk.check, chunk.max_moves)
        except InvariantError as exc:
            summary.failure = Failure(game_seed, chunk.profile, pair, exc.moves, exc.problem)
            return summary
        summary.games += 1
        summary.moves += len(record.moves)
        summary.ended[record.how or "unfinished"] += 1
        if on_game is not None:
            on_game(summary.games)
    return summary


def _parallel(games: int, seed: int, decks: Sequence[Lineup] | None, profile: str, check: bool,
              max_moves: int, on_game: Callable[[int], None] | None, jobs: int) -> Summary:
    import multiprocessing

    size = max(1, min(250, games // (jobs * 8)))  # small enough to balance, large enough to be cheap
    chunks = (_Chunk(seed + start, min(size, games - start), decks, profile, check, max_moves)
              for start in range(0, games, size))
    summary = Summary()
    with multiprocessing.get_context(_START_METHOD).Pool(jobs) as pool:
        # a window of chunks at a time: a pool queues every task it is given, so --games 10^9 at once
        # would hold millions of them; in windows, memory stays flat
        while window := list(islice(chunks, jobs * 64)):
            for part in pool.imap(_play_range, window):  # in seed order
                summary.games += part.games
                summary.moves += part.moves
                summary.ended.update(part.ended)
                if on_game is not None:
                    on_game(summary.games)
                if part.failure is not None:  # the games after it are dropped, as with one job
                    summary.failure = part.failure
                    return summary
    return summary


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
