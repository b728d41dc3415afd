"""The `rawdeal` command line: thin commands over pure library functions.

Heavy modules (lark, jsonschema, the engine) are imported inside the commands that need them, so
`import rawdeal.cli` and `rawdeal --help` stay fast. Library errors become a message on stderr and an
exit code in one place: `_errors`.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from rawdeal.errors import RawdealError, UsageError

if TYPE_CHECKING:
    from rawdeal.scenarios.model import Scenario

app = typer.Typer(
    name="rawdeal",
    help="Rules engine, batch tool and grading service for the Raw Deal card game.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


@contextmanager
def _errors() -> Iterator[None]:
    """Turn a RawdealError into `rawdeal: <message>` on stderr and its exit code (1 input, 2 usage).

    Messages quote what the user gave; control characters in it are shown escaped, never sent to
    the terminal. An output that cannot be written (no such folder, no space left) is an error too."""
    try:
        yield
    except RawdealError as exc:
        print(f"rawdeal: {visible(str(exc))}", file=sys.stderr)
        raise typer.Exit(exc.exit_code) from None
    except OSError as exc:  # writing the output failed: the write was atomic, so nothing is half-written
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"rawdeal: {visible(where)}cannot write: {exc.strerror or exc}", file=sys.stderr)
        raise typer.Exit(1) from None


def _one_of(option: str, value: str, *allowed: str) -> None:
    if value not in allowed:
        raise UsageError(f"{option} must be {' or '.join(map(repr, allowed))}, not {value!r}")


def visible(text: str) -> str:
    """`text` with control characters escaped (`\\x1b`), new lines and tabs kept."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c in "\n\t" else repr(c)[1:-1] for c in text)


MAX_SEED = 2**64 - 1  # a save stores the generator's state as one 64-bit number


def _version(show: bool) -> None:
    if show:
        from importlib.metadata import PackageNotFoundError, version

        try:
            print(f"rawdeal {version('rawdeal')}")
        except PackageNotFoundError:  # pragma: no cover - running from a source tree without install
            print("rawdeal (not installed)")
        raise typer.Exit(0)


@app.callback()
def _root(
    show_version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True, help="Print rawdeal's version and exit.")] = False,
) -> None:
    """Keep `rawdeal COMMAND` form even while the app has a single command."""


@app.command()
def check(
    paths: list[str] = typer.Argument(..., metavar="PATH...", help="Deck files, or folders of *.txt decks."),
    output: str = typer.Option("text", "--format", help="text: one line a deck or violation; json."),
    pool: str = typer.Option("course", "--pool", help="course (the course's rules) or classic (Classic rules)."),
) -> None:
    """Check decks against the deck-building rules. Exit 0 all valid, 1 any invalid, 2 bad path.

    Example: rawdeal check decks/ --format json
    """
    with _errors():
        from rawdeal.cards import load_db
        from rawdeal.decks import check_paths

        _one_of("--format", output, "text", "json")
        _one_of("--pool", pool, "course", "classic")
        if pool == "classic":
            from rawdeal.cards.pool.load import classic_pool
            from rawdeal.decks.classic import check_classic_paths
            from rawdeal.effects.classic.packing import packing_rule

            checked = check_classic_paths(paths, classic_pool(), packing_rule)
        else:
            checked = check_paths(paths, load_db())
        reports = []
        for report in checked:
            reports.append(report)
            if output == "text":
                print("\n".join(report.lines()), flush=True)
        if output == "json":
            _print_json({"decks": [r.to_dict() for r in reports]})
        if not all(r.valid for r in reports):
            raise typer.Exit(1)


def main() -> None:
    """Run the command named on the command line. Typer builds the click command of every command it
    holds before running one, which costs a small command as much as its own work; so a command or
    group named first runs from a Typer that holds only it (same options, help and exit codes)."""
    args = sys.argv[1:]
    alone = _alone(args[0]) if args else None
    if alone is None:
        app()
    else:
        alone(args=args[1:], prog_name=f"rawdeal {args[0]}")


def _alone(name: str) -> typer.Typer | None:
    for group in app.registered_groups:
        if group.name == name and group.typer_instance is not None:
            return group.typer_instance
    for info in app.registered_commands:
        callback = info.callback
        if callback is not None and (info.name or callback.__name__.replace("_", "-")) == name:
            single = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
            single.registered_commands.append(info)
            return single
    return None


@app.command()
def play(
    decks: Annotated[list[Path] | None, typer.Argument(metavar="[A.txt B.txt]", help="The two decks (you play A).")] = None,
    vs: Annotated[str | None, typer.Option("--vs", metavar="PLAYER", help="The computer plays B: random, greedy, search or search:N (playouts).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the shuffles and of the computer player.")] = 0,
    unshuffled: Annotated[bool, typer.Option("--unshuffled", help="Course rules: never shuffle.")] = False,
    record: Annotated[Path | None, typer.Option(metavar="MOVES", help="Record the moves here (with the opening "
                                                "save beside it as MOVES.start.json, for rawdeal run).")] = None,
    save: Annotated[Path, typer.Option(metavar="FILE", help="Where quitting saves the game.")] = Path("rawdeal-game.json"),
    resume: Annotated[Path | None, typer.Option(metavar="FILE", help="Go on with a saved game.")] = None,
) -> None:
    """Play a game at the terminal: numbered legal moves, type a number or a move; quit saves.

    Example: rawdeal play decks/the-rock.txt decks/hhh.txt --vs random --record moves.txt"""
    with _errors():
        from rawdeal.drivers.play import play_session

        if (resume is None) == (not decks or len(decks) != 2):
            raise UsageError("give two deck files, or --resume FILE")
        print(play_session(decks, resume, vs, seed, unshuffled, record, save))


# --- the course's console (rawdeal/course) --------------------------------------------------------

course_app = typer.Typer(help="The course's reference console, in its Spanish text, byte for byte.",
                         no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)
app.add_typer(course_app, name="course")


@course_app.command("play")
def course_play(
    folder: Annotated[str, typer.Argument(metavar="DECK_FOLDER", help="Folder of *.txt decks, as the menu prints it "
                                                                      "(run from the folder that holds data/).")],
    inputs: Annotated[Path | None, typer.Option("--inputs", metavar="FILE", dir_okay=False,
                                                help="Read the answers from FILE (one a line) and echo each as "
                                                     "'INPUT: <answer>', as the course's test harness records it.")] = None,
    legacy: Annotated[bool, typer.Option("--legacy", help="The older harness of the 01-ValidDecks transcripts "
                                                          "(one more blank line before the first turn).")] = False,
) -> None:
    """Play the course's console game: deck menus, validation and the whole game, in Spanish.

    Exit 0 when the game ends or a deck is invalid; 1 if the answers run out. From the folder that
    holds data/ (only a transcript's INPUT: lines are read):

    Example: rawdeal course play data/08-Reversals --inputs data/08-Reversals-Tests/1.txt"""
    with _errors():
        from rawdeal.course.console import CourseConsole, file_answers, stdin_answers

        out = sys.stdout.buffer

        def write(text: str) -> None:
            out.write(text.encode() + b"\n")

        answers = file_answers(inputs) if inputs is not None else stdin_answers(out.flush)
        try:
            CourseConsole(answers, write, echo=inputs is not None, legacy=legacy).play(folder)
        finally:
            out.flush()


# --- grading (rawdeal/grading) -------------------------------------------------------------------

_REPORT = {"dir_okay": False, "metavar": "FILE"}


@app.command()
def grade(
    scenarios: Annotated[Path | None, typer.Argument(
        metavar="[SCENARIOS]", help="Folder of scenario folders (or one scenario folder); not with --course.")] = None,
    course: Annotated[Path | None, typer.Option(
        metavar="ROOT", help="Grade over the course's protocol: ROOT holds data/<cat>/ decks and data/<cat>-Tests/<n>.txt "
             "transcripts; each run gets the transcript's INPUT: answers on stdin. Placeholders: {decks} {student} {name}.")] = None,
    submission: Annotated[Path | None, typer.Option(
        metavar="DIR", help="One student's folder of transcripts, one per scenario, named <scenario>.txt.")] = None,
    class_dir: Annotated[Path | None, typer.Option(
        "--class", metavar="DIR", help="A class: a folder holding one --submission folder per student "
             "(with --course --command: one program folder per student, named by {student}).")] = None,
    command: Annotated[str | None, typer.Option(
        metavar="CMD", help="Run a student's program once per scenario; its standard output is the transcript. "
             "Placeholders: {save} {moves} {name} {dir}. Example: 'python main.py {save} {moves}'.")] = None,
    only: Annotated[str | None, typer.Option(metavar="GLOB", help="With --course: only tests whose <cat>/<n> matches.")] = None,
    partial: Annotated[bool, typer.Option(
        "--partial", help="Partial credit: the share of events matched before the first divergence.")] = False,
    use_expected: Annotated[bool, typer.Option(
        "--use-expected", help="Grade against each scenario's stored expected.txt instead of re-running the engine "
             "(useful when the engine version changed).")] = False,
    summary: Annotated[bool, typer.Option("--summary", help="With --class: print only the one-line-per-student summary.")] = False,
    jobs: Annotated[int, typer.Option(min=1, metavar="N", help="With --command: runs in parallel.")] = 1,
    timeout: Annotated[float, typer.Option(min=0.01, metavar="SECONDS", help="With --command: seconds per run before it is killed.")] = 10.0,
    max_output: Annotated[int, typer.Option(min=1, metavar="BYTES", help="Bytes of transcript a run or file may hold.")] = 1 << 20,
    max_stderr: Annotated[int, typer.Option(min=0, metavar="BYTES", help="With --command: bytes of error output kept.")] = 1 << 16,
    context: Annotated[int, typer.Option(min=0, metavar="N", help="Lines of context around the first divergence.")] = 3,
    json_file: Annotated[Path | None, typer.Option("--json", **_REPORT, help="Write the grades as JSON.")] = None,
    junit: Annotated[Path | None, typer.Option(**_REPORT, help="Write JUnit XML (one testsuite per student).")] = None,
    gradescope: Annotated[Path | None, typer.Option(
        **_REPORT, help="Write Gradescope's results.json (one student only).")] = None,
    hidden: Annotated[list[str] | None, typer.Option(
        metavar="GLOB", help="With --gradescope: keep matching tests hidden until grades are published (repeatable).")] = None,
    user: Annotated[str | None, typer.Option(
        metavar="NAME", help="With --command: run programs as this user (needs root), so files only root may read, "
             "such as the bank, stay out of their reach.")] = None,
) -> None:
    """Grade transcripts against rawdeal's own: exit 0 when every scenario passes, 1 when any fails.

    One student: --submission DIR (transcripts) or --command CMD (run the program). A whole class:
    --class DIR. The course's own programs: `rawdeal grade --course ROOT --command 'python main.py {decks}'`.

    Example: rawdeal grade scenarios/ --class submissions/ --junit report.xml
    """
    with _errors():
        from rawdeal.grading import reports
        from rawdeal.grading.model import StudentResult
        from rawdeal.grading.sandbox import Limits, check_user
        from rawdeal.grading.score import Options
        from rawdeal.io.files import write_atomic

        options, limits = Options(partial, context), Limits(timeout, max_output, max_stderr, user)
        check_user(user)
        if (scenarios is None) == (course is None):
            raise UsageError("give a SCENARIOS folder or --course ROOT (one of them)")
        if only is not None and course is None:
            raise UsageError("--only selects course tests; use it with --course")
        if course is not None:
            from rawdeal.grading import protocol

            course_plan = protocol.plan_course(course, only, submission, class_dir, command)
            steps, single = course_plan.steps, course_plan.single

            def run(tick: Callable[[], None]) -> tuple[StudentResult, ...]:
                return protocol.run_course(course_plan, options, limits, jobs, tick)
        else:
            from rawdeal.grading import plan as grading

            assert scenarios is not None
            plan = grading.plan_grading(scenarios, submission, class_dir, command)
            steps, single = plan.steps, plan.single

            def run(tick: Callable[[], None]) -> tuple[StudentResult, ...]:
                return grading.run_plan(plan, _reference(use_expected), options, limits, jobs, tick)
        if gradescope and not single:
            raise UsageError("--gradescope writes one student's results; use it with --submission or --command")
        with _Progress(steps) as tick:
            students = run(tick)
        print(reports.terminal_report(students, single, summary))
        outputs: list[tuple[Path | None, Callable[[], str]]] = [
            (json_file, lambda: reports.json_report(students, single)),
            (junit, lambda: reports.junit_report(students)),
            (gradescope, lambda: reports.gradescope_report(students[0], hidden or ()))]
        for path, text in outputs:
            if path is not None:
                write_atomic(path, text())
        raise typer.Exit(0 if all(s.passed for s in students) else 1)


gradescope_app = typer.Typer(help="Package grading for Gradescope.", no_args_is_help=True, add_completion=False,
                             pretty_exceptions_enable=False)
app.add_typer(gradescope_app, name="gradescope")


@gradescope_app.command("bundle")
def gradescope_bundle(
    root: Annotated[Path, typer.Argument(metavar="ROOT", help="The course bank: data/<cat>/ and data/<cat>-Tests/.")],
    out: Annotated[Path, typer.Option("-o", "--output", metavar="ZIP", help="The autograder archive to write.")],
    command: Annotated[str, typer.Option(
        metavar="CMD", help="How to run a submission; {student} is its folder, {decks} the deck folder. "
             "Example: 'python3 {student}/main.py {decks}'.")],
    wheel: Annotated[Path | None, typer.Option(
        metavar="FILE", help="The rawdeal wheel to install (default: built from this source checkout with pip).")] = None,
    timeout: Annotated[float, typer.Option(min=0.01, metavar="SECONDS", help="Seconds per run.")] = 10.0,
    partial: Annotated[bool, typer.Option("--partial", help="Partial credit.")] = False,
    hidden: Annotated[list[str] | None, typer.Option(metavar="GLOB", help="Tests hidden until grades are published.")] = None,
    only: Annotated[str | None, typer.Option(metavar="GLOB", help="Only the tests whose <cat>/<n> matches.")] = None,
    jobs: Annotated[int, typer.Option(min=1, metavar="N", help="Runs in parallel.")] = 1,
) -> None:
    """Write Gradescope's autograder archive: setup.sh, run_autograder, a rawdeal wheel and the bank.

    Example: rawdeal gradescope bundle course-tests -o autograder.zip --command 'python3 main.py {decks}'"""
    with _errors():
        from rawdeal.grading.bundle import BundleSettings, make_bundle
        from rawdeal.grading.runner import split_command

        split_command(command)
        settings = BundleSettings(command, timeout, partial, tuple(hidden or ()), only, jobs)
        count = make_bundle(root, settings, out, wheel)
        print(f"wrote {out}: {count} tests, setup.sh, run_autograder")


def _print_json(data: object) -> None:
    """Indented JSON on stdout (orjson, like every JSON rawdeal writes)."""
    import orjson

    sys.stdout.write(orjson.dumps(data, option=orjson.OPT_INDENT_2).decode() + "\n")


def _reference(use_expected: bool) -> Callable[[Scenario], str]:
    """The engine's reference transcripts, or the stored expected.txt files with --use-expected."""
    if use_expected:
        from rawdeal.grading.plan import stored_expected

        return stored_expected
    from rawdeal.scenarios.play import reference_transcript

    return reference_transcript


class _Progress:
    """A progress bar on stderr, shown only on a terminal and only once a run takes more than a moment."""

    def __init__(self, total: int, delay: float = 0.5) -> None:
        self.total, self.done = total, 0
        self.bar: Any = None  # typer's progress bar, once shown
        self.show_after = time.monotonic() + delay if sys.stderr.isatty() else float("inf")

    def __enter__(self) -> Callable[[], None]:
        return self.tick

    def tick(self) -> None:
        self.done += 1
        if self.bar is None and time.monotonic() >= self.show_after:
            self.bar = typer.progressbar(length=self.total, label="grading", file=sys.stderr)
            self.bar.__enter__()
            self.bar.update(self.done)
        elif self.bar is not None:
            self.bar.update(1)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)


@app.command()
def diff(
    a: Annotated[Path, typer.Argument(metavar="A", help="The expected transcript.")],
    b: Annotated[Path, typer.Argument(metavar="B", help="The transcript to check.")],
    context: Annotated[int, typer.Option(min=0, help="Lines of context around the first divergence.")] = 3,
) -> None:
    """Compare two transcripts event by event: exit 0 when equal, 1 at the first divergence (shown).

    Example: rawdeal diff expected.txt mine.txt --context 5
    """
    with _errors():
        from rawdeal.io.diff import compare, events, read_transcript, render_divergence

        comparison = compare(events(read_transcript(a)), events(read_transcript(b)))
        if comparison.equal:
            print(f"identical: {len(comparison.expected)} events")
            raise typer.Exit(0)
        from rawdeal.grading.reports import printable

        print(printable(render_divergence(comparison, context, (str(a), str(b)))))
        raise typer.Exit(1)


# --- course test bank (rawdeal/course) -----------------------------------------------------------


@app.command("import-tests")
def import_tests(
    paths: Annotated[list[Path], typer.Argument(
        metavar="PATH...", help="Course transcripts (data/<NN-Category>-Tests/<n>.txt), or folders of them.")],
    out: Annotated[Path, typer.Option("-o", "--out", metavar="DIR", help="Where the scenario folders go.")],
    data_root: Annotated[Path | None, typer.Option(
        metavar="ROOT", help="The folder that contains data/ (default: found from each transcript's path).")] = None,
) -> None:
    """Turn course transcripts into scenarios (decks, moves, checkpoints): exit 1 if any file fails.

    Example: rawdeal import-tests ../shared/course-tests/data/*-Tests -o imported/
    """
    with _errors():
        from rawdeal.course.bank import import_bank

        result = import_bank(paths, out, data_root)
        for scenario in result.imported:
            print(f"{scenario.name}: {scenario.moves} moves, {scenario.checks} checks")
        for error in result.errors:
            print(f"rawdeal: {error}", file=sys.stderr)
        print(f"imported {len(result.imported)} of {len(result.imported) + len(result.errors)} transcripts into {out}")
        if result.errors:
            raise typer.Exit(1)


@app.command()
def new(
    deck_a: Annotated[Path, typer.Argument(help="Deck of player 1 (chooses first).")],
    deck_b: Annotated[Path, typer.Argument(help="Deck of player 2.")],
    seed: Annotated[int, typer.Option(min=0, max=MAX_SEED, help="Seed of the game's random generator (standard rules), 0 to 2^64-1.")] = 0,
    unshuffled: Annotated[bool, typer.Option("--unshuffled", help="Course rules: never shuffle, ties go to player 1.")] = False,
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write the opening save here (default: stdout).")] = None,
) -> None:
    """Start a game from two decks and write the opening save.

    Example: rawdeal new decks/the-rock.txt decks/hhh.txt --seed 7 -o game.json
    """
    with _errors():
        from rawdeal.decks import read_deck
        from rawdeal.engine.setup import new_game
        from rawdeal.io.files import write_atomic
        from rawdeal.io.save import dumps

        game, _ = new_game(read_deck(deck_a), read_deck(deck_b), "course" if unshuffled else "standard", seed)
        data = dumps(game)
        if output is None:
            sys.stdout.write(data.decode("utf-8"))
        else:
            write_atomic(output, data)


@app.command()
def run(
    save: Annotated[Path, typer.Argument(help="The saved game to start from.")],
    moves_file: Annotated[Path, typer.Argument(metavar="MOVES", help="Move file: one move per line; - reads standard input.")],
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write the final save here.")] = None,
    fmt: Annotated[str, typer.Option("--format", help="Transcript format: text or jsonl.")] = "text",
) -> None:
    """Apply a move file to a saved game and print the transcript.

    Example: rawdeal run game.json moves.txt -o after.json  (or: echo end | rawdeal run game.json -)
    """
    with _errors():
        _one_of("--format", fmt, "text", "jsonl")
        from rawdeal.drivers.movefile import replay
        from rawdeal.io.files import write_atomic
        from rawdeal.io.save import dumps, read_save

        game = read_save(save)
        replay(game, moves_file, sys.stdout.write, jsonl=fmt == "jsonl")  # streamed as it is played
        if output is not None:
            write_atomic(output, dumps(game))


@app.command()
def moves(
    save: Annotated[Path, typer.Argument(help="The saved game.")],
    fmt: Annotated[str, typer.Option("--format", help="text or json.")] = "text",
) -> None:
    """Show whose decision is pending in a saved game and its legal moves.

    Example: rawdeal moves game.json --format json
    """
    with _errors():
        from rawdeal.io.save import read_save

        _one_of("--format", fmt, "text", "json")
        game = read_save(save)
        game.resume()
        d = game.decision()
        if fmt == "json":
            import orjson

            data: dict[str, Any] = {"player": None, "kind": "over", "prompt": f"{game.name(game.s.winner or 0)} won by {game.s.how}",
                    "cards": [], "moves": []} if d is None else {
                "player": game.name(d.player), "kind": d.kind, "prompt": d.prompt, "cards": list(d.cards),
                "moves": [str(m) for m in d.moves]}
            sys.stdout.write(orjson.dumps(data, option=orjson.OPT_SORT_KEYS).decode() + "\n")
        elif d is None:
            print(f"game over: {game.name(game.s.winner or 0)} won by {game.s.how}")
        else:
            print(d.prompt)
            for m in d.moves:
                print(f"  {m}")


@app.command()
def verify(
    paths: Annotated[list[Path], typer.Argument(metavar="DIR...", help="Scenario folders, or folders of them.")],
    fmt: Annotated[str, typer.Option("--format", help="text or json.")] = "text",
) -> None:
    """Replay scenarios and compare them with their checkpoints or expected transcript.

    Example: rawdeal verify scenarios/ imported/
    """
    with _errors():
        from rawdeal.course.verify import verify as verify_one
        from rawdeal.scenarios.model import scenario_dirs

        _one_of("--format", fmt, "text", "json")
        results = [verify_one(d) for d in scenario_dirs(paths)]
        passed = sum(r.passed for r in results)
        if fmt == "json":
            import orjson

            data = {"results": [{"name": r.name, "passed": r.passed, "checkpoints": r.checkpoints,
                                 "first_divergence": r.first_divergence} for r in results],
                    "passed": passed, "total": len(results)}
            sys.stdout.write(orjson.dumps(data).decode() + "\n")
        else:
            for r in results:
                print(f"PASS {r.name} ({r.checkpoints} checks)" if r.passed else f"FAIL {r.name}: {r.first_divergence}")
            print(f"{passed}/{len(results)} scenarios passed")
        if passed != len(results):
            raise typer.Exit(1)


@app.command()
def selfplay(
    games: Annotated[int, typer.Option(min=1, metavar="N", help="How many games.")] = 100,
    seed: Annotated[int, typer.Option(min=0, max=MAX_SEED, help="Game i uses seed SEED + i (decks, shuffles and moves).")] = 0,
    decks: Annotated[Path | None, typer.Option(metavar="DIR", help="Draw both decks from this folder's *.txt decks.")] = None,
    random_decks: Annotated[bool, typer.Option("--random-decks", help="Random legal decks from the whole database (default).")] = False,
    profile: Annotated[str, typer.Option(help="Rules: course (never shuffle) or standard.")] = "course",
    check: Annotated[bool, typer.Option("--check", help="Check the card invariant after every move.")] = False,
    failures: Annotated[Path | None, typer.Option(metavar="DIR", help="Write a failing game's decks, moves and opening save here.")] = None,
    jobs: Annotated[int, typer.Option(min=1, metavar="N", help="Play in N processes (same results as 1).")] = 1,
) -> None:
    """Play seeded random legal-move games; exit 1 with the seed, decks and moves of the first failure.

    Example: rawdeal selfplay --games 500 --seed 1 --check --failures failed/
    """
    with _errors():
        from rawdeal.drivers.selfplay import lineups, selfplay as play_games, write_failure

        if decks is not None and random_decks:
            raise UsageError("use --decks DIR or --random-decks, not both")
        _one_of("--profile", profile, "course", "standard")
        if seed + games - 1 > MAX_SEED:
            raise UsageError(f"--seed {seed} with {games} games goes past the largest seed, 2^64-1")
        pool = None if decks is None else lineups(_legal_decks(decks))
        start = time.perf_counter()
        summary = play_games(games, seed, pool, profile, check, jobs=jobs)
        elapsed = time.perf_counter() - start
        print("\n".join(summary.lines()))
        print(f"{summary.games / elapsed:.0f} games per second ({elapsed:.2f} s)", file=sys.stderr)
        if summary.failure is not None:
            print(f"FAILED {summary.failure.report()}", end="")
            if failures is not None:
                print(f"reproduce in: {write_failure(summary.failure, failures)}")
            raise typer.Exit(1)


def _legal_decks(folder: Path) -> list:  # type: ignore[type-arg]
    from rawdeal.cards import load_db
    from rawdeal.decks import check_deck, deck_paths, read_deck

    db = load_db()
    found = [read_deck(p) for p in deck_paths([str(folder)])]
    legal = [d for d in found if not check_deck(d, db)]
    if not legal:
        raise UsageError(f"{folder}: no legal deck to play with")
    return legal


@app.command()
def tournament(
    decks: list[str] = typer.Argument(..., metavar="DECKS...", help="Deck files, or folders of *.txt decks."),
    players: Annotated[str, typer.Option(metavar="NAMES", help="Comma-separated: random, greedy, search (search:N for N playouts, search:Nms for N ms a decision).")] = "greedy,search",
    games: Annotated[int, typer.Option(min=1, metavar="N", help="Games per pairing of entrants (seats alternate).")] = 10,
    jobs: Annotated[int, typer.Option(min=1, metavar="N", help="Worker processes on this machine.")] = 1,
    seed: Annotated[int, typer.Option(help="Every game's seed derives from it and the pairing.")] = 0,
    profile: Annotated[str, typer.Option(help="Rules: standard (shuffled decks) or course (never shuffle).")] = "standard",
    max_moves: Annotated[int, typer.Option(min=1, metavar="N", help="A game still going after N moves is a draw.")] = 5000,
    json_out: Annotated[Path | None, typer.Option("--json", metavar="FILE", help="Write the results as JSON.")] = None,
    csv_out: Annotated[Path | None, typer.Option("--csv", metavar="FILE", help="Write one row per pairing as CSV.")] = None,
    plot: Annotated[Path | None, typer.Option(metavar="FILE.png", help="Draw the win-rate matrix as a heat map (needs matplotlib).")] = None,
    cluster: Annotated[str | None, typer.Option(metavar="ADDRESS", help="Play on this Dask scheduler (needs the cluster extra: Dask distributed).")] = None,
) -> None:
    """Round robin of every deck with every player, both seats: win rates with 95% intervals.

    Example: rawdeal tournament decks/kane.txt decks/hhh.txt --players greedy,random --games 20 --jobs 2"""
    with _errors():
        from rawdeal.drivers import tournament as tm
        from rawdeal.drivers.players import check_player
        from rawdeal.drivers.standings import standings
        from rawdeal.drivers.tournament_report import heat_map, pyplot, table, to_csv, to_json, write
        from rawdeal.engine.game import PROFILES

        if profile not in PROFILES:
            raise UsageError(f"unknown rule profile {profile!r}: use one of {', '.join(PROFILES)}")
        if cluster is not None and jobs > 1:
            raise UsageError("use --jobs N or --cluster ADDRESS, not both")
        names = [check_player(p.strip()) for p in players.split(",") if p.strip()]
        if len(set(names)) < len(names) or not names:
            raise UsageError(f"--players {players!r}: name each player once")
        entrants = tm.entrants(decks, names)
        specs = tm.schedule(entrants, games, seed, profile, max_moves)
        if plot is not None:
            pyplot()  # no matplotlib: say so before playing, not after
        with _progress(len(specs)) as advance:
            if cluster is not None:
                from rawdeal.drivers.cluster import run_cluster

                results = run_cluster(specs, cluster, advance)
            else:
                results = tm.run_local(specs, jobs, advance)
        st = standings(entrants, specs, results)
        meta = {"seed": seed, "games_per_pairing": games, "profile": profile, "players": names}
        if json_out is not None:
            write(json_out, to_json(st, meta))
        if csv_out is not None:
            write(csv_out, to_csv(st))
        if plot is not None:
            write(plot, heat_map(st))
        print(table(st), end="")


@contextmanager
def _progress(total: int) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr when it is a terminal; otherwise nothing."""
    if not sys.stderr.isatty():
        yield lambda n: None
        return
    with typer.progressbar(length=total, label="games", file=sys.stderr) as bar:
        yield bar.update


# --- cards and their compiled effects (rawdeal/cards, rawdeal/effects) ----------------------------


@app.command()
def cards(
    card_type: Annotated[str | None, typer.Option("--type", help="maneuver, action or reversal.")] = None,
    subtype: Annotated[str | None, typer.Option("--subtype", help="strike, grapple, submission, ...")] = None,
    trait: Annotated[str | None, typer.Option("--trait", help="heel, face, unique, ...")] = None,
    superstar: Annotated[str | None, typer.Option("--superstar", help="Superstar logo or name.")] = None,
    min_f: Annotated[int | None, typer.Option("--min-f", help="Fortitude at least.")] = None,
    max_f: Annotated[int | None, typer.Option("--max-f", help="Fortitude at most.")] = None,
    fmt: Annotated[str, typer.Option("--format", help="text or json.")] = "text",
    check_effects: Annotated[bool, typer.Option("--check", help="Compile every card text and ability.")] = False,
    pool: Annotated[str, typer.Option("--pool", help="course (the course's 137 cards) or classic (2,567 cards).")] = "course",
    pool_file: Annotated[Path | None, typer.Option(
        "--pool-file", metavar="FILE", help="A pool in the layout of ../shared/carddb/classic.json.")] = None,
) -> None:
    """List cards (title, types, subtype, F/D/SV), or --check that every effect text compiles.

    Example: rawdeal cards --type reversal --superstar kane
    """
    with _errors():
        from rawdeal.cards import load_db

        _one_of("--format", fmt, "text", "json")
        if pool != "course" or pool_file is not None:
            from rawdeal.effects.classic.commands import list_or_check

            out, ok = list_or_check(pool, pool_file, fmt, check_effects, card_type=card_type, subtype=subtype,
                                    trait=trait, superstar=superstar, min_f=min_f, max_f=max_f)
            print(out)
            raise typer.Exit(0 if ok else 1)
        db = load_db()
        if check_effects:
            from rawdeal.drivers.cardcheck import check_cards, check_summary

            report = check_cards(db)
            if fmt == "json":
                _print_json(report.to_dict())
            else:
                for who, error in report.failures + report.exec_failures:
                    print(f"FAIL {who}: {error}")
                print(check_summary(report))
            if not report.ok:
                raise typer.Exit(1)
            return
        from rawdeal.cards.query import card_dict, card_row, filter_cards

        found = filter_cards(db, card_type=card_type, subtype=subtype, trait=trait, superstar=superstar,
                             min_f=min_f, max_f=max_f)
        if fmt == "json":
            _print_json([card_dict(c) for c in found])
        else:
            for c in found:
                print(card_row(c))


@app.command()
def card(
    title: Annotated[str, typer.Argument(help="The card's title (any case).")],
    pool: Annotated[str | None, typer.Option(
        "--pool", help="course or classic (default: the course's card, else the Classic pool's).")] = None,
) -> None:
    """Show a card: its data, printed text, compiled effect tree and canonical English.

    Example: rawdeal card "Jockeying for Position"
    """
    with _errors():
        from rawdeal.cards import load_db
        from rawdeal.cards.query import card_row, find_card
        from rawdeal.errors import CardDataError

        try:
            if pool == "classic":
                raise CardDataError(title)
            found = find_card(load_db(), title)
        except CardDataError as missing:
            if pool == "course":
                raise
            from rawdeal.effects.classic.commands import show_card

            try:
                print(show_card(title))
            except CardDataError as unknown:
                raise (missing if pool is None else unknown) from None
            return
        from rawdeal.effects.render import effect_tree, render_effect
        from rawdeal.effects.store import shipped

        effect = shipped().cards[found.title]
        extra = [f"traits: {', '.join(sorted(t.value for t in found.traits))}" if found.traits else "",
                 f"logo: {found.logo}" if found.logo else "", f"reverses: {found.reverses}" if found.reverses else ""]
        print(card_row(found))
        if any(extra):
            print("  ".join(e for e in extra if e))
        print(f"text: {found.text or '(none)'}")
        print("effect:")
        print(_indent(effect_tree(effect)))
        print("meaning:")
        print(_indent(render_effect(effect)))


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines())


@course_app.command("export")
def course_export(
    out: Annotated[Path, typer.Option("-o", "--out", metavar="DIR", help="The bank's root: data/ goes inside.")],
    category: Annotated[str, typer.Option(metavar="NAME", help="The category folder, e.g. 12-Random.")],
    games: Annotated[int, typer.Option(help="How many tests (console sessions) to write.")] = 20,
    seed: Annotated[int, typer.Option(help="The same seed writes the same bytes.")] = 0,
    decks: Annotated[Path | None, typer.Option(metavar="FOLDER", help="Use these decks instead of random legal "
                                                                       "ones (invalid ones stay invalid).")] = None,
) -> None:
    """Write a fresh test bank in the course's layout: data/NAME/ decks and data/NAME-Tests/<n>.txt.

    Example: rawdeal course export -o bank --category 12-Random --games 50 --seed 7"""
    with _errors():
        from rawdeal.cards import load_db
        from rawdeal.course.export import export_bank

        summary = export_bank(out, category, games, seed, decks)
        print("\n".join(summary.lines(len(load_db().cards))))
