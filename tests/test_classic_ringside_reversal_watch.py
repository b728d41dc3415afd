""""When this card is in your Ringside pile, if your opponent reverses a maneuver from his hand, you may put this card
into your hand": a reversal sets off a card lying in its owner's Ringside pile. Lowered from the printed sentence,
then played."""

from __future__ import annotations

from rawdeal.cards import CardType
from rawdeal.effects import model as fx
from rawdeal.engine.game import Game
from rawdeal.engine.moves import parse_move
from rawdeal.engine.state import GameState, PlayerState
from classickit import ACTION, assert_printed, clauses, course_with

PRINTED = ("When this card is in your Ringside pile, if your opponent reverses a maneuver from his hand, you may put "
           "this card into your hand.")


def test_text_is_printed_in_the_pool() -> None:
    assert_printed(PRINTED)


def test_set_off_from_the_ringside_pile() -> None:
    assert clauses(PRINTED, ACTION) == (fx.Triggered(
        fx.Trigger.REVERSAL, (fx.Optional((fx.MoveThis(fx.Zone.HAND),)),), zone=fx.Zone.RINGSIDE,
        played=fx.CardFilter(types=(CardType.MANEUVER,)), by=fx.Who.OPPONENT, source=fx.Zone.HAND),)


def _reversed(ringside: bool) -> tuple[GameState, list[str], int]:
    """HHH plays Kick, The Rock reverses it with Step Aside from his hand; HHH's Chop (printing the sentence) lies
    in his Ringside pile or his Ring area. HHH's state after, and what he was asked."""
    cat = course_with({"Chop": fx.CardEffect(clauses(PRINTED, ACTION))})
    chop, kick, haymaker = cat.id("Chop"), cat.id("Kick"), cat.id("Haymaker")
    s = GameState(players=[PlayerState("HHH", [haymaker] * 10, hand=[kick], ringside=[chop] if ringside else [],
                                       ring=[] if ringside else [chop]),
                           PlayerState("THE ROCK", [haymaker] * 10, hand=[cat.id("Step Aside")])], tasks=[])
    game = Game(s, cat)
    game.resume()
    game.apply(parse_move('play "Kick"'))
    game.apply(parse_move('reverse "Step Aside"'))
    asked = []
    while (d := game.decision()) is not None and d.player == 0 and s.current == 0:
        asked.append(str(d.kind))
        game.apply(parse_move("yes"))
    return s, asked, chop


def test_a_reversal_from_the_hand_lets_him_take_it_back() -> None:
    s, asked, chop = _reversed(ringside=True)
    assert len(asked) == 1  # "you may": he is asked
    assert s.players[0].hand == [chop] and chop not in s.players[0].ringside


def test_in_the_ring_area_it_is_not_set_off() -> None:
    s, asked, chop = _reversed(ringside=False)
    assert asked == [] and s.players[0].hand == [] and s.players[0].ring == [chop]
