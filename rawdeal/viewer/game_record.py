"""Recording a game of any ruleset for the page, through the generic seam (`rawdeal.games`): the board the
ruleset describes (`rawdeal.games.board`), the pending decision with its legal moves in move-file
words, and the transcript lines each move printed. Raw Deal keeps its own recorder (`record`), whose
pages stay as they were; a save or scenario that names another game comes here.

Step 0 is the board before the first move, step k the board after move k, as in `record`.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rawdeal.errors import UsageError
from rawdeal.games.board import Board, CardFace, Viewable
from rawdeal.games.protocol import Ruleset, State
from rawdeal.games.replay import play_file, play_lines
from rawdeal.games.transcript import Transcript


@dataclass(frozen=True, slots=True)
class Decision:
    """The decision pending at a step: whose, what kind, its prompt and legal moves (move-file words)."""

    player: int
    kind: str
    prompt: str
    moves: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GameStep:
    board: Board
    decision: Decision | None  # None once the game is over
    winner: int | None
    how: str
    first: int  # the index of the step's first transcript line
    move: str = ""  # the move that led here, in move-file words ("" for the opening)


@dataclass(frozen=True)
class GameReplay:
    """A whole game of any ruleset: its transcript lines, the board at every step, and the cards shown."""

    game: str  # the ruleset's name
    lang: str
    title: str
    names: tuple[str, str]  # the seats, as transcripts name them
    lines: tuple[str, ...]
    steps: tuple[GameStep, ...]
    cards: tuple[CardFace, ...]  # every card on any board, sorted by name

    def step_of(self, line: int) -> int:
        """The step whose lines hold transcript line `line` (0-based); past the end, the last step."""
        return max(0, bisect_right([s.first for s in self.steps], line) - 1)


def viewable(rules: Ruleset) -> Viewable:
    if not isinstance(rules, Viewable):
        raise UsageError(f"rawdeal view cannot draw {rules.title} yet: its ruleset describes no board")
    return rules


class _Recorder:
    """A transcript sink that keeps the lines, and the board after each move (`step`)."""

    def __init__(self, rules: Ruleset, state: State, lang: str) -> None:
        self.rules, self.state, self.lang, self.view = rules, state, lang, viewable(rules)
        self.lines: list[str] = []
        self.steps: list[GameStep] = []
        self.start = 0

    def __call__(self, text: str) -> None:
        self.lines.extend(text.split("\n")[:-1])  # each line ends with a newline

    def step(self, move: str = "") -> None:
        state, rules, lang = self.state, self.rules, self.lang
        turn = state.turn()
        decision = None if turn is None else Decision(turn.player, turn.kind, rules.prompt(turn, lang),
                                                       tuple(rules.move_text(m, lang) for m in turn.moves))
        self.steps.append(GameStep(self.view.board(state, lang), decision, state.winner, state.how, self.start, move))
        self.start = len(self.lines)

    def replay(self, title: str) -> GameReplay:
        names = {c for s in self.steps for side in s.board.sides for z in side.zones for c in z.cards}
        names |= {card for s in self.steps for _, card in s.board.table}
        cards = tuple(self.view.card_face(n, self.lang) for n in sorted(names))
        seats = (self.state.seat(0, self.lang), self.state.seat(1, self.lang))
        return GameReplay(self.rules.name, self.lang, title, seats, tuple(self.lines), tuple(self.steps), cards)


def record_game(rules: Ruleset, state: State, opening: list[Any], moves: Path | list[str] | None, lang: str,
                title: str, source: str = "") -> GameReplay:
    """The game from its opening events through the move file, or its lines (an illegal move raises, at
    its file, line and column, as in `rawdeal run`)."""
    recorder = _Recorder(rules, state, lang)
    transcript = Transcript(rules, recorder, lang)
    transcript.events(opening)
    recorder.step()

    def step(move: Any) -> None:
        recorder.step(rules.move_text(move, lang))

    if isinstance(moves, list):
        play_lines(rules, state, moves, source or "moves.txt", transcript, step)
    elif moves is not None:
        play_file(rules, state, moves, transcript, step)
    return recorder.replay(title)


def language(rules: Ruleset, lang: str | None) -> str:
    """`--lang`, checked against the ruleset's languages (none given: its first)."""
    if lang is None:
        return rules.languages[0]
    if lang not in rules.languages:
        raise UsageError(f"--lang {lang}: {rules.title}'s transcripts are in {', '.join(rules.languages)}")
    return lang


def record_game_save(save: Path, moves: Path, lang: str | None = None) -> GameReplay:
    """`rawdeal view SAVE MOVES` for a save that names its game: resumed and the move file played."""
    from rawdeal.games.saves import read

    rules, state = read(save)
    return record_game(rules, state, state.resume(), moves, language(rules, lang), f"{save.name} + {moves.name}")


def record_game_scenario(folder: Path, lang: str | None = None) -> GameReplay:
    """A scenario folder whose start.json names its game (as `rawdeal verify` and `grade` play it)."""
    from rawdeal.games.saves import read
    from rawdeal.scenarios.model import load_scenario

    sc = load_scenario(folder)
    rules, state = read(sc.save)
    moves = sc.moves if sc.moves.is_file() else None
    return record_game(rules, state, state.resume(), moves, language(rules, lang), sc.name)


def names_a_game(save: Path) -> bool:
    """A save (or a scenario's start.json) that names a game other than Raw Deal: the generic path.
    Raw Deal's saves never name their game (`rawdeal.games.saves`)."""
    from rawdeal.errors import UsageError
    from rawdeal.games.registry import DEFAULT, game_of
    from rawdeal.inputs import SAVE_CAP, parse_json, read_input

    try:
        raw = parse_json(read_input(save, SAVE_CAP, "saved game"))  # a FIFO or device: no hang
    except (UsageError, ValueError):
        return False  # Raw Deal's own reader says what is wrong with the file
    return isinstance(raw, dict) and game_of(raw) != DEFAULT
