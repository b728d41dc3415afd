"""Benchmark: `rawdeal grade --course --class` with a trivial program, against the program's own run time.

Target (issue 11): grading STUDENTS x SCENARIOS runs takes at most 1.2x the time the same runs take
when a bare loop starts the program directly (same stdin, same working folder, one at a time).
Each student is graded right after their bare runs (one `grade --course --command` per student),
so a change in the machine's load hits both sides alike. The
sandbox's extra work per run — a fresh folder with the deck files, pipes read with caps, the
process tree swept — is what the ratio measures. The bank is generated (10 categories, decks and
transcripts with INPUT: lines); the program is `sh -c cat` (or, with --program python, a Python
one-liner), which echoes its answers.
Run: `python benchmarks/bench_course_grade.py [--students N] [--scenarios N] [--jobs N]` (the issue's
figure is 500 x 89; the default is smaller so the benchmark takes about a minute).
"""

from __future__ import annotations

import argparse
import shlex
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from typer.testing import CliRunner

from rawdeal.cli import app

PROGRAMS = {  # each then gets the student's folder and the deck folder as arguments
    "cat": ["sh", "-c", "cat"],
    "python": ["python3", "-c", "import sys; sys.stdout.write(sys.stdin.read())"],
}


def build_bank(root: Path, scenarios: int) -> list[tuple[Path, bytes]]:
    """A bank in the course's layout; returns each test's deck folder and stdin, for the baseline."""
    runs = []
    for n in range(scenarios):
        category = f"{n % 10:02}-Category"
        decks = root / "data" / category
        tests = root / "data" / f"{category}-Tests"
        if not decks.exists():
            decks.mkdir(parents=True)
            tests.mkdir()
            for d in range(8):
                (decks / f"{d:02}.txt").write_bytes(b"\xef\xbb\xbfDECK (Superstar Card)\n" + b"Punch\n" * 59 + b"Kick")
        answers = [str(1 + (n + i) % 4) for i in range(30)]
        body = "".join(f"-----\nmenu line {i}\n(Ingresa un número entre 1 y 4)\nINPUT: {a}\n" for i, a in enumerate(answers))
        (tests / f"{n // 10 + 1}.txt").write_text(body)
        runs.append((decks, "".join(a + "\n" for a in answers).encode()))
    return runs


def baseline(program: list[str], runs: list[tuple[Path, bytes]], student: Path, work: Path) -> float:
    """One student's programs' own run time: each run started directly, in a folder holding its decks."""
    start = time.perf_counter()
    for decks, stdin in runs:
        subprocess.run([*program, str(student), f"data/{decks.name}"], input=stdin, cwd=work,
                       capture_output=True, check=False)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=50)
    parser.add_argument("--scenarios", type=int, default=89)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--program", choices=sorted(PROGRAMS), default="cat",
                        help="cat: the least a program can do; python: a Python program that echoes its answers")
    args = parser.parse_args()
    program = PROGRAMS[args.program]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        runs = build_bank(root / "bank", args.scenarios)
        shutil.copytree(root / "bank" / "data", root / "work" / "data")
        klass = root / "class"
        for s in range(args.students):
            (klass / f"student{s:03}").mkdir(parents=True)
        own = graded = 0.0
        for _ in range(args.rounds):
            for student in sorted(klass.iterdir()):  # alternate per student: the machine's load hits both alike
                own += baseline(program, runs, student, root / "work")
                start = time.perf_counter()
                result = CliRunner().invoke(app, [
                    "grade", "--course", str(root / "bank"), "--jobs", str(args.jobs),
                    "--command", f"{shlex.join(program)} {student} {{decks}}", "--json", str(root / "grades.json"),
                ])
                graded += time.perf_counter() - start
    if result.exit_code not in (0, 1):
        raise SystemExit(f"grading failed ({result.exit_code}): {result.output}")
    total = args.students * args.scenarios * args.rounds
    print(f"{args.students} students x {args.scenarios} scenarios = {total} runs of {shlex.join(program)}")
    print(f"programs' own run time: {own:.2f} s ({own / total * 1000:.2f} ms a run)")
    print(f"graded with rawdeal:    {graded:.2f} s ({graded / total * 1000:.2f} ms a run, jobs={args.jobs})")
    print(f"ratio: {graded / own:.2f} (target <= 1.2)")


if __name__ == "__main__":
    main()
