"""The sandbox one student run goes through (bubblewrap, for real): its folder, its input, its end, its limits.

Each test runs a tiny Python program through `sandbox.run` and asserts what the program could see or
do, both ways a run is started: in a bubblewrap of its own, and in a submission's long-lived sandbox
(`box`), where runs follow one another in the same bubblewrap. Hostile programs graded through the
whole grading code are in test_grading_hostile.py.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rawdeal.cli import app
from rawdeal.errors import UsageError
from rawdeal.grading import bwrap, staging
from rawdeal.grading.runner import guarded, resolve_words
from rawdeal.grading import sandbox
from rawdeal.grading.box import Boxes
from rawdeal.grading.sandbox import Limits, Outcome, Sandbox, prepare

PY = sys.executable
LIMITS = Limits(timeout=3.0, max_output=1000, max_stderr=400)
# As root, bwrap starts as the programs' account when that account can reach the interpreter (a system
# Python), else as root, switching inside (this environment's Python may sit in root's home): both are run.
SYSTEM_PY = shutil.which("python3", path=bwrap.PATH)
PYTHONS = [PY, *([SYSTEM_PY] if SYSTEM_PY and os.path.realpath(SYSTEM_PY) != os.path.realpath(PY) else [])]


_boxes: list[Boxes | None] = [None]


@pytest.fixture(autouse=True, params=["a-bubblewrap-a-run", "a-submission-s-box"])
def way(request: pytest.FixtureRequest) -> Iterator[Boxes | None]:
    """Every test holds for both ways a run is started; with a box, the runs of a test share one."""
    boxes = Boxes() if request.param == "a-submission-s-box" else None
    _boxes[0] = boxes
    try:
        yield boxes
    finally:
        _boxes[0] = None
        if boxes is not None:
            boxes.close()


def run(argv: list[str], files: dict[str, bytes], stdin: bytes, limits: Limits) -> Outcome:
    return sandbox.run(argv, files, stdin, limits, _boxes[0])


@pytest.fixture(params=PYTHONS, ids=["this-python", "system-python"][:len(PYTHONS)])
def python(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def py(code: str, files: dict[str, bytes] | None = None, stdin: bytes = b"", limits: Limits = LIMITS,
       python: str = PY) -> Outcome:
    return run([python, "-c", code], files or {}, stdin, limits)


def test_a_run_sees_only_its_own_files_and_its_answers() -> None:
    code = "import os, sys; print(os.getcwd(), sorted(os.listdir('.')), os.listdir('data/x'), sys.stdin.read().split())"
    outcome = py(code, {"data/x/a.txt": b"deck"}, b"1\n2\n")
    assert outcome.returncode == 0 and outcome.stdout == b"/sandbox ['data'] ['a.txt'] ['1', '2']\n"


def test_the_files_given_are_read_only_and_the_working_folder_is_writable(python: str) -> None:
    code = ("import os\nopen('mine.txt', 'w').write('ok'); print(open('mine.txt').read())\n"
            "try: open('data/x/a.txt', 'a').write('changed')\nexcept OSError as e: print(type(e).__name__)\n"
            "print(open('data/x/a.txt').read(), [os.access(p, os.W_OK) for p in ('/', '/dev', '/usr', '/tmp', '/dev/shm')])")
    writable = b"[False, False, False, True, True]"  # /, /dev, /usr; /tmp, /dev/shm
    assert py(code, {"data/x/a.txt": b"deck"}, python=python).stdout == b"ok\nPermissionError\ndeck " + writable + b"\n"


def test_the_environment_is_a_short_fixed_list_plus_what_the_assignment_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAWDEAL_TEST_TOKEN", "secret-token")
    code = "import os; print(sorted(os.environ.items()))"
    limits = Limits(timeout=3.0, sandbox=Sandbox(env=(("COURSE", "IIC2113"),)))
    shown = py(code, limits=limits).stdout.decode()
    assert "secret-token" not in shown
    assert shown == repr(sorted({"COURSE": "IIC2113", "HOME": "/sandbox", "LANG": "C.UTF-8", "PATH": bwrap.PATH,
                                 "PWD": "/sandbox", "TMPDIR": "/tmp"}.items())) + "\n"


def test_the_grader_s_files_and_the_network_are_out_of_reach(tmp_path: Path, python: str) -> None:
    secret = tmp_path / "answers.txt"
    secret.write_text("the answers")
    code = (f"import os, socket\nprint(os.path.exists({str(secret)!r}), os.path.exists({str(tmp_path)!r}))\n"
            "print(sorted(p for p in os.listdir('/proc') if p.isdigit()))\n"
            "try: socket.create_connection(('127.0.0.1', 22), timeout=1)\nexcept OSError as e: print(e.errno)")
    lines = py(code, python=python).stdout.decode().splitlines()
    assert lines[0] == "False False"
    assert lines[1] == "['1', '2']"  # bwrap's own init and the program: no process of the grader's
    assert lines[2] in ("101", "111")  # network unreachable, or refused by the sandbox's own empty loopback


def test_input_the_program_never_reads_does_not_block_the_grader() -> None:
    start = time.monotonic()
    outcome = py("print('done')", stdin=b"9\n" * 500_000)
    assert outcome.stdout == b"done\n" and not outcome.timed_out and time.monotonic() - start < 2.5


def test_when_the_program_ends_its_background_children_end_with_it(python: str) -> None:
    code = "import os, time\nif os.fork() == 0:\n    time.sleep(30)\nprint('parent', flush=True)"
    outcome = py(code, python=python)
    assert outcome.stdout == b"parent\n" and outcome.returncode == 0 and outcome.seconds < 2


def test_error_output_is_capped_and_output_overflow_stops_the_run() -> None:
    noisy = py("import sys; sys.stderr.write('e' * 100000); print('ok')")
    assert noisy.stdout == b"ok\n" and noisy.stderr == b"e" * 400
    flood = py("while True: print('x' * 100)")
    assert flood.oversized and len(flood.stdout) == 1000 and flood.seconds < 2


def test_a_program_killed_by_a_signal_is_reported_as_such() -> None:
    assert py("import os, signal; os.kill(os.getpid(), signal.SIGKILL)").returncode == -9


def test_a_program_gets_the_default_signal_dispositions() -> None:
    """A writer to a closed pipe ends quietly, as a shell pipeline expects (no inherited SIGPIPE ignored)."""
    outcome = run(["sh", "-c", "yes | head -n 1"], {}, b"", LIMITS)
    assert (outcome.stdout, outcome.stderr, outcome.returncode) == (b"y\n", b"", 0)


def test_a_program_that_cannot_start_is_reported() -> None:
    outcome = run(["/no/such/program"], {}, b"", LIMITS)
    assert outcome.error == "cannot start /no/such/program: No such file or directory"


def test_memory_beyond_the_limit_is_refused() -> None:
    code = "try:\n    b = bytearray(4 << 30)\n    print('allocated')\nexcept MemoryError:\n    print('refused')"
    assert py(code, limits=Limits(timeout=3.0, memory=256 << 20)).stdout == b"refused\n"
    small = Limits(timeout=3.0, memory=8 << 20)  # less than a Python interpreter holds: a small program still runs
    outcome = run(["sh", "-c", "echo small; exec head -c 64000000 /dev/zero | sort | wc -c"], {}, b"", small)
    assert outcome.stdout == b"small\n0\n" and b"memory exhausted" in outcome.stderr


def test_processes_open_files_and_file_sizes_are_capped(python: str) -> None:
    code = ("import os, signal, time\nkids = 0\ntry:\n    while kids < 200:\n        if os.fork() == 0:\n            time.sleep(5)\n"
            "            os._exit(0)\n        kids += 1\nexcept OSError:\n    pass\nprint(kids)\n"
            "files = []\ntry:\n    while len(files) < 1000: files.append(open('/dev/null'))\nexcept OSError:\n    pass\n"
            "print(len(files))\n[f.close() for f in files]\nsignal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
            "try: open('big', 'wb').write(b'x' * (2 << 20))\nexcept OSError as e: print(e.errno)\n"
            "try:\n    for i in range(100): open(f'/tmp/f{i}', 'wb').write(b'x' * (1 << 20))\n"
            "except OSError as e: print(i, e.errno)")
    limits = Limits(timeout=5.0, processes=20, open_files=50, file_size=1 << 20, disk=8 << 20)
    kids, files, too_big, full = py(code, limits=limits, python=python).stdout.decode().split("\n")[:4]
    assert 0 < int(kids) < 20 and 0 < int(files) < 50
    assert too_big == "27"  # EFBIG: the file stopped at the size limit
    assert full.split() in (["7", "28"], ["8", "28"])  # ENOSPC: /tmp holds 8 MiB


def test_the_grader_s_wait_ends_at_the_timeout_whatever_the_program_does() -> None:
    code = "import os, signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\nos.setsid()\ntime.sleep(60)"
    start = time.monotonic()
    outcome = py(code, limits=Limits(timeout=1.0))
    assert outcome.timed_out and time.monotonic() - start < 1.0 + 2.0


def test_program_paths_are_read_from_where_grading_started(tmp_path: Path) -> None:
    (tmp_path / "main.py").write_text("print('hi')")
    (tmp_path / "bin").mkdir()
    words = ["python3", "main.py", "{decks}", "-m", "rawdeal", "bin/", "./prog", "/abs/x"]
    assert resolve_words(words, tmp_path) == [
        "python3", str(tmp_path / "main.py"), "{decks}", "-m", "rawdeal", str(tmp_path / "bin"), "./prog", "/abs/x"]
    assert resolve_words(["./prog", "x"], tmp_path) == [str(tmp_path / "prog"), "x"]


def test_answers_inside_a_folder_the_program_may_read_are_covered(tmp_path: Path) -> None:
    tmp_path.chmod(0o755)  # as root the program runs as nobody, who must be able to read its own folder
    (tmp_path / "bank" / "data").mkdir(parents=True)
    (tmp_path / "bank" / "data" / "1.txt").write_text("the answers")
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "main.py").write_text(
        "import os\nos.chdir(os.path.dirname(__file__))\nprint(open('notes.txt').read(), os.listdir('bank'))")
    argv = [PY, str(tmp_path / "main.py")]
    limits = guarded([argv], LIMITS, [tmp_path / "bank"])
    assert run(argv, {}, b"", limits).stdout == b"mine []\n"
    (tmp_path / "link").symlink_to(tmp_path / "bank")  # a way round by another name is covered too
    assert bwrap.covers([str(tmp_path / "link")], [str(tmp_path / "bank")]) == [str(tmp_path / "link")]


def test_where_namespaces_are_not_available_grading_refuses_and_says_how_to_fix_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A stand-in for bwrap fails as bubblewrap does on a machine without user namespaces."""
    tmp_path.chmod(0o755)
    fake = tmp_path / "bin" / "bwrap"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setattr(bwrap, "PATH", f"{fake.parent}:{bwrap.PATH}")
    monkeypatch.setattr(bwrap, "BWRAP", str(fake))
    scenario = tmp_path / "scenarios" / "alpha"
    scenario.mkdir(parents=True)
    for name, text in (("start.json", "{}\n"), ("moves.txt", "\n"), ("expected.txt", "a\n")):
        (scenario / name).write_text(text)
    result = CliRunner().invoke(app, ["grade", str(tmp_path / "scenarios"), "--use-expected",
                                      "--command", f"'{PY}' -c 'print(\"a\")'"])
    assert result.exit_code == 2, result.output
    assert "cannot make a sandbox here (bwrap: No permissions to create new namespace)" in result.stderr
    assert "unprivileged_userns_clone" in result.stderr and "--sandbox none" in result.stderr


def test_sandbox_none_says_what_a_program_can_then_do(tmp_path: Path) -> None:
    scenario = tmp_path / "scenarios" / "alpha"
    scenario.mkdir(parents=True)
    for name, text in (("start.json", "{}\n"), ("moves.txt", "\n"), ("expected.txt", "a\n")):
        (scenario / name).write_text(text)
    result = CliRunner().invoke(app, ["grade", str(tmp_path / "scenarios"), "--use-expected", "--sandbox", "none",
                                      "--command", f"'{PY}' -c 'print(\"a\")'"])
    assert result.exit_code == 0, result.output
    assert "--sandbox none" in result.stderr and "read and change every file you can" in result.stderr
    refused = CliRunner().invoke(app, ["grade", str(tmp_path / "scenarios"), "--use-expected", "--sandbox", "box",
                                       "--command", "x"])
    assert refused.exit_code == 2


@pytest.mark.skipif(os.geteuid() != 0, reason="choosing the account programs run as needs root")
def test_as_root_programs_run_as_an_unprivileged_account_without_capabilities(python: str) -> None:
    code = "import os; print(os.getuid() != 0, open('/proc/self/status').read().split('CapEff:')[1].split()[0])"
    assert py(code, python=python).stdout == b"True 0000000000000000\n"
    with pytest.raises(UsageError, match="no such user on this machine"):
        prepare(Sandbox(user="no-such-user-here"), [[PY]])


def test_the_terminal_grading_was_started_from_cannot_be_reached(python: str) -> None:
    code = "try:\n    open('/dev/tty', 'rb')\n    print('opened')\nexcept OSError as e:\n    print(e.errno)"
    assert py(code, python=python).stdout == b"13\n"  # EACCES: no way to push keys into the grader's terminal


def test_paths_inside_a_shell_string_are_readable(tmp_path: Path) -> None:
    tmp_path.chmod(0o755)
    (tmp_path / "main.py").write_text("print('from a shell')")
    outcome = run(["sh", "-c", f"cd {tmp_path} && '{PY}' main.py"], {}, b"", LIMITS)
    assert outcome.stdout == b"from a shell\n", outcome.stderr


def test_allow_read_and_env_give_a_program_what_the_assignment_sets(tmp_path: Path) -> None:
    """The program prints a file named by a variable: readable only when its folder is allowed."""
    scenario = tmp_path / "scenarios" / "alpha"
    scenario.mkdir(parents=True)
    for name, text in (("start.json", "{}\n"), ("moves.txt", "\n"), ("expected.txt", "a\n")):
        (scenario / name).write_text(text)
    extra = tmp_path / "runtime"
    extra.mkdir(mode=0o755)
    tmp_path.chmod(0o755)
    (extra / "answer.txt").write_text("a\n")
    command = ["grade", str(tmp_path / "scenarios"), "--use-expected", "--env", f"ANSWER={extra / 'answer.txt'}",
               "--command", f"'{PY}' -c 'import os; print(open(os.environ[\"ANSWER\"]).read().strip())'"]
    assert CliRunner().invoke(app, command).exit_code == 1  # the folder is out of reach
    allowed = CliRunner().invoke(app, [*command, "--allow-read", str(extra)])
    assert allowed.exit_code == 0, allowed.output
    assert CliRunner().invoke(app, [*command, "--env", "1BAD=x"]).exit_code == 2


def test_after_a_timeout_every_process_of_the_run_is_gone_when_the_grader_goes_on() -> None:
    tag = f"rawdeal-lingering-{os.getpid()}"
    # Processes holding much memory take the kernel a while to end: the grader waits for that.
    code = (f"import os, time\n# {tag}\nfor _ in range(8):\n    if os.fork() == 0:\n        os.setsid()\n"
            "        ballast = b'x' * (128 << 20)\n        time.sleep(60)\ntime.sleep(0.5)\nprint('started', flush=True)\n"
            "time.sleep(60)")
    outcome = py(code, limits=Limits(timeout=4.0))  # room for the forks on a loaded machine: the run always times out
    assert outcome.timed_out and outcome.stdout == b"started\n"
    left = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if tag.encode() in cmdline:
            left.append(pid)
    assert left == []  # at once: the grader's wait ended only when the kernel had ended them


def test_a_run_s_files_are_written_once_per_content_read_only_and_kept_inside_its_folder() -> None:
    first = staging.stage({"data/x/a.txt": b"deck"})
    assert staging.stage({"data/x/a.txt": b"deck"}) == first != staging.stage({"data/x/a.txt": b"other deck"})
    assert staging.entries(first) == [(os.path.join(first, "data"), "data")]
    assert (Path(first) / "data" / "x" / "a.txt").stat().st_mode & 0o777 == 0o444
    with pytest.raises(ValueError, match="relative path inside its working folder"):
        staging.stage({"../escape.txt": b"x"})
    outcome = py("import os; print(open('data/x/a.txt').read(), os.access('data', os.W_OK))", {"data/x/a.txt": b"deck"})
    assert outcome.stdout == b"deck False\n"


def test_a_killed_graders_staged_files_are_removed_by_the_next_grader(tmp_path: Path) -> None:
    """SIGKILL runs no exit handler: the next grader removes what a dead one staged, never a live one's."""
    code = ("import os, sys; from rawdeal.grading import staging; print(os.getpid(), staging.stage({'data/a.txt': b'x'}), flush=True);"
            " os.kill(os.getpid(), 9) if sys.argv[1] == 'die' else None")
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    dead = subprocess.run([sys.executable, "-c", code, "die"], capture_output=True, text=True, env=env)
    pid, staged = dead.stdout.split()
    left = Path(staged).parent
    assert dead.returncode == -9 and left.is_dir() and left.name.startswith(f"rawdeal-stage-{pid}-")
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        mine = left.parent / f"rawdeal-stage-{alive.pid}-keep"
        mine.mkdir()
        subprocess.run([sys.executable, "-c", code, "live"], capture_output=True, check=True, env=env)
        assert not left.exists() and mine.is_dir()
    finally:
        alive.kill()
        alive.wait()
        mine.rmdir()


def test_runs_in_one_sandbox_share_no_file_process_or_key(python: str) -> None:
    """What a run leaves (files in every writable folder, a detached process, a kernel key) is not
    there for the next run, which sees only its own processes."""
    keys = ("import ctypes, os\nlibc = ctypes.CDLL(None, use_errno=True)\n"
            "add_key, keyctl = (248, 250) if os.uname().machine == 'x86_64' else (217, 219)\n")
    leave = (keys + "import time\nfor path in ('/tmp/left', '/dev/shm/left', 'left'):\n    open(path, 'w').write('x')\n"
             "if os.fork() == 0:\n    os.setsid()\n    time.sleep(30)\n"
             "print(libc.syscall(add_key, b'user', b'left', b'x', 1, -4) >= 0 or ctypes.get_errno())")
    first = py(leave, python=python)
    assert first.returncode == 0 and first.stdout in (b"True\n", b"1\n"), first  # 1: EPERM, no keyring in a box
    look = (keys + "found = libc.syscall(keyctl, 10, -4, b'user', b'left', 0)\n"  # KEYCTL_SEARCH the user keyring
            "print([p for p in ('/tmp/left', '/dev/shm/left', 'left') if os.path.exists(p)], found,"
            " sorted(int(p) for p in os.listdir('/proc') if p.isdigit()), os.getpid())")
    assert py(look, python=python).stdout == b"[] -1 [1, 2] 2\n"  # pid 1: the run's own init; nothing else


@pytest.mark.skipif(shutil.which("unshare") is None, reason="needs util-linux's unshare")
def test_a_program_can_make_no_namespace_of_its_own() -> None:
    """No user namespace (where it would have every capability) and, without capabilities, no other."""
    outcome = run(["sh", "-c", "for kind in -U -n -m -p -i; do unshare $kind true 2>/dev/null; echo $?; done"], {}, b"",
                  LIMITS)
    assert outcome.stdout == b"1\n" * 5


def test_a_run_that_signals_everything_and_times_out_ends_and_the_next_run_goes_on(python: str) -> None:
    started = time.monotonic()
    stuck = py("import os, signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
               "for sig in (signal.SIGKILL, signal.SIGTERM, signal.SIGSTOP):\n"
               "    try:\n        os.kill(-1, sig)\n    except OSError:\n        pass\n"
               "time.sleep(60)", limits=Limits(timeout=1.0), python=python)
    assert stuck.timed_out and time.monotonic() - started < 1.0 + 2 * sandbox.GRACE
    assert py("print('next')", python=python).stdout == b"next\n"
