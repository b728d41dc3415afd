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
from typing import Annotated

import typer

from rawdeal.errors import RawdealError, UsageError

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
) -> None:
    """Check decks against the deck-building rules. Exit 0 all valid, 1 any invalid, 2 bad path.

    Example: rawdeal check decks/ --format json
    """
    with _errors():
        from rawdeal.cards import load_db
        from rawdeal.decks import check_paths

        _one_of("--format", output, "text", "json")
        reports = []
        for report in check_paths(paths, load_db()):
            reports.append(report)
            if output == "text":
                print("\n".join(report.lines()), flush=True)
        if output == "json":
            import json

            print(json.dumps({"decks": [r.to_dict() for r in reports]}, indent=2, ensure_ascii=False))
        if not all(r.valid for r in reports):
            raise typer.Exit(1)


def main() -> None:
    app()


# --- grading (rawdeal/grading) -------------------------------------------------------------------

_REPORT = {"dir_okay": False, "metavar": "FILE"}


@app.command()
def grade(
    scenarios: Annotated[Path, typer.Argument(
        metavar="SCENARIOS", help="Folder of scenario folders (or one scenario folder).")],
    submission: Annotated[Path | None, typer.Option(
        metavar="DIR", help="One student's folder of transcripts, one per scenario, named <scenario>.txt.")] = None,
    class_dir: Annotated[Path | None, typer.Option(
        "--class", metavar="DIR", help="A class: a folder holding one --submission folder per student.")] = None,
    command: Annotated[str | None, typer.Option(
        metavar="CMD", help="Run a student's program once per scenario; its standard output is the transcript. "
             "Placeholders: {save} {moves} {name} {dir}. Example: 'python main.py {save} {moves}'.")] = None,
    partial: Annotated[bool, typer.Option(
        "--partial", help="Partial credit: the share of events matched before the first divergence.")] = False,
    use_expected: Annotated[bool, typer.Option(
        "--use-expected", help="Grade against each scenario's stored expected.txt instead of re-running the engine "
             "(useful when the engine version changed).")] = False,
    summary: Annotated[bool, typer.Option("--summary", help="With --class: print only the one-line-per-student summary.")] = False,
    jobs: Annotated[int, typer.Option(min=1, metavar="N", help="With --command: runs in parallel.")] = 1,
    timeout: Annotated[float, typer.Option(min=0.01, metavar="SECONDS", help="With --command: seconds per run before it is killed.")] = 10.0,
    max_output: Annotated[int, typer.Option(min=1, metavar="BYTES", help="Bytes of transcript a run or file may hold.")] = 1 << 20,
    context: Annotated[int, typer.Option(min=0, metavar="N", help="Lines of context around the first divergence.")] = 3,
    json_file: Annotated[Path | None, typer.Option("--json", **_REPORT, help="Write the grades as JSON.")] = None,
    junit: Annotated[Path | None, typer.Option(**_REPORT, help="Write JUnit XML (one testsuite per student).")] = None,
    gradescope: Annotated[Path | None, typer.Option(
        **_REPORT, help="Write Gradescope's results.json (one student only).")] = None,
) -> None:
    """Grade transcripts against rawdeal's own: exit 0 when every scenario passes, 1 when any fails.

    One student: --submission DIR (transcripts) or --command CMD (run the program). A whole class:
    --class DIR.

    Example: rawdeal grade scenarios/ --class submissions/ --junit report.xml
    """
    with _errors():
        from rawdeal.grading import plan as grading, reports
        from rawdeal.grading.runner import Limits
        from rawdeal.grading.score import Options

        plan = grading.plan_grading(scenarios, submission, class_dir, command)
        if gradescope and not plan.single:
            raise UsageError("--gradescope writes one student's results; use it with --submission or --command")
        with _Progress(plan.steps) as tick:
            students = grading.run_plan(
                plan, _reference(use_expected), Options(partial, context), Limits(timeout, max_output), jobs, tick)
        print(reports.terminal_report(students, plan.single, summary))
        for path, text in ((json_file, lambda: reports.json_report(students, plan.single)),
                           (junit, lambda: reports.junit_report(students)),
                           (gradescope, lambda: reports.gradescope_report(students[0]))):
            if path is not None:
                reports.write_atomic(path, text())
        raise typer.Exit(0 if all(s.passed for s in students) else 1)


def _reference(use_expected: bool) -> Callable[[Path], str]:
    """The engine's reference transcripts, or the stored expected.txt files with --use-expected."""
    if use_expected:
        from rawdeal.grading.plan import stored_expected

        return stored_expected
    try:
        from rawdeal.scenarios import reference_transcript
    except ModuleNotFoundError as exc:
        if exc.name != "rawdeal.scenarios":
            raise
        raise UsageError("the engine cannot make reference transcripts yet; use --use-expected") from None
    return reference_transcript


class _Progress:
    """A progress bar on stderr, shown only on a terminal and only once a run takes more than a moment."""

    def __init__(self, total: int, delay: float = 0.5) -> None:
        self.total, self.done, self.bar = total, 0, None
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
        from rawdeal.grading.diff import compare, events, read_transcript, render_divergence

        comparison = compare(events(read_transcript(a)), events(read_transcript(b)))
        if comparison.equal:
            print(f"identical: {len(comparison.expected)} events")
            raise typer.Exit(0)
        print(render_divergence(comparison, context, (str(a), str(b))))
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
        from rawdeal.drivers.movefile import open_moves, play_moves
        from rawdeal.io.files import write_atomic
        from rawdeal.io.save import dumps, read_save
        from rawdeal.io.transcript import Transcript

        game = read_save(save)
        with open_moves(moves_file) as moves:
            transcript = Transcript(sys.stdout.write, jsonl=fmt == "jsonl")  # streamed as it is played
            transcript.events(game.resume())
            play_moves(game, moves, transcript, source=str(moves_file))
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

            data = {"player": None, "kind": "over", "prompt": f"{game.name(game.s.winner or 0)} won by {game.s.how}",
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
        from rawdeal.course.verify import scenario_dirs
        from rawdeal.course.verify import verify as verify_one

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
        summary = play_games(games, seed, pool, profile, check)
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
) -> None:
    """List cards (title, types, subtype, F/D/SV), or --check that every effect text compiles.

    Example: rawdeal cards --type reversal --superstar kane
    """
    with _errors():
        import json

        from rawdeal.cards import load_db

        _one_of("--format", fmt, "text", "json")
        db = load_db()
        if check_effects:
            from rawdeal.effects.check import check_cards, check_summary

            report = check_cards(db)
            if fmt == "json":
                print(json.dumps(report.to_dict(), indent=2, ensure_ascii=False))
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
            print(json.dumps([card_dict(c) for c in found], indent=2, ensure_ascii=False))
        else:
            for c in found:
                print(card_row(c))


@app.command()
def card(title: Annotated[str, typer.Argument(help="The card's title (any case).")]) -> None:
    """Show a card: its data, printed text, compiled effect tree and canonical English.

    Example: rawdeal card "Jockeying for Position"
    """
    with _errors():
        from rawdeal.cards import load_db
        from rawdeal.cards.query import card_row, find_card
        from rawdeal.effects.compiler import compile_card
        from rawdeal.effects.render import effect_tree, render_effect

        found = find_card(load_db(), title)
        effect = compile_card(found)
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
