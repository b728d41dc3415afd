""""When this card is in your Ring area, your opponent cannot play the card titled X" (and the same bare on a
Pre-match card, which stays in the Ring area): lowered from sentences the pool prints, then played."""

from __future__ import annotations

from rawdeal.cards import CardType
from rawdeal.effects import model as fx
from rawdeal.engine import rules as R
from rawdeal.engine.state import GameState, PlayerState
from classickit import ACTION, REVERSAL, assert_printed, clauses, course_with, lowered

IN_RING = ("When this card is in your Ring area, your opponent cannot play the card titled When You Thought You Had "
           "All the Answers...")
BARE = "Your opponent cannot play the card titled Women's Title Belt."
PRE_MATCH = frozenset({"pre-match", "action"})


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(IN_RING, BARE)


def test_it_holds_while_the_card_is_in_the_ring_area() -> None:
    (forbid,) = clauses(IN_RING, REVERSAL)
    assert isinstance(forbid, fx.OpponentCannotPlay) and len(forbid.titles) == 1
    assert forbid.titles[0].startswith("When You Thought You Had All the Answers")
    assert clauses(BARE, PRE_MATCH) == (fx.OpponentCannotPlay(("Women's Title Belt",)),)


def test_without_a_lifetime_on_a_card_that_leaves_play_it_is_reported() -> None:
    assert lowered(BARE, ACTION).effect is None


def test_the_opponent_cannot_play_the_card_while_it_lies_there() -> None:
    (forbid,) = clauses(BARE.replace("Women's Title Belt", "Chop"), PRE_MATCH)
    cat = course_with({"Punch": fx.CardEffect((forbid,))})
    s = GameState(players=[PlayerState("HHH", [], hand=[cat.id("Chop"), cat.id("Kick")]),
                           PlayerState("THE ROCK", [], ring=[cat.id("Punch")])])
    assert [cat.titles[c] for c, _ in R.playable(cat, s, 0)] == ["Kick"]
    assert {m.title for m in R.play_moves(cat, s, 0)} == {"Kick"}
    assert R.forbidden(cat, s, 0, cat.id("Chop")) and not R.forbidden(cat, s, 1, cat.id("Chop"))
    s.players[1].ring = []
    assert {cat.titles[c] for c, _ in R.playable(cat, s, 0)} == {"Chop", "Kick"}
    s.players[0].ring = [cat.id("Punch")]  # his own card forbids nothing to him
    assert R.can_play(cat, s, 0, cat.id("Chop"), CardType.MANEUVER)
