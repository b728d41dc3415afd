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
    add_completion=False,
    pretty_exceptions_enable=False,
)


@contextmanager
def _errors() -> Iterator[None]:
    """Turn a RawdealError into `rawdeal: <message>` on stderr and its exit code (1 input, 2 usage)."""
    try:
        yield
    except RawdealError as exc:
        print(f"rawdeal: {exc}", file=sys.stderr)
        raise typer.Exit(exc.exit_code) from None


@app.callback()
def _root() -> None:
    """Keep `rawdeal COMMAND` form even while the app has a single command."""


@app.command()
def check(
    paths: list[str] = typer.Argument(..., metavar="PATH...", help="Deck files, or folders of *.txt decks."),
    output: str = typer.Option("text", "--format", help="text: one line a deck or violation; json."),
) -> None:
    """Check decks against the deck-building rules. Exit 0 all valid, 1 any invalid, 2 bad path."""
    with _errors():
        from rawdeal.cards import load_db
        from rawdeal.decks import check_paths

        if output not in ("text", "json"):
            raise UsageError(f"--format must be 'text' or 'json', not {output!r}")
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
    --class DIR, e.g. `rawdeal grade scenarios/ --class submissions/ --junit report.xml`.
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
    """Compare two transcripts event by event: exit 0 when equal, 1 at the first divergence (shown)."""
    with _errors():
        from rawdeal.grading.diff import compare, events, read_transcript, render_divergence

        comparison = compare(events(read_transcript(a)), events(read_transcript(b)))
        if comparison.equal:
            print(f"identical: {len(comparison.expected)} events")
            raise typer.Exit(0)
        print(render_divergence(comparison, context, (str(a), str(b))))
        raise typer.Exit(1)
