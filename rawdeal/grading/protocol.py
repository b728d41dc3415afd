"""Grading real programs over the course's own protocol: menu answers in, the Spanish console out.

A bank ROOT holds `data/<cat>/` (decks) and `data/<cat>-Tests/<n>.txt` (transcripts). Each transcript
is one test named `<cat>/<n>`: its `INPUT: <answer>` lines are fed to the program's standard input,
one per line, and the rest of it is what the program must print. The program runs in a fresh folder
holding a copy of `data/<cat>/` only (see `sandbox`), with `{decks}` in the command replaced by
`data/<cat>`, `{student}` by the student's folder (with --class; else the folder rawdeal was started
in) and `{name}` by the test's name; with `--home` every run shares one HOME. The bank is read
once per grading run, so every student is graded against the same parsed expectations, each kept
with its INPUT: lines and line numbers (see `rawdeal.io.diff.Transcript`): a student's transcript may
hold them or not, and reports name the official file's own lines.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from rawdeal.errors import ScenarioError, UsageError
from rawdeal.inputs import utf8
from rawdeal.io.diff import INPUT, Transcript, is_input, transcript
from rawdeal.io.files import file_number
from rawdeal.grading import bwrap
from rawdeal.grading.model import Attempt, StudentResult
from rawdeal.grading.plan import Source, choice, selected
from rawdeal.grading.runner import (
    NotReadable, check_placeholders, fill, guarded, read_attempts, read_inside, run_many, split_command,
)
from rawdeal.grading.sandbox import Limits
from rawdeal.grading.score import Options, grade_student

PLACEHOLDERS = ("{decks}", "{student}", "{name}")
TESTS = "-Tests"
_FIRST_TURN = "Comienza el turno de "
_DIVIDER = re.compile("-{20,}")
_MAX_BANK_FILE = 1 << 22


@dataclass(frozen=True)
class CourseTest:
    """One transcript of the bank: what to type (`inputs`) and what must be printed (`transcript`,
    read with its INPUT: lines and line numbers, so reports point at the official file's own lines)."""

    name: str
    category: str
    inputs: tuple[str, ...]
    transcript: Transcript
    points: float = 1.0

    @property
    def expected(self) -> tuple[str, ...]:
        """The lines a program fed `inputs` must print."""
        return self.transcript.bare

    @property
    def older(self) -> bool:
        """The transcript comes from the course's older harness (see `older_blank`)."""
        return self.transcript.also is not None

    @property
    def decks(self) -> str:
        """The deck folder, relative to the run's folder (and to ROOT)."""
        return f"data/{self.category}"

    @property
    def work(self) -> float:
        """How long the test takes to run, roughly: its lines (for an honest progress estimate)."""
        return 1.0 + len(self.inputs) + len(self.expected)

    @property
    def stdin(self) -> bytes:
        return "".join(f"{answer}\n" for answer in self.inputs).encode("utf-8")


@dataclass(frozen=True)
class Bank:
    """The tests selected from a bank, and the deck files of each category they use (read once)."""

    tests: tuple[CourseTest, ...]
    decks: Mapping[str, Mapping[str, bytes]]


def split_transcript(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A transcript's answers (`INPUT: x` lines, in order) and the events a program must print."""
    read = transcript(text)
    return tuple(line[len(INPUT) + 1:] for line in read.full if is_input(line)), read.bare


def official(text: str) -> Transcript:
    """A bank transcript as graded. One from the course's older harness (the 01-ValidDecks ones: a
    blank line before the first turn's divider) passes as printed or without that line, which is
    what the course's program prints today (`rawdeal course play` without --legacy)."""
    read = transcript(text)
    blank = older_blank(read.full)
    return read if blank is None else replace(read, also=read.without(blank))


def older_blank(lines: Sequence[str]) -> int | None:
    """Where the older harness's blank line stands (the line before the first turn's divider), if any."""
    turn = next((i for i, line in enumerate(lines) if line.startswith(_FIRST_TURN)), None)
    if turn is None or turn < 2 or lines[turn - 2] or not _DIVIDER.fullmatch(lines[turn - 1]):
        return None
    return turn - 2


def load_bank(root: Path, only: Sequence[str] | str = (), exclude: Sequence[str] | str = ()) -> Bank:
    """Every `data/<cat>-Tests/<n>.txt` under ROOT (or those whose `<cat>/<n>` is `selected`)."""
    data = root / "data"
    if not data.is_dir():
        raise UsageError(f"{root}: no data/ folder (a course bank holds data/<cat>/ and data/<cat>-Tests/)")
    tests, decks = [], {}
    for folder in sorted(p for p in data.iterdir() if p.is_dir() and p.name.endswith(TESTS)):
        category = folder.name[:-len(TESTS)]
        chosen = [p for p in _numbered(folder) if selected(f"{category}/{p.stem}", only, exclude)]
        if not chosen:
            continue
        deck_folder = data / category
        if not deck_folder.is_dir():
            raise ScenarioError(f"{folder}: no deck folder {deck_folder}")
        decks[category] = _deck_files(data, deck_folder)
        for path in chosen:
            read = official(_read_bank_text(data, path))
            inputs = tuple(line[len(INPUT) + 1:] for line in read.full if is_input(line))
            tests.append(CourseTest(f"{category}/{path.stem}", category, inputs, read))
    if not tests:
        what = f"selected by {choice(only, exclude)}" if only or exclude else "(data/<cat>-Tests/<n>.txt)"
        raise UsageError(f"{root}: no transcripts {what}")
    return Bank(tuple(tests), decks)


def _numbered(folder: Path) -> list[Path]:
    """A Tests folder's transcripts, by number (2 before 10), then any other names."""
    found = [p for p in folder.glob("*.txt") if p.is_file()]
    return sorted(found, key=lambda p: (file_number(p) is None, file_number(p) or 0, p.stem))


def _deck_files(data: Path, folder: Path) -> dict[str, bytes]:
    """The regular files of a deck folder, as `data/<cat>/<file>` -> bytes (copied into each run)."""
    return {f"data/{folder.name}/{p.name}": _read_bank_file(data, p) for p in sorted(folder.iterdir())
            if p.is_file() and not p.is_symlink()}


def _read_bank_file(data: Path, path: Path) -> bytes:
    try:
        return read_inside(data, path.relative_to(data).as_posix(), _MAX_BANK_FILE)
    except (OSError, NotReadable) as exc:
        raise ScenarioError(f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}") from None


def _read_bank_text(data: Path, path: Path) -> str:
    try:
        return _read_bank_file(data, path).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"{path}: not UTF-8 (byte {exc.start}); save the transcript as UTF-8") from None


def expected_events(bank: Bank) -> dict[str, Transcript]:
    return {t.name: t.transcript for t in bank.tests}


def older_note(bank: Bank) -> str:
    """One line said before the grades when the bank holds transcripts of the older harness ('' if none)."""
    older = [t.name for t in bank.tests if t.older]
    if not older:
        return ""
    return (f"note: {len(older)} transcript(s) ({', '.join(older)}) come from the course's older harness, which "
            "printed one more blank line before the first turn; a program passes them with or without that line")


def course_runs(
    template: str, bank: Bank, student: Path | None = None, home: Path | None = None,
) -> dict[str, tuple[list[str], Mapping[str, bytes], bytes]]:
    """One sandboxed run per test: the filled command, the deck files it may read, its answers.
    With `home`, every run starts with HOME there instead of in its own fresh folder."""
    words = _command_words(template, per_student=student is not None)
    where = str((Path.cwd() if student is None else student).resolve())
    shared = [] if home is None else ["env", f"HOME={home.resolve()}"]  # set after the sandbox sets its own
    return {
        t.name: (shared + fill(words, {"{decks}": t.decks, "{student}": where, "{name}": t.name}),
                 bank.decks[t.category], t.stdin)
        for t in bank.tests
    }


def shared_home(home: Path, user: str | None, sandbox: str = "bwrap") -> Path:
    """The HOME every run of a submission shares (`grade --home`): made if missing, and given to the
    account the programs run as (see `bwrap.account`), so caches written in the first run serve the
    next ones."""
    try:
        home.mkdir(parents=True, exist_ok=True)
        owner = bwrap.account(user) if sandbox != "none" or user else None
        if owner is not None:
            os.chown(home, owner.uid, owner.gid)
    except OSError as exc:
        raise UsageError(f"--home {home}: cannot make it: {exc.strerror}") from None
    return home


def _command_words(template: str, per_student: bool) -> list[str]:
    check_placeholders(template, PLACEHOLDERS)
    words = split_command(template)
    if per_student and not any("{student}" in w for w in words):
        raise UsageError("with --class, --command needs {student} (the student's folder), e.g. "
                         "'python {student}/main.py {decks}'")
    return words


@dataclass(frozen=True)
class CoursePlan:
    bank: Bank
    sources: tuple[Source, ...]
    single: bool
    root: Path = Path(".")

    @property
    def steps(self) -> int:
        return len(self.bank.tests) * len(self.sources)

    @property
    def work(self) -> dict[str, float]:
        """Each test's share of the work, by name: every source runs (or reads) each test once."""
        return {t.name: t.work for t in self.bank.tests}

    @property
    def total_work(self) -> float:
        return sum(self.work.values()) * len(self.sources)


def plan_course(
    root: Path, only: Sequence[str] | str = (), submission: Path | None = None, class_dir: Path | None = None,
    command: str | None = None, exclude: Sequence[str] = (),
) -> CoursePlan:
    """Who is graded and how, checked before anything runs: a program (--command, with --class one per
    student through {student}), or transcript folders (--submission, --class) holding `<cat>/<n>.txt`."""
    if submission is not None and (class_dir is not None or command is not None):
        raise UsageError("--submission grades one folder of transcripts; do not combine it with --class or --command")
    if submission is None and class_dir is None and command is None:
        raise UsageError("give --command, --submission or --class")
    if command is not None:
        _command_words(command, per_student=class_dir is not None)
    bank = load_bank(root, only, exclude)
    if class_dir is None:
        if submission is not None:
            return CoursePlan(bank, (Source(utf8(_folder(submission).name), folder=submission),), single=True, root=root)
        return CoursePlan(bank, (Source("submission", command=command),), single=True, root=root)
    students = sorted(d for d in _folder(class_dir).iterdir() if d.is_dir() and not d.name.startswith("."))
    if not students:
        raise UsageError(f"{class_dir}: no student folders")
    return CoursePlan(bank, tuple(Source(utf8(d.name), folder=d, command=command) for d in students), single=False, root=root)


def _folder(path: Path) -> Path:
    if not path.is_dir():
        raise UsageError(f"{path}: no such folder")
    return path.resolve()


def run_course(
    plan: CoursePlan, options: Options = Options(), limits: Limits = Limits(), jobs: int = 1,
    on_done: Callable[[str], None] | None = None, home: Path | None = None,
) -> tuple[StudentResult, ...]:
    """Every source graded against the same bank, parsed once (`home`: see `course_runs`)."""
    expected = expected_events(plan.bank)
    runs = {s.student: course_runs(s.command, plan.bank, s.folder, home) for s in plan.sources if s.command is not None}
    if home is not None:  # the one folder runs may change, and keep
        limits = replace(limits, sandbox=replace(limits.sandbox, writable=(str(home.resolve()),)))
    if runs:
        limits = guarded((argv for per in runs.values() for argv, _, _ in per.values()), limits, [plan.root])
    results = []
    for source in plan.sources:
        attempts: dict[str, Attempt]
        if source.command is not None:
            attempts = run_many(runs[source.student], limits, jobs, on_done)
        else:
            assert source.folder is not None
            attempts = read_attempts(source.folder, plan.bank.tests, limits, on_done)
        results.append(grade_student(source.student, plan.bank.tests, expected, attempts, options))
    return tuple(results)
