"""A student's program for grading tests that needs nothing but Python's standard library: it knows
the right output for each run by heart (a table written into it), so it runs inside the real sandbox,
which shows a program only its own folder and the system's.

Scenario mode (`main.py SAVE MOVES`): the reference transcript of the game those two files hold.
The course's protocol (`main.py DECKS`, answers on standard input): the transcript's printed lines.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path

PROGRAM = '''\
import hashlib, json, sys
ANSWERS = json.loads({table!r})
args = sys.argv[1:]
if len(args) == 2:
    key = hashlib.sha256(open(args[0], "rb").read() + b"\\0" + open(args[1], "rb").read()).hexdigest()
else:
    key = args[0] + "\\0" + sys.stdin.read()
sys.stdout.write(ANSWERS.get(key, "no answer for this run\\n"))
'''


def scenario_key(save: Path, moves: Path) -> str:
    return hashlib.sha256(save.read_bytes() + b"\0" + moves.read_bytes()).hexdigest()


def course_answers(bank: Path) -> dict[str, str]:
    """Every transcript of a bank as (deck folder, answers typed) -> the lines the program prints."""
    table = {}
    for tests in sorted((bank / "data").glob("*-Tests")):
        for transcript in sorted(tests.glob("*.txt")):
            lines = transcript.read_text(encoding="utf-8-sig").split("\n")
            typed = "".join(line[len("INPUT: "):] + "\n" for line in lines if line.startswith("INPUT: "))
            shown = "\n".join(line for line in lines if not line.startswith("INPUT:"))
            table[f"data/{tests.name.removesuffix('-Tests')}\0{typed}"] = shown
    return table


def write_program(folder: Path, answers: Iterable[tuple[str, str]]) -> Path:
    """`folder/main.py`, readable by the sandbox's unprivileged user (as root it runs as nobody)."""
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o755)
    program = folder / "main.py"
    program.write_text(PROGRAM.format(table=json.dumps(dict(answers))), encoding="utf-8")
    return program
