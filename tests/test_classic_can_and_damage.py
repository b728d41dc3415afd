""""Can" as a permission ("As a reversal, can reverse ...", "you can either ...") and "When successfully played
and damage has been applied, end your turn": lowered from sentences the pool prints, then played."""

from __future__ import annotations

from rawdeal.cards import CardType, Subtype
from rawdeal.effects import model as fx
from rawdeal.engine import rules as R
from rawdeal.engine.state import CurrentPlay, GameState, PlayerState
from classickit import REVERSAL, STRIKE, assert_printed, clauses, course_with, lowered, play_unreversed

REVERSAL_GRAPPLE = frozenset({"reversal", "special", "maneuver", "grapple"})
PRINTED_CAN = "As a reversal, if played from your hand can reverse any Grapple maneuver and end your opponent's turn."
PRINTED_CAN_ALONE = "Can reverse any Strike, Grapple, Submission or High Risk maneuver that does 9D or less."
PRINTED_CAN_EITHER = ("If reversed from opponent's hand, you can either draw 1 card or remove any Action card from "
                      "your opponent's Ring area and put it into his Ringside pile.")
PRINTED_AFTER_DAMAGE = "When successfully played and damage has been applied, end your turn."
PRINTED_AFTER_DAMAGE_COMMA = "When successfully played, and damage has been applied, end your turn."
PRINTED_AFTER = "After damage has been applied, end your turn."
PRINTED_AFTER_DAMAGE_OTHER = "When successfully played and damage has been applied, you may discard 1 card."


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(PRINTED_CAN, PRINTED_CAN_ALONE, PRINTED_CAN_EITHER, PRINTED_AFTER_DAMAGE, PRINTED_AFTER_DAMAGE_COMMA,
                   PRINTED_AFTER, PRINTED_AFTER_DAMAGE_OTHER)


def test_can_reverse_is_what_may_reverse_is() -> None:
    assert clauses(PRINTED_CAN, REVERSAL_GRAPPLE) == clauses(
        PRINTED_CAN.replace("can reverse", "you may reverse"), REVERSAL_GRAPPLE)
    (reverses, ends) = clauses(PRINTED_CAN, REVERSAL_GRAPPLE)
    assert reverses == fx.Reverses(fx.Target((CardType.MANEUVER,), (Subtype.GRAPPLE,)), from_hand_only=True)
    assert ends == fx.OnReverse((fx.EndTurn(fx.Who.OPPONENT),), from_hand_only=True)
    (alone,) = clauses(PRINTED_CAN_ALONE, REVERSAL)
    assert isinstance(alone, fx.Reverses) and alone.target.max_damage == 9 and len(alone.target.subtypes) == 4


def test_you_can_either_is_a_choice_as_you_may_either() -> None:
    assert clauses(PRINTED_CAN_EITHER, STRIKE) == clauses(PRINTED_CAN_EITHER.replace("you can", "you may"), STRIKE)
    (trigger,) = clauses(PRINTED_CAN_EITHER, STRIKE)
    assert isinstance(trigger, fx.Triggered) and isinstance(trigger.actions[0], fx.Choice)


def test_a_can_reverse_reversal_reverses_in_a_game() -> None:
    cat = course_with({"Step Aside": fx.CardEffect(clauses(PRINTED_CAN_ALONE, REVERSAL))})
    s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [], hand=[cat.id("Step Aside")])])
    punch = CurrentPlay(0, cat.id("Punch"), CardType.MANEUVER)
    assert R.reverses(cat, s, cat.id("Step Aside"), punch, 3, True)
    assert not R.reverses(cat, s, cat.id("Step Aside"), punch, 10, True)  # "that does 9D or less"


def test_ending_your_turn_after_the_damage_is_ending_it_when_successfully_played() -> None:
    expected = (fx.OnPlay((fx.EndTurn(fx.Who.YOU),)),)
    assert clauses(PRINTED_AFTER_DAMAGE, STRIKE) == expected
    assert clauses(PRINTED_AFTER_DAMAGE_COMMA, STRIKE) == expected
    assert clauses(PRINTED_AFTER, STRIKE) == expected


def test_another_effect_after_the_damage_is_reported() -> None:
    # the engine runs a play's effects before its damage: a discard "after" it would come first
    result = lowered(PRINTED_AFTER_DAMAGE_OTHER, STRIKE)
    assert result.effect is None and "after damage" in result.unlowered[0].reason


def test_the_damage_is_applied_and_then_the_turn_ends() -> None:
    cat = course_with({"Kick": fx.CardEffect(clauses(PRINTED_AFTER_DAMAGE, STRIKE))})
    filler = [cat.id("Haymaker")] * 10
    s = GameState(players=[PlayerState("HHH", filler[:], hand=[cat.id("Kick"), cat.id("Punch")]),
                           PlayerState("THE ROCK", filler[:])], tasks=[])
    play_unreversed(cat, s, 'play "Kick"')
    kick = cat.infos[cat.id("Kick")].card.damage
    assert len(s.players[1].ringside) == kick  # the whole damage overturned his cards
    assert s.players[0].ring == [cat.id("Kick")] and s.current == 1  # and then his turn began
