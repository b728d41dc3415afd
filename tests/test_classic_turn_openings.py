"""Openings about the turn: "can only be played as the first card of your turn", "If he does not, during his next
turn, he cannot play Maneuver cards", and "As an action, cannot be reversed ...": lowered from sentences the pool
prints, then asked of the engine."""

from __future__ import annotations

from rawdeal.cards import CardType
from rawdeal.effects import model as fx
from rawdeal.engine import rules as R
from rawdeal.engine.state import CurrentPlay, GameState, LastPlay, PlayerState
from classickit import ACTION, STRIKE, assert_printed, clauses, course_with

FIRST = "As a maneuver, this card is -10F and can only be played as the first card of your turn."
FIRST_ACTION = ("As an action, can only be played as the first card of your turn and cannot be reversed when your "
                "opponent is a Female Superstar.")
IF_NOT = ("Your opponent may discard the card titled Escape Move or Step Aside. If he does not, during his next turn, "
          "he cannot play Maneuver cards.")
HYBRID = frozenset({"action", "reversal", "special"})


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(FIRST, FIRST_ACTION, IF_NOT)


def test_the_first_card_of_the_turn_is_a_play_requirement() -> None:
    _, requirement = clauses(FIRST, STRIKE)
    assert requirement == fx.PlayRequirement(fx.FirstOfTurn(), CardType.MANEUVER)
    cat = course_with({})
    s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [])], tasks=[])
    punch, step_aside = cat.id("Punch"), cat.id("Step Aside")
    assert R.holds(cat, s, 0, fx.FirstOfTurn(), punch, None)
    assert R.holds(cat, s, 0, fx.FirstOfTurn(), punch, LastPlay(step_aside, CardType.REVERSAL))  # last turn's reversal
    assert not R.holds(cat, s, 0, fx.FirstOfTurn(), punch, LastPlay(punch, CardType.MANEUVER))


def test_an_opening_lifetime_is_the_restrictions_own() -> None:
    (on_play,) = clauses(IF_NOT, ACTION)
    assert isinstance(on_play, fx.OnPlay)
    (may,) = on_play.actions
    assert isinstance(may, fx.Optional) and may.who is fx.Who.OPPONENT
    assert may.otherwise == (fx.Restrict(fx.Who.OPPONENT, fx.Modifier(fx.Stat.UNPLAYABLE, 0, fx.Duration.NEXT_TURN)),)


def test_cannot_be_reversed_as_an_action_stops_reversals_of_the_action() -> None:
    requirement, irreversible = clauses(FIRST_ACTION, HYBRID)
    assert requirement == fx.PlayRequirement(fx.FirstOfTurn(), CardType.ACTION)
    assert irreversible == fx.Irreversible(condition=fx.SuperstarIs(fx.Who.OPPONENT, "female"), as_type=CardType.ACTION)
    cat = course_with({"Whaddya Got?": fx.CardEffect((fx.Irreversible(as_type=CardType.ACTION),)),
                       "Offer Handshake": fx.CardEffect((fx.Irreversible(),))})  # the course's: a maneuver's only
    s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [])], tasks=[])
    for title, stopped in (("Whaddya Got?", True), ("Offer Handshake", False)):
        play = CurrentPlay(0, cat.id(title), CardType.ACTION)
        assert R.irreversible(cat, s, play, 0, from_hand=True) is stopped
