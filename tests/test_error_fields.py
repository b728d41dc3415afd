"""Errors carry their data as fields (file, line, column, expected words, legal moves), so callers
read them instead of parsing messages; the message is made from the same fields."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from rawdeal.replay.movefile import parse_moves, play_moves
from rawdeal.errors import IllegalMoveError, MoveSyntaxError, Where
from rawdeal.io.save import read_save
from rawdeal.io.transcript import Transcript

ROOT = Path(__file__).resolve().parents[1]


def test_a_move_syntax_error_knows_where_it_is_and_what_was_expected() -> None:
    with pytest.raises(MoveSyntaxError) as err:
        parse_moves("pass\n   play Punch\n", "m.txt")
    e = err.value
    assert e.where == Where("m.txt", 2, 9)
    assert e.text == "play Punch"
    assert 'a quoted card title like "Punch"' in e.expected
    assert str(e).startswith("m.txt:2:9: cannot read move 'play Punch'; expected ")


def test_an_illegal_move_lists_the_legal_moves_as_data() -> None:
    game = read_save(ROOT / "saves" / "midgame.json")
    game.resume()
    legal = tuple(str(m) for m in game.legal_moves())
    with pytest.raises(IllegalMoveError) as err:
        play_moves(game, parse_moves('\n\nreverse "Nothing Here"\n', "m.txt"), Transcript(), "m.txt")
    e = err.value
    assert e.where == Where("m.txt", 3, 1)
    assert e.legal == legal and legal
    assert str(e).splitlines()[1:] == [f"  {m}" for m in legal]


@pytest.mark.parametrize("error", [
    MoveSyntaxError("x", 1, ("end of line",), Where("f", 1, 1)),
    IllegalMoveError("illegal move 'x': main", ("pass",), Where("f", 2, 3)),
])
def test_structured_errors_survive_pickling(error: Exception) -> None:
    """Parallel drivers send errors between processes."""
    copy = pickle.loads(pickle.dumps(error))
    assert str(copy) == str(error) and vars(copy) == vars(error)


def test_an_illegal_move_in_one_line_is_built_from_its_fields_not_cut_from_its_message() -> None:
    from rawdeal.errors import IllegalMoveError, Where

    exc = IllegalMoveError("illegal move 'end'", ("pass", 'reverse "Step Aside"'), Where("moves.txt", 3, 1))
    assert exc.brief == "moves.txt:3:1: illegal move 'end'"
    assert str(exc).startswith(exc.brief) and "reverse \"Step Aside\"" in str(exc)


def test_a_refused_save_names_its_file_and_json_path_as_fields() -> None:
    import pytest

    from rawdeal.errors import SaveError
    from rawdeal.io.save import loads

    with pytest.raises(SaveError) as caught:
        loads(b'{"players": [], "to_move": 0}', "game.json")
    assert caught.value.source == "game.json" and caught.value.path.startswith("$")
    assert str(caught.value) == f"game.json: {caught.value.path}: {caught.value.reason}"
