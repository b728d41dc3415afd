"""`rawdeal view`: a game as one self-contained HTML page, the board at every step (`rawdeal.viewer`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rawdeal.cli.common import commands_app, errors
from rawdeal.errors import UsageError

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
) -> None:
    """Write a game as one HTML page: the board at every step, the transcript beside it, no network.

    Open it in any browser: arrow keys step, Page Up/Down go by turn, #step=N links to a step.

    Example: rawdeal view saves/midgame.json saves/midgame-moves.txt -o game.html"""
    with errors():
        from rawdeal.io.files import write_atomic
        from rawdeal.viewer.page import render_replay
        from rawdeal.viewer import record

        if course is not None:
            if moves is not None:
                raise UsageError("with --course give one course transcript, no MOVES")
            transcript = source if source.is_file() or source.is_absolute() else course / source
            from rawdeal.io.diff import read_transcript

            replay = record.record_course(course, transcript, read_transcript(transcript))
        elif source.is_dir():
            if moves is not None:
                raise UsageError(f"{source} is a scenario folder: it has its own moves; give no MOVES")
            replay = record.record_scenario(source)
        elif moves is None:
            raise UsageError(f"give the move file to play from {source} (rawdeal view SAVE MOVES), or a scenario folder")
        else:
            replay = record.record_save(source, moves)
        write_atomic(output, render_replay(replay))
        print(f"wrote {output}: {max(len(replay.steps) - 1, 0)} moves, {len(replay.lines)} transcript lines")
