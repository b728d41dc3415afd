"""How long a modifier lasts when the sentence says it once for several amounts, or not at all on a card that stays
in the Ring area; the opponent's reversals to your next card. Sentences the pool prints, then played."""

from __future__ import annotations

from dataclasses import replace

from rawdeal.cards import CardType, Subtype
from rawdeal.effects import model as fx
from rawdeal.engine import rules as R
from rawdeal.engine.state import CurrentPlay, GameState, PlayerState
from classickit import ACTION, STRIKE, assert_printed, clauses, course_with, lowered, play_unreversed

PRE_MATCH = frozenset({"pre-match", "object"})
PRINTED_ONCE = "Your maneuvers are +5D and your opponent's Reversal cards are +20F for the rest of the turn."
PRINTED_NEXT = "As a maneuver, opponent's reversal to your next card played this turn is +10F."
PRINTED_BARE = "Your maneuvers are +2D."
PRINTED_ALL = "All players' maneuvers are +1D."


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(PRINTED_ONCE, PRINTED_NEXT, PRINTED_BARE, PRINTED_ALL)


def test_a_lifetime_said_at_the_end_is_each_amounts() -> None:
    assert clauses(PRINTED_ONCE, ACTION) == (fx.OnPlay((
        fx.Modify(fx.Modifier(fx.Stat.DAMAGE, 5, fx.Duration.REST_OF_TURN)),
        fx.Modify(fx.Modifier(fx.Stat.FORTITUDE, 20, fx.Duration.REST_OF_TURN, card_type=None, reversals=True)))),)


def test_the_opponents_reversal_to_your_next_card_needs_more_fortitude() -> None:
    assert clauses(PRINTED_NEXT, STRIKE | {"reversal"}) == (fx.OnPlay((fx.Modify(fx.Modifier(
        fx.Stat.FORTITUDE, 10, fx.Duration.NEXT_CARD, card_type=None, reversals=True)),), CardType.MANEUVER),)


def test_a_bare_modifier_holds_while_a_pre_match_card_is_in_the_ring_area() -> None:
    assert clauses(PRINTED_BARE, PRE_MATCH) == (fx.WhileInRing(fx.Modifier(fx.Stat.DAMAGE, 2, fx.Duration.WHILE_IN_RING)),)
    result = lowered(PRINTED_BARE, ACTION)  # an action says for how long, or it is reported
    assert result.effect is None and "lifetime" in result.unlowered[0].reason


def test_every_players_maneuvers_are_not_read_as_yours() -> None:
    (every,) = clauses(PRINTED_ALL, PRE_MATCH)
    assert every == fx.WhileInRing(fx.Modifier(fx.Stat.DAMAGE, 1, fx.Duration.WHILE_IN_RING, everyone=True))
    assert lowered(PRINTED_ALL, ACTION).effect is None  # an action says for how long
    assert lowered(PRINTED_ALL.replace("+1D", "-2F"), PRE_MATCH).effect is None  # costs: not read for both
    played_by_all = "When this card is in your Ring area, all Grapple maneuvers played by all players are +3D."
    assert_printed(played_by_all)
    assert clauses(played_by_all, ACTION) == (fx.WhileInRing(fx.Modifier(
        fx.Stat.DAMAGE, 3, fx.Duration.WHILE_IN_RING, subtype=Subtype.GRAPPLE, everyone=True)),)


def test_every_players_maneuvers_do_more_damage_while_the_card_lies_in_either_ring_area() -> None:
    cat = course_with({"Kick": fx.CardEffect(clauses(PRINTED_ALL, PRE_MATCH))})
    s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [])])
    punch = [CurrentPlay(p, cat.id("Punch"), CardType.MANEUVER) for p in (0, 1)]
    assert [R.base_damage(cat, s, play, 1 - play.player) for play in punch] == [3, 3]
    s.players[1].ring = [cat.id("Kick")]
    assert [R.base_damage(cat, s, play, 1 - play.player) for play in punch] == [4, 4]
    s.players[0].ring = [cat.id("Kick")]
    assert [R.base_damage(cat, s, play, 1 - play.player) for play in punch] == [5, 5]


def test_the_pre_match_cards_modifier_adds_to_every_maneuver_while_it_lies_there() -> None:
    cat = course_with({"Kick": fx.CardEffect(clauses(PRINTED_BARE, PRE_MATCH))})

    def overturned(ring: list[str]) -> int:
        s = GameState(players=[PlayerState("HHH", [cat.id("Haymaker")] * 10, hand=[cat.id("Punch")],
                                           ring=[cat.id(t) for t in ring]),
                               PlayerState("THE ROCK", [cat.id("Haymaker")] * 12)], tasks=[])
        play_unreversed(cat, s, 'play "Punch"')
        return 12 - len(s.players[1].arsenal)

    assert overturned(["Kick"]) == overturned([]) + 2


PRINTED_ON_NEXT = "On your next turn, your maneuvers are +2D and your opponent's Reversal cards are +25F."
PRINTED_ONCE_PRE_MATCH = ("Once during each of your turns you may discard 1 card and then put 1 card with the word "
                          "'cheap'in the title from your Ringside pile into your hand.")


def test_on_your_next_turn_is_the_next_turns_lifetime() -> None:
    assert_printed(PRINTED_ON_NEXT, PRINTED_ONCE_PRE_MATCH)
    assert clauses(PRINTED_ON_NEXT, ACTION) == clauses(PRINTED_ON_NEXT.replace("On your next turn", "Next turn"), ACTION)
    (on_play,) = clauses(PRINTED_ON_NEXT, ACTION)
    assert isinstance(on_play, fx.OnPlay) and all(
        isinstance(a, fx.Modify) and a.modifier.duration is fx.Duration.NEXT_TURN for a in on_play.actions)


def test_a_pre_match_cards_once_during_each_of_your_turns_is_used_from_the_ring_area() -> None:
    (used,) = clauses(PRINTED_ONCE_PRE_MATCH, PRE_MATCH)
    assert isinstance(used, fx.Activated) and used.zones == (fx.Zone.RING,) and used.once
    assert lowered(PRINTED_ONCE_PRE_MATCH, ACTION).effect is None  # an action does not say where it lies
    cat = course_with({"Kick": fx.CardEffect((replace(used, actions=(used.actions[0], fx.Draw(fx.Who.YOU))),))})
    s = GameState(players=[PlayerState("HHH", [cat.id("Haymaker")] * 5, hand=[cat.id("Punch")], ring=[cat.id("Kick")]),
                           PlayerState("THE ROCK", [cat.id("Haymaker")] * 5)], tasks=[])
    game = play_unreversed(cat, s, 'use "Kick"')
    while (d := game.decision()) is not None and d.player == 0 and game.s.tasks:
        game.apply(d.moves[0])
    assert s.players[0].ringside == [cat.id("Punch")] and s.players[0].hand == [cat.id("Haymaker")]
    d = game.decision()
    assert d is not None and 'use "Kick"' not in [str(m) for m in d.moves]  # once a turn
