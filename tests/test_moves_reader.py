"""The move reader's shortcut for the usual shapes gives exactly what the grammar gives, and leaves
everything else (errors included) to the grammar."""

from __future__ import annotations

from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rawdeal.cards import CardType
from rawdeal.engine import moves as mv
from rawdeal.engine.words import CountVerb
from rawdeal.errors import MoveSyntaxError

WORDS = ["play", "reverse", "discard", "take", "choose", "draw", "arrange", "as", "maneuver", "action",
         "pass", "end", "yes", "show", "ring", "2", "0012", "٣", ",", "(", ")", '"Punch"', '"Irish Whip"',
         '"Don\'t You Never... EVER!"', '"a \\" quote"', '""', '"tab\there"', "x"]
SPACES = st.sampled_from(["", " ", "  ", "\t"])


def _grammar(text: str) -> mv.Move:
    return cast(mv.Move, mv._parser().parse(text.strip()))  # the parser builds moves as it reads (its transformer)


@given(st.sampled_from(WORDS[:7]), SPACES, st.lists(st.tuples(st.sampled_from(WORDS), SPACES), max_size=5))
@settings(max_examples=500, deadline=None)
def test_the_shortcut_agrees_with_the_grammar(verb: str, space: str, parts: list[tuple[str, str]]) -> None:
    text = verb + space + "".join(word + space for word, space in parts)
    fast = mv._fast(text.strip())
    if fast is None:
        return
    assert fast == _grammar(text), text


@pytest.mark.parametrize(("text", "move"), [
    ('choose "draw 2 cards"', mv.Choose("draw 2 cards")),
    ("draw 3", mv.Count(CountVerb.DRAW, 3)),
    ("discard  1", mv.Count(CountVerb.DISCARD, 1)),
    ('arrange "Punch", "Kick" ,"Chop"', mv.Arrange(("Punch", "Kick", "Chop"))),
    ('play "Punch" (2) as maneuver', mv.Play("Punch", CardType.MANEUVER, 2)),
])
def test_the_usual_shapes_are_read_without_the_parser(text: str, move: mv.Move) -> None:
    assert mv._fast(text) == move == _grammar(text)


@pytest.mark.parametrize("text", ["draw ٣", 'discard "Punch" as action', 'arrange "Punch",', "draw"])
def test_anything_else_is_left_to_the_grammar(text: str) -> None:
    assert mv._fast(text) is None
    with pytest.raises(MoveSyntaxError):
        mv.parse_move(text)


def test_a_move_read_from_text_is_the_move_the_catalog_offers() -> None:
    """Moves are values; the catalog shares one object per move it offers and reading gives that object,
    so checking a line against a decision's moves is an identity test (equal all the same)."""
    from rawdeal.engine.cardinfo import catalog
    from rawdeal.engine.moves import read_move
    from rawdeal.engine.words import PickVerb

    cat = catalog()
    chop = cat.id("Chop")
    assert read_move('discard "Chop"')[0] is cat.pick_moves[PickVerb.DISCARD][chop]
    assert read_move('reverse  "Chop"')[0] is cat.reverse_moves[chop]
    assert read_move('discard "Chop" (2)')[0] == mv.Pick(PickVerb.DISCARD, "Chop", 2)  # not offered as such
