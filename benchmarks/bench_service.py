"""Benchmark: `rawdeal serve` against issue 26's three speed goals, on this machine, in one command.

1. Grading: SUBMISSIONS submissions of a trivial program (`cat`: echoes its answers) against a
   TESTS-transcript assignment, posted at once to a server with 2 grading workers, until all are
   graded; the anchor is `rawdeal grade --course --class --jobs 2` on the same work (the same bank,
   one program folder per submission) in the same round, run just before or just after (alternating
   by round, against drift). Goal: service <= 1.5x the anchor.
2. While (1) runs, a client reads `GET /v1/submissions/{id}` 20 times a second: goal p99 < 20 ms.
3. `POST /v1/replays` of a 100-move file from CLIENTS threads (keep-alive connections), distinct
   inputs (a comment line numbers each request, so no answer is a stored one), the bodies encoded
   before the clock starts: goal >= 300 a second (one HTTP process, the default).
Each goal is printed with its figure and "met" or "NOT met", with the load average, and with what
tells whether the machine was the limit: the share of the time the HTTP process was runnable that it
waited for a core (/proc/PID/schedstat), and the server's CPU per replay (replays a second per core).

Run: `python benchmarks/bench_service.py` (200 submissions, 1500 replays, 2 rounds: several minutes)
or `--quick` (40 submissions, 300 replays, 1 round: about a minute on a quiet machine). A/B: repeat
`--python PY` (a venv's interpreter; its rawdeal is the one measured: server, workers and anchor),
and the builds alternate round by round under the same load. Measure the compiled build (`pip install
'.[serve]'` into a venv, not an editable install): it is what users get.

Quiet machine (the lead's run, 2026-11-27, compiled build of main 0ff9ddf, nothing else running, load
0.8-2.9): all three goals met.
  full size, 200 x 10, 1500 replays, 2 rounds: grading 1.09x / 1.06x `grade --course --jobs 2`
  (11.8 / 12.0 s against 10.8 / 11.3 s); GET p99 7.3 / 7.9 ms (p50 3.3 / 3.5 ms, 205 / 208 reads);
  1084 / 1043 replays a second (server CPU 0.89 / 0.93 ms a replay); the HTTP process waited for a
  core 37-41% of the time it wanted one.
  --quick: grading 1.11x, GET p99 8.8 ms, 1037 replays a second.

Measured 2026-11-27, compiled builds (non-editable venvs) of main (354d8a0, "before") and of this
branch ("after"), interleaved in one run, while other sessions loaded the 2-core machine:
  200 x 10, 600 replays, 2 rounds, load 20-28:
                              before                after
    grading / grade --course  1.32x, 1.40x          0.95x, 0.64x        (goal <= 1.5x: met after)
    GET p99 (p50)             100, 112 ms (26, 39)  96, 56 ms (19, 16)  (goal < 20 ms: not met)
    HTTP process waiting      88%, 92%              89%, 87%            of its runnable time
    replays a second          85, 45                111, 247            (goal >= 300: not met)
    server CPU a replay       2.55, 2.83 ms         1.55, 1.15 ms       (645-870 a second per core)
  --quick, 2 rounds, load 21-37:
    grading / grade --course  1.52x, 1.29x          0.77x, 0.76x
    GET p99 (p50)             91, 69 ms (24, 22)    36, 38 ms (10, 8)
    HTTP process waiting      87%, 86%              80%, 80%
    replays a second          248, 98               142, 175
    server CPU a replay       1.60, 2.23 ms         1.63, 1.27 ms
Under this load the GET and replay goals are not met: the HTTP process waited for a core 80-90% of
the time it could have run, and got far less than the half core 300 replays a second need. On a quiet
machine (the lead's run) the server CPU figures say what to expect: a GET ~1 ms, a replay ~1.2-1.6 ms.

Why the goals were missed before (profiled 2026-11-27: cProfile and CPU time in process, /proc
schedstat of the server during this benchmark; docs/service.md, Speed). valgrind (callgrind) was
tried for counts independent of the load, but the 8 or 16 requests a run it could afford under this
load differed by less than the runs' own noise (Python's garbage collector), so the in-process
figures below are CPU time over 300-1000 requests, builds alternating:
- Grading: the workers ran SCHED_BATCH, inherited by each sandboxed run; a batch task never
  preempts on waking and a bubblewrap run is a chain of wake-ups, so under load each waited for
  another task's slice. `grade --course --jobs 2` alone under `chrt -b 0`, 4 alternations, load 8-9:
  3.75 s against 3.24 s plain. Without it, and with the workers in a session (autogroup) of their own
  instead: the table above. One worker alone drains 30 submissions in the time `grade --course
  --jobs 1` takes (12.7 s against 12.9 s, load 5): its own work is ~10% of a submission, the rest
  the sandboxed runs, as for the CLI.
- GET: in the app (ASGI called directly, a submission with 10 results) 1.14-1.21 ms of CPU (two
  sessions, statements built per request) -> 0.71-0.79 ms (one read transaction, statements built
  once), compiled builds alternating 3 times at load 26-30; the rest of its latency is the wait for
  a core.
- Replays: the ORM's unit of work for one INSERT cost 2.5x a Core INSERT (0.40 against 0.15 ms;
  a replay in the app 1.55-1.96 -> 1.24-1.52 ms, compiled builds alternating 3 times at load 24-30),
  and uvicorn's pure-Python HTTP parser (h11) ~0.5 ms a request more than httptools (editable build,
  load 14-16, alternating 3 times: 2.17-2.25 ms against 1.60-1.73 ms of server CPU a replay).

`--http-workers 2` (replays only, `--http-workers 2`): 56-71 replays a second at load 20-26 against
228-360 for one process in the same minutes. uvicorn's processes share one listening socket, and
py-spy showed one process serving all 4 keep-alive clients while the other waited in epoll; that
process also spent more CPU a replay (1.8 ms against 1.0-1.1) for a reason not found. Serve the
replay goal with one HTTP process (the default).

Earlier figures (2026-11-26, editable pure-Python build, load 7-34, before these changes): grading
2.21-2.72x (once 1.21x), GET p99 160-400 ms, replays 226-289/s in quiet moments and 22-93/s under
load; `--http-workers 2` never helped on this machine.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from servicekit import CATEGORY, Server, call, zip_of  # noqa: E402

from rawdeal.course.export import export_bank  # noqa: E402

TRIVIAL = {"run.sh": "cat\n"}
COMMAND = "sh {student}/run.sh {decks}"
GOAL_RATIO, GOAL_P99_MS, GOAL_RATE = 1.5, 20.0, 300.0


def bank(root: Path, tests: int) -> bytes:
    export_bank(root, CATEGORY, tests, 13)
    return zip_of({p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()})


def anchor(python: str, root: Path, submissions: int) -> float:
    """`rawdeal grade --course --class --jobs 2` over one folder per submission (wall seconds)."""
    klass = root / "class"
    shutil.rmtree(klass, ignore_errors=True)
    for n in range(submissions):
        (klass / f"s{n:04}").mkdir(parents=True)
        (klass / f"s{n:04}" / "run.sh").write_text(TRIVIAL["run.sh"])
    start = time.perf_counter()
    subprocess.run([python, "-m", "rawdeal", "grade", "--course", str(root / "bank"), "--class", str(klass),
                    "--command", COMMAND, "--jobs", "2", "--summary"], capture_output=True, check=False)
    return time.perf_counter() - start


@dataclass
class Sched:
    """A process's main thread as the kernel saw it (/proc/PID/schedstat): seconds on a core and
    seconds runnable but waiting for one. The second says how much of a latency was the machine's."""

    pid: int
    ran: float = 0.0
    waited: float = 0.0

    def read(self) -> tuple[float, float]:
        try:
            ran, waited, _ = Path(f"/proc/{self.pid}/schedstat").read_text().split()
        except (OSError, ValueError):
            return 0.0, 0.0
        return int(ran) / 1e9, int(waited) / 1e9

    def __enter__(self) -> Sched:
        self.ran, self.waited = self.read()
        return self

    def __exit__(self, *exc: object) -> None:
        ran, waited = self.read()
        self.ran, self.waited = ran - self.ran, waited - self.waited


@dataclass
class Grading:
    seconds: float
    latencies: list[float] = field(default_factory=list)
    server: Sched | None = None


def service_grading(python: str, root: Path, bank_zip: bytes, submissions: int) -> Grading:
    """SUBMISSIONS posted at once to `rawdeal serve --workers 2`, timed until all are graded, while a
    reader GETs a random one 20 times a second (a class refreshing its results pages)."""
    data = root / "data"
    shutil.rmtree(data, ignore_errors=True)
    staff = subprocess.run([python, "-m", "rawdeal", "serve", "token", "--data", str(data), "--staff", "b"],
                           capture_output=True, text=True, check=True).stdout.strip()
    server = Server(data, "--workers", "2", "--rate", "100000", python=python)
    try:
        cid = call(server.base, "POST", "/v1/courses", staff, {"name": "bench"})[1]["id"]  # type: ignore[index]
        student = call(server.base, "POST", f"/v1/courses/{cid}/students", staff, {"name": "s"})[1]["token"]  # type: ignore[index]
        aid = call(server.base, "POST", f"/v1/courses/{cid}/assignments", staff, files={"bank": ("b.zip", bank_zip)},
                   fields={"name": "A", "command": COMMAND})[1]["id"]  # type: ignore[index]
        program = zip_of(TRIVIAL)
        start = time.perf_counter()
        ids = [call(server.base, "POST", f"/v1/assignments/{aid}/submissions", student,
                    files={"program": ("p.zip", program)})[1]["id"] for _ in range(submissions)]  # type: ignore[index]
        result = Grading(0.0)
        stop = threading.Event()
        reader = threading.Thread(target=_read_loop, args=(server.base, student, ids, result.latencies, stop))
        with Sched(server.proc.pid) as sched:
            reader.start()
            pending = list(ids)
            while pending:
                time.sleep(0.2)
                while pending and call(server.base, "GET", f"/v1/submissions/{pending[0]}", student)[1]["state"] in (  # type: ignore[index]
                        "graded", "error"):
                    pending.pop(0)
            result.seconds = time.perf_counter() - start
            stop.set()
            reader.join()
        result.server = sched
        return result
    finally:
        server.stop()


def _read_loop(base: str, token: str, ids: list[str], out: list[float], stop: threading.Event) -> None:
    host, port = base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port))
    headers = {"Authorization": f"Bearer {token}"}
    rnd = random.Random(1)
    while not stop.is_set():
        t = time.perf_counter()
        conn.request("GET", f"/v1/submissions/{rnd.choice(ids)}", headers=headers)
        answer = conn.getresponse()
        answer.read()
        out.append(time.perf_counter() - t)
        assert answer.status == 200, answer.status
        time.sleep(0.05)


def hundred_moves() -> tuple[dict[str, object], str]:
    """An opening save and a move file of 100 legal moves (seeded random play, never surrendering)."""
    from rawdeal.decks import read_deck
    from rawdeal.engine.setup import new_game
    from rawdeal.io.save import dumps

    for seed in range(50):  # Jericho against The Rock: long games (Stone Cold's first one lasts 160 moves)
        game, _ = new_game(read_deck(ROOT / "decks" / "jericho.txt"), read_deck(ROOT / "decks" / "the-rock.txt"),
                           "standard", seed)
        save = json.loads(dumps(game))
        game.resume()
        rnd, moves = random.Random(seed), list[str]()
        while len(moves) < 100:
            d = game.decision()
            if d is None:
                break
            legal = [m for m in d.moves if str(m) != "surrender"]
            move = rnd.choice(legal or list(d.moves))
            game.apply(move)
            moves.append(str(move))
        if len(moves) == 100:
            return save, "\n".join(moves) + "\n"
    raise SystemExit("no seed gave a 100-move game")


@dataclass
class Replays:
    rate: float
    cpu_ms: float  # the server's CPU per replay (all its threads), from /proc/PID/stat


def replays(python: str, root: Path, count: int, clients: int, http_workers: int) -> Replays:
    """COUNT distinct replays (a comment line numbers each, so none is a stored answer) from CLIENTS
    keep-alive connections; the bodies are encoded before the clock starts (the client's own work is
    not the server's)."""
    save, moves = hundred_moves()
    data = root / f"replay-data-{http_workers}"
    shutil.rmtree(data, ignore_errors=True)
    server = Server(data, "--workers", "0", "--http-workers", str(http_workers), python=python)
    host, port = server.base.removeprefix("http://").split(":")
    head = json.dumps({"save": save}).encode()[:-1]
    bodies = [head + b',"moves":' + json.dumps(f"# request {n}\n{moves}").encode() + b"}" for n in range(count + 8 * http_workers)]
    try:
        def client(numbers: range) -> None:
            conn = http.client.HTTPConnection(host, int(port))
            for n in numbers:
                conn.request("POST", "/v1/replays", bodies[n], {"Content-Type": "application/json"})
                answer = conn.getresponse()
                answer.read()
                assert answer.status == 200, answer.status

        for warm in range(count, count + 8 * http_workers):  # every process warm (imports, caches) before the clock
            client(range(warm, warm + 1))
        threads = [threading.Thread(target=client, args=(range(i, count, clients),)) for i in range(clients)]
        cpu = _cpu_seconds(server.proc.pid)
        t = time.perf_counter()
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        elapsed = time.perf_counter() - t
        return Replays(count / elapsed, (_cpu_seconds(server.proc.pid) - cpu) / count * 1000)
    finally:
        server.stop()


def _cpu_seconds(pid: int) -> float:
    """User and system CPU of a process and of the processes under it (`--http-workers N`: uvicorn's
    supervisor and its N HTTP processes)."""
    stats: dict[int, tuple[int, int]] = {}  # pid -> (parent, ticks)
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            stats[int(entry.name)] = int(fields[1]), sum(int(f) for f in fields[11:15])
    tree, grew = {pid}, True
    while grew:
        grew = False
        for child, (parent, _) in stats.items():
            if parent in tree and child not in tree:
                tree.add(child)
                grew = True
    ticks = sum(stats[p][1] for p in tree if p in stats)
    return ticks / os.sysconf("SC_CLK_TCK")


def _load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true",
                        help="40 submissions and 300 replays, one round: about a minute on a quiet machine.")
    parser.add_argument("--submissions", type=int, default=None, help="default 200 (quick: 40)")
    parser.add_argument("--tests", type=int, default=10)
    parser.add_argument("--replays", type=int, default=None, help="default 1500 (quick: 300)")
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--http-workers", type=int, default=1, help="HTTP processes for the replay goal (default 1)")
    parser.add_argument("--rounds", type=int, default=None, help="default 2 (quick: 1); each build once a round, alternating")
    parser.add_argument("--python", action="append", default=None, metavar="PY",
                        help="the interpreter whose rawdeal is measured (repeat for A/B, interleaved); default this one")
    parser.add_argument("--only", choices=("grading", "replays"), default=None)
    args = parser.parse_args()
    submissions = args.submissions or (40 if args.quick else 200)
    count = args.replays or (300 if args.quick else 1500)
    rounds = args.rounds or (1 if args.quick else 2)
    builds = args.python or [sys.executable]
    figures: dict[str, dict[str, list[float]]] = {b: {} for b in builds}
    loads: list[str] = [_load()]

    def note(build: str, key: str, value: float) -> None:
        figures[build].setdefault(key, []).append(value)

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        bank_zip = bank(root / "bank", args.tests)
        for r in range(rounds):
            for build in builds if r % 2 == 0 else builds[::-1]:
                if args.only != "replays":
                    first_anchor = r % 2 == 0  # anchor and service alternate which goes first, against drift
                    a = anchor(build, root, submissions) if first_anchor else 0.0
                    g = service_grading(build, root, bank_zip, submissions)
                    if not first_anchor:
                        a = anchor(build, root, submissions)
                    lat = sorted(g.latencies)
                    note(build, "ratio", g.seconds / a)
                    note(build, "anchor", a)
                    note(build, "served", g.seconds)
                    note(build, "p50", statistics.median(lat) * 1000)
                    note(build, "p99", lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000)
                    note(build, "gets", len(lat))
                    assert g.server is not None
                    note(build, "wait", g.server.waited / max(g.server.ran + g.server.waited, 1e-9))
                if args.only != "grading":
                    rep = replays(build, root, count, args.clients, args.http_workers)
                    note(build, "rate", rep.rate)
                    note(build, "cpu", rep.cpu_ms)
                loads.append(_load())
                print(f"  (round {r + 1}, {build}: done, load {loads[-1]})", file=sys.stderr, flush=True)
    report(figures, submissions, args.tests, count, args.clients, args.http_workers, loads)


def report(figures: dict[str, dict[str, list[float]]], submissions: int, tests: int, count: int, clients: int,
           http_workers: int, loads: list[str]) -> None:
    def each(values: list[float], fmt: str) -> str:
        return " / ".join(fmt.format(v) for v in values)

    print(f"rawdeal serve against issue 26's goals (1-minute load average {' -> '.join(loads)} on {os.cpu_count()} cores)")
    for build, f in figures.items():
        print(f"{build}:")
        if "ratio" in f:
            worst = max(f["ratio"])
            print(f"  1. grading {submissions} submissions x {tests} tests, 2 workers: {each(f['ratio'], '{:.2f}x')} "
                  f"`grade --course --jobs 2` (goal <= {GOAL_RATIO}x: {'met' if worst <= GOAL_RATIO else 'NOT met'})")
            print(f"     served {each(f['served'], '{:.1f}')} s, grade --course {each(f['anchor'], '{:.1f}')} s")
            worst_p99 = max(f["p99"])
            print(f"  2. GET /v1/submissions/{{id}} meanwhile: p99 {each(f['p99'], '{:.1f}')} ms "
                  f"(goal < {GOAL_P99_MS:g} ms: {'met' if worst_p99 < GOAL_P99_MS else 'NOT met'}); "
                  f"p50 {each(f['p50'], '{:.1f}')} ms over {each(f['gets'], '{:.0f}')} reads")
            print(f"     the HTTP process waited for a core {each(f['wait'], '{:.0%}')} of the time it wanted one")
        if "rate" in f:
            worst_rate = min(f["rate"])
            print(f"  3. POST /v1/replays, 100 moves, {count} from {clients} clients, {http_workers} HTTP process(es): "
                  f"{each(f['rate'], '{:.0f}')} replays/s (goal >= {GOAL_RATE:g}: {'met' if worst_rate >= GOAL_RATE else 'NOT met'})")
            print(f"     server CPU {each(f['cpu'], '{:.2f}')} ms a replay: {each([1000 / c for c in f['cpu']], '{:.0f}')} "
                  "a second per core it gets")


if __name__ == "__main__":
    main()
