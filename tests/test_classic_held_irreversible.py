"""Other cards than this one that cannot be reversed from one place, or whose reversals need more F: "Your next card
played this turn can only be reversed from your opponent's Arsenal", "Your Chain cards cannot be reversed from your
opponent's Arsenal for the rest of the turn", "... it cannot be reversed from his hand", "Your opponent's Reversal
cards to the first card played on your next turn are +8F": lowered from sentences the pool prints, then played."""

from __future__ import annotations

from rawdeal.cards import CardType, Subtype
from rawdeal.effects import model as fx
from rawdeal.engine import rules as R
from rawdeal.engine.state import ActiveModifier, CurrentPlay, GameState, PlayerState
from classickit import ACTION, assert_printed, clauses, course_with, lowered

NEXT_FROM_ARSENAL = "Your next card played this turn can only be reversed from your opponent's Arsenal."
NEXT_FROM_HIS_ARSENAL = "Your next card played this turn can only be reversed from his Arsenal."
NEXT_MANEUVER_FROM_ARSENAL = "Your next maneuver played this turn can only be reversed from your opponent's Arsenal."
GROUP_ONLY_ARSENAL = "Your maneuvers can only be reversed from your opponent's Arsenal for the rest of the turn."
CHAIN_NOT_ARSENAL = "Your Chain cards cannot be reversed from your opponent's Arsenal for the rest of the turn."
IT_NOT_HAND = "If your next card played this turn is a High Risk maneuver, it cannot be reversed from his hand."
FIRST_NEXT_TURN_F = "Your opponent's Reversal cards to the first card played on your next turn are +8F."
NEXT_MANEUVER_F = ("When successfully played, your opponent's Reversal cards to your next maneuver played this turn "
                   "are +6F.")
NOT_FROM_BACKLASH = ("When successfully played, if your next card played this turn is a maneuver, it cannot be reversed "
                     "from your opponent's Backlash deck.")


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(NEXT_FROM_ARSENAL, NEXT_FROM_HIS_ARSENAL, NEXT_MANEUVER_FROM_ARSENAL, GROUP_ONLY_ARSENAL,
                   CHAIN_NOT_ARSENAL, IT_NOT_HAND, FIRST_NEXT_TURN_F, NEXT_MANEUVER_F, NOT_FROM_BACKLASH)


def _modifier(text: str) -> fx.Modifier:
    (play,) = clauses(text, ACTION)
    assert isinstance(play, fx.OnPlay) and len(play.actions) == 1 and isinstance(play.actions[0], fx.Modify)
    return play.actions[0].modifier


def test_only_from_the_arsenal_stops_reversals_from_the_hand() -> None:
    irreversible = fx.Stat.IRREVERSIBLE
    assert _modifier(NEXT_FROM_ARSENAL) == fx.Modifier(irreversible, 0, fx.Duration.NEXT_CARD, card_type=None,
                                                       hand_only=True)
    assert _modifier(NEXT_FROM_HIS_ARSENAL) == _modifier(NEXT_FROM_ARSENAL)
    assert _modifier(NEXT_MANEUVER_FROM_ARSENAL) == fx.Modifier(irreversible, 0, fx.Duration.NEXT_MANEUVER,
                                                                hand_only=True)
    assert _modifier(GROUP_ONLY_ARSENAL) == fx.Modifier(irreversible, 0, fx.Duration.REST_OF_TURN, hand_only=True)
    assert _modifier(CHAIN_NOT_ARSENAL) == fx.Modifier(irreversible, 0, fx.Duration.REST_OF_TURN, card_type=None,
                                                       marks=("chain",), arsenal_only=True)
    assert _modifier(IT_NOT_HAND) == fx.Modifier(irreversible, 0, fx.Duration.NEXT_CARD, subtype=Subtype.HIGH_RISK,
                                                 hand_only=True)


def test_a_place_the_engine_never_reverses_from_is_kept_and_stops_nothing_it_plays() -> None:
    """Not dropped: the modifier says the Backlash deck (as `Irreversible.from_backlash` does for the card's own
    text), and stops neither a reversal from the hand nor one from the Arsenal."""
    modifier = _modifier(NOT_FROM_BACKLASH)
    assert modifier.stat is fx.Stat.IRREVERSIBLE and modifier.backlash_only
    cat = course_with({})
    s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [])])
    kick = CurrentPlay(0, cat.id("Kick"), CardType.MANEUVER, (modifier,))
    assert not R.irreversible(cat, s, kick, 5, from_hand=True) and not R.irreversible(cat, s, kick, 5, from_hand=False)


def test_a_hand_only_modifier_stops_the_hand_and_not_the_arsenal() -> None:
    cat = course_with({})
    s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [])])
    s.modifiers = (ActiveModifier(0, _modifier(GROUP_ONLY_ARSENAL), cat.id("Chop")),)
    kick = CurrentPlay(0, cat.id("Kick"), CardType.MANEUVER)
    assert R.irreversible(cat, s, kick, 5, from_hand=True)
    assert not R.irreversible(cat, s, kick, 5, from_hand=False)
    s.modifiers = (ActiveModifier(0, _modifier(NEXT_FROM_ARSENAL), cat.id("Chop")),)
    used = tuple(am.modifier for am in R.consumed(s, 0, CardType.MANEUVER))
    captured = CurrentPlay(0, cat.id("Kick"), CardType.MANEUVER, used)
    assert R.irreversible(cat, s, captured, 5, from_hand=True)
    assert not R.irreversible(cat, s, captured, 5, from_hand=False)


def test_the_first_card_next_turn_needs_more_f_to_reverse() -> None:
    modifier = _modifier(FIRST_NEXT_TURN_F)
    assert modifier == fx.Modifier(fx.Stat.FORTITUDE, 8, fx.Duration.FIRST_NEXT_TURN, card_type=None, reversals=True)
    assert _modifier(NEXT_MANEUVER_F) == fx.Modifier(fx.Stat.FORTITUDE, 6, fx.Duration.NEXT_MANEUVER, reversals=True)
    cat = course_with({})
    s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [])])
    kick = CurrentPlay(0, cat.id("Kick"), CardType.MANEUVER, (modifier,))
    assert R.reversal_cost(cat, s, cat.id("Step Aside"), kick) == 8
    assert R.reversal_cost(cat, s, cat.id("Step Aside"), CurrentPlay(0, cat.id("Kick"), CardType.MANEUVER)) == 0


NEXT_ACTION = "If your next card played this turn is an action, it cannot be reversed."
FIRST_ACTION_NEXT_TURN = "If the first card played on your next turn is an Action card, it cannot be reversed."
NEXT_ACTION_F = ("When successfully played, if your next card played this turn is an Action card your opponent's "
                 "reversal to it is +10F.")
NEXT_MANEUVER_CHEAPER = "Your next maneuver this turn is -6F and your opponent's reversal to it is +6F."
IT_CHEAPER = "If your next card played this turn is a maneuver, it is -5F and his Reversal card to it is +5F."
REVERSALS_TO_IT = "Your next maneuver this turn is +5D and reversals to it are +20F."


def _modifiers(text: str) -> list[fx.Modifier]:
    out = []
    for clause in clauses(text, ACTION):
        assert isinstance(clause, fx.OnPlay)
        out += [a.modifier for a in clause.actions if isinstance(a, fx.Modify)]
    return out


def test_a_next_action_is_a_next_card_of_that_type() -> None:
    assert_printed(NEXT_ACTION, FIRST_ACTION_NEXT_TURN, NEXT_ACTION_F)
    action = CardType.ACTION
    assert _modifiers(NEXT_ACTION) == [fx.Modifier(fx.Stat.IRREVERSIBLE, 0, fx.Duration.NEXT_CARD, card_type=action)]
    assert _modifiers(FIRST_ACTION_NEXT_TURN) == [fx.Modifier(fx.Stat.IRREVERSIBLE, 0, fx.Duration.FIRST_NEXT_TURN,
                                                              card_type=action)]
    assert _modifiers(NEXT_ACTION_F) == [fx.Modifier(fx.Stat.FORTITUDE, 10, fx.Duration.NEXT_CARD, card_type=action,
                                                     reversals=True)]
    assert lowered("If your next card played this turn is an action, it is +2D.", ACTION).effect is None


def test_the_next_card_if_an_action_is_irreversible_and_a_maneuver_is_not() -> None:
    cat = course_with({})
    s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [])])
    s.modifiers = (ActiveModifier(0, _modifiers(NEXT_ACTION)[0], cat.id("Chop")),)
    for as_type, expected in ((CardType.ACTION, True), (CardType.MANEUVER, False)):
        used = tuple(am.modifier for am in R.consumed(s, 0, as_type))
        captured = tuple(m for m in used if R.applies(m, cat.infos[cat.id("Chop")], as_type))
        assert used and R.irreversible(cat, s, CurrentPlay(0, cat.id("Chop"), as_type, captured), 0, True) is expected


def test_the_next_maneuver_costs_less_and_reversals_to_it_need_more() -> None:
    assert_printed(NEXT_MANEUVER_CHEAPER, IT_CHEAPER, REVERSALS_TO_IT)
    cheaper, harder = _modifiers(NEXT_MANEUVER_CHEAPER)
    assert cheaper == fx.Modifier(fx.Stat.FORTITUDE, -6, fx.Duration.NEXT_MANEUVER)
    assert harder == fx.Modifier(fx.Stat.FORTITUDE, 6, fx.Duration.NEXT_MANEUVER, reversals=True)
    assert _modifiers(IT_CHEAPER) == [fx.Modifier(fx.Stat.FORTITUDE, -5, fx.Duration.NEXT_CARD),
                                      fx.Modifier(fx.Stat.FORTITUDE, 5, fx.Duration.NEXT_CARD, reversals=True)]
    assert _modifiers(REVERSALS_TO_IT)[1] == fx.Modifier(fx.Stat.FORTITUDE, 20, fx.Duration.NEXT_MANEUVER,
                                                         reversals=True)
    cat = course_with({})
    s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [])])
    s.modifiers = (ActiveModifier(0, cheaper, cat.id("Chop")), ActiveModifier(0, harder, cat.id("Chop")))
    assert R.play_cost(cat, s, 0, cat.id("Clothesline"), CardType.MANEUVER) == 2  # 8F - 6F
    assert R.play_cost(cat, s, 0, cat.id("Not Yet"), CardType.ACTION) == 4  # an action: no change
    kick = CurrentPlay(0, cat.id("Kick"), CardType.MANEUVER, tuple(am.modifier for am in R.consumed(
        s, 0, CardType.MANEUVER)))
    assert R.reversal_cost(cat, s, cat.id("Step Aside"), kick) == 6
