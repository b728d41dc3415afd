"""`rawdeal view`: a game as one self-contained HTML page, the board at every step (`rawdeal.viewer`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from rawdeal.cli.common import commands_app, errors
from rawdeal.errors import UsageError

if TYPE_CHECKING:
    from rawdeal.viewer.game_record import GameReplay
    from rawdeal.viewer.record import Replay

commands = commands_app()


@commands.command()
def view(
    source: Annotated[Path, typer.Argument(
        metavar="SAVE|SCENARIO_DIR|TRANSCRIPT", help="A saved game (then MOVES), a scenario folder, or with --course "
             "a course transcript data/<cat>-Tests/<n>.txt (relative to ROOT or to here).")],
    moves: Annotated[Path | None, typer.Argument(metavar="[MOVES]", help="The move file played from SAVE.")] = None,
    output: Annotated[Path, typer.Option("-o", "--output", metavar="FILE.html", dir_okay=False,
                                         help="The page to write.")] = Path("game.html"),
    course: Annotated[Path | None, typer.Option(
        metavar="ROOT", help="The course bank (it holds data/<cat>/ decks) that TRANSCRIPT belongs to.")] = None,
    lang: Annotated[str | None, typer.Option(
        metavar="LANG", help="The transcript's and the board's language, for a game that has several "
             "(Fightdrome: en, es); Raw Deal's are in en.")] = None,
) -> None:
    """Write a game as one HTML page: the board at every step, the transcript beside it, no network.

    Open it in any browser: arrow keys step, Page Up/Down go by turn, #step=N links to a step.

    A save or scenario of another game (Fightdrome) is recognised from the save, as `rawdeal run` does.

    Example: rawdeal view saves/midgame.json saves/midgame-moves.txt -o game.html"""
    with errors():
        from rawdeal.io.files import check_outputs, write_atomic
        from rawdeal.viewer.page import render_replay

        check_outputs({"--output": output}, {"SOURCE": source, "MOVES": moves})
        replay = _replay(source, moves, course, lang)
        write_atomic(output, render_replay(replay))
        print(f"wrote {output}: {max(len(replay.steps) - 1, 0)} moves, {len(replay.lines)} transcript lines")


def _replay(source: Path, moves: Path | None, course: Path | None, lang: str | None) -> Replay | GameReplay:
    """The game to draw: a course transcript's, a scenario's, or a save's and its moves; a save or
    scenario naming another game goes the generic way (`rawdeal.viewer.game_record`)."""
    from rawdeal.viewer import game_record, record

    if course is None and source.is_dir() and moves is not None:
        raise UsageError(f"{source} is a scenario folder: it has its own moves; give no MOVES")
    if course is None and not source.is_dir() and moves is None:
        raise UsageError(f"give the move file to play from {source} (rawdeal view SAVE MOVES), or a scenario folder")
    if course is None and game_record.names_a_game(source / "start.json" if source.is_dir() else source):
        if moves is None:
            return game_record.record_game_scenario(source, lang)
        return game_record.record_game_save(source, moves, lang)
    if course is not None and lang is not None:
        raise UsageError("--lang: a course transcript is shown as the course wrote it (in Spanish); give no --lang")
    if lang not in (None, "en"):
        raise UsageError(f"--lang {lang}: Raw Deal's transcripts are in en (the course's Spanish: rawdeal view --course)")
    if course is not None:
        if moves is not None:
            raise UsageError("with --course give one course transcript, no MOVES")
        transcript = source if source.is_file() or source.is_absolute() else course / source
        from rawdeal.io.diff import read_transcript

        return record.record_course(course, transcript, read_transcript(transcript))
    if moves is None:
        return record.record_scenario(source)
    return record.record_save(source, moves)
