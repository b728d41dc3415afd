"""The sandbox one student run goes through: its folder, its input, its end, and running as another user."""

from __future__ import annotations

import os
import pwd
import sys
import time
from pathlib import Path

import pytest

from rawdeal.grading.sandbox import Limits, run

PY = sys.executable
LIMITS = Limits(timeout=2.0, max_output=1000, max_stderr=100)


def test_a_run_sees_only_its_own_files_and_its_answers() -> None:
    code = "import os, sys; print(sorted(os.listdir('.')), os.listdir('data/x'), sys.stdin.read().split())"
    outcome = run([PY, "-c", code], {"data/x/a.txt": b"deck"}, b"1\n2\n", LIMITS)
    assert outcome.returncode == 0 and outcome.stdout == b"['data'] ['a.txt'] ['1', '2']\n"


def test_input_the_program_never_reads_does_not_block_the_grader() -> None:
    start = time.monotonic()
    outcome = run([PY, "-c", "print('done')"], {}, b"9\n" * 500_000, LIMITS)
    assert outcome.stdout == b"done\n" and not outcome.timed_out and time.monotonic() - start < 2


def test_a_background_child_holding_the_output_open_does_not_delay_the_end() -> None:
    code = "import os, time\nif os.fork() == 0:\n    time.sleep(30)\nprint('parent', flush=True)"
    outcome = run([PY, "-c", code], {}, b"", LIMITS)
    assert outcome.stdout == b"parent\n" and outcome.returncode == 0 and outcome.seconds < 1.5


def test_error_output_is_capped_and_output_overflow_stops_the_run() -> None:
    noisy = run([PY, "-c", "import sys; sys.stderr.write('e' * 100000); print('ok')"], {}, b"", LIMITS)
    assert noisy.stdout == b"ok\n" and noisy.stderr == b"e" * 100
    flood = run([PY, "-c", "while True: print('x' * 100)"], {}, b"", LIMITS)
    assert flood.oversized and len(flood.stdout) == 1000 and flood.seconds < 1.5


def test_a_program_that_cannot_start_is_reported() -> None:
    outcome = run(["/no/such/program"], {}, b"", LIMITS)
    assert outcome.error == "cannot start /no/such/program: No such file or directory"


def test_a_program_run_as_another_user_cannot_read_root_only_files(tmp_path: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("running a program as another user needs root")
    try:
        pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("this machine has no user 'nobody'")
    python = next((p for p in ("/usr/bin/python3", "/usr/local/bin/python3") if os.path.isfile(p)), None)
    if python is None:
        pytest.skip("no system Python that another user may run")
    secret = tmp_path / "answers.txt"
    secret.write_text("the answers")
    secret.chmod(0o600)
    code = (f"import os; print(open('data/x/a.txt').read()); open('mine.txt', 'w').write('ok'); "
            f"print(os.getuid() != 0); print(open({str(secret)!r}).read())")
    outcome = run([python, "-c", code], {"data/x/a.txt": b"deck"}, b"", Limits(timeout=5, user="nobody"))
    assert outcome.stdout == b"deck\nTrue\n" and outcome.returncode == 1
    assert b"PermissionError" in outcome.stderr
