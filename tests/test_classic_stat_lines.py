"""Stat lines: "Your Starting Hand Size is +2", "your opponent's Superstar Value is -3", "The maximum number of
Mid-match cards you may have in your Ring area is increased by 1". Each form lowered from sentences the pool
prints, then read by the engine: the opening hand, who goes first, a "#" equal to the Superstar Value."""

from __future__ import annotations

from dataclasses import replace

from rawdeal.effects import model as fx
from rawdeal.engine import standing
from rawdeal.engine.cardinfo import catalog
from rawdeal.engine.game import Game
from rawdeal.engine.state import GameState, PlayerState
from classickit import ACTION, assert_printed, clauses, course_with, lowered, play_unreversed

PRE_MATCH = frozenset({"pre-match", "event"})
MID_MATCH = frozenset({"mid-match", "action"})
SUPERSTAR = frozenset({"superstar"})
HAND, VALUE = fx.StarStat.HAND_SIZE, fx.StarStat.SUPERSTAR_VALUE

PRINTED_HAND = "Your Starting Hand Size is +2."
PRINTED_HIS = "His Starting Hand Size is -1."
PRINTED_BOTH = "Your Superstar Value is -4 and your opponent's Superstar Value is -6."
PRINTED_WHEN = "Your Starting Hand Size is +1 when the card titled ECW Championship Belt is in your Ring area."
PRINTED_IN_RING = "When this card is in your Ring area, your Superstar Value is +1."
PRINTED_ROOM = "The maximum number of Pre-match and Mid-match cards you may have in your Ring area is increased by 1."
PRINTED_REDUCED = "The maximum number of Pre-match cards you may have in your Ring area is reduced by 2."
PRINTED_HIS_ROOM = "The maximum number of Mid-match cards your opponent may have in his Ring area is reduced by 3."
PRINTED_HASH_VALUE = ("Shuffle # cards from your Ringside pile into your Arsenal and draw 2 cards, where # is equal to "
                      "your Superstar Value.")


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(PRINTED_HAND, PRINTED_HIS, PRINTED_BOTH, PRINTED_WHEN, PRINTED_IN_RING, PRINTED_ROOM, PRINTED_REDUCED,
                   PRINTED_HIS_ROOM, PRINTED_HASH_VALUE)


def test_a_pre_match_cards_stat_lines_lower_to_superstar_stats() -> None:
    assert clauses(PRINTED_HAND, PRE_MATCH) == (fx.SuperstarStat(HAND, 2),)
    assert clauses(PRINTED_HIS, PRE_MATCH) == (fx.SuperstarStat(HAND, -1, fx.Who.OPPONENT),)
    assert clauses(PRINTED_BOTH, PRE_MATCH) == (fx.SuperstarStat(VALUE, -4), fx.SuperstarStat(VALUE, -6, fx.Who.OPPONENT))
    assert clauses(PRINTED_WHEN, PRE_MATCH) == (
        fx.SuperstarStat(HAND, 1, condition=fx.InRingArea("ECW Championship Belt")),)


def test_a_stat_line_on_a_card_that_leaves_the_ring_area_needs_its_when_in_ring() -> None:
    assert clauses(PRINTED_IN_RING, ACTION) == (fx.SuperstarStat(VALUE, 1),)
    result = lowered(PRINTED_HAND, ACTION)  # an action's bare stat line would hold nowhere
    assert result.effect is None and "stat line" in result.unlowered[0].reason


def test_the_room_of_a_ring_area_for_backlash_cards() -> None:
    both = (fx.RingKind.PRE_MATCH, fx.RingKind.MID_MATCH)
    assert clauses(PRINTED_ROOM, PRE_MATCH) == (fx.RingRoom(both, 1),)
    assert clauses(PRINTED_REDUCED, PRE_MATCH) == (fx.RingRoom((fx.RingKind.PRE_MATCH,), -2),)
    assert clauses(PRINTED_HIS_ROOM, MID_MATCH) == (fx.RingRoom((fx.RingKind.MID_MATCH,), -3, fx.Who.OPPONENT),)


def test_what_a_player_may_pack_or_play_is_no_ring_areas_room() -> None:
    for text in ("The maximum number of Pre-match cards you may pack is increased by 10.",
                 "The maximum number of Stipulation cards you may play is increased by 1."):
        result = lowered(text, PRE_MATCH)
        assert result.effect is None and "max number" in result.unlowered[0].reason


def test_a_stat_set_to_another_players_is_reported_not_read_as_a_change() -> None:
    result = lowered("Your Superstar Value is equal to your opponent's Superstar Value.", SUPERSTAR)
    assert result.effect is None


def test_a_superstars_stat_lines_are_his_ability() -> None:
    result = lowered(PRINTED_HAND, SUPERSTAR)
    assert result.effect == fx.CardEffect() and result.ability is not None
    assert result.ability.stat_lines == (fx.SuperstarStat(HAND, 2),)


# --------------------------------------------------------------------------------------------- engine
def test_a_superstars_hand_size_line_draws_a_bigger_opening_hand() -> None:
    ability = lowered(PRINTED_HAND, SUPERSTAR).ability
    assert ability is not None
    cat = course_with({}, {"KANE": ability})
    arsenal = [cat.id("Kick")] * 20
    game, _ = Game.start(("KANE", "THE ROCK"), (arsenal[:], arsenal[:]), cat=cat)
    # Kane's Hand Size 7, +2; The Rock's 5, and he goes first (Superstar Value 5 against 2): +1 in his draw segment
    assert game.s.current == 1 and [len(p.hand) for p in game.s.players] == [9, 6]


def test_the_opponents_superstar_value_lowered_decides_who_goes_first() -> None:
    ability = lowered("Your opponent's Superstar Value is -3.", SUPERSTAR).ability
    assert ability is not None
    arsenal = [catalog().id("Kick")] * 20
    for cat, first in ((catalog(), 0), (course_with({}, {"KANE": ability}), 1)):
        # Stone Cold (value 5) against Kane (2) holding a line that takes 3 from Stone Cold's: 2 against 2, a tie
        game, _ = Game.start(("STONE COLD STEVE AUSTIN", "KANE"), (arsenal[:], arsenal[:]), cat=cat)
        assert standing.superstar_value(cat, game.s, 0) == (5 if first == 0 else 2)
    cat = course_with({}, {"KANE": replace(ability, stat_lines=(fx.SuperstarStat(VALUE, -4, fx.Who.OPPONENT),))})
    game, _ = Game.start(("STONE COLD STEVE AUSTIN", "KANE"), (arsenal[:], arsenal[:]), cat=cat)
    assert game.s.current == 1  # 1 against 2: Kane goes first


def test_a_card_in_the_ring_area_changes_the_superstar_value_a_hash_counts() -> None:
    cat = course_with({"Kick": fx.CardEffect(clauses(PRINTED_IN_RING, ACTION)),
                 "Punch": fx.CardEffect(clauses(PRINTED_HASH_VALUE, ACTION))})
    ringside = [cat.id("Head Butt")] * 8

    def shuffled_in(ring: list[str]) -> int:
        s = GameState(players=[PlayerState("KANE", [cat.id("Haymaker")] * 5, hand=[cat.id("Punch")],
                                           ring=[cat.id(t) for t in ring], ringside=ringside[:]),
                               PlayerState("THE ROCK", [cat.id("Haymaker")] * 5)], tasks=[])
        game = play_unreversed(cat, s, 'play "Punch"')
        while (d := game.decision()) is not None and d.player == 0 and game.s.tasks:
            game.apply(d.moves[-1])  # the most cards he may shuffle in
        return 8 - len(game.s.players[0].ringside)

    assert shuffled_in([]) == 2  # Kane's Superstar Value
    assert shuffled_in(["Kick", "Kick"]) == 4  # +1 for each copy in his Ring area


def test_ring_room_counts_both_ring_areas_and_their_conditions() -> None:
    cat = course_with({"Kick": fx.CardEffect(clauses(PRINTED_ROOM, PRE_MATCH)),
                 "Punch": fx.CardEffect(clauses(PRINTED_HIS_ROOM, MID_MATCH)),
                 "Haymaker": fx.CardEffect((fx.RingRoom((fx.RingKind.MID_MATCH,), 2,
                                                        condition=fx.InRingArea("Head Butt")),))})
    s = GameState(players=[PlayerState("KANE", [], ring=[cat.id("Kick"), cat.id("Haymaker")]),
                           PlayerState("THE ROCK", [], ring=[cat.id("Punch")])], tasks=[])
    assert [standing.ring_room(cat, s, 0, k) for k in fx.RingKind] == [6, 3]  # +1 each, -3 Mid-match from The Rock
    assert [standing.ring_room(cat, s, 1, k) for k in fx.RingKind] == [5, 5]
    s.players[0].ring.append(cat.id("Head Butt"))
    assert standing.ring_room(cat, s, 0, fx.RingKind.MID_MATCH) == 5
    assert standing.hand_size(cat, s, 0) == 7 and standing.superstar_value(cat, s, 0) == 2
