""""... is in any Ring area", "... in any player's Ring area", "... in any Ring area or Ringside pile": a card in that
zone of either player (`HasCards`, any of them), lowered from sentences the pool prints, then played."""

from __future__ import annotations

from rawdeal.cards.model import Trait
from rawdeal.effects import model as fx
from rawdeal.engine.game import Game
from rawdeal.engine.moves import Play
from rawdeal.engine.state import GameState, PlayerState
from classickit import ACTION, STRIKE, assert_printed, clauses, course_with

TITLED = "Can only be played when the card titled Tough Enough! is in any Ring area."
SET_UP = "Can only be played if a Set-up card is in any player's Ring area."
TWO_ZONES = "Cannot be reversed when the card titled Managed by Dawn Marie is in any Ring area or Ringside pile."
NOT = "Cannot be played if the card titled Hell in a Cell Match is in any player's Ring area."


def _either(flt: fx.CardFilter, *zones: fx.Zone) -> fx.AnyOf:
    return fx.AnyOf(tuple(fx.HasCards(who, zone, flt) for who in (fx.Who.YOU, fx.Who.OPPONENT) for zone in zones))


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(TITLED, SET_UP, TWO_ZONES, NOT)


def test_a_card_in_any_ring_area_is_one_in_either_players() -> None:
    assert clauses(TITLED, ACTION) == (
        fx.PlayRequirement(_either(fx.CardFilter(title="Tough Enough!"), fx.Zone.RING)),)
    assert clauses(SET_UP, STRIKE) == (
        fx.PlayRequirement(_either(fx.CardFilter(trait=Trait.SET_UP), fx.Zone.RING)),)
    assert clauses(NOT, STRIKE) == (
        fx.PlayRequirement(fx.Not(_either(fx.CardFilter(title="Hell in a Cell Match"), fx.Zone.RING))),)


def test_several_zones_are_each_of_either_player() -> None:
    (irreversible,) = clauses(TWO_ZONES, ACTION)
    assert isinstance(irreversible, fx.Irreversible)
    assert irreversible.condition == _either(fx.CardFilter(title="Managed by Dawn Marie"), fx.Zone.RING,
                                             fx.Zone.RINGSIDE)


def test_a_titled_card_in_your_own_ring_area_reads_as_before() -> None:
    text = "Can only be played if the card titled Study the Tapes is in your Ring area."
    assert_printed(text)
    assert clauses(text, STRIKE) == (fx.PlayRequirement(fx.InRingArea("Study the Tapes")),)


def test_playable_while_either_ring_area_holds_the_card() -> None:
    cat = course_with({"Kick": fx.CardEffect(clauses(SET_UP, STRIKE))})
    kick, whip = cat.id("Kick"), cat.id("Irish Whip")
    filler = cat.id("Haymaker")
    offered = []
    for mine, his in (([], []), ([whip], []), ([], [whip])):
        s = GameState(players=[PlayerState("HHH", [filler] * 10, hand=[kick], ring=[filler, filler, *mine]),
                               PlayerState("THE ROCK", [filler] * 10, ring=his)], tasks=[])
        game = Game(s, cat)
        game.resume()
        offered.append(any(isinstance(m, Play) for m in game.legal_moves()))
    assert offered == [False, True, True]


def test_more_than_one_copy_in_your_ring_area_asks_for_two() -> None:
    """Read before as "if the card is in your Ring area": Gettin' Cheeky with It! could not follow one copy of itself."""
    text = "Cannot be played if more than 1 copy of the card titled Gettin' Cheeky with It! is in your Ring area."
    assert_printed(text)
    two = fx.HasCards(fx.Who.YOU, fx.Zone.RING, fx.CardFilter(title="Gettin' Cheeky with It!"), 2)
    assert clauses(text, ACTION) == (fx.PlayRequirement(fx.Not(two)),)


def test_playable_until_a_second_copy_is_in_your_ring_area() -> None:
    text = "Cannot be played if more than 1 copy of the card titled Kick is in your Ring area."
    cat = course_with({"Kick": fx.CardEffect(clauses(text, STRIKE))})
    kick, filler = cat.id("Kick"), cat.id("Haymaker")
    offered = []
    for kicks in (0, 1, 2):
        s = GameState(players=[PlayerState("HHH", [filler] * 10, hand=[kick], ring=[kick] * kicks),
                               PlayerState("THE ROCK", [filler] * 10)], tasks=[])
        game = Game(s, cat)
        game.resume()
        offered.append(any(isinstance(m, Play) for m in game.legal_moves()))
    assert offered == [True, True, False]
