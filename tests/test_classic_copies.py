""""Your opponent discards 2 cards for every copy of this card in your Ring area": a copy of this card is another card
of its own title (an action takes effect, then goes into the Ring area: it is not one of them), and "2 cards for every
..." is twice the count. Lowered from the printed sentence, then played."""

from __future__ import annotations

from rawdeal.effects import model as fx
from rawdeal.effects.classic.lowering import CardFacts, lower
from rawdeal.engine.state import GameState, PlayerState
from classickit import ACTION, assert_printed, compiler, course_with, kinds_of, lowered, play_unreversed

WORMS = "Your opponent discards 2 cards for every copy of this card in your Ring area."
PER_HEEL = "He discards 1 card for every Superstar-specific card in your Ring area."


def test_the_sentences_are_printed() -> None:
    assert_printed("As an action, this card is -4F, " + WORMS[0].lower() + WORMS[1:], PER_HEEL)


def _clauses(text: str, title: str) -> tuple[fx.Clause, ...]:
    result = lower(compiler().compile(text), CardFacts(ACTION, kinds_of(), title))
    assert result.effect is not None, result.unlowered
    return result.effect.clauses


def test_a_copy_of_this_card_is_a_card_of_its_own_title_counted_twice() -> None:
    (on_play,) = _clauses(WORMS, "Mouthful of Worms")
    copies = fx.CountOf(fx.Who.YOU, fx.Zone.RING, fx.CardFilter(title="Mouthful of Worms"), scale=(2, 1), other=True)
    assert on_play == fx.OnPlay((fx.Discard(fx.Who.OPPONENT, fx.Count(0, of=copies), chooser=fx.Who.OPPONENT),))


def test_one_card_for_every_card_is_counted_once() -> None:
    (on_play,) = _clauses(PER_HEEL, "Any Title")
    assert isinstance(on_play, fx.OnPlay) and isinstance(discard := on_play.actions[0], fx.Discard)
    assert discard.count.of is not None and discard.count.of.scale == (1, 1) and not discard.count.of.other


def test_without_the_cards_title_the_copies_are_reported() -> None:
    assert not lowered(WORMS).ok


def test_the_opponent_discards_two_for_each_copy_in_the_ring_area() -> None:
    (on_play,) = _clauses(WORMS, "Not Yet")  # an action: it takes effect, then goes into the Ring area
    cat = course_with({"Not Yet": fx.CardEffect((on_play,))})
    action, haymaker = cat.id("Not Yet"), cat.id("Haymaker")
    for copies, left in ((0, 9), (1, 7), (3, 3)):
        s = GameState(players=[PlayerState("HHH", [haymaker] * 10, hand=[action], ring=[action] * copies + [haymaker]),
                               PlayerState("THE ROCK", [haymaker] * 20, hand=[haymaker] * 9)], tasks=[])
        game = play_unreversed(cat, s, 'play "Not Yet"')
        assert len(game.s.players[1].hand) == left
        assert game.s.players[0].ring.count(action) == copies + 1
