"""`rawdeal grade`, `rawdeal diff` and `rawdeal gradescope bundle`: grading students' transcripts and programs."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from rawdeal.cli import options as opt
from rawdeal.cli.common import commands_app, errors, progress
from rawdeal.errors import UsageError

commands = commands_app()

if TYPE_CHECKING:
    from rawdeal.scenarios.model import Scenario

_REPORT = {"dir_okay": False, "metavar": "FILE"}


class SandboxKind(str, Enum):
    """How students' programs are isolated (rawdeal.grading.sandbox)."""

    bwrap = "bwrap"
    none = "none"


@commands.command()
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
             "Placeholders: {save} {moves} {name} {dir} {student}. Example: 'python main.py {save} {moves}'.")] = None,
    only: Annotated[list[str] | None, typer.Option(
        metavar="GLOB", help="Only the tests whose name (<cat>/<n> with --course) matches a GLOB (repeatable).")] = None,
    exclude: Annotated[list[str] | None, typer.Option(
        metavar="GLOB", help="Leave out the tests whose name matches a GLOB (repeatable).")] = None,
    partial: Annotated[bool, typer.Option(
        "--partial", help="Partial credit for a failing test: the share of its expected lines matched before the "
                          "first divergence (a test passes only when it all matches).")] = False,
    use_expected: Annotated[bool, typer.Option(
        "--use-expected", help="Grade against each scenario's stored expected.txt instead of re-running the engine "
             "(useful when the engine version changed).")] = False,
    summary: Annotated[bool, typer.Option("--summary", help="With --class: print only the one-line-per-student summary.")] = False,
    jobs: Annotated[int, opt.jobs("With --command: runs in parallel")] = 1,
    timeout: Annotated[float, opt.seconds("With --command: seconds per run before it is killed")] = 10.0,
    max_output: Annotated[int, opt.size("Bytes of transcript a run or file may hold")] = 1 << 20,
    max_stderr: Annotated[int, opt.size("With --command: bytes of error output kept", 0)] = 1 << 16,
    context: Annotated[int, opt.count("Lines of context around the first divergence", 10_000, 0)] = 3,
    fmt: opt.FormatOption = opt.Format.text,
    json_file: Annotated[Path | None, typer.Option("--json", **_REPORT, help="Also write the grades as JSON to FILE.")] = None,
    junit: Annotated[Path | None, typer.Option(**_REPORT, help="Write JUnit XML (one testsuite per student).")] = None,
    gradescope: Annotated[Path | None, typer.Option(
        **_REPORT, help="Write Gradescope's results.json (one student only).")] = None,
    hidden: Annotated[list[str] | None, typer.Option(
        metavar="GLOB", help="With --gradescope: keep matching tests hidden until grades are published (repeatable).")] = None,
    sandbox: Annotated[SandboxKind, typer.Option(
        help="With --command: bwrap isolates every run with bubblewrap (docs/grading-sandbox.md); none runs "
             "programs as they are, for programs you trust.")] = SandboxKind.bwrap,
    allow_read: Annotated[list[Path] | None, typer.Option(
        metavar="PATH", help="With --command: a file or folder the programs may read besides the system folders and "
             "what the command names, e.g. a .NET or Python installed elsewhere (repeatable).")] = None,
    env: Annotated[list[str] | None, typer.Option(
        metavar="NAME=VALUE", help="With --command: an environment variable the programs get (repeatable); "
             "they get no other but PATH, HOME, TMPDIR and LANG.")] = None,
    memory: Annotated[int, typer.Option(
        min=16, metavar="MIB", help="With --command: data memory each process of a run may use, in MiB.")] = 1024,
    user: Annotated[str | None, typer.Option(
        metavar="NAME", help="With --command, when grading as root: the account programs run as (default nobody).")] = None,
    home: Annotated[Path | None, typer.Option(
        metavar="DIR", file_okay=False, help="With --course --command: every run's HOME is DIR (made if missing), kept "
             "from run to run, so a program's caches are made once (default: a fresh HOME per run).")] = None,
    html: Annotated[Path | None, typer.Option(
        "--html", metavar="DIR", file_okay=False, help="Write a page for each failing test, opened at its first divergence "
             "with the board there: DIR/<test>.html (a class: DIR/<student>/<test>.html).")] = None,
) -> None:
    """Grade transcripts against rawdeal's own: exit 0 when every scenario passes, 1 when any fails.

    One student: --submission DIR (transcripts) or --command CMD (run the program). A whole class:
    --class DIR. The course's own programs: `rawdeal grade --course ROOT --command 'python main.py {decks}'`.

    Example: rawdeal grade scenarios/ --class submissions/ --junit report.xml
    """
    with errors():
        from rawdeal.grading import reports
        from rawdeal.grading.model import StudentResult
        from rawdeal.grading.sandbox import NONE_WARNING, Limits, Sandbox
        from rawdeal.grading.score import Options
        from rawdeal.io.files import write_atomic

        box = Sandbox(sandbox.value, user, tuple(str(p) for p in allow_read or ()), _variables(env or ()))
        options = Options(partial, context)
        limits = Limits(timeout, max_output, max_stderr, memory=memory << 20, sandbox=box)
        if box.kind == "none" and command is not None:
            print(NONE_WARNING, file=sys.stderr)
        if (scenarios is None) == (course is None):
            raise UsageError("give a SCENARIOS folder or --course ROOT (one of them)")
        if home is not None and (course is None or command is None):
            raise UsageError("--home is the HOME of the programs' runs; use it with --course and --command")
        from rawdeal.io.files import check_outputs

        check_outputs({"--json": json_file, "--junit": junit, "--gradescope": gradescope},
                      {"SCENARIOS": scenarios, "--course": course, "--submission": submission})
        chosen = tuple(only or ()), tuple(exclude or ())
        note = ""  # said once, at the top, about the whole bank
        if course is not None:
            from rawdeal.grading import protocol

            course_plan = protocol.plan_course(course, chosen[0], submission, class_dir, command, chosen[1])
            work, total, single = course_plan.work, course_plan.total_work, course_plan.single
            note = protocol.older_note(course_plan.bank)
            if note and fmt is opt.Format.text:  # standard output holds only JSON with --format json
                print(note)

            shared = None if home is None else protocol.shared_home(home, user, box.kind)

            def run(tick: Callable[[str], None]) -> tuple[StudentResult, ...]:
                return protocol.run_course(course_plan, options, limits, jobs, tick, shared)
        else:
            from rawdeal.grading import plan as grading

            assert scenarios is not None
            plan = grading.plan_grading(scenarios, submission, class_dir, command, *chosen)
            work, total, single = plan.work, plan.total_work, plan.single

            def run(tick: Callable[[str], None]) -> tuple[StudentResult, ...]:
                return grading.run_plan(plan, _reference(use_expected), options, limits, jobs, tick)
        if gradescope and not single:
            raise UsageError("--gradescope writes one student's results; use it with --submission or --command")
        with progress(total, "grading") as advance:
            students = run(lambda name: advance(work[name]))
        if fmt is opt.Format.json:
            print(reports.json_report(students, single), end="")
        else:
            print(reports.terminal_report(students, single, summary))
        pages: dict[tuple[str, str], str] = {}
        if html is not None:
            from rawdeal.viewer import divergence

            games = (divergence.course_games(course, course_plan.bank.tests) if course is not None
                     else divergence.scenario_games(plan.suite))
            pages = divergence.write_pages(students, html, single, games)
            print(f"{len(pages)} divergence pages in {html}", file=sys.stderr if fmt is opt.Format.json else sys.stdout)
        outputs: list[tuple[Path | None, Callable[[], str]]] = [
            (json_file, lambda: reports.json_report(students, single)),
            (junit, lambda: reports.junit_report(students, pages)),
            (gradescope, lambda: reports.gradescope_report(students[0], hidden or (), note, pages))]
        for path, text in outputs:
            if path is not None:
                write_atomic(path, text())
        raise typer.Exit(0 if all(s.passed for s in students) else 1)


@commands.command()
def diff(
    a: Annotated[Path, typer.Argument(metavar="A", help="The expected transcript.")],
    b: Annotated[Path, typer.Argument(metavar="B", help="The transcript to check.")],
    context: Annotated[int, opt.count("Lines of context around the first divergence", 10_000, 0)] = 3,
    html: Annotated[Path | None, typer.Option(
        "--html", metavar="FILE", dir_okay=False, help="Write the divergence page: A and B line by line, opened at "
             "the first divergence (with the board there when the game is given).")] = None,
    scenario: Annotated[Path | None, typer.Option(
        metavar="DIR", help="With --html: the scenario A is the transcript of (its game gives the board).")] = None,
    save: Annotated[Path | None, typer.Option(metavar="FILE", help="With --html and --moves: the game's opening save.")] = None,
    moves: Annotated[Path | None, typer.Option(metavar="FILE", help="With --html and --save: the game's move file.")] = None,
    course: Annotated[Path | None, typer.Option(
        metavar="ROOT", help="With --html: A is a course transcript of the bank ROOT, whose INPUT: answers replay its game.")] = None,
) -> None:
    """Compare two transcripts line by line: exit 0 when equal, 1 at the first divergence (shown).

    Official transcripts hold the answers typed as `INPUT:` lines; they are compared only when both
    files hold some, and lines are numbered as in each file.

    Example: rawdeal diff expected.txt mine.txt --context 5 --html diff.html --scenario scenarios/pin
    """
    with errors():
        from rawdeal.io.diff import compare_transcripts, read_transcript, render_divergence, transcript

        from rawdeal.io.files import check_outputs

        check_outputs({"--html": html}, {"A": a, "B": b, "--save": save, "--moves": moves})
        if (save is None) != (moves is None):
            raise UsageError("give --save and --moves together")
        if sum(x is not None for x in (scenario, save, course)) > 1:
            raise UsageError("give one game: --scenario, --save with --moves, or --course")
        text = read_transcript(a)
        comparison = compare_transcripts(transcript(text), transcript(read_transcript(b)))
        if comparison.equal:
            print(f"identical: {len(comparison.expected)} events")
            raise typer.Exit(0)
        from rawdeal.grading.reports import printable

        print(printable(render_divergence(comparison, context, (str(a), str(b)))))
        if html is not None:
            from rawdeal.io.files import write_atomic
            from rawdeal.viewer.divergence import diff_page

            write_atomic(html, diff_page(comparison, (a, b), text, scenario, (save, moves), course))
            print(f"wrote {html}")
        raise typer.Exit(1)


def _variables(pairs: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """`--env NAME=VALUE` options as pairs (a usage error names a malformed one)."""
    out = []
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            raise UsageError(f"--env {pair}: expected NAME=VALUE (NAME: letters, digits and _)")
        out.append((name, value))
    return tuple(out)


def _reference(use_expected: bool) -> Callable[[Scenario], str]:
    """The engine's reference transcripts, or the stored expected.txt files with --use-expected."""
    if use_expected:
        from rawdeal.grading.plan import stored_expected

        return stored_expected
    from rawdeal.scenarios.play import reference_transcript

    return reference_transcript
