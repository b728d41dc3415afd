"""A "choose one" option is named by its number, a key no rewording of its English label changes:
saves do not hold the labels and move files may name options by number (labels still read)."""

from __future__ import annotations

from rawdeal.engine.game import Game

import orjson

from cardkit import pending, do, lines, position, ring_of, zone
from rawdeal.io.save import dumps, loads


def _at_choice() -> Game:
    g = position({"hand": ["Back Body Drop", "Irish Whip"], "ring": ring_of(5), "top": ["Chin Lock", "Punch"]},
                 {"hand": ["Hip Toss", "Big Boot"]})
    do(g, 'play "Irish Whip" as action', 'play "Back Body Drop"')
    return g


def test_a_save_at_a_choice_holds_no_label_and_plays_on_by_number() -> None:
    g = _at_choice()
    data = dumps(g)
    assert b"draw 2 cards" not in data and b"labels" not in data
    again = loads(data, "choice save")
    events = do(again, "choose 1")
    assert "HHH chooses: draw 2 cards" in lines(events) and zone(again, 0, "hand") == ["Chin Lock", "Punch"]


def test_labels_still_name_options_in_any_case() -> None:
    g = _at_choice()
    do(g, 'choose "Opponent Discards 2 Cards"')
    assert pending(g).kind == "discard" and pending(g).player == 1


def test_a_save_written_with_labels_by_an_older_rawdeal_still_loads() -> None:
    save = orjson.loads(dumps(_at_choice()))
    save["tasks"][-1]["labels"] = ["an old wording", "another"]
    g = loads(orjson.dumps(save), "old save")
    assert [str(m) for m in pending(g).moves] == ["choose 1", "choose 2"]
