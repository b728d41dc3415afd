"""Import many course transcripts at once and write each as a scenario directory.

A scenario directory holds `scenario.toml`, `deck-a.txt`/`deck-b.txt` (the picked decks, byte for
byte), `moves.txt` (one move per line, with a `# line N` pointer into the transcript) and
`checks.jsonl` (one checkpoint per line, keys sorted). Each directory is written atomically.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import orjson

from rawdeal.course.importer import Scenario, deck_file, import_transcript
from rawdeal.errors import ImportTestError, UsageError


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


def transcript_files(paths: Iterable[Path]) -> list[Path]:
    """The transcripts named: files as given, folders' `*.txt` files sorted by number then name."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(path.glob("*.txt"), key=lambda p: (not p.stem.isdigit(), int(p.stem) if p.stem.isdigit() else 0, p.name)))
        elif path.is_file():
            found.append(path)
        else:
            raise UsageError(f"{path}: no such transcript file or folder")
    return found


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a valid TOML basic string


def render_moves(scenario: Scenario) -> str:
    return "".join(f"{move}  # line {no}\n" for move, no in scenario.moves)


def render_checks(scenario: Scenario) -> bytes:
    return b"".join(orjson.dumps(check, option=orjson.OPT_SORT_KEYS) + b"\n" for check in scenario.checks)


def render_meta(scenario: Scenario) -> str:
    return (
        f"name = {_toml_string(scenario.name)}\n"
        f"description = {_toml_string(scenario.description)}\n"
        'profile = "course"\n'
        "points = 1\n"
    )


def write_scenario(scenario: Scenario, out_dir: Path) -> Path:
    """Write `out_dir/<name>/`, replacing an existing one only once the new one is complete."""
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / scenario.name
    staging = Path(tempfile.mkdtemp(prefix=f".{scenario.name}.", dir=out_dir))
    try:
        (staging / "scenario.toml").write_text(render_meta(scenario), encoding="utf-8")
        for number, deck in enumerate(scenario.decks, start=1):
            shutil.copyfile(deck, staging / deck_file(number))
        _write_start(staging)
        (staging / "moves.txt").write_text(render_moves(scenario), encoding="utf-8")
        (staging / "checks.jsonl").write_bytes(render_checks(scenario))
        with _locked(out_dir):
            _swap_in(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return target


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """Hold an exclusive lock on the output folder, so two imports into it at once swap their
    scenarios one after the other (each scenario stays whole: the last import wins)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - no POSIX locks (Windows): imports are not concurrent-safe
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _swap_in(staging: Path, target: Path) -> None:
    """Put the complete `staging` folder at `target`. An older `target` is moved aside first and
    deleted after; one left aside by a crash is put back (or deleted) by the next import."""
    for left in target.parent.glob(f".{target.name}.old.*"):
        kept = left / target.name
        if not target.exists() and kept.is_dir():
            os.replace(kept, target)
        shutil.rmtree(left, ignore_errors=True)
    if not target.exists():
        os.replace(staging, target)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old.", dir=target.parent))
    os.replace(target, old / target.name)
    os.replace(staging, target)
    shutil.rmtree(old)


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
    (folder / "start.json").write_bytes(dumps(game))


def import_bank(paths: Iterable[Path], out_dir: Path, data_root: Path | None = None) -> BankResult:
    """Import every transcript named; a file that fails is reported and the others still import."""
    imported: list[Imported] = []
    errors: list[str] = []
    for transcript in transcript_files(paths):
        try:
            scenario = import_transcript(transcript, data_root)
        except ImportTestError as exc:
            errors.append(str(exc))
            continue
        write_scenario(scenario, out_dir)
        imported.append(Imported(scenario.name, len(scenario.moves), len(scenario.checks)))
    return BankResult(tuple(imported), tuple(errors))
