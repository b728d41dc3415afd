"""Import many course transcripts at once and write each as a scenario directory.

A scenario directory holds `scenario.toml`, `deck-a.txt`/`deck-b.txt` (the picked decks, byte for
byte), `moves.txt` (one move per line, with a `# line N` pointer into the transcript) and
`checks.jsonl` (one checkpoint per line, keys sorted). Each directory is written atomically.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import orjson

from rawdeal.course.importer import ImportedTranscript, deck_file, import_transcript
from rawdeal.errors import ImportTestError, UsageError
from rawdeal.io.files import file_number, write_folder_atomic
from rawdeal.scenarios.model import CHECKS, META_FILES, MOVES, START, Scenario, metadata_toml


@dataclass(frozen=True, slots=True)
class Imported:
    name: str
    moves: int
    checks: int


@dataclass(frozen=True, slots=True)
class BankResult:
    """What an import run did: the scenarios written and one message per file that failed."""

    imported: tuple[Imported, ...]
    errors: tuple[str, ...]


def _size(path: Path) -> float:
    try:
        return float(path.stat().st_size)
    except OSError:
        return 0.0


def transcripts_size(paths: Iterable[Path]) -> float:
    """The bytes of every transcript named: the work `import_bank` has to do."""
    return sum(map(_size, transcript_files(paths)))


def transcript_files(paths: Iterable[Path]) -> list[Path]:
    """The transcripts named: files as given, folders' `*.txt` files sorted by number then name."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(path.glob("*.txt"), key=lambda p: (file_number(p) is None, file_number(p) or 0, p.name)))
        elif path.is_file():
            found.append(path)
        else:
            raise UsageError(f"{path}: no such transcript file or folder")
    return found


def render_moves(scenario: ImportedTranscript) -> str:
    return "".join(f"{move}  # line {no}\n" for move, no in scenario.moves)


def render_checks(scenario: ImportedTranscript) -> bytes:
    return b"".join(orjson.dumps(check, option=orjson.OPT_SORT_KEYS) + b"\n" for check in scenario.checks)


def render_meta(scenario: ImportedTranscript, folder: Path) -> str:
    """Its `scenario.toml`: the course's rules, 1 point."""
    return metadata_toml(Scenario(folder, scenario.name, description=scenario.description, profile="course"))


def write_scenario(scenario: ImportedTranscript, out_dir: Path) -> Path:
    """Write `out_dir/<name>/`, replacing an existing one only once the new one is complete."""
    target = out_dir / scenario.name

    def fill(staging: Path) -> None:
        (staging / META_FILES[0]).write_text(render_meta(scenario, target), encoding="utf-8")
        for number, deck in enumerate(scenario.decks, start=1):
            shutil.copyfile(deck, staging / deck_file(number))
        _write_start(staging)
        (staging / MOVES).write_text(render_moves(scenario), encoding="utf-8")
        (staging / CHECKS).write_bytes(render_checks(scenario))

    write_folder_atomic(target, fill)
    return target


def _write_start(folder: Path) -> None:
    """The opening save (course rules) when both decks make a game: what a student's program is given."""
    from rawdeal.decks import read_deck
    from rawdeal.errors import RawdealError
    from rawdeal.io.save import dumps

    decks = [folder / deck_file(n) for n in (1, 2)]
    if not all(d.is_file() for d in decks):
        return
    from rawdeal.engine.setup import new_game

    try:
        game, _ = new_game(read_deck(decks[0]), read_deck(decks[1]), "course")
    except RawdealError:
        return  # an invalid deck: the scenario checks the verdict, there is no game
    (folder / START).write_bytes(dumps(game))


def import_bank(paths: Iterable[Path], out_dir: Path, data_root: Path | None = None,
                progress: Callable[[float], None] | None = None) -> BankResult:
    """Import every transcript named; a file that fails is reported and the others still import.
    `progress` is told each transcript's size in bytes once it is done."""
    imported: list[Imported] = []
    errors: list[str] = []
    for transcript in transcript_files(paths):
        try:
            scenario = import_transcript(transcript, data_root)
        except ImportTestError as exc:
            errors.append(str(exc))
        else:
            write_scenario(scenario, out_dir)
            imported.append(Imported(scenario.name, len(scenario.moves), len(scenario.checks)))
        if progress is not None:
            progress(_size(transcript))
    return BankResult(tuple(imported), tuple(errors))
