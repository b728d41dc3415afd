"""Reversing with a card that is no reversal card, used where it lies, or with a Superstar's ability: lowered from
sentences the pool prints, then played (`reverse "X" from ring`, `reverse "NAME" from backstage`), saved mid-window
and reloaded."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rawdeal.cards import CardType, Subtype
from rawdeal.cards.model import Trait
from rawdeal.effects import model as fx
from rawdeal.engine.cardinfo import Catalog
from rawdeal.engine.classic import shipped_classic
from rawdeal.engine.game import Game
from rawdeal.engine.moves import Reverse, parse_move
from rawdeal.engine.state import GameState, PlayerState
from rawdeal.engine.words import DecisionKind
from rawdeal.io.save import dumps, loads
from classickit import ACTION, assert_printed, clauses, lowered

LID = ("When this card is in your Ring area, you may put this card into your Ringside pile to reverse any Strike or "
       "Grapple maneuver and end your opponent's turn.")
DEFENSIVE = ("When this card is in your Ring area, you may remove it from the game to reverse any non-unique Strike, "
             "Grapple, or Submission maneuver and end your opponent's turn.")
SWEETER = ("When this card is in your Ring area, if your Fortitude Rating is less than your opponent's Fortitude "
           "Rating, you may put this card into your Ringside pile to reverse any non-unique maneuver and end his turn.")
RULES = ("When this card is in your Ring area, you may discard 1 Maneuver card and 1 Action card to reverse any "
         "Action card and end your opponent's turn.")
HART = ("When this card is in your Ringside pile, you may remove this card from the game to reverse any non-unique "
        "maneuver and end your opponent's turn.")
GOLDBERG = "You may discard 3 cards to reverse any non-unique maneuver and end your opponent's turn."
CENSOR = "You may reverse any FACE or HEEL Action card and end opponent's turn by discarding a card from your hand."
STAR = frozenset({"superstar"})
STRIKE_OR_GRAPPLE = fx.Target(subtypes=(Subtype.STRIKE, Subtype.GRAPPLE))


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(LID, DEFENSIVE, SWEETER, RULES, HART, GOLDBERG, CENSOR)


# ---------------------------------------------------------------------------------------------- lowering
def test_a_card_put_into_the_ringside_pile_to_reverse_is_used_from_the_ring_area() -> None:
    assert clauses(LID, ACTION) == (fx.Reverses(STRIKE_OR_GRAPPLE, cost=(fx.MoveThis(fx.Zone.RINGSIDE),),
                                                zone=fx.Zone.RING),)


def test_removing_it_from_the_game_is_the_cost() -> None:
    [reverses] = clauses(DEFENSIVE, ACTION)
    assert isinstance(reverses, fx.Reverses)
    assert reverses.cost == (fx.MoveThis(fx.Zone.REMOVED),) and reverses.zone is fx.Zone.RING
    assert reverses.target.not_trait is Trait.UNIQUE and len(reverses.target.subtypes) == 3


def test_an_opening_condition_is_the_reversals() -> None:
    [reverses] = clauses(SWEETER, ACTION)
    assert isinstance(reverses, fx.Reverses) and reverses.condition == fx.FortitudeBelowOpponent()


def test_discarding_cards_is_a_cost_and_the_ringside_pile_a_place() -> None:
    [rules] = clauses(RULES, ACTION)
    assert isinstance(rules, fx.Reverses) and [a.filter.types for a in rules.cost if isinstance(a, fx.Discard)] == [
        (CardType.MANEUVER,), (CardType.ACTION,)]
    [hart] = clauses(HART, ACTION)
    assert isinstance(hart, fx.Reverses) and hart.zone is fx.Zone.RINGSIDE and hart.cost == (fx.MoveThis(fx.Zone.REMOVED),)


def test_a_superstars_reversal_is_his_ability_from_backstage() -> None:
    for text, target in ((GOLDBERG, fx.Target(not_trait=Trait.UNIQUE)),
                         (CENSOR, fx.Target((CardType.ACTION,), any_marks=("face", "heel")))):
        result = lowered(text, STAR)
        assert result.effect is not None and result.ability is not None, result.unlowered
        [reverses] = result.ability.reverses
        assert reverses.zone is fx.Zone.BACKSTAGE and reverses.target == target
        assert [type(a) for a in reverses.cost] == [fx.Discard]


@pytest.mark.parametrize("text", [
    # the opponent's choice, not the owner's: a card he uses is no reversal of yours
    "As a maneuver, when your opponent is a Male Superstar, he may remove 3 cards in his hand from the game to "
    "reverse this card and end your turn.",
    # what the reversal does besides ending the turn is not said to be part of it
    "When this card is in your Ring area, you may put this card into your Ringside pile to reverse any maneuver "
    "and draw 1 card.",
])
def test_other_uses_are_reported(text: str) -> None:
    assert lowered(text, ACTION).effect is None


# ------------------------------------------------------------------------------------------------ play
def _game(cat: Catalog, ring: list[int], hand: list[int], played: int, defender: str = "The Rock",
          ringside: list[int] | None = None) -> Game:
    """Triple H to move, with `played` in his hand and F enough to play it; the defender holds `ring`, `hand` and
    `ringside`."""
    filler = [i.id for i in cat.infos if not i.effect.clauses and not i.card.traits and i.card.printed_damage > 0][:10]
    heavy = max(filler, key=lambda c: cat.infos[c].card.printed_damage)
    f = cat.infos[played].card.fortitude
    mine = [heavy] * max(1, -(-f // cat.infos[heavy].card.printed_damage))
    s = GameState(players=[PlayerState("Triple H", filler * 2, hand=[played], ring=mine),
                           PlayerState(defender, filler * 2, hand=hand, ring=ring, ringside=ringside or [])],
                  constructed=True, tasks=[])
    game = Game(s, cat)
    game.resume()
    return game


def _answer(game: Game) -> None:
    """The defender answers what he is asked (the cards his cost discards) with his first move."""
    while (d := game.decision()) is not None and d.player == 1 and game.s.current == 0:
        game.apply(d.moves[0])


def _plain(cat: Catalog, subtype: Subtype) -> int:
    return next(i.id for i in cat.infos if not i.effect.clauses and not i.card.traits and i.card.subtype is subtype
                and i.card.types == (CardType.MANEUVER,))


def _window(cat: Catalog, ring: list[int], played: int) -> tuple[Game, list[str]]:
    """The game after Triple H plays `played` against The Rock's `ring`, and what The Rock may answer (none when the
    play went on without asking him)."""
    game = _game(cat, ring, [], played)
    game.apply(parse_move(f'play "{cat.titles[played]}"'))
    d = game.decision()
    return game, [str(m) for m in d.moves] if d is not None and d.player == 1 else []


def test_a_card_in_the_ring_area_reverses_and_goes_to_the_ringside_pile() -> None:
    cat = shipped_classic().catalog
    lid, strike = cat.id("Garbage Can Lid"), _plain(cat, Subtype.STRIKE)
    game, moves = _window(cat, [lid], strike)
    assert moves == ['reverse "Garbage Can Lid" from ring', "pass"]
    game.apply(parse_move('reverse "Garbage Can Lid" from ring'))
    me, him = game.s.players
    assert him.ring == [] and him.ringside == [lid]  # the cost: the card moved
    assert strike in me.ringside and strike not in me.ring  # reversed: no damage, his Ringside pile
    assert game.s.current == 1 and game.s.turn == 2  # his turn ended
    assert len(him.arsenal) == 19  # no damage taken: 20 cards less the one he drew


def test_only_what_its_target_says_and_not_after_it_is_used() -> None:
    cat = shipped_classic().catalog
    lid, sub = cat.id("Garbage Can Lid"), _plain(cat, Subtype.SUBMISSION)
    game, moves = _window(cat, [lid], sub)
    assert moves == []  # no window: a Submission is neither a Strike nor a Grapple
    assert sub in game.s.players[0].ring and game.s.players[1].ring == [lid]


def test_a_condition_on_the_fortitude_ratings() -> None:
    cat = shipped_classic().catalog
    sweeter, strike = cat.id("There's Nothing Sweeter"), _plain(cat, Subtype.STRIKE)
    heavy = max((i for i in cat.infos if not i.effect.clauses), key=lambda i: i.card.printed_damage).id
    # his Ring area worth less than the attacker's: the condition holds; far more: it does not
    assert _window(cat, [sweeter], strike)[1] == ['reverse "There\'s Nothing Sweeter" from ring', "pass"]
    assert _window(cat, [sweeter, heavy, heavy, heavy], strike)[1] == []


def test_the_cost_must_be_payable() -> None:
    cat = shipped_classic().catalog
    rules, action = cat.id("Rules Were Meant to be Broken"), next(
        i.id for i in cat.infos if i.card.types == (CardType.ACTION,) and not i.reverses and not i.requirements)
    maneuver = _plain(cat, Subtype.STRIKE)
    for hand, offered in (([maneuver], False), ([maneuver, action], True)):
        game = _game(cat, [rules], hand, action)
        game.apply(parse_move(f'play "{cat.titles[action]}"'))
        d = game.decision()
        assert (d is not None and d.player == 1 and any(isinstance(m, Reverse) for m in d.moves)) is offered
    game.apply(parse_move('reverse "Rules Were Meant to be Broken" from ring'))
    _answer(game)
    him = game.s.players[1]
    assert sorted(him.ringside) == sorted([maneuver, action]) and him.ring == [rules]  # the cost paid, the card stays
    assert game.s.current == 1 and len(him.hand) == 1  # his turn: the one card he drew


def test_a_card_in_the_ringside_pile_removed_from_the_game() -> None:
    cat = shipped_classic().catalog
    hart, strike = cat.id("Managed by 'The Mouth of the South' Jimmy Hart"), _plain(cat, Subtype.STRIKE)
    game = _game(cat, [], [], strike, ringside=[hart])
    game.apply(parse_move(f'play "{cat.titles[strike]}"'))
    game.apply(parse_move(f'reverse "{cat.titles[hart]}" from ringside'))
    assert game.s.players[1].removed == [hart] and game.s.players[1].ringside == []


def test_a_superstars_ability_reverses_from_backstage_and_a_saved_window_reloads() -> None:
    base = shipped_classic().catalog
    ability = lowered(GOLDBERG, STAR).ability
    assert ability is not None
    cat = replace(base, abilities={**base.abilities, "The Rock": ability})
    strike = _plain(cat, Subtype.STRIKE)
    filler = [i.id for i in cat.infos if not i.effect.clauses and i.card.printed_damage > 0][:3]
    game = _game(cat, [], list(filler), strike)
    game.apply(parse_move(f'play "{cat.titles[strike]}"'))
    d = game.decision()
    assert d is not None and [str(m) for m in d.moves] == ['reverse "The Rock" from backstage', "pass"]
    again = Game(loads(dumps(game)).s, cat)
    again.resume()
    assert dumps(again) == dumps(game)
    for g in (game, again):
        g.apply(parse_move('reverse "The Rock" from backstage'))
        _answer(g)
    assert dumps(again) == dumps(game)
    him = game.s.players[1]
    assert sorted(him.ringside) == sorted(filler) and game.s.current == 1 and len(him.hand) == 1


def test_the_move_reads_back_as_written() -> None:
    for text in ('reverse "Garbage Can Lid" from ring', 'reverse "Goldberg" from backstage',
                 'reverse "Hart" from ringside'):
        assert str(parse_move(text)) == text
    assert parse_move('reverse "Step Aside"') == Reverse("Step Aside")


# ------------------------------------------------------------------------ reversal cards from the Ringside pile
POUND = ("Can only be played from your Ringside pile when you have at least 5 other Heat cards in your Ringside pile. "
         "When played from your Ringside pile, reverse any non-unique maneuver and end your opponent's turn.")


def test_a_reversal_card_only_played_from_the_ringside_pile() -> None:
    assert_printed(POUND)
    only, reverses, _ = clauses(POUND, frozenset({"reversal", "special", "run-in", "heat"}))
    assert isinstance(only, fx.PlayableFrom) and only.only and only.zone is fx.Zone.RINGSIDE
    assert only.condition == fx.HasCards(fx.Who.YOU, fx.Zone.RINGSIDE, fx.CardFilter(marks=("heat",)), 5, other=True)
    assert isinstance(reverses, fx.Reverses) and reverses.played_from is fx.Zone.RINGSIDE


def test_ground_and_pound_reverses_from_the_ringside_pile_with_5_other_heat_cards_there() -> None:
    cat = shipped_classic().catalog
    pound, strike = cat.id("Ground and Pound"), _plain(cat, Subtype.STRIKE)
    heat = [i.id for i in cat.infos if "heat" in i.card.marks and i.id != pound][:5]
    assert len(heat) == 5
    for hand, ringside, offered in (([], [pound, *heat], True), ([], [pound, *heat[:4]], False),
                                    ([pound], heat, False)):  # never from the hand
        game = _game(cat, [], list(hand), strike, ringside=list(ringside))
        game.apply(parse_move(f'play "{cat.titles[strike]}"'))
        d = game.decision()
        moves = [str(m) for m in d.moves] if d is not None and d.player == 1 else []
        assert moves == (['reverse "Ground and Pound" from ringside', "pass"] if offered else []), (hand, ringside)
    game = _game(cat, [], [], strike, ringside=[pound, *heat])
    game.apply(parse_move(f'play "{cat.titles[strike]}"'))
    again = loads(dumps(game))  # the window, saved: written only because it offers a card from the Ringside pile
    assert b'"from_ringside"' in dumps(game) and dumps(again) == dumps(game)
    game.apply(parse_move('reverse "Ground and Pound" from ringside'))
    me, him = game.s.players
    assert him.ring == [pound] and pound not in him.ringside  # played: to his Ring area
    assert strike in me.ringside and len(me.ringside) == 1 + cat.infos[pound].card.printed_damage  # and its damage


# -------------------------------------------------------------------- a Superstar's ability set off by a reversal
REY = "When your opponent reverses a card from his hand or Backlash deck, you may discard 2 cards and continue your turn."


def test_a_superstars_ability_set_off_by_the_opponents_reversal() -> None:
    assert_printed(REY)
    ability = lowered(REY, STAR).ability
    assert ability is not None
    [trigger] = ability.triggered
    assert trigger.trigger is fx.Trigger.REVERSAL and trigger.by is fx.Who.OPPONENT and trigger.source is fx.Zone.HAND
    base = shipped_classic().catalog
    cat = replace(base, abilities={**base.abilities, "Triple H": ability})
    strike, step_aside = _plain(cat, Subtype.STRIKE), cat.id("Step Aside")
    filler = [i.id for i in cat.infos if not i.effect.clauses and i.card.printed_damage > 0][:3]
    game = _game(cat, [], [step_aside], strike)
    game.s.players[0].hand += filler
    game.forget_decision()
    game.apply(parse_move(f'play "{cat.titles[strike]}"'))
    game.apply(parse_move('reverse "Step Aside"'))
    d = game.decision()
    assert d is not None and d.player == 0 and d.kind is DecisionKind.YES_NO  # his ability asks: discard 2 and go on?
    game.apply(parse_move("yes"))
    while (d := game.decision()) is not None and d.player == 0 and d.kind is DecisionKind.DISCARD:
        game.apply(d.moves[0])
    assert game.s.current == 0 and len(game.s.players[0].hand) == 1  # his turn goes on, 2 of his 3 cards discarded


BEAUTIFUL = ("When this card is in your Ring area, when you play a Reversal card you may draw 1 card and then discard 1 "
             "card.")


def test_playing_a_reversal_card_sets_off_a_card_in_the_ring_area() -> None:
    assert_printed(BEAUTIFUL)
    [trigger] = clauses(BEAUTIFUL, ACTION)
    assert isinstance(trigger, fx.Triggered) and trigger.trigger is fx.Trigger.REVERSAL
    assert trigger.by is fx.Who.YOU and trigger.source is fx.Zone.HAND and trigger.played is None
    cat = shipped_classic().catalog
    people, strike, step_aside = cat.id("The Beautiful People"), _plain(cat, Subtype.STRIKE), cat.id("Step Aside")
    game = _game(cat, [people], [step_aside], strike)
    game.apply(parse_move(f'play "{cat.titles[strike]}"'))
    game.apply(parse_move('reverse "Step Aside"'))
    d = game.decision()
    assert d is not None and d.player == 1 and d.kind is DecisionKind.COUNT  # "you may draw 1 card"
