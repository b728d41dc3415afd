"""Open vocabulary: texts written in the pool's style but printed on no card. The usual variants of the
game's words read the same as the printed words; an unknown word alone does not fail a sentence."""

from __future__ import annotations

import pytest

from rawdeal.cards.pool.load import classic_pool
from rawdeal.effects.classic.lowering import LoweredText
from rawdeal.effects.classic.model import Sentence

from classickit import ACTION, REVERSAL, STRIKE, compiler, lowered

# (variant, the printed wording it means)
VARIANTS = [
    ("Put 1 card from your Ringside into your hand.", "Put 1 card from your Ringside pile into your hand.", ACTION),
    ("Shuffle up to 3 cards from your Ringside into your Arsenal.",
     "Shuffle up to 3 cards from your Ringside pile into your Arsenal.", ACTION),
    ("Reverse any Grapple maneuver that does 8 damage or less and end your opponent's turn.",
     "Reverse any Grapple maneuver that does 8D or less and end your opponent's turn.", REVERSAL),
    ("Reverse any Strike maneuver of 6D or lower and end your opponent's turn.",
     "Reverse any Strike maneuver that does 6D or less and end your opponent's turn.", REVERSAL),
    ("Can only be played following a successfully played Grapple maneuver.",
     "Can only be played after a successfully played Grapple maneuver.", STRIKE),
    ("Can't be reversed.", "Cannot be reversed.", STRIKE),
    ("This card can't be reversed.", "Cannot be reversed.", STRIKE),
    ("Can't be reversed by the card titled Elbow to the Face.", "Cannot be reversed by the card titled Elbow to the Face.",
     STRIKE),
    ("When successfully played, remove 1 card in your opponent's Ringside from the game.",
     "When successfully played, remove 1 card in your opponent's Ringside pile from the game.", STRIKE),
    ("Quickly draw 2 cards.", "Draw 2 cards.", ACTION),
    ("When successfully played, your opponent discard 1 card.", "When successfully played, opponent must discard 1 card.", STRIKE),
    ("Can only be packed by a Legend.", "Can only be packed by a Legend Superstar.", STRIKE),
    ("Put the top 2 cards of your opponent's Arsenal into his Ringside.",
     "Put the top 2 cards of your opponent's Arsenal into his Ringside pile.", ACTION),
]

# Texts printed on no card, each with constructs the pool uses; a title the pool does not hold among them.
UNSEEN = [
    ("Draw 3 cards, then discard 2 cards of your choice from your hand.", ACTION),
    ("Reverse the card titled Flying Purple Elbow and end your opponent's turn.", REVERSAL),
    ("Search your Arsenal for the card titled Steel Chair Smash, reveal it to your opponent, put it into your hand, "
     "and shuffle your Arsenal.", ACTION),
    ("Your next Submission maneuver this turn is +4D.", ACTION),
    ("Look at the top 3 cards of your Arsenal.", ACTION),
    ("This maneuver is +3D if played after a Strike maneuver.", STRIKE),
    ("Skip your opponent's next turn.", ACTION),
    ("Draw a card and end your turn.", ACTION),
    ("Reverse any High Risk maneuver and end your opponent's turn. If played from your hand, draw 2 cards.", REVERSAL),
    ("When this card is in your Ring area, all your Grapple maneuvers are +1D.", ACTION),
    ("Your opponent must discard his hand.", ACTION),
    ("Can only be played if you have 5 or more cards in your hand.", STRIKE),
    ("When successfully played, remove 2 cards in your opponent's Ringside pile from the game.", STRIKE),
    ("Discard any number of cards and then draw 1 card.", ACTION),
    ("Your opponent may put 1 card from his Ringside pile into his hand.", ACTION),
    ("Cannot be played after the card titled Flying Purple Elbow.", STRIKE),
    ("Cannot be reversed by the card titled Steel Chair Smash.", STRIKE),
    ("Draw # cards, where # is equal to the number of Strike maneuvers in your Ring area.", ACTION),
    ("Your opponent discards # cards, where # is equal to your Superstar Value -1.", ACTION),
]


def test_unseen_texts_are_not_in_the_pool() -> None:
    printed = {c.text.casefold() for c in classic_pool()}
    for text, _ in UNSEEN + [(v, k) for v, _, k in VARIANTS]:
        assert text.casefold() not in printed, text


@pytest.mark.parametrize(("variant", "printed", "kinds"), VARIANTS)
def test_variants_read_as_the_printed_words(variant: str, printed: str, kinds: frozenset[str]) -> None:
    mine, theirs = lowered(variant, kinds), lowered(printed, kinds)
    assert theirs.effect is not None and mine.effect == theirs.effect, mine.unlowered


@pytest.mark.parametrize(("text", "kinds"), UNSEEN)
def test_unseen_texts_lower_to_effects(text: str, kinds: frozenset[str]) -> None:
    result: LoweredText = lowered(text, kinds)
    assert result.effect is not None and result.effect.clauses, result.unlowered


def test_an_unknown_word_is_set_aside_and_kept_on_the_sentence() -> None:
    [sentence] = compiler().compile("Draw 2 cards sneakily.").sentences
    assert isinstance(sentence, Sentence) and sentence.ignored == ("sneakily",)


def test_an_unknown_word_that_may_carry_meaning_keeps_the_card_from_play() -> None:
    """"twofold" is no word of the grammar: the sentence parses around it, but is not played without it."""
    result = lowered("Draw 2 cards twofold.", ACTION)
    assert result.effect is None and "twofold" in result.unlowered[0].reason


def test_a_sentence_that_still_fails_says_where_and_what_was_expected() -> None:
    result = compiler().compile("Draw 1 card. Cannot be reversed by your opponent.")
    [failure] = result.failures
    assert failure.column == len("Draw 1 card. Cannot be reversed by ") + 1
    assert "expected" in failure.message() and failure.found == "'your'"
    assert isinstance(result.sentences[0], Sentence)  # the rest of the card still compiles
