""""# cannot be greater than 6" / "# cannot be less than 4": a bound on the `#` of the sentence before, lowered from
texts the pool prints, then played."""

from __future__ import annotations

from rawdeal.effects import model as fx
from rawdeal.engine import tasks as T
from rawdeal.engine.game import Game
from rawdeal.engine.state import GameState, PlayerState
from classickit import ACTION, assert_printed, clauses, course_with, lowered

GIMME = ("Draw up to # cards, where # is equal to the number of Superstar-specific cards in your Ring area. # cannot "
         "be greater than 6.")
AT_LEAST = "# cannot be less than 4."


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(GIMME, AT_LEAST)


def test_the_bound_goes_to_the_hash_before_it() -> None:
    (play,) = clauses(GIMME, ACTION)
    assert isinstance(play, fx.OnPlay) and isinstance(play.actions[0], fx.Draw)
    of = play.actions[0].count.of
    assert of is not None and (of.least, of.most) == (0, 6)
    assert lowered(AT_LEAST, ACTION).effect is None  # no # before it
    assert lowered("Draw 2 cards. " + AT_LEAST, ACTION).effect is None


def _discarded(of: fx.CountOf, maneuvers_in_hand: int) -> int:
    discard = fx.Discard(fx.Who.OPPONENT, fx.Count(0, of=of), chooser=fx.Who.OPPONENT)
    cat = course_with({})
    s = GameState(players=[PlayerState("HHH", [], hand=[cat.id("Punch")] * maneuvers_in_hand),
                           PlayerState("THE ROCK", [], hand=[cat.id("Punch")] * 8)], constructed=True)
    s.tasks.append(T.Act(0, discard, cat.id("Chop")))
    game = Game(s, cat)
    game.resume()
    while (d := game.decision()) is not None:
        game.apply(d.moves[0])
    return 8 - len(game.s.players[1].hand)


def test_a_bounded_hash_is_held_within_its_bounds_when_the_action_runs() -> None:
    in_hand = fx.CountOf(fx.Who.YOU, fx.Zone.HAND)
    assert _discarded(in_hand, 5) == 5
    assert _discarded(fx.CountOf(fx.Who.YOU, fx.Zone.HAND, most=3), 5) == 3
    assert _discarded(fx.CountOf(fx.Who.YOU, fx.Zone.HAND, least=4), 1) == 4
    assert _discarded(fx.CountOf(fx.Who.YOU, fx.Zone.HAND, least=4), 6) == 6
