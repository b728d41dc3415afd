"""`rawdeal run`'s streamed replay (`movefile.replay`): the same bytes as a transcript collected and
rendered afterwards, in both formats, and a line repeated in a move file is still reported at its own
line and column."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit import pending
from rawdeal.replay.movefile import read_moves, replay
from rawdeal.arena.random_game import move_file, play_random
from rawdeal.errors import IllegalMoveError
from rawdeal.io.save import read_save
from rawdeal.io.transcript import Transcript

ROOT = Path(__file__).resolve().parents[1]
SAVE = ROOT / "saves" / "midgame.json"


def _collected(save: Path, moves: Path, jsonl: bool) -> str:
    """The transcript collected in memory and rendered at the end (no sink)."""
    game, transcript = read_save(save), Transcript()
    transcript.events(game.resume())
    for m in read_moves(moves):
        player = game.name(pending(game).player)
        transcript.move(player, str(m.move), game.apply(m.move))
    return transcript.jsonl().decode() if jsonl else transcript.text()


@pytest.mark.parametrize("jsonl", [False, True])
def test_streamed_replay_writes_what_a_collected_transcript_renders(tmp_path: Path, jsonl: bool) -> None:
    opening = read_save(SAVE)
    opening.resume()
    record = play_random(opening, 3)
    moves = tmp_path / "moves.txt"
    moves.write_text(move_file(record.moves), encoding="utf-8")
    streamed: list[str] = []
    game = read_save(SAVE)
    replay(game, moves, streamed.append, jsonl)
    assert game.over and len(streamed) == len(record.moves) + 1  # one write per move, after the opening
    assert "".join(streamed) == _collected(SAVE, moves, jsonl)
    again: list[str] = []
    replay(read_save(SAVE), moves, again.append, jsonl)
    assert again == streamed


def test_a_repeated_line_is_reported_where_it_is(tmp_path: Path) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("  pass\nend\n  pass\n", encoding="utf-8")  # the second `pass` comes at a main decision
    with pytest.raises(IllegalMoveError) as caught:
        replay(read_save(SAVE), moves, lambda text: None)
    assert str(caught.value).startswith(f"{moves}:3:3: illegal move 'pass'")
    assert 'play "Arm Drag" as maneuver' in str(caught.value)
