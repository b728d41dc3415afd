"""Grammar forms of the third parsing round: each printed sentence parses (and, where the plain wording lowers,
lowers to what the plain wording does), and a sentence printed on no card in the same style parses too."""

from __future__ import annotations

import pytest

from rawdeal.effects.classic.model import Sentence, SentenceFailure, walk

from classickit import ACTION, REVERSAL, STRIKE, assert_lowers_alike, assert_parses, assert_printed, compiler, lowered

# (printed sentence, its plain wording, the printing card's kinds): both lower to the same effect
PRINTED = [
    # "and when" after a statement, at the sentence's end, is "and if"
    ("Can only be played after a successfully played maneuver and when your Fortitude Rating is greater than your "
     "opponent's Fortitude Rating.",
     "Can only be played after a successfully played maneuver and if your Fortitude Rating is greater than your "
     "opponent's Fortitude Rating.", STRIKE),
    # a condition word repeated after "and": "when A and when B" is "when A and B"
    ("Can only be played when your Fortitude Rating is greater than your opponent's Fortitude Rating and when you "
     "have fewer cards in your hand than him.",
     "Can only be played when your Fortitude Rating is greater than your opponent's Fortitude Rating and you have "
     "fewer cards in your hand than him.", STRIKE),
]

# The same forms in sentences printed on no card (the printed ones, "where # = F of the maneuver being reversed" and
# "Choose one, for the remainder of this turn: ...", parse but do not lower yet): the same effect as the plain wording
VARIANTS = [
    ("Shuffle up to # cards from your Ringside pile into your Arsenal, where # = your Superstar Value.",
     "Shuffle up to # cards from your Ringside pile into your Arsenal, where # is equal to your Superstar Value.", ACTION),
    ("For the remainder of this turn, your maneuvers are +2D.", "For the rest of this turn, your maneuvers are +2D.",
     ACTION),
]

# (printed, the same form printed on no card)
UNSEEN = [
    ("Can only be played from your Ringside pile and when you have 2 or more cards in your hand.",
     "Can only be played after a Strike maneuver and when you have 3 or more cards in your hand."),
    ("May not be played if your opponent is Kurt Angle.", "May not be played after a Grapple maneuver."),
    ("If played from your hand, the first card played on your next turn is - #F, where # = F of the maneuver being "
     "reversed.", "Your next maneuver played this turn is +#D, where # = the number of cards in your hand."),
    ("During your next turn, the first card you play is -#F, where # is equal to the Fortitude Value of the reversed "
     "maneuver.", "Your next card played this turn is +#D, where # is equal to the F Value of the discarded card."),
    ("When played, an inactive partner may discard 1 6D+ maneuver and this card is +#D, where # is the Damage of the "
     "discarded maneuver.", "Your 'active' partner may draw 1 card."),
    ("Can only be played if you are an inactive member of your team.",
     "Cannot be played if you are the 'active' legal player of your team."),
    ("To play this card you must be an 'inactive' player of your team.",
     "To play this card you must be the 'active' legal player of your team."),
    ("If you are not the player with the lowest Superstar Value, discard 1 card.",
     "If you are the player with the highest Fortitude Rating, draw 1 card."),
    ("You may remove 1 Maneuver card in your Ringside pile with Fortitude greater than your Fortitude Rating from the "
     "game.", "Discard 1 card with Damage less than your Superstar Value."),
    ("May only reverse a Strike or Grapple maneuver, if your Fortitude Rating is less than your opponent's Fortitude "
     "Rating.", "Can only be played after a Strike maneuver, if you have 2 or more cards in your hand."),
    ("When this card is in your Ring area, and your opponent is a Diva Superstar, you may put this card into your "
     "Ringside pile to reverse any non-unique maneuver and end your opponent's turn.",
     "When this card is in your Ring area, and your opponent has 5 or more cards in his hand, draw 1 card."),
    ("When played from your hand and when your Fortitude Rating is less than your opponent's Fortitude Rating, reverse "
     "any non-unique maneuver and end his turn.",
     "When played from your Arsenal and when you have 2 or more cards in your hand, reverse any Strike maneuver."),
    ("Cannot be played if your opponent is The Undertaker / Deadman Inc. or Kane.",
     "Can only be played if your opponent is Kane or Deadman Inc."),
    ("If your opponent is Chris Benoit, Edge, The Game, Brock Lesnar, or The People's Champion once per turn put 1 card "
     "from your Ringside pile into your hand.", "If your opponent is Edge, or The Rated R Superstar, draw 1 card."),
    ("Can only be played when your Fortitude Rating is less than your opponent's Fortitude Rating or you have at least "
     "5 fewer cards in your hand than him.", "Can only be played if your opponent has 3 more cards in his hand than you."),
    ("If successfully played against Stone Cold Steve Austin, he must discard 2 cards.",
     "If successfully played against a Diva Superstar, draw 1 card."),
    ("If the overturned card is a Reversal card, he overturns 1 additional card.",
     "If the revealed card is a Strike maneuver, draw 1 card."),
    ("If the card reversed is a Foreign Object card, remove it from the game.",
     "If the card reversed is a Strike maneuver, draw 1 card."),
]


@pytest.mark.parametrize(("printed", "plain", "kinds"), PRINTED)
def test_a_printed_form_lowers_as_its_plain_wording(printed: str, plain: str, kinds: frozenset[str]) -> None:
    assert_printed(printed)
    assert_lowers_alike(printed, plain, kinds)


@pytest.mark.parametrize(("variant", "plain", "kinds"), VARIANTS)
def test_a_form_printed_on_no_card_lowers_as_its_plain_wording(variant: str, plain: str, kinds: frozenset[str]) -> None:
    assert_lowers_alike(variant, plain, kinds)


@pytest.mark.parametrize(("printed", "unseen"), UNSEEN)
def test_a_form_parses_printed_and_in_a_sentence_printed_on_no_card(printed: str, unseen: str) -> None:
    assert_printed(printed)
    assert_parses(printed, unseen)


@pytest.mark.parametrize(("printed", "plain"), [
    ("If the card reversed is a Foreign Object card, remove it from the game.",
     "If the reversed card is a Foreign Object card, remove it from the game."),
    ("If the overturned card is a Reversal card, he overturns 1 additional card.",
     "If the card overturned is a Reversal card, he overturns 1 additional card."),
    ("Can only be played from your Ringside pile and when you have 2 or more cards in your hand.",
     "Can only be played from your Ringside pile and if you have 2 or more cards in your hand."),
])
def test_a_word_order_variant_parses_as_the_plain_order(printed: str, plain: str) -> None:
    assert_printed(printed)
    assert compiler().sentence(printed) == compiler().sentence(plain)


def test_a_team_s_player_is_read_and_the_card_is_reported_not_played() -> None:
    """The engine has no tag teams: a sentence about a partner parses, and the card is not played without it."""
    text = "When played from your hand by an inactive partner, reverse any maneuver."
    assert_printed(text)
    [sentence] = compiler().compile(text).sentences
    assert isinstance(sentence, Sentence)
    assert any(getattr(n, "kind", None) == "teammate" for n in walk(sentence))
    result = lowered(text, REVERSAL)
    assert result.effect is None and "inactive partner" in result.unlowered[0].reason


def test_an_exclaimed_name_before_a_card_word_ends_no_sentence() -> None:
    sentences = compiler().lexicon.sentences
    text = "Reveal any number of SmackDown! Enforcer cards and choose 1 Enforcer."
    assert_printed(text)
    assert [s.text for s in sentences(text)] == [text]
    # before another word it still ends one
    assert [s.text for s in sentences("When played, name Raw or SmackDown! This card is considered to have that logo.")] \
        == ["When played, name Raw or SmackDown!", "This card is considered to have that logo."]


def test_a_failure_is_still_reported_where_the_parse_first_stopped() -> None:
    """The new readings are tried only where a parse stops: a sentence none of them rescues keeps its first failure."""
    failed = compiler().sentence("Can only be played after a maneuver and when blorp flurbs.")
    assert isinstance(failed, SentenceFailure)
