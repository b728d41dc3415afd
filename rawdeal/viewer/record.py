"""Playing a game once and keeping the board after every move: a `Replay`.

Three sources, as `rawdeal view` takes them: a save and a move file (played as `rawdeal run` plays
them), a scenario folder, and a course transcript (its `INPUT:` answers fed to the course's console,
whose Spanish lines are then the transcript). Step 0 is the board before the first move; step k the
board after move k, with the transcript lines that move printed (on the course's console, from its
answer on: the menus before it were asked on the board of step k-1).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from rawdeal.replay.movefile import MoveLine, play_moves, read_moves
from rawdeal.engine import events as ev
from rawdeal.engine.choices import choice_labels
from rawdeal.engine.game import Game
from rawdeal.engine.moves import Choose, read_move
from rawdeal.engine.tasks import AskChoice
from rawdeal.errors import InputEndedError, RawdealError, UsageError
from rawdeal.io.transcript import Transcript
from rawdeal.viewer.board import Board, Boards


@dataclass(frozen=True, slots=True)
class Step:
    board: Board
    first: int  # the index of the step's first transcript line; it runs to the next step's first
    move: str = ""  # the move that led here, in move-file words ("" for the opening)


@dataclass(frozen=True)
class Replay:
    """A whole game: its transcript lines and the board at every step. No steps: no game was played
    (a course session that stopped at an invalid deck)."""

    title: str
    lines: tuple[str, ...]
    steps: tuple[Step, ...]

    def step_of(self, line: int) -> int:
        """The step whose lines hold transcript line `line` (0-based); past the end, the last step."""
        return max(0, bisect_right([s.first for s in self.steps], line) - 1)


class _Recorder:
    """A transcript sink that keeps each move's lines and the board after it (one call per move)."""

    def __init__(self, game: Game) -> None:
        self.game, self.boards = game, Boards(game)
        self.lines: list[str] = []
        self.steps: list[Step] = []
        self.labels: list[str] = []  # a pending "choose one" decision's option labels

    def __call__(self, text: str) -> None:
        first = len(self.lines)
        lines = text.split("\n")[:-1]  # each line ends with a newline
        self.lines.extend(lines)
        move = lines[0].partition(": ")[2] if self.steps and lines and lines[0].startswith("> ") else ""
        if move:
            move = _as_offered(move, self.steps[-1].board, self.labels)
        self.steps.append(Step(self.boards(), first, move))
        tasks = self.game.s.tasks
        self.labels = choice_labels(tasks[-1]) if tasks and isinstance(tasks[-1], AskChoice) else []

    def replay(self, title: str) -> Replay:
        return Replay(title, tuple(self.lines), tuple(self.steps))


def _as_offered(text: str, before: Board, labels: list[str]) -> str:
    """A move as the legal moves spelled it (`choose "draw 2 cards"` is `choose 1`), so the page can
    mark it among them; as written when it is not found."""
    offered = before.asked.moves if before.asked is not None else ()
    if text in offered:
        return text
    try:
        move = read_move(text)[0]
    except RawdealError:
        return text
    folded = [label.casefold() for label in labels]
    if isinstance(move, Choose) and move.option.casefold() in folded:
        move = Choose(str(folded.index(move.option.casefold()) + 1))
    spelled = {m.casefold(): m for m in offered}
    typed = [m for m in offered if m.casefold().startswith(str(move).casefold() + " as ")]  # `play "X"`: its one type
    return spelled.get(str(move).casefold(), typed[0] if len(typed) == 1 else text)


def record_moves(game: Game, opening: list[ev.Event], moves: Iterable[MoveLine], title: str,
                 source: str = "moves.txt") -> Replay:
    """The game from its opening events through the moves (an illegal move raises, as in `rawdeal run`)."""
    recorder = _Recorder(game)
    transcript = Transcript(recorder)
    transcript.events(opening)
    play_moves(game, moves, transcript, source)
    return recorder.replay(title)


def record_save(save: Path, moves: Path) -> Replay:
    """`rawdeal view SAVE MOVES`: the save resumed and the move file played."""
    from rawdeal.io.save import read_save

    game = read_save(save)
    return record_moves(game, game.resume(), read_moves(moves), f"{save.name} + {moves.name}", str(moves))


def record_scenario(folder: Path) -> Replay:
    """`rawdeal view SCENARIO_DIR`: the scenario's opening (save or decks) and its move file."""
    from rawdeal.scenarios.model import load_scenario
    from rawdeal.scenarios.play import new_game

    sc = load_scenario(folder)
    if sc.save.is_file():
        from rawdeal.io.save import read_save

        game = read_save(sc.save)
        opening = game.resume()
    else:
        game, opening = new_game(sc)
    moves = read_moves(sc.moves) if sc.moves.is_file() else []
    return record_moves(game, opening, moves, sc.name, f"{sc.name}/moves.txt")


def course_paths(root: Path, transcript: Path) -> tuple[str, Path]:
    """A course test's category and its deck folder: `data/<cat>-Tests/<n>.txt` plays `ROOT/data/<cat>`."""
    folder = transcript.parent.name
    if not folder.endswith("-Tests"):
        raise UsageError(f"{transcript}: a course transcript lives in data/<cat>-Tests/ (got {folder}/)")
    category = folder[: -len("-Tests")]
    decks = root / "data" / category
    if not decks.is_dir():
        raise UsageError(f"{decks}: no deck folder for {transcript} (give the bank's ROOT, which holds data/)")
    return category, decks


def record_course(root: Path, transcript: Path, text: str) -> Replay:
    """`rawdeal view --course ROOT data/<cat>-Tests/<n>.txt`: the course's console replaying the
    transcript's answers, its lines as the transcript shows them (`INPUT:` lines included)."""
    from rawdeal.course.console import answers_of
    from rawdeal.io.diff import events

    category, decks = course_paths(root, transcript)
    return course_session(decks, category, answers_of(text), events(text.removeprefix("\ufeff")), True,
                          f"{category}/{transcript.stem}")


def course_session(decks: Path, category: str, answers: list[str], wanted: tuple[str, ...], echo: bool,
                   title: str) -> Replay:
    """The course's console playing `answers` on the decks of `category`, a step per engine move (with
    `echo`, each answer shown as an `INPUT:` line). The 01-ValidDecks transcripts come from an older
    harness (one more blank line): when the usual session does not print `wanted`, the older one is
    tried, and the one that prints it kept."""
    from rawdeal.io.diff import events

    session = _course_session(decks, category, answers, echo, legacy=False)
    if events("\n".join(session.lines)) != wanted:
        older = _course_session(decks, category, answers, echo, legacy=True)
        if events("\n".join(older.lines)) == wanted:
            session = older
    return Replay(title, session.lines, session.steps)


def _course_session(decks: Path, category: str, answers: list[str], echo: bool, legacy: bool) -> Replay:
    from rawdeal.course.console import CourseConsole, from_lines

    lines: list[str] = []
    steps: list[Step] = []
    made: list[Boards] = []  # the game's boards, once the game has started

    class Console(CourseConsole):
        """The course's console, keeping the board after each engine move."""

        def decide(self, game: Game) -> None:
            """`CourseConsole.decide`, keeping the move and the board after it."""
            if not steps:
                made.append(Boards(game))
                steps.append(Step(made[0](), 0))
            move = self.answer(game)  # the menus: the board they are asked on is the step before's
            first = len(lines) - (echo and bool(lines) and lines[-1].startswith("INPUT:"))  # the answer starts the step
            self.show(game.apply(move))
            steps.append(Step(made[0](), first, str(move)))

    try:
        Console(from_lines(answers), lines.append, echo, legacy).play(decks, f"data/{category}")
    except InputEndedError:
        pass  # a transcript cut short (a program that crashed): the steps played so far
    return Replay("", tuple(lines), tuple(steps))
