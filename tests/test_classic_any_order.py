""""Put them back in any order" and "put ... on top of your Arsenal in any order": lowered from sentences the pool
prints (the order of cards put onto an Arsenal is the order their mover picks them), then played."""

from __future__ import annotations

from rawdeal.effects import model as fx
from rawdeal.engine.classic import shipped_classic
from rawdeal.engine.game import Game
from rawdeal.engine.moves import parse_move
from rawdeal.engine.state import GameState, PlayerState
from classickit import ACTION, assert_printed, clauses, lowered

BACK = ("During each of your turns, before your Draw Segment, look at the top 3 cards of your Arsenal and put them "
        "back in any order.")
ONTO = "Put up to 2 cards from your Ringside Pile on top of your Arsenal in any order."
SUPERSTAR = frozenset({"superstar"})


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(BACK, ONTO)


def test_put_back_in_any_order_is_an_arrangement_of_the_cards_looked_at() -> None:
    ability = lowered(BACK, SUPERSTAR).ability
    assert ability is not None
    assert ability.timing is fx.AbilityTiming.START_OF_TURN
    assert ability.actions == (fx.LookAt(fx.Who.YOU, fx.Zone.ARSENAL, 3), fx.Arrange(fx.Who.YOU, 3))


def test_put_onto_an_arsenal_in_any_order_is_the_pick_order() -> None:
    assert clauses(ONTO, ACTION) == (fx.OnPlay((fx.MoveCards(
        fx.Who.YOU, fx.Count(2, up_to=True), fx.Zone.RINGSIDE, fx.Zone.ARSENAL, fx.Position.TOP),)),)


def test_an_order_with_nothing_looked_at_or_into_another_zone_is_reported() -> None:
    assert lowered("Put them back in any order.", ACTION).effect is None
    assert lowered("Put up to 2 cards from your Ringside pile into your hand in any order.", ACTION).effect is None


def test_the_player_puts_them_on_top_in_the_order_he_picks() -> None:
    cat = shipped_classic().catalog
    card = cat.id("Wanna Know What I'm Gonna Do?")
    punch, chop = cat.id("Punch"), cat.id("Chop")
    filler = [i.id for i in cat.infos if not i.effect.clauses and not i.card.traits and i.card.printed_damage > 0][:10]
    for first, second in ((punch, chop), (chop, punch)):
        ring = [max(filler, key=lambda c: cat.infos[c].card.printed_damage)] * cat.infos[card].card.fortitude  # its F
        s = GameState(players=[PlayerState("Triple H", filler * 2, hand=[card], ring=ring, ringside=[punch, chop]),
                               PlayerState("The Rock", filler * 2, hand=[])], constructed=True, tasks=[])
        game = Game(s, cat)
        game.resume()
        game.apply(parse_move(f'play "{cat.infos[card].title}"'))
        for pick in (first, second):
            while (d := game.decision()) is not None and d.player == 1:
                game.apply(d.moves[-1])  # The Rock has no reversal: he passes
            game.apply(parse_move(f'take "{cat.infos[pick].title}"'))
        assert s.players[0].arsenal[-2:] == [first, second]  # the last picked is on top
