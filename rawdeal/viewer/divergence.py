"""Divergence pages for a grading run (`rawdeal grade --html DIR`): one page per failing test.

The board comes from the reference game, played again once per test however many students fail it:
a scenario's opening and moves, or a course test's answers on the course's console. A test whose
game cannot be played again (its moves are illegal, say) still gets its page, with the lines only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path, PurePosixPath

from rawdeal.errors import RawdealError, UsageError
from rawdeal.grading.model import ScenarioResult, StudentResult
from rawdeal.io.diff import Comparison, is_input
from rawdeal.io.files import write_atomic
from rawdeal.viewer.game_record import GameReplay
from rawdeal.viewer.page import render_divergence
from rawdeal.viewer.record import Replay

Pages = dict[tuple[str, str], str]  # (student, test) -> the page's path, as the reports name it


# A test's reference game, by the test's name and the reference lines it must print (a course
# test's with its `INPUT:` lines when the two transcripts compared held them).
Games = Callable[[str, tuple[str, ...]], Replay | GameReplay]


def scenario_games(suite: Sequence[object]) -> Games:
    """The reference game of each scenario of a suite, by the scenario's name."""
    from rawdeal.scenarios.model import Scenario

    paths = {sc.name: sc.path for sc in suite if isinstance(sc, Scenario)}
    return lambda name, lines: scenario_game(paths[name])


def scenario_game(folder: Path) -> Replay | GameReplay:
    """A scenario's game: Raw Deal's, or the game its start.json names (played as `grade` plays it)."""
    from rawdeal.viewer import game_record, record

    if game_record.names_a_game(folder / "start.json"):
        return game_record.record_game_scenario(folder)
    return record.record_scenario(folder)


def course_games(root: Path, tests: Sequence[object]) -> Games:
    """The reference game of each course test, by its name (`<cat>/<n>`): its answers on the console,
    its lines as the reference compared shows them (with `INPUT:` lines, or without)."""
    from rawdeal.grading.protocol import CourseTest
    from rawdeal.viewer.record import course_session

    by_name = {t.name: t for t in tests if isinstance(t, CourseTest)}

    def game(name: str, lines: tuple[str, ...]) -> Replay:
        t = by_name[name]
        return course_session(root / "data" / t.category, t.category, list(t.inputs), lines, _echoed(lines), name)

    return game


def _echoed(lines: tuple[str, ...]) -> bool:
    """The lines hold the answers typed (`INPUT:` lines): the console replaying them shows them too."""
    return any(map(is_input, lines))


def page_path(out: Path, student: str, test: str, single: bool) -> Path:
    """`DIR/<test>.html` for one student, `DIR/<student>/<test>.html` for a class (a course test's
    name, `<cat>/<n>`, is a folder and a file)."""
    parts = PurePosixPath(test).parts if single else (student, *PurePosixPath(test).parts)
    if not parts or any(p in ("", ".", "..") for p in parts):
        raise UsageError(f"{test!r}: cannot name a page after it")
    return out.joinpath(*parts[:-1], parts[-1] + ".html")


def write_pages(students: Sequence[StudentResult], out: Path, single: bool, game: Games) -> Pages:
    """Write a page for each failing test that printed something to compare; return where each went.
    A reference game is played once for all the students who fail its test."""
    games: dict[tuple[str, tuple[str, ...]], tuple[Replay | GameReplay | None, str]] = {}
    pages: Pages = {}
    for student in students:
        for result in student.results:
            if result.comparison is None or result.comparison.at is None:
                continue
            key = (result.name, result.comparison.expected)
            if key not in games:
                games[key] = _game(game, *key)
            path = page_path(out, student.student, result.name, single)
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, divergence_page(result, student.student, *games[key]))
            pages[(student.student, result.name)] = str(path)
    return pages


def one_page(result: ScenarioResult, student: str, game: Games) -> str:
    """One failing test's page, as `write_pages` writes it (a service draws it when it is asked for)."""
    assert result.comparison is not None
    return divergence_page(result, student, *_game(game, result.name, result.comparison.expected))


def _game(game: Games, name: str, lines: tuple[str, ...]) -> tuple[Replay | GameReplay | None, str]:
    try:
        return game(name, lines), ""
    except RawdealError as exc:
        return None, f"the reference game could not be played again: {exc}"


def divergence_page(result: ScenarioResult, student: str, replay: Replay | GameReplay | None, note: str = "") -> str:
    c = result.comparison
    assert c is not None and c.at is not None
    return render_divergence(replay, c.expected, c.actual, c.at, ("reference", student),
                             f"{student}: {result.name}", note, c.expected_lines)


def diff_page(comparison: Comparison, names: tuple[Path, Path], text: str, scenario: Path | None,
              game: tuple[Path | None, Path | None], course: Path | None) -> str:
    """`rawdeal diff A B --html FILE`: the page of two transcripts, with the board of the game that
    A is the transcript of (a scenario, a save and its moves, or with `course` A itself), if given."""
    from rawdeal.viewer import game_record, record

    assert comparison.at is not None
    replay: Replay | GameReplay | None = None
    if scenario is not None:
        replay = scenario_game(scenario)
    elif game[0] is not None and game[1] is not None:
        named = game_record.names_a_game(game[0])
        replay = game_record.record_game_save(game[0], game[1]) if named else record.record_save(game[0], game[1])
    elif course is not None:
        from rawdeal.course.console import answers_of

        category, decks = record.course_paths(course, names[0])
        replay = record.course_session(decks, category, answers_of(text), comparison.expected,
                                       _echoed(comparison.expected), category)
    note = "" if replay is not None else "give --scenario, --save with --moves, or --course to see the board"
    return render_divergence(replay, comparison.expected, comparison.actual, comparison.at,
                             (names[0].name, names[1].name), f"{names[0].name} vs {names[1].name}", note,
                             comparison.expected_lines)
