""""That many": as many cards as the action before moved ("Discard up to 6 cards and then put that many cards from
your Ringside pile into your hand"). Lowered from sentences the pool prints, then played."""

from __future__ import annotations

from rawdeal.effects import model as fx
from rawdeal.engine.state import GameState, PlayerState
from classickit import ACTION, assert_printed, clauses, course_with, play_unreversed

PRINTED_SWITCH = "Discard up to 6 cards and then put that many cards from your Ringside pile into your hand."
PRINTED_SPIT = ("Put up to 3 cards from your hand on the bottom of your Arsenal and then put that many cards from your "
                "opponent's Ring area into his Ringside pile.")
PRINTED_OVERTURNS = "Your opponent overturns that many cards."


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(PRINTED_SWITCH, PRINTED_SPIT, PRINTED_OVERTURNS)


def test_that_many_is_the_count_of_the_cards_moved_before() -> None:
    (on_play,) = clauses(PRINTED_SWITCH, ACTION)
    assert isinstance(on_play, fx.OnPlay)
    discard, move = on_play.actions
    assert discard == fx.Discard(fx.Who.YOU, fx.Count(6, up_to=True))
    assert move == fx.MoveCards(fx.Who.YOU, fx.Count(1, same=True), fx.Zone.RINGSIDE, fx.Zone.HAND)
    (on_play,) = clauses(PRINTED_SPIT, ACTION)
    assert isinstance(on_play, fx.OnPlay)
    assert on_play.actions[1] == fx.MoveCards(fx.Who.OPPONENT, fx.Count(1, same=True), fx.Zone.RING, fx.Zone.RINGSIDE)


def test_that_many_cards_overturned_are_counted_when_the_overturn_runs_not_run_as_one() -> None:
    (on_play,) = clauses(PRINTED_OVERTURNS, ACTION)
    assert isinstance(on_play, fx.OnPlay)
    assert on_play.actions == (fx.MillTop(fx.Who.OPPONENT, count=fx.Count(1, same=True)),)


def test_as_many_cards_come_back_as_were_discarded() -> None:
    cat = course_with({"Punch": fx.CardEffect(clauses(PRINTED_SWITCH, ACTION))})
    haymaker, kick = cat.id("Haymaker"), cat.id("Kick")
    for discarded in (0, 2, 3):
        s = GameState(players=[PlayerState("HHH", [haymaker] * 10, hand=[cat.id("Punch")] + [haymaker] * 3,
                                           ringside=[kick] * 5),
                               PlayerState("THE ROCK", [haymaker] * 10)], tasks=[])
        game = play_unreversed(cat, s, 'play "Punch"')
        while (d := game.decision()) is not None and d.player == 0 and game.s.tasks:
            counted = [m for m in d.moves if str(m) == f"discard {discarded}"]
            game.apply(counted[0] if counted else d.moves[0])
        assert s.players[0].hand.count(kick) == discarded and len(s.players[0].hand) == 3
