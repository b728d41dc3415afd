"""Effects that run only if something holds ("If the card titled WCW Title Belt is in your Ring area, draw up to
5 cards and then discard 5 cards"): lowered from sentences the pool prints to `fx.OnlyIf`, then played."""

from __future__ import annotations

from dataclasses import replace

from rawdeal.effects import model as fx
from rawdeal.engine.state import GameState, PlayerState
from classickit import ACTION, REVERSAL, STRIKE, assert_printed, clauses, course_with, lowered, play_unreversed

PRINTED_TITLE = "If the card titled WCW Title Belt is in your Ring area, draw up to 5 cards and then discard 5 cards."
PRINTED_HAVE = ("If you have the card titled Cruiserweight Title Belt in your Ring area, look at your opponent's hand, "
                "choose 1 card, and your opponent discards the chosen card.")
PRINTED_FORTITUDE = ("When successfully played, if your Fortitude Rating is greater than your opponent's Fortitude "
                     "Rating, your opponent may look at your hand.")
PRINTED_RING_START = ("When this card is in your Ring area, before your Draw Segment, if your Fortitude Rating is less "
                      "than your opponent's Fortitude Rating, put 2 cards from your Ringside pile on the bottom of your "
                      "Arsenal.")
PRINTED_REVERSAL = ("Reverse any Action card and end your opponent's turn. If the card titled WCW Title Belt is in your "
                    "Ring area, draw up to 5 cards and then discard 5 cards.")


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(PRINTED_TITLE, PRINTED_HAVE, PRINTED_FORTITUDE, PRINTED_RING_START, PRINTED_REVERSAL)


def test_an_opening_condition_on_actions_guards_them_all() -> None:
    (on_play,) = clauses(PRINTED_TITLE, ACTION)
    assert isinstance(on_play, fx.OnPlay)
    (guard,) = on_play.actions
    assert guard == fx.OnlyIf(fx.InRingArea("WCW Title Belt"), (
        fx.Draw(fx.Who.YOU, fx.Count(5, up_to=True)), fx.Discard(fx.Who.YOU, fx.Count(5))))
    (on_play,) = clauses(PRINTED_HAVE, ACTION)  # "if you have the card titled X in your Ring area": the same
    assert isinstance(on_play, fx.OnPlay) and isinstance(on_play.actions[0], fx.OnlyIf)
    assert on_play.actions[0].condition == fx.InRingArea("Cruiserweight Title Belt")


def test_a_fortitude_comparison_guards_a_successful_play_and_a_start_of_turn_trigger() -> None:
    (on_play,) = clauses(PRINTED_FORTITUDE, STRIKE)
    assert isinstance(on_play, fx.OnPlay) and on_play.actions[0] == fx.OnlyIf(fx.FortitudeAboveOpponent(), (
        fx.Optional((fx.LookAt(fx.Who.YOU, fx.Zone.HAND),), fx.Who.OPPONENT),))
    (trigger,) = clauses(PRINTED_RING_START, ACTION)
    assert isinstance(trigger, fx.Triggered) and trigger.trigger is fx.Trigger.START_OF_TURN
    assert isinstance(trigger.actions[0], fx.OnlyIf) and trigger.actions[0].condition == fx.FortitudeBelowOpponent()


def test_a_reversals_guarded_effect_runs_on_reversing() -> None:
    reverses, on_reverse = clauses(PRINTED_REVERSAL, REVERSAL)
    assert isinstance(reverses, fx.Reverses) and isinstance(on_reverse, fx.OnReverse)
    assert on_reverse.actions[0] == fx.EndTurn(fx.Who.OPPONENT) and isinstance(on_reverse.actions[1], fx.OnlyIf)


def test_a_condition_about_the_card_being_played_is_not_made_a_guard() -> None:
    result = lowered("If played after the card titled Irish Whip, draw 1 card.", ACTION)
    assert result.effect is None or not any(
        isinstance(a, fx.OnlyIf) for c in result.effect.of(fx.OnPlay) for a in c.actions)


def test_the_guarded_actions_run_only_while_the_card_is_in_the_ring_area() -> None:
    (on_play,) = clauses(PRINTED_TITLE, ACTION)
    assert isinstance(on_play, fx.OnPlay) and isinstance(on_play.actions[0], fx.OnlyIf)
    guard = replace(on_play.actions[0], condition=fx.InRingArea("Kick"),  # a course card for the course catalog
                    actions=(fx.Draw(fx.Who.YOU, fx.Count(2)),))
    cat = course_with({"Punch": fx.CardEffect((fx.OnPlay((guard,)),))})

    def hand_after(ring: list[str]) -> int:
        s = GameState(players=[PlayerState("HHH", [cat.id("Haymaker")] * 10, hand=[cat.id("Punch")],
                                           ring=[cat.id(t) for t in ring]),
                               PlayerState("THE ROCK", [cat.id("Haymaker")] * 10)], tasks=[])
        play_unreversed(cat, s, 'play "Punch"')
        return len(s.players[0].hand)

    assert hand_after([]) == 0
    assert hand_after(["Kick"]) == 2
