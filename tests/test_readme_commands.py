"""Every command the README and docs/ show, and every `Example:` of a command's --help, runs as written.

Each `rawdeal ...` line of README.md's and docs/*.md's code blocks (whatever the README holds when the test runs:
continuation lines joined, comments dropped, a `cd` line followed) and each command's `Example:` line
is run through a shell, as a user pastes it, by the real `rawdeal` program, in a fresh copy of a
folder that holds what the examples name: the bundled decks/, saves/ and scenarios/, the course's
bank beside it as ../shared (a few of its tests as ROOT, one category imported as imported/), a game
(game.json, A.txt, B.txt, a move file), students' transcripts and a student program (main.py, from
`answerkit`: standard library only, as the sandbox shows a program nothing else). A command passes
when it exits 0 (1 for the checks listed in FAILING, which report failures) without a traceback.
The few that take minutes are listed in SLOW with the reason.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import warnings
from dataclasses import dataclass
from pathlib import Path

import pytest

from answerkit import course_answers, scenario_key, write_program
from shared import COURSE, MISSING, SHARED

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent  # where this environment's `rawdeal` (and `python`) live

# Commands that take minutes or need a server, by their start: each is run by a test of its own, named here.
SLOW = {
    "rawdeal serve --data": "starts the web service, which runs until it is stopped; tests/test_service_*.py "
        "run the service",
    "rawdeal submit": "needs the web service running and a token it made; tests/test_service_e2e.py submits",
    "rawdeal selfplay --games 10000": "plays 10,000 games (about a minute); the --help example plays 50 here",
    "rawdeal grade --course ../shared/course-tests --command 'rawdeal course play {decks}'": "grades all 89 "
        "shared transcripts (a minute on 2 cores); tests/test_grading_course.py grades the whole bank",
    "rawdeal tournament --game fightdrome --players greedy,search": "120 games with search players (20 "
        "duplicate deals for each of 3 pairings) take about 40 s on 2 cores; tests/test_games_generic.py plays "
        "a fightdrome tournament",
    "rawdeal tournament --random-decks --players random,greedy,search": "search players over 200 deals a "
        "pairing take many minutes; tests/test_tournament.py plays duplicate deals",
    "rawdeal gradescope bundle": "builds a rawdeal wheel with pip (a minute); tests/test_grading_bundle.py "
        "checks the bundle",
    "rawdeal tournament decks/ --players greedy,search": "search players over 2,100 games take many "
        "minutes; the README's tournament runs here, tests/test_tournament.py the options",
    "rawdeal tournament --random-decks --players search,greedy --games 300": "the measurement's size, 300 "
        "duplicate pairs of search players (minutes); the README's duplicate tournament runs here, "
        "tests/test_duplicate.py the options",
}

# Commands whose documented answer is exit 1 (a check that fails), by their start, with why.
FAILING = {
    "rawdeal cards --pool classic --check": "about 64% of the Classic pool's texts compile (README): the check "
        "reports the rest and exits 1",
    "rawdeal cards --pool-file fan-set.json --check": "a sample of the Classic pool, with texts that do not "
        "compile yet: exit 1",
    "rawdeal check --pool classic decks/": "the bundled decks use the course's card names ('Hellfire & "
        "Brimstone'), which the Classic pool words differently: the check reports them, exit 1",
}

# Where a --help example runs, by its start (its help says so): the console reads data/ from the bank.
EXAMPLE_FOLDER = {"rawdeal course play": "../shared/course-tests"}

# What an interactive command reads on standard input, by its start (the rest read nothing).
STDIN = {
    "rawdeal course play data/08-Reversals\0": "08-Reversals-Tests/1.txt",
    "rawdeal play ": "quit\n",
}


@dataclass(frozen=True)
class Command:
    line: str
    cwd: str  # relative to the world's project folder

    def __str__(self) -> str:
        return self.line if self.cwd == "." else f"(cd {self.cwd}) {self.line}"


Block = tuple[Command, ...]  # a code block's commands, run in order in one folder, as a user pastes them


def readme_commands(text: str) -> list[Command]:
    """The `rawdeal ...` lines of a Markdown file's code blocks, with the folder each runs in."""
    return [command for block in code_blocks(text) for command in block]


def code_blocks(text: str) -> list[Block]:
    """Each code block's `rawdeal ...` lines (continuations joined, comments dropped, `cd` followed)."""
    found: list[Block] = []
    for block in re.findall(r"^```[a-z]*\n(.*?)^```", text, re.S | re.M):
        cwd, commands = ".", []
        for line in block.replace("\\\n", " ").splitlines():
            line = re.sub(r"\s+#\s.*$", "", line).strip()
            if line.startswith("cd "):
                cwd = os.path.normpath(os.path.join(cwd, line[3:].strip()))
            elif line.startswith("rawdeal "):
                commands.append(Command(re.sub(r"\s+", " ", line), cwd))
        if commands:
            found.append(tuple(commands))
    return found


def help_examples() -> list[Command]:
    """Each command's `Example: rawdeal ...` line (an aside in brackets after it left out)."""
    import click

    from rawdeal.cli import COMMANDS, load_command

    found = []
    for name in COMMANDS:
        command = load_command(name)
        assert command is not None
        subs = list(command.commands.values()) if isinstance(command, click.Group) else [command]
        for sub in subs:
            for example in re.findall(r"Example: (rawdeal .*)", sub.help or ""):
                line = example.split("  (")[0].strip()
                folder = next((f for start, f in EXAMPLE_FOLDER.items() if line.startswith(start)), ".")
                found.append(Command(line, folder))
    return found


README_COMMANDS = readme_commands((ROOT / "README.md").read_text(encoding="utf-8"))
BLOCKS = list(dict.fromkeys(  # README's blocks, then docs/'s, each run once
    [*code_blocks((ROOT / "README.md").read_text(encoding="utf-8")),
     *(b for doc in sorted((ROOT / "docs").glob("*.md")) for b in code_blocks(doc.read_text(encoding="utf-8")))]))
EXAMPLES = [c for c in help_examples() if not any(c in block for block in BLOCKS)]


def test_the_readme_and_the_help_have_examples_to_run() -> None:
    assert len(README_COMMANDS) >= 10 and len(help_examples()) >= 15
    assert any(c.line.startswith("rawdeal grade --course") for c in README_COMMANDS)


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder the examples run in (copied fresh for each): `project/`, with `shared` beside it."""
    top = tmp_path_factory.mktemp("world")
    project = top / "project"
    for name in ("decks", "saves", "scenarios"):
        shutil.copytree(ROOT / name, project / name)
    if SHARED.is_dir():
        (top / "shared").symlink_to(SHARED)
    shutil.copy(project / "decks/kane.txt", project / "A.txt")
    shutil.copy(project / "decks/hhh.txt", project / "B.txt")
    _game(project)
    answers = {**_student_files(project), **_course_files(project)}
    for folder in (project, project / "programs" / "ana", project / "programs" / "ben"):
        write_program(folder, answers.items())  # the students' program: standalone, as the sandbox needs
    return top


def _rawdeal(project: Path, *args: str) -> str:
    done = subprocess.run([str(BIN / "rawdeal"), *args], cwd=project, capture_output=True, text=True, check=True)
    return done.stdout


def _game(project: Path) -> None:
    """game.json and a move file it accepts; a recorded game and a quit game as `play` leaves them."""
    import orjson

    _rawdeal(project, "new", "A.txt", "B.txt", "--unshuffled", "-o", "game.json")
    first = orjson.loads(_rawdeal(project, "moves", "game.json", "--format", "json"))["moves"][0]
    (project / "moves.txt").write_text(f"{first}\n", encoding="utf-8")
    shutil.copy(project / "game.json", project / "moves.txt.start.json")
    shutil.copy(project / "game.json", project / "rawdeal-game.json")


def _student_files(project: Path) -> dict[str, str]:
    """Right transcripts for every scenario, as alice/ and as a class of two under submissions/; what
    the students' program prints for each (see `answerkit`)."""
    from rawdeal.scenarios.model import load_suite
    from rawdeal.scenarios.play import reference_transcript

    answers = {}
    for scenario in load_suite(project / "scenarios"):
        text = reference_transcript(scenario)
        answers[scenario_key(scenario.save, scenario.moves)] = text
        if scenario.name == "pin":  # the help's `rawdeal diff expected.txt mine.txt`: two equal transcripts
            (project / "expected.txt").write_text(text, encoding="utf-8")
            (project / "mine.txt").write_text(text, encoding="utf-8")
        for folder in ("alice", "submissions/alice", "submissions/bob"):
            (project / folder).mkdir(parents=True, exist_ok=True)
            (project / folder / f"{scenario.name}.txt").write_text(text, encoding="utf-8")
    return answers


def _course_files(project: Path) -> dict[str, str]:
    """ROOT: a small bank (two shared 08-Reversals tests, or an exported one without ../shared);
    transcripts/: a class's transcript folders for it; fan-set.json: a pool in the source layout."""
    bank = project / "ROOT" / "data"
    if (COURSE / "data").is_dir():
        shutil.copytree(COURSE / "data/08-Reversals", bank / "08-Reversals")
        (bank / "08-Reversals-Tests").mkdir()
        for n in ("1", "3"):
            shutil.copy(COURSE / f"data/08-Reversals-Tests/{n}.txt", bank / f"08-Reversals-Tests/{n}.txt")
        import orjson

        pool = orjson.loads((SHARED / "carddb/classic.json").read_bytes())[:40]
        (project / "fan-set.json").write_bytes(orjson.dumps(pool))
    else:
        _rawdeal(project, "course", "export", "-o", "ROOT", "--category", "08-Reversals", "--games", "2")
    if (COURSE / "data").is_dir():  # what `rawdeal import-tests` makes, for `rawdeal verify imported/`
        _rawdeal(project, "import-tests", str(COURSE / "data/08-Reversals-Tests"), "-o", "imported")
    for student in ("ana", "ben"):  # what their programs printed: the transcripts without the answers typed
        folder = project / "transcripts" / student / "08-Reversals"
        folder.mkdir(parents=True)
        for test in (bank / "08-Reversals-Tests").iterdir():
            lines = test.read_text(encoding="utf-8-sig").splitlines(keepends=True)
            (folder / test.name).write_text("".join(x for x in lines if not x.startswith("INPUT:")), encoding="utf-8")
    return course_answers(project / "ROOT")


def _run(world: Path, block: Block, tmp_path: Path) -> None:
    """Run a block's commands in order in a fresh copy of the world; each must exit as expected."""
    if not SHARED.is_dir() and any("../shared" in c.line or "fan-set.json" in c.line or c.cwd.startswith("../shared")
                                   for c in block):
        pytest.skip(MISSING)
    top = tmp_path / "world"
    shutil.copytree(world, top, symlinks=True)
    skipped = {c.line: reason for c in block for start, reason in SLOW.items() if c.line.startswith(start)}
    for command in block:
        if command.line not in skipped:
            _run_one(top, command)
    if skipped and len(skipped) == len(block):
        pytest.skip("; ".join(skipped.values()))
    for line, reason in skipped.items():  # the rest of the block ran and passed: say what did not run
        warnings.warn(f"not run: {line}: {reason}", stacklevel=1)


def _run_one(top: Path, command: Command) -> None:
    cwd = (top / "project" / command.cwd).resolve()
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", "COLUMNS": "100"}
    stdin = ""
    for start, given in STDIN.items():
        if (command.line + "\0").startswith(start):
            stdin = given if given.endswith("\n") else _answers(cwd / "data" / given)
    done = subprocess.run(command.line, shell=True, cwd=cwd, env=env, input=stdin, capture_output=True,
                          text=True, timeout=300, check=False)
    assert "Traceback" not in done.stderr, done.stderr
    expected = 1 if any(command.line.startswith(start) for start in FAILING) else 0
    assert done.returncode == expected, f"{command}\nexit {done.returncode}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"


def _answers(transcript: Path) -> str:
    lines = transcript.read_text(encoding="utf-8-sig").splitlines()
    return "".join(line[len("INPUT: "):] + "\n" for line in lines if line.startswith("INPUT: "))


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: " ; ".join(map(str, b)))
def test_a_documented_block_runs_as_written(world: Path, block: Block, tmp_path: Path) -> None:
    _run(world, block, tmp_path)


@pytest.mark.parametrize("command", EXAMPLES, ids=str)
def test_a_help_example_runs_as_written(world: Path, command: Command, tmp_path: Path) -> None:
    _run(world, (command,), tmp_path)
