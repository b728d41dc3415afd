"""Standing rules on who may reverse a card and when it may be played: "Can only be reversed by the card titled
Step Aside", "... by unique cards", "Cannot be reversed by hybrid Reversal cards", "Can only be reversed from your
opponent's hand or Arsenal", "Your next card can not be reversed", and play requirements of alternatives ("if A or
if B", "after X or after Y") or of both ("after X and if Y"): lowered from sentences the pool prints, then played."""

from __future__ import annotations

from dataclasses import replace

from rawdeal.cards import CardType
from rawdeal.effects import model as fx
from rawdeal.engine import rules as R
from rawdeal.engine.cardinfo import CardInfo
from rawdeal.engine.classic import shipped_classic
from rawdeal.engine.state import ActiveModifier, CurrentPlay, GameState, LastPlay, PlayerState
from classickit import ACTION, STRIKE, assert_printed, clauses, course_with, lowered

ONLY_STEP_ASIDE = "Can only be reversed by the card titled Step Aside."
ONLY_UNIQUE = "Can only be reversed by unique cards."
ONLY_HYBRID_OR_UNIQUE = "Can only be reversed by hybrid Reversal cards or unique Reversal cards."
NOT_HYBRID = "Cannot be reversed by hybrid Reversal cards."
NOT_ELBOW = "Cannot be reversed by the card titled Elbow to the Face."
HAND_OR_ARSENAL = "Can only be reversed from your opponent's hand or Arsenal."
NEXT_CARD = "Your next CARD can not be reversed."
NEXT_MANEUVER_CARD = "Your next Maneuver card played this turn cannot be reversed."
EITHER_IF = ("Can only be played if your Fortitude Rating is less than your opponent's Fortitude Rating or if you "
             "have fewer cards in your hand than your opponent.")
AFTER_AND_IF = ("Can only be played after a successfully played maneuver and if your Fortitude Rating is greater than "
                "your opponent's Fortitude Rating.")
AFTER_OR_AFTER = ("Can only be played after a successfully played maneuver or after the card titled Throw Into the "
                  "Corner Turnbuckle.")


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(ONLY_STEP_ASIDE, ONLY_UNIQUE, ONLY_HYBRID_OR_UNIQUE, NOT_HYBRID, NOT_ELBOW, HAND_OR_ARSENAL,
                   NEXT_CARD, NEXT_MANEUVER_CARD, EITHER_IF, AFTER_AND_IF, AFTER_OR_AFTER)


def test_reversal_limits_lower_to_the_reversal_cards_they_name() -> None:
    reversal = (CardType.REVERSAL,)
    assert clauses(ONLY_STEP_ASIDE, STRIKE) == (fx.ReversedOnlyBy((fx.CardFilter(title="Step Aside"),)),)
    (unique,) = clauses(ONLY_UNIQUE, STRIKE)
    assert isinstance(unique, fx.ReversedOnlyBy) and len(unique.cards) == 1 and unique.cards[0].trait is not None
    (either,) = clauses(ONLY_HYBRID_OR_UNIQUE, STRIKE)
    assert isinstance(either, fx.ReversedOnlyBy) and [f.types for f in either.cards] == [reversal, reversal]
    assert either.cards[0].marks == ("hybrid",) and either.cards[1].trait == unique.cards[0].trait
    assert clauses(NOT_HYBRID, ACTION) == (fx.NotReversedBy((), (fx.CardFilter(types=reversal, marks=("hybrid",)),)),)
    assert clauses(NOT_ELBOW, STRIKE) == (fx.NotReversedBy(("Elbow to the Face",)),)  # as before


def test_a_limit_naming_what_the_engine_cannot_tell_is_reported() -> None:
    assert lowered("Can only be reversed by reversals of printed D: 0.", STRIKE).effect is None
    # naming one title is read now (`test_classic_named_reversals.py`); naming it or what is played after it is not
    assert lowered("Can only be reversed by cards that specifically reverse the card titled Roll Out of the Ring OR a "
                   "card played after it.", STRIKE).effect is None


def _reversers(effect: tuple[fx.Clause, ...], played: str) -> set[str]:
    cat = course_with({played: fx.CardEffect(effect)})
    return {cat.titles[c] for c in R.reversers(cat, CurrentPlay(0, cat.id(played), CardType.MANEUVER))}


def test_only_the_named_reversals_reverse_the_card() -> None:
    plain = _reversers((), "Punch")
    assert {"Step Aside", "Elbow to the Face"} <= plain
    assert _reversers(clauses(ONLY_STEP_ASIDE, STRIKE), "Punch") == {"Step Aside"}


def _classic_reversers(title: str) -> list[CardInfo]:
    cat = shipped_classic().catalog
    return [cat.infos[c] for c in R.reversers(cat, CurrentPlay(0, cat.id(title), CardType.MANEUVER))]


def test_in_the_classic_pool_only_hybrid_or_unique_reversals_reverse_atomic_lariat() -> None:
    (limit,) = shipped_classic().catalog.infos[shipped_classic().catalog.id("Atomic Lariat")].effect.clauses
    assert isinstance(limit, fx.ReversedOnlyBy)
    some = _classic_reversers("Atomic Lariat")
    assert some and all({"hybrid", "unique"} & i.card.marks for i in some)
    assert any(not {"hybrid", "unique"} & i.card.marks for i in _classic_reversers("Clothesline"))  # a plain Strike


def test_in_the_classic_pool_no_hybrid_reversal_reverses_rolling_neck_breaker() -> None:
    some = _classic_reversers("Rolling Neck Breaker")
    assert some and not any("hybrid" in i.card.marks for i in some)
    assert any("hybrid" in i.card.marks for i in _classic_reversers("Body Slam"))  # a plain Grapple


def test_hand_or_arsenal_stops_only_the_backlash_deck_which_the_engine_never_reverses_from() -> None:
    (limit,) = clauses(HAND_OR_ARSENAL, STRIKE)
    assert limit == fx.Irreversible(from_hand=False, from_arsenal=False, from_backlash=True)
    cat = course_with({"Punch": fx.CardEffect((limit,))})
    s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [], hand=[cat.id("Step Aside")])])
    punch = CurrentPlay(0, cat.id("Punch"), CardType.MANEUVER)
    assert not R.irreversible(cat, s, punch, 1, from_hand=True)
    assert not R.irreversible(cat, s, punch, 1, from_hand=False)
    assert R.reverses(cat, s, cat.id("Step Aside"), punch, 1, True)


def test_your_next_card_is_the_next_card_played_this_turn() -> None:
    printed = clauses("Your next card played this turn cannot be reversed.", ACTION)
    assert clauses(NEXT_CARD, ACTION) == printed
    (play,) = printed
    assert isinstance(play, fx.OnPlay) and play.actions == (
        fx.Modify(fx.Modifier(fx.Stat.IRREVERSIBLE, 0, fx.Duration.NEXT_CARD, card_type=None)),)
    assert clauses(NEXT_MANEUVER_CARD, ACTION) == clauses("Your next maneuver this turn cannot be reversed.", ACTION)
    assert lowered("Your next 3 Action cards played this turn cannot be reversed.", ACTION).effect is None  # 2 cards:
    # tests/test_classic_turn_order.py


def test_the_next_card_after_your_next_card_can_not_be_reversed_is_irreversible() -> None:
    (play,) = clauses(NEXT_CARD, ACTION)
    assert isinstance(play, fx.OnPlay) and isinstance(play.actions[0], fx.Modify)
    cat = course_with({})
    s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [])])
    s.modifiers = (ActiveModifier(0, play.actions[0].modifier, cat.id("Chop")),)
    used = tuple(am.modifier for am in R.consumed(s, 0, CardType.MANEUVER))  # what playing a maneuver captures
    chop = CurrentPlay(0, cat.id("Chop"), CardType.MANEUVER, used)
    assert used and R.irreversible(cat, s, chop, 3, from_hand=True)
    assert not R.irreversible(cat, s, CurrentPlay(0, cat.id("Chop"), CardType.MANEUVER), 3, from_hand=True)
    assert R.consumed(s, 0, CardType.ACTION)  # the next card, an action as well, uses it up


def _fortitude_hands(cat_effect: tuple[fx.Clause, ...], mine: list[str], his: list[str], hand: int,
                     his_hand: int) -> tuple[bool, GameState]:
    cat = course_with({"Chop": fx.CardEffect(cat_effect)})
    s = GameState(players=[
        PlayerState("HHH", [], hand=[cat.id("Chop")] + [cat.id("Punch")] * (hand - 1), ring=[cat.id(t) for t in mine]),
        PlayerState("THE ROCK", [], hand=[cat.id("Punch")] * his_hand, ring=[cat.id(t) for t in his])])
    return R.can_play(cat, s, 0, cat.id("Chop"), CardType.MANEUVER), s


def test_a_requirement_of_alternatives_holds_when_either_does() -> None:
    (req,) = clauses(EITHER_IF, ACTION)
    assert req == fx.PlayRequirement(fx.AnyOf((fx.FortitudeBelowOpponent(),
                                               fx.Compared(fx.Measure.HAND, below=True))))
    effect = (req,)
    assert _fortitude_hands(effect, [], ["Chop"], 2, 1)[0]  # lower Fortitude, more cards
    assert _fortitude_hands(effect, ["Chop"], [], 1, 3)[0]  # higher Fortitude, fewer cards
    assert not _fortitude_hands(effect, ["Chop"], [], 3, 1)[0]  # neither


def test_ignoring_play_after_text_does_not_waive_a_requirement_that_prints_none() -> None:
    (req,) = clauses(EITHER_IF, ACTION)
    ok, s = _fortitude_hands((req,), ["Chop"], [], 3, 1)
    assert not ok
    cat = course_with({"Chop": fx.CardEffect((req,))})
    unrestricted = fx.Modifier(fx.Stat.UNRESTRICTED, 0, fx.Duration.NEXT_CARD, card_type=None)
    s.modifiers = (ActiveModifier(0, unrestricted, cat.id("Punch")),)
    assert not R.can_play(cat, s, 0, cat.id("Chop"), CardType.MANEUVER)


def test_after_and_if_needs_both() -> None:
    after, higher = clauses(AFTER_AND_IF, ACTION)
    assert after == fx.PlayRequirement(fx.After(CardType.MANEUVER)) and higher == fx.PlayRequirement(
        fx.FortitudeAboveOpponent())
    ok, s = _fortitude_hands((after, higher), ["Chop"], [], 1, 1)
    assert not ok  # no maneuver played before it
    cat = course_with({"Chop": fx.CardEffect((after, higher))})
    s.last[0] = LastPlay(cat.id("Punch"), CardType.MANEUVER, 2)
    assert R.can_play(cat, s, 0, cat.id("Chop"), CardType.MANEUVER)
    s.players[0].ring = []
    assert not R.can_play(cat, s, 0, cat.id("Chop"), CardType.MANEUVER)  # Fortitude no longer greater


def test_after_or_after_is_after_any_of_them() -> None:
    (req,) = clauses(AFTER_OR_AFTER, ACTION)
    assert req == fx.PlayRequirement(fx.AnyOf((fx.After(CardType.MANEUVER),
                                               fx.After(title="Throw Into the Corner Turnbuckle"))))


ALSO_ELBOW = "Can be reversed by the card titled Elbow to the Face."
ALSO_EACH = "This card can be reversed by the cards titled Step Aside, Escape Move, and Lift a Boot."


def test_can_be_reversed_by_names_reversals_that_reverse_it_anyway() -> None:
    assert_printed(ALSO_ELBOW, ALSO_EACH)
    assert clauses(ALSO_ELBOW, STRIKE) == (fx.AlsoReversedBy(("Elbow to the Face",)),)
    assert clauses(ALSO_EACH, ACTION) == (fx.AlsoReversedBy(("Step Aside", "Escape Move", "Lift a Boot")),)
    assert lowered("Can be reversed by unique cards.", STRIKE).effect is None


def test_elbow_to_the_face_reverses_a_10d_maneuver_that_says_it_can() -> None:
    cat = course_with({"Chair Shot": fx.CardEffect(clauses(ALSO_ELBOW, STRIKE))})
    s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [], hand=[cat.id("Elbow to the Face")])])
    chair = CurrentPlay(0, cat.id("Chair Shot"), CardType.MANEUVER)
    discus = CurrentPlay(0, cat.id("Discus Punch"), CardType.MANEUVER)  # 9D: "of 7D or less" says no
    assert R.reverses(cat, s, cat.id("Elbow to the Face"), chair, 10, True)
    assert not R.reverses(cat, s, cat.id("Elbow to the Face"), discus, 9, True)


def test_step_aside_reverses_an_action_that_says_it_can() -> None:
    cat = course_with({"Not Yet": fx.CardEffect(clauses(ALSO_EACH, ACTION))})
    s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [], hand=[cat.id("Step Aside")])])
    action = CurrentPlay(0, cat.id("Not Yet"), CardType.ACTION)
    assert {"Step Aside", "Escape Move"} <= {cat.titles[c] for c in R.reversers(cat, action)}
    assert R.reverses(cat, s, cat.id("Step Aside"), action, 0, True)
    other = CurrentPlay(0, cat.id("Recovery"), CardType.ACTION)
    assert "Step Aside" not in {cat.titles[c] for c in R.reversers(cat, other)}


NOT_AFTER_THIS = "The card titled Maintain Hold can not be played after this card."


def test_a_card_that_cannot_be_played_after_this_one_is_unplayable_as_the_next_card() -> None:
    assert_printed(NOT_AFTER_THIS)
    (play,) = clauses(NOT_AFTER_THIS, STRIKE)
    assert isinstance(play, fx.OnPlay) and play.actions == (fx.Restrict(fx.Who.YOU, fx.Modifier(
        fx.Stat.UNPLAYABLE, 0, fx.Duration.NEXT_CARD, card_type=None, title="Maintain Hold")),)
    restrict = play.actions[0]
    assert isinstance(restrict, fx.Restrict)
    kick = replace(restrict.modifier, title="Kick")  # the same rule about a card the course database holds
    cat = course_with({"Punch": fx.CardEffect((fx.OnPlay((fx.Restrict(fx.Who.YOU, kick),)),))})
    s = GameState(players=[PlayerState("HHH", [], hand=[cat.id("Kick"), cat.id("Head Butt")],
                                       ring=[cat.id("Kick")] * 2), PlayerState("THE ROCK", [])])
    s.modifiers = (ActiveModifier(0, kick, cat.id("Punch")),)
    assert [cat.titles[c] for c, _ in R.playable(cat, s, 0)] == ["Head Butt"]
    assert R.consumed(s, 0, CardType.MANEUVER)  # whatever is played next uses it up


BACKLASH_AND_ARSENAL = ("Can only be reversed from your opponent's Backlash deck and Arsenal when the card titled Series "
                        "of Suplexes is in your Ring area.")


def test_only_from_his_backlash_deck_and_arsenal_is_never_from_his_hand() -> None:
    assert_printed(BACKLASH_AND_ARSENAL)
    (limit,) = clauses(BACKLASH_AND_ARSENAL, STRIKE)
    assert limit == fx.Irreversible(from_arsenal=False, condition=fx.InRingArea("Series of Suplexes"))
    cat = course_with({"Punch": fx.CardEffect((replace(limit, condition=fx.InRingArea("Kick")),))})
    s = GameState(players=[PlayerState("HHH", [], ring=[cat.id("Kick")]), PlayerState("THE ROCK", [])])
    punch = CurrentPlay(0, cat.id("Punch"), CardType.MANEUVER)
    assert R.irreversible(cat, s, punch, 3, from_hand=True) and not R.irreversible(cat, s, punch, 3, from_hand=False)
    s.players[0].ring = []
    assert not R.irreversible(cat, s, punch, 3, from_hand=True)
