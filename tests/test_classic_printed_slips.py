"""Printed wordings the grammar reads as their plain form (fourth parsing round): each printed sentence lowers to
what its plain wording lowers to, so the card is played, not only parsed. Every printed text is a real Classic one."""

from __future__ import annotations

import pytest

from rawdeal.cards.model import Trait
from rawdeal.effects import model as fx

from classickit import ACTION, REVERSAL, STRIKE, assert_lowers_alike, assert_printed, clauses, compiler, lowered

# (printed sentence, its plain wording, the printing card's kinds)
PRINTED = [
    # a place without its "in" after "is" (Educated Feet, Everything's Cool When You're...)
    ("When this card is your Ring area, your Maneuver cards with the word 'kick'in the title are +2D.",
     "When this card is in your Ring area, your Maneuver cards with the word 'kick'in the title are +2D.", ACTION),
    # "your" for "you" before a verb (I'm the Champ - Nothin's Gonna Change That!)
    ("Can only be played if your have a Title Belt card in your Ring area.",
     "Can only be played if you have a Title Belt card in your Ring area.", ACTION),
    # a misspelt word of the grammar, as "manuever" (United States Title Belt)
    ("The maximun number of Pre-match cards your opponent may have in his Ring area is reduced by 1.",
     "The maximum number of Pre-match cards your opponent may have in his Ring area is reduced by 1.",
     frozenset({"pre-match", "action"})),
    # "on the top of" is "on top of" (Managed by Lita)
    ("At the end of the Pre-match phase, you may put 1 card from your hand on the top of your Arsenal and then search "
     "your Arsenal for 1 Volley maneuver, reveal it to your opponent, put it into your hand, and shuffle your Arsenal.",
     "At the end of the Pre-match phase, you may put 1 card from your hand on top of your Arsenal and then search "
     "your Arsenal for 1 Volley maneuver, reveal it to your opponent, put it into your hand, and shuffle your Arsenal.",
     frozenset({"pre-match", "action"})),
    # a bound on the # said with its "where" (The Dream Lives On)
    ("As an action, shuffle up to # cards from your Ringside pile into your Arsenal, where # is equal to your "
     "opponent's Fortitude Rating and cannot be greater than 12.",
     "As an action, shuffle up to # cards from your Ringside pile into your Arsenal, where # is equal to your "
     "opponent's Fortitude Rating. # cannot be greater than 12.", STRIKE),
    # one amount closing two actions (I'm the Real Deal, ...I Do Ask the Tough Questions)
    ("Shuffle cards from your Ringside pile into your Arsenal and then draw cards, both equal to your opponent's "
     "Superstar Value.",
     "Shuffle cards from your Ringside pile into your Arsenal equal to your opponent's Superstar Value and then draw "
     "cards equal to your opponent's Superstar Value.", ACTION),
    ("Shuffle cards from your Ringside pile into your Arsenal and your opponent discards cards both equal to the number "
     "of Action cards in your Ring area.",
     "Shuffle cards from your Ringside pile into your Arsenal equal to the number of Action cards in your Ring area and "
     "your opponent discards cards equal to the number of Action cards in your Ring area.", ACTION),
    # "draw cards up to the number of ..." (Shoot Double Arm Lock)
    ("When successfully played, draw cards up to the number of cards in your Ring area with the word 'shoot' in the "
     "title.",
     "When successfully played, draw up to # cards, where # is equal to the number of cards in your Ring area with the "
     "word 'shoot' in the title.", STRIKE),
]


@pytest.mark.parametrize(("printed", "plain", "kinds"), PRINTED)
def test_a_printed_slip_lowers_as_its_plain_wording(printed: str, plain: str, kinds: frozenset[str]) -> None:
    assert_printed(printed)
    assert_lowers_alike(printed, plain, kinds)


def test_the_bound_said_with_where_caps_the_count() -> None:
    [on_play] = clauses("As an action, shuffle up to # cards from your Ringside pile into your Arsenal, where # is "
                        "equal to your opponent's Fortitude Rating and cannot be greater than 12.", STRIKE)
    assert isinstance(on_play, fx.OnPlay)
    [move] = on_play.actions
    assert isinstance(move, fx.MoveCards) and move.count.up_to and move.count.of is not None
    assert move.count.of.most == 12 and move.count.of.measure is fx.Measure.FORTITUDE


def test_a_non_backlash_deck_card_is_any_card_but_a_backlash_deck_card() -> None:
    """Managed by Paul Heyman: "1 non-Backlash-deck card" (the noun's own "card" is the head)."""
    text = ("When this card is in your Ring area, during your turn you may discard 1 card and put this card into your "
            "Ringside pile, and then put 1 non-Backlash-deck card from your opponent's Ring area into his Ringside pile.")
    assert_printed(text)
    effect = lowered(text, frozenset({"mid-match", "action"})).effect
    assert effect is not None
    filters = [v for v in _leaves(effect) if isinstance(v, fx.CardFilter) and v.not_trait is not None]
    assert [f.not_trait for f in filters] == [Trait.BACKLASH]


def test_a_lower_case_if_after_a_full_stop_opens_a_sentence() -> None:
    """'Cause I am That Damn Good!: "... ends your opponent's turn. if played from your hand you may draw ..."."""
    text = ("Reverses any Strike, Grapple, Submission or High Risk maneuver and ends your opponent's turn. if played from "
            "your hand you may draw up to 3 cards.")
    assert [s.text for s in compiler().lexicon.sentences(text)] == [
        "Reverses any Strike, Grapple, Submission or High Risk maneuver and ends your opponent's turn.",
        "if played from your hand you may draw up to 3 cards."]
    # an abbreviation's full stop still ends no sentence
    assert len(compiler().lexicon.sentences("Cannot be played if your opponent is Deadman Inc. or Kane.")) == 1


def test_both_equal_to_said_of_one_action_is_reported() -> None:
    result = lowered("Draw cards, both equal to your opponent's Superstar Value.")
    assert result.effect is None and "fewer than two actions" in result.unlowered[0].reason


def _leaves(value: object) -> list[object]:
    """Every value inside a frozen dataclass tree."""
    out: list[object] = [value]
    if isinstance(value, tuple):
        return [x for v in value for x in _leaves(v)]
    fields = getattr(value, "__dataclass_fields__", None)
    if fields:
        out += [x for name in fields for x in _leaves(getattr(value, name))]
    return out


def test_a_number_after_a_list_of_titles_starts_no_title() -> None:
    """Who's That Jumpin' Out The Sky?: "1 card titled A and 1 card titled B" searches for one of each."""
    text = ("Search your Arsenal for 1 card titled From the Top Rope and 1 card titled Springboard, reveal them to your "
            "opponent, put them into your hand, and shuffle your Arsenal.")
    assert_printed(text)
    [on_play] = clauses(text)
    assert isinstance(on_play, fx.OnPlay)
    moves = [a for a in on_play.actions if isinstance(a, fx.MoveCards)]
    assert [(m.count.n, m.filter.title, m.dest) for m in moves] == [
        (1, "From the Top Rope", fx.Zone.HAND), (1, "Springboard", fx.Zone.HAND)]


def test_not_the_first_second_or_third_card_is_three_cards_played_before() -> None:
    """Ap Chaki Kick: the reversed card must have had three cards played before it this turn."""
    text = ("As a reversal, reverse any card if it is not the first, second, or third card played this turn and end "
            "your opponent's turn.")
    assert_printed(text)
    reverses = [c for c in clauses(text, STRIKE | REVERSAL) if isinstance(c, fx.Reverses)]
    assert [r.target.played_before for r in reverses] == [3]
