"""Setting up `rawdeal play`: a new or resumed game, the computer player, the record and the save.

A new game without a seed draws one and says it (the same seed deals the same game). Leaving before
the end — `quit`, Ctrl-C or the end of input — saves the game, and beside the save (`SAVE.play.json`)
who the computer plays and which seat is the person's, so `--resume` brings back the same opponent
and says the command that does it.
"""

from __future__ import annotations

import secrets
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import orjson

from rawdeal.bots.registry import make_player
from rawdeal.console.interactive import Bot, Session, Terminal
from rawdeal.engine.game import Game
from rawdeal.engine.moves import Move
from rawdeal.errors import UsageError
from rawdeal.io.files import write_atomic
from rawdeal.io.save import dumps, read_save

NEW_SAVE = Path("rawdeal-game.json")
_FORMAT = "rawdeal-play/1"
_SEEDS = 1_000_000  # drawn seeds stay short enough to read and type


@dataclass(frozen=True)
class Table:
    """Who sits where: the computer player's name (None: two people) and the person's seat (0 plays A)."""

    vs: str | None = None
    seat: int = 0

    @property
    def bot_seat(self) -> int:
        return 1 - self.seat


@dataclass(frozen=True)
class Ending:
    """How a session ended: what to print last (nothing when the game's own last line said it) and the exit code."""

    message: str
    code: int = 0


def table_path(save: Path) -> Path:
    return save.with_name(save.name + ".play.json")


def write_table(save: Path, table: Table) -> None:
    write_atomic(table_path(save), orjson.dumps({"format": _FORMAT, "vs": table.vs, "seat": table.seat},
                                                option=orjson.OPT_SORT_KEYS | orjson.OPT_INDENT_2) + b"\n")


def read_table(save: Path) -> Table | None:
    """The table saved beside `save`, None when there is none; a damaged one is an error naming it."""
    path = table_path(save)
    try:
        raw = orjson.loads(path.read_bytes())
    except FileNotFoundError:
        return None
    except (OSError, orjson.JSONDecodeError) as exc:
        raise UsageError(f"{path}: cannot read it ({exc}); give --vs PLAYER, or delete it") from None
    fields = raw if isinstance(raw, dict) else {}
    vs, seat = fields.get("vs"), fields.get("seat")
    if fields.get("format") != _FORMAT or not (vs is None or isinstance(vs, str)) or seat not in (0, 1):
        raise UsageError(f"{path}: not a {_FORMAT} file (format, vs, seat); give --vs PLAYER, or delete it")
    return Table(vs, seat)


def make_bot(name: str, seed: int) -> Bot:
    """A computer player of the registry (random, greedy, search, search:N)."""
    return make_player(name, seed).choose


def draw_seed() -> int:
    """A fresh seed for a new game given none; it is printed, so the game can be dealt again."""
    return secrets.randbelow(_SEEDS)


def new_game(decks: list[Path], seed: int, unshuffled: bool) -> Game:
    from rawdeal.decks import read_deck
    from rawdeal.engine.setup import new_game as deal

    game, _ = deal(read_deck(decks[0]), read_deck(decks[1]), "course" if unshuffled else "standard", seed)
    return game


def play_session(terminal: Terminal, game: Game, table: Table, record: Path | None, save: Path,
                 resumed: bool) -> Ending:
    """Play at the terminal until the game ends or the person leaves (then the game is saved)."""
    bots = {table.bot_seat: make_bot(table.vs, game.s.seed + game.s.turn)} if table.vs else {}
    session = Session(game, terminal, _recorder(record, game, appending=resumed), bots)
    try:
        session.events(game.resume())
        outcome = session.run()
    except KeyboardInterrupt:
        outcome = "interrupt"
    if outcome == "over":
        return Ending("")  # the game's last event said who won
    write_atomic(save, dumps(game))
    write_table(save, table)
    words = ["rawdeal", "play", "--resume", str(save)] + (["--vs", table.vs] if table.vs else [])
    words += ["--record", str(record)] if record is not None else []
    why = {"quit": "", "eof": "end of input: ", "interrupt": "interrupted: "}[outcome]
    return Ending(f"{why}game saved to {save}; go on with: {shlex.join(words)}", 130 if outcome == "interrupt" else 0)


def _recorder(record: Path | None, game: Game, appending: bool) -> Callable[[Move], None]:
    """Append each move to the record as it is made (the opening save goes beside a new record)."""
    if record is None:
        return lambda move: None
    if not appending or not record.exists():
        start = record.with_name(record.name + ".start.json")
        write_atomic(start, dumps(game))
        write_atomic(record, f"# rawdeal play: replay with  rawdeal run {start.name} {record.name}\n")

    def add(move: Move) -> None:
        with record.open("a", encoding="utf-8") as fh:
            fh.write(f"{move}\n")

    return add


def start(decks: list[Path] | None, resume: Path | None, vs: str | None, seed: int | None,
          unshuffled: bool) -> tuple[Game, Table, str]:
    """The game, who sits where, and a first line to print (the seed of a new game)."""
    if resume is not None:
        game = read_save(resume)
        saved = read_table(resume) or Table()
        table = Table(vs if vs is not None else saved.vs, saved.seat)
        if vs is not None:
            make_bot(vs, 0)  # an unknown name is a usage error before anything is printed
        return game, table, ""
    assert decks is not None
    chosen = draw_seed() if seed is None else seed
    if vs is not None:
        make_bot(vs, 0)
    game = new_game(decks, chosen, unshuffled)
    again = shlex.join(["rawdeal", "play", *map(str, decks), *(["--vs", vs] if vs else []), "--seed", str(chosen)]
                       + (["--unshuffled"] if unshuffled else []))
    return game, Table(vs), f"seed {chosen}: the same seed deals the same game ({again})"
