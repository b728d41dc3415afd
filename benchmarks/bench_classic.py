"""How fast the whole Classic pool compiles in one process (goal: < 2 s).

Run: `python benchmarks/bench_classic.py [ROUNDS]`. Each round is a fresh process state as far as the
compiler goes: the pool is read, the parser loaded (its tables come from the per-user disk cache after
the first run), the dictionaries built and every distinct text compiled. Prints wall-clock and CPU
seconds (on a busy machine the CPU time is the fairer figure); asserts nothing.
"""

from __future__ import annotations

import subprocess
import sys

ROUND = r"""
import time
w, c = time.perf_counter(), time.process_time()
from rawdeal.cards.pool.load import classic_pool
from rawdeal.effects.classic.check import distinct_texts
from rawdeal.effects.classic.pool import pool_compiler
pool = classic_pool()
compiler = pool_compiler(pool)
results = [compiler.compile(t) for t in distinct_texts(pool)]
print(f"{time.perf_counter() - w:.3f} {time.process_time() - c:.3f} {sum(r.ok for r in results)} {len(results)}")
"""


def main(rounds: int = 3) -> None:
    for i in range(rounds):
        out = subprocess.run([sys.executable, "-c", ROUND], capture_output=True, text=True, check=True).stdout
        wall, cpu, ok, total = out.split()
        print(f"round {i + 1}: {ok}/{total} texts compiled in {wall} s wall, {cpu} s CPU "
              "(load pool + parser + dictionaries + compile)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
