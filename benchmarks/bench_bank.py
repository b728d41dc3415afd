"""Import and verify the whole shared course bank in one process (target < 2 s wall).

Run from the project root with ../shared beside it: `python benchmarks/bench_bank.py`.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "course-tests" / "data"


def main() -> None:
    if not DATA.is_dir():
        sys.exit(f"no course bank at {DATA}")
    start = time.perf_counter()
    from rawdeal.course.bank import import_bank
    from rawdeal.course.verify import scenario_dirs, verify

    with tempfile.TemporaryDirectory() as out:
        import_bank(sorted(DATA.glob("*-Tests")), Path(out))
        imported = time.perf_counter()
        results = [verify(d) for d in scenario_dirs([out])]
        done = time.perf_counter()
    passed = sum(r.passed for r in results)
    checks = sum(r.checkpoints for r in results)
    print(f"imported {len(results)} transcripts in {imported - start:.2f} s; "
          f"verified {passed}/{len(results)} ({checks} checkpoints) in {done - imported:.2f} s; "
          f"total {done - start:.2f} s wall (target < 2 s)")


if __name__ == "__main__":
    main()
