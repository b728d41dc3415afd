"""Cards held under a card ("Search your Arsenal for 3 cards, put them under this card", "put 1 card from under this
card into your hand") and a card's own effect when an effect moves it out of its owner's Ring area ("If an effect
your opponent controls removes this card from your Ring area, ...", "If this card is put into your Ringside pile from
your Ring area, ..."): each lowered from real Classic sentences, then run in a game."""

from __future__ import annotations

from dataclasses import replace

from rawdeal.cards.model import CardType, Trait
from rawdeal.effects import model as fx
from rawdeal.engine import tasks as T
from rawdeal.engine.classic import shipped_classic
from rawdeal.engine.decision import Decision
from rawdeal.engine.game import Game
from rawdeal.engine.invariants import card_lists
from rawdeal.engine.state import Blanked, GameState, PlayerState
from rawdeal.engine.moves import parse_move
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


BACKED = ("Put 1 Unique card from your Ringside pile into your hand. When this card is in your Ring area, once during "
          "each of your turns you may put 1 card from your hand under this card and then put 1 card from your Ringside "
          "pile on the bottom of your Arsenal. You may play the cards under this card as if they were in your hand. If "
          "this card is moved from your Ring area, put the cards under this card into your Ringside pile.")
SEE_IT_COMING = "When this card is in your Ring area, you may play the card under this card as if it was in your hand."
FUTURE = ("When this card is in your Ring area, if you successfully play a Volley maneuver, you may put 1 Volley card "
          "from your Ringside pile under this card. You may play these cards as if they were in your hand.")


def _decision(game: Game) -> Decision:
    d = game.decision()
    assert d is not None
    return d


def test_cards_under_this_card_played_as_if_in_the_hand() -> None:
    assert_printed(BACKED, SEE_IT_COMING, FUTURE)
    assert fx.PlaysHeld() in clauses(BACKED) and clauses(SEE_IT_COMING) == (fx.PlaysHeld(),)
    assert clauses(FUTURE)[-1] == fx.PlaysHeld()  # "these cards": the ones the text put under it
    *_, left = clauses(BACKED)  # "the cards under this card": all of them, not one
    assert isinstance(left, fx.Triggered) and left.actions == (
        fx.MoveCards(fx.Who.YOU, fx.ALL, fx.Zone.UNDER, fx.Zone.RINGSIDE),)


def test_these_cards_said_of_no_cards_put_under_this_card_are_reported() -> None:
    from classickit import lowered

    result = lowered("You may play these cards as if they were in your hand.")
    assert result.effect is None and "as if in your hand" in result.unlowered[0].reason


def test_a_held_maneuver_is_played_from_under_its_card_saved_and_replayed() -> None:
    game = _classic({"ring": ["Backed by Torrie and Candice"]}, {})
    cat = game.cat
    holder = cat.id("Backed by Torrie and Candice")
    game.s.hold_under(0, holder).extend([cat.id("Chop"), cat.id("Step Aside")])
    moves = [str(m) for m in _decision(game).moves]
    assert moves == ['play "Chop" as maneuver from under "Backed by Torrie and Candice"',
                     'play "Chop" as action from under "Backed by Torrie and Candice"', "end", "surrender"]
    again = loads(dumps(game))  # the pile saved: the same choices after a reload, read back from their text
    assert [str(m) for m in _decision(again).moves] == moves
    again.apply(parse_move(moves[0]))
    me = again.s.players[0]
    assert [again.title(c) for c in me.ring] == ["Backed by Torrie and Candice", "Chop"]
    assert again.s.held(0, holder) == [cat.id("Step Aside")] and me.hand == []
    assert [len(cards) for cards in card_lists(again.s)] == [13, 10]  # every card still counted


def test_a_held_card_is_not_played_once_its_card_has_left_the_ring_area() -> None:
    game = _classic({"ringside": ["Backed by Torrie and Candice"]}, {})
    game.s.hold_under(0, game.cat.id("Backed by Torrie and Candice")).append(game.cat.id("Chop"))
    assert [str(m) for m in _decision(game).moves] == ["end", "surrender"]


def test_a_blanked_holder_lets_no_held_card_be_played() -> None:
    game = _classic({"ring": ["Backed by Torrie and Candice"]}, {"ring": ["Chop"]})
    cat = game.cat
    holder = cat.id("Backed by Torrie and Candice")
    game.s.hold_under(0, holder).append(cat.id("Chop"))
    game.s.blanked = (Blanked(0, holder, 1, cat.id("Chop"), fx.Duration.REST_OF_TURN),)
    game.forget_decision()
    assert [str(m) for m in _decision(game).moves] == ["end", "surrender"]


def test_a_held_reversal_reverses_as_if_from_the_hand() -> None:
    game = _classic({"hand": ["Chop"]}, {"ring": ["Backed by Torrie and Candice"]})
    cat = game.cat
    holder = cat.id("Backed by Torrie and Candice")
    game.s.hold_under(1, holder).append(cat.id("Step Aside"))
    game.apply(parse_move('play "Chop" as maneuver'))
    d = _decision(game)
    assert d.player == 1 and [str(m) for m in d.moves] == [
        'reverse "Step Aside" from under "Backed by Torrie and Candice"', "pass"]
    again = loads(dumps(game))  # the window's held card saved with its holder
    assert dumps(again) == dumps(game) and b'"holders"' in dumps(game)
    again.apply(parse_move(str(d.moves[0])))
    assert again.s.under == {} and [again.title(c) for c in again.s.players[1].ring] == [
        "Backed by Torrie and Candice", "Step Aside"]
    assert [again.title(c) for c in again.s.players[0].ringside] == ["Chop"]


BALANCED = ("Search your Arsenal for up to 2 cards, put them under this card, and shuffle your Arsenal. When this card is "
            "in your Ring area, if a card under this card is a non-unique non-hybrid card, you may play it as if it were "
            "in your hand. When this card is moved from your Ring area, remove all cards under this card from the game.")
BROKEN = ("When this card is in your Ring area, if the card under this card is a non-unique Maneuver or non-unique "
          "Reversal card, you may play it as if it were in your hand.")
SIZE = ("Search your Arsenal for up to 6 cards titled Irish Whip, Throw Into the Corner Turnbuckle, or Gut Wrench, put "
        "them under this card, and then shuffle your Arsenal. They may be played as if they were in your hand.")


def test_only_the_held_cards_so_described_are_played_as_if_in_the_hand() -> None:
    assert_printed(BALANCED, BROKEN, SIZE)
    non_unique = fx.CardFilter(not_trait=Trait.UNIQUE)
    assert clauses(BALANCED)[1] == fx.PlaysHeld(replace(non_unique, not_marks=("hybrid",)))
    *_, removed = clauses(BALANCED)
    assert isinstance(removed, fx.Triggered) and removed.actions == (
        fx.MoveCards(fx.Who.YOU, fx.ALL, fx.Zone.UNDER, fx.Zone.REMOVED),)
    # "non-unique Maneuver or non-unique Reversal": the words opening both alternatives are said of both
    assert clauses(BROKEN) == (fx.PlaysHeld(replace(non_unique, types=(CardType.MANEUVER, CardType.REVERSAL))),)
    assert clauses(SIZE)[-1] == fx.PlaysHeld()  # "They may be played ...": the cards put under it


def test_a_held_card_titled_so_once_each_turn_is_reported_for_its_opening() -> None:
    from classickit import lowered

    value = ("Once during each of your turns, when a card under this card is titled Bulldog Takedown, Charismatic Style, "
             "Chop to the Chest, Comeback!, Corkscrew DDT, DDT, Dem Damn Dudleyz, Did I Just Say Three Minutes?, Don't "
             "Cross the Boss, Drawing Extra Heat, Great Technical Knowledge, Gut Punch, Hurricanrana, Knife-edge Chop, "
             "Ladder in the Ring, Single Arm DDT, Springboard, Table! Table! Table!, or Who Booked This Match?, you may "
             "play that card as if it were in your hand.")
    assert_printed(value)  # one sentence, parsed whole; the once-a-turn limit on such plays is not run yet
    (reported,) = lowered(value).unlowered
    assert reported.reason == "cards under this card played as if in your hand once during each of your turns"


def test_a_held_card_not_so_described_stays_under_its_card() -> None:
    game = _classic({"ring": ["That's Balanced!"]}, {})
    cat = game.cat
    holder = cat.id("That's Balanced!")
    game.s.hold_under(0, holder).extend([cat.id("Patented Rock Footstomp"), cat.id("Chop"), cat.id("Punch")])
    assert Trait.UNIQUE in cat.infos[cat.id("Patented Rock Footstomp")].card.traits  # unique; Chop is a hybrid
    assert [str(m) for m in _decision(game).moves if "under" in str(m)] == [
        'play "Punch" as maneuver from under "That\'s Balanced!"']
    _run(game, (1, fx.MoveCards(fx.Who.OPPONENT, fx.ONE, fx.Zone.RING, fx.Zone.RINGSIDE), "Chop"))
    assert game.s.under == {} and len(game.s.players[0].removed) == 3  # its text sent them out of the game


CART_OPPONENT = "If your opponent removes this card from your Ring area, he must end his turn and skip his next turn."


def test_removed_by_an_effect_your_opponent_controls_said_after_the_place() -> None:
    eyes = ("If this card is removed from your Ring area by an effect your opponent controls, you may search your "
            "Arsenal for 1 card, put it into your hand, and shuffle your Arsenal.")
    assert_printed(eyes)
    (left,) = clauses(eyes)
    assert isinstance(left, fx.Triggered) and (left.trigger, left.by) == (fx.Trigger.LEFT_RING, fx.Who.OPPONENT)


def test_the_card_under_this_card_is_put_into_your_ringside_pile() -> None:
    coming = "If this card is moved from your Ring area, the card under this card is put into your Ringside pile."
    assert_printed(coming)
    assert clauses(coming) == (fx.Triggered(fx.Trigger.LEFT_RING, (
        fx.MoveCards(fx.Who.YOU, fx.ONE, fx.Zone.UNDER, fx.Zone.RINGSIDE),), by=fx.Who.ALL),)
    cat = shipped_classic().catalog  # the whole printed card lowers: played as an action, a reversal, from under
    assert fx.PlaysHeld() in cat.infos[cat.id("You Won't See It Coming...")].effect.clauses


def test_after_he_must_a_bare_verb_is_his_too() -> None:
    assert_printed(CART_OPPONENT)
    assert clauses(CART_OPPONENT) == (fx.Triggered(fx.Trigger.LEFT_RING, (
        fx.EndTurn(fx.Who.OPPONENT), fx.SkipTurn(fx.Who.OPPONENT)), by=fx.Who.OPPONENT),)


def test_the_cart_removed_by_the_opponent_ends_his_turn_skips_his_next_and_drops_its_cards() -> None:
    game = _classic({"hand": ["Chop"]}, {"ring": ["Raven's Shopping Cart"]})
    cat = game.cat
    cart = cat.id("Raven's Shopping Cart")
    assert fx.PlaysHeld() in cat.infos[cart].effect.clauses  # the whole printed text lowers
    game.s.hold_under(1, cart).extend([cat.id("Kick"), cat.id("Punch")])
    _run(game, (0, fx.MoveCards(fx.Who.OPPONENT, fx.ONE, fx.Zone.RING, fx.Zone.RINGSIDE), "Chop"))
    assert (game.s.turn, game.s.current, game.s.skip) == (2, 1, [True, False])  # his turn over, his next skipped
    assert game.s.under == {} and sorted(game.title(c) for c in game.s.players[1].ringside) == [
        "Kick", "Punch", "Raven's Shopping Cart"]
