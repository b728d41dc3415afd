""""As a reversal, reverse any non-unique card and end your opponent's turn. Search his hand and Arsenal for copies of
that card and put them into his Ringside pile" (Master Manipulator): "that card" is the card reversed, its copies are the
cards of its title, and all of them found in several zones are those of each zone. Lowered from the printed text, then
played: a reversal from the hand."""

from __future__ import annotations

from rawdeal.cards.pool.load import classic_pool
from rawdeal.effects import model as fx
from rawdeal.engine.game import Game
from rawdeal.engine.moves import parse_move
from rawdeal.engine.state import GameState, PlayerState
from classickit import assert_printed, clauses, course_with, lowered

COPIES = "Search his hand and Arsenal for copies of that card and put them into his Ringside pile."
REVERSE = "As a reversal, reverse any non-unique card and end your opponent's turn. "
HYBRID = frozenset({"action", "reversal", "special"})


def test_the_sentences_are_printed() -> None:
    assert_printed(REVERSE + COPIES)


def test_copies_of_the_reversed_card_from_each_zone() -> None:
    _, on_reverse = clauses(REVERSE + COPIES, HYBRID)
    copies = fx.CardFilter(as_reversed=True)
    assert on_reverse == fx.OnReverse((fx.EndTurn(fx.Who.OPPONENT),
                                       fx.MoveCards(fx.Who.OPPONENT, fx.ALL, fx.Zone.HAND, fx.Zone.RINGSIDE, filter=copies),
                                       fx.MoveCards(fx.Who.OPPONENT, fx.ALL, fx.Zone.ARSENAL, fx.Zone.RINGSIDE,
                                                    filter=copies)))


def test_copies_of_that_card_where_nothing_was_reversed_are_reported() -> None:
    assert not lowered(COPIES).ok


def test_the_reversed_cards_copies_leave_his_hand_and_arsenal() -> None:
    reverses, on_reverse = clauses(REVERSE + COPIES, HYBRID)
    cat = course_with({"Step Aside": fx.CardEffect((reverses, on_reverse))})  # a reversal of F 0 in the course
    punch, haymaker, chop = cat.id("Punch"), cat.id("Haymaker"), cat.id("Chop")
    s = GameState(players=[PlayerState("HHH", [punch, haymaker, punch, chop], hand=[punch, punch, chop]),
                           PlayerState("THE ROCK", [haymaker] * 5, hand=[cat.id("Step Aside")])], tasks=[])
    game = Game(s, cat)
    game.resume()
    game.apply(parse_move('play "Punch"'))
    while (d := game.decision()) is not None and d.player == 1 and game.s.current == 0:
        game.apply(next((m for m in d.moves if str(m).startswith("reverse")), d.moves[0]))
    me = game.s.players[0]
    assert [cat.infos[c].title for c in me.hand] == ["Chop"] and [cat.infos[c].title for c in me.arsenal] == [
        "Haymaker", "Chop"]
    assert sorted(cat.infos[c].title for c in me.ringside) == ["Punch"] * 4  # the reversed one and its 3 copies


def test_master_manipulator_is_playable() -> None:
    from rawdeal.engine.classic import shipped_classic

    assert "Master Manipulator" in {i.title for i in shipped_classic().catalog.infos}
    assert any(c.title == "Master Manipulator" for c in classic_pool())
