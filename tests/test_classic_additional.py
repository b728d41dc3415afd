"""A draw done now of "additional" cards ("you may draw up to an additional 3 cards") is a draw of so many: every
draw is one more. "When this card is in your Ring area, you may draw 1 additional card during your Draw Segment" is a
draw in the Draw Segment after its own (`Trigger.DRAW_SEGMENT`). "Additional" cards played beyond a limit stay
reported. Lowered from sentences the pool prints, then played."""

from __future__ import annotations

from rawdeal.effects import model as fx
from rawdeal.engine import tasks as T
from rawdeal.engine.game import Game
from rawdeal.engine.state import GameState, PlayerState
from rawdeal.engine.words import DecisionKind
from classickit import ACTION, assert_printed, clauses, course_with, lowered, play_unreversed

MORE_IF = ("Draw up to 2 cards. If your opponent has a Superstar Value of 2 or less, you may draw up to an additional 3 "
           "cards.")
DURING_SEGMENT_INTEGRITY = ("When this card is in your Ring area, you may draw 1 additional card during your Draw "
                            "Segment.")
DURING_SEGMENT = "You may draw 1 additional card during your Draw Segment."  # on no card in the Ring area
BEYOND_LIMIT = "You may play 1 additional Unique card this turn."


def test_the_sentences_are_printed() -> None:
    assert_printed(MORE_IF, DURING_SEGMENT_INTEGRITY, BEYOND_LIMIT)


def test_an_additional_draw_now_draws_so_many_more() -> None:
    (on_play,) = clauses(MORE_IF)
    assert on_play == fx.OnPlay((fx.Draw(fx.Who.YOU, fx.Count(2, up_to=True)), fx.OnlyIf(
        fx.Measured(fx.Who.OPPONENT, fx.Measure.SUPERSTAR_VALUE, at_most=2), (fx.Draw(fx.Who.YOU, fx.Count(3, up_to=True)),))))
    cat = course_with({"Punch": fx.CardEffect((on_play,))})
    haymaker = cat.id("Haymaker")
    for opponent, drawn in (("KANE", 5), ("THE ROCK", 2)):  # Superstar Values 2 and 5
        s = GameState(players=[PlayerState("HHH", [haymaker] * 10, hand=[cat.id("Punch")]),
                               PlayerState(opponent, [haymaker] * 10)], tasks=[])
        game = play_unreversed(cat, s, 'play "Punch"')
        while (d := game.decision()) is not None and d.player == 0 and game.s.tasks:
            most = [m for m in d.moves if str(m).startswith("draw ")]
            game.apply(max(most, key=lambda m: int(str(m).split()[1])) if most else d.moves[0])
        assert len(game.s.players[0].hand) == drawn


def test_additional_cards_of_no_card_in_the_ring_area_or_beyond_a_limit_stay_reported() -> None:
    assert not lowered(DURING_SEGMENT, ACTION).ok
    assert not lowered(BEYOND_LIMIT, ACTION).ok


def test_a_card_in_the_ring_area_draws_one_more_in_the_draw_segment_if_its_owner_likes() -> None:
    (trigger,) = clauses(DURING_SEGMENT_INTEGRITY)
    assert trigger == fx.Triggered(fx.Trigger.DRAW_SEGMENT, (fx.Draw(fx.Who.YOU, fx.Count(1, up_to=True)),))
    cat = course_with({"Kick": fx.CardEffect((trigger,))})
    haymaker = cat.id("Haymaker")

    def drawn(ring: list[int], answer: str) -> int:
        s = GameState(players=[PlayerState("HHH", [haymaker] * 10, ring=ring), PlayerState("THE ROCK", [haymaker] * 10)],
                      tasks=[T.StartTurn(0)], constructed=True)
        game = Game(s, cat)
        game.resume()
        while (d := game.decision()) is not None and d.player == 0 and d.kind is not DecisionKind.MAIN:
            game.apply(next(m for m in d.moves if str(m) == answer))
        return len(game.s.players[0].hand)

    assert drawn([], "draw 1") == 1  # no such card: the Draw Segment's one card
    assert drawn([cat.id("Kick")], "draw 1") == 2
    assert drawn([cat.id("Kick")], "draw 0") == 1
    assert drawn([cat.id("Kick"), cat.id("Kick")], "draw 1") == 3  # each copy
