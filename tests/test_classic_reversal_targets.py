"""What a reversal reverses, said in several parts: "the card titled Offer Handshake or any Strike maneuver" (one
clause each), "any card with the word 'slam' in the title" (the word was dropped: any card was reversed), and "As a
reversal, this card is -5F" (its F to reverse with, not to play it as a maneuver): lowered from sentences the pool
prints, then played."""

from __future__ import annotations

from rawdeal.cards import CardType, Subtype
from rawdeal.effects import model as fx
from rawdeal.engine import rules as R
from rawdeal.engine.classic import shipped_classic
from rawdeal.engine.state import CurrentPlay, GameState, PlayerState
from classickit import REVERSAL, assert_printed, clauses, lowered

UNION = "As a reversal, reverse the card titled Offer Handshake or any Strike maneuver and end your opponent's turn."
SOMERSAULT = "As a reversal, reverse any Set-up card or Run-in card and end your opponent's turn."
HELLFIRE = ("As a reversal, reverse the card titled Back Body Drop or any card with the word 'slam'in the title and end "
            "your opponent's turn.")
LOU = ("As a maneuver, can only be played after the card titled Irish Whip or a successfully played 5D or greater "
       "Strike maneuver. As a reversal, this card is -5F, reverse any maneuver played after the card titled Irish Whip "
       "and end your opponent's turn. You may draw 1 card.")
HYBRID = frozenset({"maneuver", "high-risk", "reversal", "special"})


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(UNION, SOMERSAULT, HELLFIRE, LOU)


def test_alternatives_joined_by_or_are_one_reversal_each() -> None:
    union = [c for c in clauses(UNION, REVERSAL) if isinstance(c, fx.Reverses)]
    assert [(r.target.title, r.target.subtypes) for r in union] == [("Offer Handshake", ()), (None, (Subtype.STRIKE,))]
    somersault = [c for c in clauses(SOMERSAULT, REVERSAL) if isinstance(c, fx.Reverses)]
    assert [(r.target.trait is not None, r.target.marks) for r in somersault] == [(True, ()), (False, ("run-in",))]


def test_the_word_in_the_title_is_kept() -> None:
    _, word, _ = clauses(HELLFIRE, REVERSAL)
    assert isinstance(word, fx.Reverses) and word.target.title_word == "slam"


def test_an_alternative_after_those_cards_is_read_not_dropped() -> None:
    text = ("As a reversal, reverse the cards titled Irish Whip, Throw Into the Corner Turnbuckle, or Over the Top Rope, "
            "or any maneuver played after those cards, and end your opponent's turn.")
    found = [c.target for c in clauses(text, REVERSAL) if isinstance(c, fx.Reverses)]  # it lowered once as the three
    assert [t.after_title for t in found if t.title is None] == [  # titles alone; then it was reported
        "Irish Whip", "Throw Into the Corner Turnbuckle", "Over the Top Rope"]


def test_a_reversals_own_fortitude_is_its_cost_to_reverse_only() -> None:
    found = [c for c in clauses(LOU, HYBRID) if isinstance(c, fx.StatChange)]
    assert found == [fx.StatChange(fx.Stat.FORTITUDE, -5, as_type=CardType.REVERSAL)]
    assert lowered("As a reversal, this card is -10F and -10D, reverse any Heat card and end your opponent's turn.",
                   REVERSAL).effect is None  # its damage as a reversal: the engine deals the printed one


# ------------------------------------------------------------------------------------------------ play
def _state() -> GameState:
    return GameState(players=[PlayerState("Triple H", []), PlayerState("The Rock", [])], constructed=True, tasks=[])


def test_only_cards_with_the_word_are_reversed() -> None:
    cat = shipped_classic().catalog
    hellfire = cat.id("Hellfire Chokeslam")
    for title, reversed_ in (("Body Slam", True), ("Punch", False)):
        play = CurrentPlay(0, cat.id(title), CardType.MANEUVER)
        assert (hellfire in R.reversers(cat, play)) is reversed_, title


def test_lou_thesz_press_costs_less_as_a_reversal_and_not_as_a_maneuver() -> None:
    cat = shipped_classic().catalog
    lou, s = cat.id("Lou Thesz Press"), _state()
    printed = cat.infos[lou].card.fortitude
    assert R.reversal_cost(cat, s, lou, CurrentPlay(0, cat.id("Punch"), CardType.MANEUVER)) == printed - 5
    assert R.play_cost(cat, s, 1, lou, CardType.MANEUVER) == printed
