"""Benchmark: what the bubblewrap sandbox costs, `rawdeal grade --course --class` with bwrap against `--sandbox none`.

Target (issue 25): grading STUDENTS x SCENARIOS runs of a trivial program takes at most 1.3x the time
it takes with `--sandbox none` (full size 500 x 89; the default is smaller so the benchmark takes a
few minutes). Each student is graded twice in a row, once per mode (which goes first alternates), so
a change in the machine's load hits both alike. Both CPU time (this process and every process it
started, orphans included, read from a cgroup of its own when run as root) and wall time are given:
on a shared machine the CPU ratio is the steadier. The bank is generated (10 categories, 8 decks
each, transcripts of 30 menu answers). The program echoes its answers: `--program python` (default)
is a Python one-liner, the least a course's Python program does; `--program cat` is `sh -c cat`, the
least any program does, where the sandbox's fixed cost per run shows most.
Run (as root for the CPU figures): `python benchmarks/bench_sandbox.py [--students N] [--scenarios N]
[--jobs N] [--program python|cat]`.

Measured for issue 25's speed item (as root, 2 cores shared with other engineers, load average 10
to 22 during the runs), bwrap / none, CPU time a run and wall time a run:
- before (the first sandbox, main at 76c3fdb; CPU read the same way): python, 6 x 89: CPU 32.1 / 20.4 ms
  (1.57), wall 115 / 64 ms (1.80); cat, 4 x 89: CPU 12.6 / 3.4 ms (3.70), wall 48.8 / 9.2 ms (5.29).
- after: python, 10 x 89: CPU 24.7 / 15.9 ms (1.55), wall 73.9 / 40.0 ms (1.85); 4 x 89 (three runs):
  CPU ratio 1.46 to 1.49, wall 1.60 to 1.77; jobs=2, 6 x 89: CPU 1.44, wall 1.60; cat, 6 x 89: CPU
  11.6 / 4.3 ms (2.68), wall 32.8 / 9.9 ms (3.30).
- the sandbox's own cost a run (bwrap minus none) went from about 11.6 to 8-9 ms of CPU; the step
  costs are in docs/grading-sandbox.md. Ratios from separate runs move by 0.1-0.2 with the load;
  interleaved, before and after in turn (3 x 2 x 89 python runs each, load 12-16): before CPU 29.0 /
  18.6 ms (1.55), after 26.2 / 18.6 ms (1.41): the sandbox's CPU cost a run from 10.3 to 7.6 ms. Wall
  time did not move measurably there (1.53 before, 1.59 after, both about 102 / 65 ms): at that load
  a run's wall time is mostly waiting for a CPU at each of its few process starts, which are as many
  as before.
Seventh session (main at 354d8a0 plus this branch, which leaves the sandbox's command line as it was;
editable build, as root, 2 cores shared with other engineers), the long run
`nice -n 5 python benchmarks/bench_sandbox.py --students 500 --every 25`, python, jobs=1, figures
so far at each step (bwrap / none, a run):
- 25 x 89 (load 10.9): CPU 17.64 / 11.79 ms (1.50), wall 92.2 / 62.1 ms (1.49);
- 50 x 89 (load 14.4): CPU 18.09 / 12.04 ms (1.50), wall 99.7 / 67.3 ms (1.48);
- 100 x 89 (load 23.5): CPU 18.16 / 12.11 ms (1.50), wall 114.9 / 77.9 ms (1.48);
- 150 x 89 (load 16.9): CPU 18.08 / 12.03 ms (1.50), wall 121.3 / 77.7 ms (1.56);
- 225 x 89 (load 25.8): CPU 17.82 / 11.81 ms (1.51), wall 120.1 / 75.8 ms (1.58);
- 275 x 89 = 24,475 runs a mode (load 15.2): CPU 17.70 / 11.65 ms (1.52), wall 109.5 / 68.1 ms (1.61).
The whole 500 x 89 did not fit in the session at this load (about 29 minutes per 100 students);
the run was stopped after the last line above.
The ratio did not move with the class's size (the cost is per run), nor much with the load (CPU
1.50 from load 11 to 24): a bubblewrap a run could not meet the target for programs this small.
Eighth session (branch sbxspeed: one bubblewrap a submission and worker, each run in namespaces of
its own started by a trusted runner inside it, see docs/grading-sandbox.md; editable build, as root,
2 cores shared with other engineers, python, jobs=1), bwrap / none, a run:
- 10 x 89 = 890 runs a mode (load 9.7-10.6): CPU 24.54 / 19.24 ms (1.28), wall 99.4 / 75.1 ms (1.32);
- 16 x 89 = 1,424 runs a mode (load 13-18): CPU 23.54 / 18.96 ms (1.24), wall 86.9 / 70.6 ms (1.23).
The full size, by the lead after the helpers had stopped (main at d74fef2, editable build, as root,
jobs=1, `python benchmarks/bench_sandbox.py --students 500 --every 50`; a clean-clone CI run shared the
machine for part of it, load 2-11): 500 x 89 = 44,500 runs a mode, CPU 23.53 / 18.75 ms a run (1.25),
wall 26.13 / 20.20 ms a run (1.29): the target is met. Cumulative wall ratio at 50, 150, 250, 300 and
400 students: 1.38, 1.36, 1.32, 1.30, 1.30 (the first while CI ran beside it); the last 50 students
alone, at load 2-3: CPU 1.26, wall 1.27.
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import shutil
import tempfile
import time
from pathlib import Path

from typer.testing import CliRunner

from rawdeal.cli import app

PROGRAMS = {
    "python": [shutil.which("python3", path="/usr/local/bin:/usr/bin:/bin") or "python3", "-c",
               "import sys; sys.stdout.write(sys.stdin.read())"],
    "cat": ["sh", "-c", "cat"],
}


def build_bank(root: Path, scenarios: int) -> None:
    """A bank in the course's layout: decks, and transcripts of menu lines with INPUT: answers."""
    for n in range(scenarios):
        category = f"{n % 10:02}-Category"
        decks, tests = root / "data" / category, root / "data" / f"{category}-Tests"
        if not decks.exists():
            decks.mkdir(parents=True)
            tests.mkdir()
            for d in range(8):
                (decks / f"{d:02}.txt").write_bytes(b"\xef\xbb\xbfDECK (Superstar Card)\n" + b"Punch\n" * 59 + b"Kick")
        answers = [str(1 + (n + i) % 4) for i in range(30)]
        body = "".join(f"-----\nmenu line {i}\n(Ingresa un número entre 1 y 4)\nINPUT: {a}\n" for i, a in enumerate(answers))
        (tests / f"{n // 10 + 1}.txt").write_text(body)


def grade(bank: Path, program: list[str], jobs: int, sandbox: str, out: Path) -> float:
    """Seconds to grade one student's program over the whole bank."""
    start = time.perf_counter()
    result = CliRunner().invoke(app, [
        "grade", "--course", str(bank), "--jobs", str(jobs), "--sandbox", sandbox, "--timeout", "30",
        "--command", f"{shlex.join(program)} {{decks}}", "--json", str(out),
    ])
    seconds = time.perf_counter() - start
    if result.exit_code not in (0, 1):
        raise SystemExit(f"grading failed ({result.exit_code}): {result.output}")
    return seconds


class CpuClock:
    """CPU seconds used by this process and every process it started, orphans included (bwrap's
    first process inside a run is never waited for by the grader, so `getrusage` misses it): read
    from a cgroup of its own (cgroup v1 `cpuacct` or v2 `cpu.stat`, as root); elsewhere from
    `getrusage`, which then undercounts the sandbox."""

    def __init__(self) -> None:
        self.group: Path | None = None
        self.home: Path | None = None
        for root, name in ((Path("/sys/fs/cgroup/cpuacct"), "cpuacct.usage"), (Path("/sys/fs/cgroup"), "cpu.stat")):
            try:
                group = root / f"rawdeal-bench-{os.getpid()}"
                group.mkdir()
                if not (group / name).exists():
                    group.rmdir()
                    continue
                (group / "cgroup.procs").write_text(str(os.getpid()))
                self.group, self.home, self.file = group, root, name
                break
            except OSError:
                continue
        self.source = f"cgroup {self.group / self.file}" if self.group else "getrusage (undercounts bwrap)"

    def seconds(self) -> float:
        if self.group is None:
            me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
            return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime
        text = (self.group / self.file).read_text()
        if self.file == "cpu.stat":
            return int(text.split("usage_usec")[1].split()[0]) / 1e6
        return int(text) / 1e9

    def close(self) -> None:
        if self.group is not None and self.home is not None:
            (self.home / "cgroup.procs").write_text(str(os.getpid()))
            for _ in range(50):  # the kernel may still be ending the last run's processes
                try:
                    self.group.rmdir()
                    return
                except OSError:
                    time.sleep(0.1)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--students", type=int, default=20)
    parser.add_argument("--scenarios", type=int, default=89)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--program", choices=sorted(PROGRAMS), default="python")
    parser.add_argument("--every", type=int, default=0, help="also print the figures so far every N students")
    args = parser.parse_args()
    program = PROGRAMS[args.program]
    clock = CpuClock()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            build_bank(root / "bank", args.scenarios)
            wall = {"bwrap": 0.0, "none": 0.0}
            cpu = {"bwrap": 0.0, "none": 0.0}
            for s in range(args.students):  # one `grade` per student, as a course grades each submission
                for mode in ("bwrap", "none") if s % 2 == 0 else ("none", "bwrap"):
                    used = clock.seconds()
                    wall[mode] += grade(root / "bank", program, args.jobs, mode, root / "grades.json")
                    cpu[mode] += clock.seconds() - used
                if args.every and (s + 1) % args.every == 0 and s + 1 < args.students:
                    report(s + 1, args, program, clock, cpu, wall, partial=True)
    finally:
        clock.close()
    report(args.students, args, program, clock, cpu, wall)


def report(students: int, args: argparse.Namespace, program: list[str], clock: CpuClock, cpu: dict[str, float],
           wall: dict[str, float], partial: bool = False) -> None:
    """The figures so far (`partial`: after `students` of them, so a long run that is stopped still tells)."""
    runs = students * args.scenarios
    print(f"{'after ' if partial else ''}{students} students x {args.scenarios} scenarios = {runs} runs of "
          f"{shlex.join(program)} per mode, jobs={args.jobs}; load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}; CPU from {clock.source}")
    for mode in ("bwrap", "none"):
        print(f"--sandbox {mode:5}: CPU {cpu[mode]:8.2f} s ({cpu[mode] / runs * 1000:6.2f} ms a run), "
              f"wall {wall[mode]:8.2f} s ({wall[mode] / runs * 1000:6.2f} ms a run)")
    print(f"ratio bwrap / none: CPU {cpu['bwrap'] / cpu['none']:.2f}, wall {wall['bwrap'] / wall['none']:.2f} "
          "(target <= 1.3)", flush=True)

if __name__ == "__main__":
    main()
