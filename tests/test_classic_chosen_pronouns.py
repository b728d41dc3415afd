""""Choose 1 card, and he puts that card on top of his Arsenal", "... he shuffles them into his Arsenal": a pronoun
right after a choice of cards in a hand stands for the chosen cards, as "the chosen card" does. Lowered from
sentences the pool prints, then played."""

from __future__ import annotations

from rawdeal.effects import model as fx
from rawdeal.engine.game import Game
from rawdeal.engine.moves import parse_move
from rawdeal.engine.state import GameState, PlayerState
from classickit import ACTION, assert_printed, clauses, course_with, lowered

THAT_CARD = "Look at your opponent's hand, choose 1 card, and he puts that card on top of his Arsenal."
SHUFFLED = ("At the end of the Pre-match phase, look at your opponent's hand and choose 1 card. Your opponent shuffles "
            "that card into his Arsenal, then draws 2 cards.")


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(THAT_CARD, SHUFFLED)


def test_that_card_after_a_choice_is_the_chosen_card() -> None:
    that = clauses(THAT_CARD, ACTION)
    chosen = clauses(THAT_CARD.replace("that card", "the chosen card"), ACTION)  # the wording the engine read before
    assert that == chosen
    assert that == (fx.OnPlay((fx.LookAt(fx.Who.OPPONENT, fx.Zone.HAND), fx.MoveCards(
        fx.Who.OPPONENT, fx.ONE, fx.Zone.HAND, fx.Zone.ARSENAL, fx.Position.TOP, chooser=fx.Who.YOU))),)


def test_a_pronoun_in_the_next_sentence_is_the_chosen_card_too() -> None:
    (end,) = clauses(SHUFFLED, frozenset({"pre-match", "event"}))
    assert isinstance(end, fx.Triggered) and end.actions[1:] == (
        fx.MoveCards(fx.Who.OPPONENT, fx.ONE, fx.Zone.HAND, fx.Zone.ARSENAL, fx.Position.SHUFFLE, chooser=fx.Who.YOU),
        fx.Draw(fx.Who.OPPONENT, fx.Count(2)))


def test_a_pronoun_with_nothing_chosen_before_it_is_still_reported() -> None:
    assert lowered("Your opponent puts that card on top of his Arsenal.", ACTION).effect is None


def test_the_player_who_chose_picks_the_card_that_goes_on_top() -> None:
    cat = course_with({"Kick": fx.CardEffect(clauses(THAT_CARD, ACTION))})
    kick, haymaker, chop = cat.id("Kick"), cat.id("Haymaker"), cat.id("Chop")
    s = GameState(players=[PlayerState("HHH", [haymaker] * 10, hand=[kick]),
                           PlayerState("THE ROCK", [haymaker] * 10, hand=[haymaker, chop])], tasks=[])
    game = Game(s, cat)
    game.resume()
    game.apply(parse_move('play "Kick"'))
    while (d := game.decision()) is not None and d.player == 1:
        game.apply(d.moves[-1])
    game.apply(parse_move('take "Chop"'))
    assert s.players[1].hand == [haymaker]
    assert s.players[1].ringside[0] == chop  # on top of his Arsenal: the first card Kick's damage overturned


PUBLIC = "Look at your opponent's hand, then choose 3 Action cards in your Ringside pile and put them into your hand."


def test_cards_chosen_in_a_zone_both_players_see_need_no_look_and_move_with_them() -> None:
    assert_printed(PUBLIC)
    look, move = clauses(PUBLIC, ACTION)[0].actions  # type: ignore[union-attr]
    assert look == fx.LookAt(fx.Who.OPPONENT, fx.Zone.HAND)
    assert (move,) == clauses("Put 3 Action cards from your Ringside pile into your hand.", ACTION)[0].actions  # type: ignore[union-attr]


def test_cards_chosen_in_a_hidden_zone_are_still_reported() -> None:
    assert lowered("Choose 3 Action cards in your Arsenal and put them into your hand.", ACTION).effect is None
