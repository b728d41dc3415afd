"""Cards held under a card ("Search your Arsenal for 3 cards, put them under this card", "put 1 card from under this
card into your hand") and a card's own effect when an effect moves it out of its owner's Ring area ("If an effect
your opponent controls removes this card from your Ring area, ...", "If this card is put into your Ringside pile from
your Ring area, ..."): each lowered from real Classic sentences, then run in a game."""

from __future__ import annotations

from rawdeal.effects import model as fx
from rawdeal.engine import tasks as T
from rawdeal.engine.game import Game
from rawdeal.engine.invariants import card_lists
from rawdeal.engine.state import GameState, PlayerState
from rawdeal.io.save import dumps, loads
from classickit import STRIKE, assert_printed, classic_game, clauses, course_with

WE_LIE = ("Search your Arsenal for 3 cards, put them under this card, and shuffle your Arsenal. When this card is in "
          "your Ring area, once during each of your turns, you may put 1 card from under this card into your hand.")
FLYING_MARE = ("If an effect your opponent controls removes this card from your Ring area, put 1 card from your "
               "Ringside pile into your hand.")
CART = "If this card is removed from your Ring area, put all cards under it into your Ringside pile."
CEREBRAL = "If this card is put into your Ringside pile from your Ring area, draw up to 4 cards."
SHOW_AND_GO = ("If an effect your opponent controls removes this card from your Ring area, if you are a Diva Superstar, "
               "you may draw 1 card.")


def test_cards_put_under_this_card_and_taken_back_from_under_it() -> None:
    assert_printed(WE_LIE)
    assert clauses(WE_LIE) == (
        fx.OnPlay((fx.MoveCards(fx.Who.YOU, fx.Count(3), fx.Zone.ARSENAL, fx.Zone.UNDER), fx.Shuffle(fx.Who.YOU))),
        fx.Activated((fx.Zone.RING,), (fx.MoveCards(fx.Who.YOU, fx.ONE, fx.Zone.UNDER, fx.Zone.HAND),), once=True))


def test_leaving_the_ring_area_by_whose_effect_and_to_where() -> None:
    assert_printed(FLYING_MARE, CART, CEREBRAL)
    assert clauses(FLYING_MARE, STRIKE) == (fx.Triggered(fx.Trigger.LEFT_RING, (
        fx.MoveCards(fx.Who.YOU, fx.ONE, fx.Zone.RINGSIDE, fx.Zone.HAND),), by=fx.Who.OPPONENT),)
    assert clauses(CART) == (fx.Triggered(fx.Trigger.LEFT_RING, (
        fx.MoveCards(fx.Who.YOU, fx.ALL, fx.Zone.UNDER, fx.Zone.RINGSIDE),), by=fx.Who.ALL),)
    assert clauses(CEREBRAL) == (fx.Triggered(fx.Trigger.LEFT_RING, (fx.Draw(fx.Who.YOU, fx.Count(4, up_to=True)),),
                                              by=fx.Who.ALL, dest=fx.Zone.RINGSIDE),)
    assert_printed(SHOW_AND_GO)
    assert clauses(SHOW_AND_GO) == (fx.Triggered(fx.Trigger.LEFT_RING, (fx.OnlyIf(
        fx.SuperstarIs(fx.Who.YOU, "diva"), (fx.Draw(fx.Who.YOU, fx.Count(1, up_to=True)),)),), by=fx.Who.OPPONENT),)


def test_a_card_held_under_another_card_is_not_under_one_named_otherwise() -> None:
    from classickit import lowered

    result = lowered("Put 1 Stipulation card on top of this card and any number of Stipulation cards under this card.")
    assert result.effect is None and "on top of this card" in result.unlowered[0].reason


def _classic(mine: dict[str, list[str]], theirs: dict[str, list[str]]) -> Game:
    """A constructed Classic position at player 0's main decision."""
    return classic_game(mine, theirs)


def _run(game: Game, *actions: tuple[int, fx.Action, str]) -> None:
    """Push the actions (owner, action, whose card) and answer every question with its first move."""
    for owner, action, title in reversed(actions):
        game.s.tasks.append(T.Act(owner, action, game.cat.id(title)))
    game.resume()
    while game.s.tasks and (d := game.decision()) is not None:
        game.apply(d.moves[0])


def test_cards_under_a_card_are_kept_saved_and_taken_back() -> None:
    game = _classic({"ring": ["Flying Mare"]}, {})
    first, second = clauses(WE_LIE)
    assert isinstance(first, fx.OnPlay) and isinstance(second, fx.Activated)
    (put, shuffle), take = first.actions, second.actions[0]
    _run(game, (0, put, "Flying Mare"), (0, shuffle, "Flying Mare"))
    mare = game.cat.id("Flying Mare")
    held = game.s.held(0, mare)
    assert len(held) == 3 and len(game.s.players[0].arsenal) == 7 and game.s.players[0].hand == []
    assert [len(cards) for cards in card_lists(game.s)] == [11, 10]  # every card of his still counted, held ones too
    again = loads(dumps(game))
    assert again.s.under == game.s.under and dumps(again) == dumps(game)
    assert b'"under"' in dumps(game)
    _run(game, (0, take, "Flying Mare"))
    assert len(game.s.held(0, mare)) == 2 and len(game.s.players[0].hand) == 1
    cart = clauses(CART)[0]
    assert isinstance(cart, fx.Triggered)
    _run(game, (0, cart.actions[0], "Flying Mare"))
    assert game.s.under == {} and len(game.s.players[0].ringside) == 2 and b'"under"' not in dumps(game)


def test_an_effect_the_opponent_controls_removing_the_card_sets_off_its_text() -> None:
    game = _classic({"ring": ["Flying Mare"], "ringside": ["Kidney Punch"]}, {"ring": ["Chop"]})
    removes = fx.MoveCards(fx.Who.OPPONENT, fx.ONE, fx.Zone.RING, fx.Zone.RINGSIDE)  # his effect, my Ring area
    _run(game, (1, removes, "Chop"))
    me = game.s.players[0]
    assert [game.title(c) for c in me.hand] == ["Kidney Punch"]
    assert [game.title(c) for c in me.ringside] == ["Flying Mare"]


def test_the_cards_own_effect_removing_it_is_not_the_opponents() -> None:
    game = _classic({"ring": ["Flying Mare"], "ringside": ["Kidney Punch"]}, {})
    mine = fx.MoveCards(fx.Who.YOU, fx.ONE, fx.Zone.RING, fx.Zone.RINGSIDE)
    _run(game, (0, mine, "Flying Mare"))
    me = game.s.players[0]
    assert me.hand == [] and sorted(game.title(c) for c in me.ringside) == ["Flying Mare", "Kidney Punch"]


def test_put_into_the_ringside_pile_from_the_ring_area_only_there() -> None:
    cat = course_with({"Chop": fx.CardEffect(clauses(CEREBRAL, STRIKE))})
    for dest, drawn in ((fx.Zone.ARSENAL, 0), (fx.Zone.RINGSIDE, 4)):
        arsenal = [cat.id("Punch")] * 8
        s = GameState(players=[PlayerState("HHH", arsenal, ring=[cat.id("Chop")]), PlayerState("THE ROCK", arsenal[:])],
                      tasks=[T.Act(0, fx.MoveCards(fx.Who.YOU, fx.ONE, fx.Zone.RING, dest), cat.id("Chop"))],
                      constructed=True)
        game = Game(s, cat)
        game.resume()
        while game.s.tasks and (d := game.decision()) is not None and game.s.current == 0:
            game.apply(d.moves[-1])  # the most there is to draw
        assert len(game.s.players[0].hand) == drawn, dest
