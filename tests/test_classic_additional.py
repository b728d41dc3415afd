"""A draw done now of "additional" cards ("you may draw up to an additional 3 cards") is a draw of so many: every
draw is one more. "Additional" cards drawn during the Draw Segment or played beyond a limit stay reported. Lowered
from sentences the pool prints, then played."""

from __future__ import annotations

from rawdeal.effects import model as fx
from rawdeal.engine.state import GameState, PlayerState
from classickit import ACTION, assert_printed, clauses, course_with, lowered, play_unreversed

MORE_IF = ("Draw up to 2 cards. If your opponent has a Superstar Value of 2 or less, you may draw up to an additional 3 "
           "cards.")
DURING_SEGMENT = "When this card is in your Ring area, you may draw 1 additional card during your Draw Segment."
BEYOND_LIMIT = "You may play 1 additional Unique card this turn."


def test_the_sentences_are_printed() -> None:
    assert_printed(MORE_IF, DURING_SEGMENT, BEYOND_LIMIT)


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


def test_additional_cards_beyond_a_segment_or_a_limit_stay_reported() -> None:
    assert not lowered(DURING_SEGMENT, ACTION).ok
    assert not lowered(BEYOND_LIMIT, ACTION).ok
