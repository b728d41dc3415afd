"""Benchmark: grade 500 submissions x 89 scenarios from transcript folders (target: < 3 s on one core).

Generates the class in a temporary folder (100 events per transcript; a quarter of the students
diverge on some scenarios, so diffs are rendered too), then times `rawdeal grade --class` in-process,
reports included. Run: `python benchmarks/bench_grade.py [--students N] [--scenarios N] [--events N]`.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from typer.testing import CliRunner

from rawdeal.cli import app


def transcript(scenario: int, events: int) -> str:
    return "".join(f"[{scenario:02}] turn {i // 12}: Player {i % 2 + 1} plays card #{i * 7 % 311}\n" for i in range(events))


def build(root: Path, students: int, scenarios: int, events: int) -> tuple[Path, Path]:
    suite, klass = root / "scenarios", root / "class"
    texts = {f"s{n:02}": transcript(n, events) for n in range(scenarios)}
    for name, text in texts.items():
        folder = suite / name
        folder.mkdir(parents=True)
        (folder / "start.json").write_text("{}\n")
        (folder / "moves.txt").write_text("\n")
        (folder / "expected.txt").write_text(text)
        (folder / "scenario.toml").write_text(f'name = "{name}"\npoints = 2\n')
    for student in range(students):
        folder = klass / f"student{student:02}"
        folder.mkdir(parents=True)
        for n, (name, text) in enumerate(texts.items()):
            if student % 4 == 3 and n % 5 == 0:
                text = text.replace("turn 20:", "turn twenty:")
            (folder / f"{name}.txt").write_text(text)
    return suite, klass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=500)
    parser.add_argument("--scenarios", type=int, default=89)
    parser.add_argument("--events", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        suite, klass = build(root, args.students, args.scenarios, args.events)
        start = time.perf_counter()
        result = CliRunner().invoke(app, [
            "grade", str(suite), "--class", str(klass), "--use-expected", "--partial",
            "--junit", str(root / "report.xml"), "--json", str(root / "grades.json"),
        ])
        elapsed = time.perf_counter() - start
    if result.exit_code not in (0, 1):
        raise SystemExit(f"grading failed ({result.exit_code}): {result.output}")
    print(f"graded {args.students} submissions x {args.scenarios} scenarios "
          f"({args.events} events each) in {elapsed:.2f} s (target < 3 s)")


if __name__ == "__main__":
    main()
