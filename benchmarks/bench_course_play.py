"""`rawdeal course play` of a ~100-answer transcript, whole process, against `python -c 'import typer'`.

Target (issue 10): within 3x the start-up of `import typer`. Both are timed in the same run, best of
N, so the ratio holds on a loaded machine. Run from the project root with ../shared beside it:
`python benchmarks/bench_course_play.py [N]`.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COURSE = ROOT.parent / "shared" / "course-tests"


def best(cmd: list[str], n: int, cwd: Path) -> float:
    times = []
    for _ in range(n):
        start = time.perf_counter()
        subprocess.run(cmd, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return min(times)


def transcript_near(answers: int) -> Path:
    """The shared transcript whose number of answers is closest to `answers`."""
    found = sorted(COURSE.glob("data/*-Tests/*.txt"))
    return min(found, key=lambda p: abs(p.read_text(encoding="utf-8").count("\nINPUT: ") - answers))


def main() -> None:
    if not COURSE.is_dir():
        sys.exit(f"no course bank at {COURSE}")
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    t = transcript_near(100)
    folder = f"data/{t.parent.name.removesuffix('-Tests')}"
    base = best([sys.executable, "-c", "import typer"], n, COURSE)
    play = best([sys.executable, "-m", "rawdeal", "course", "play", folder, "--inputs", str(t)], n, COURSE)
    answers = t.read_text(encoding="utf-8").count("\nINPUT: ")
    print(f"import typer: {base * 1000:.0f} ms; course play of {t.parent.name}/{t.name} ({answers} answers): "
          f"{play * 1000:.0f} ms = {play / base:.1f}x (target <= 3x)")


if __name__ == "__main__":
    main()
