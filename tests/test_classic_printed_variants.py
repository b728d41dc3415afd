"""Printed variants of constructs the grammar has, read where the parse stops (`Compiler._readings`) or by the
pre-pass: each printed sentence means what its plain wording means, and a sentence printed on no card in the
same style parses the same way."""

from __future__ import annotations

import pytest

from rawdeal.effects import model as fx

from rawdeal.effects.classic.model import CardDesc, Cards, Sentence, Value, ValueKind, walk

from classickit import ACTION, REVERSAL, STRIKE, assert_lowers_alike, assert_parses, assert_printed, compiler, lowered

PRE_MATCH = frozenset({"action", "pre-match"})

# (printed sentence, its plain wording, the printing card's kinds): both lower to the same effect
PRINTED = [
    # a participle after its noun: "the cards chosen" is "the chosen cards"
    ("Can only be played if your opponent is a Female Superstar. Look at your opponent's hand. You may choose up to 3 "
     "cards and your opponent must discard the cards chosen.",
     "Can only be played if your opponent is a Female Superstar. Look at your opponent's hand. You may choose up to 3 "
     "cards and your opponent must discard the chosen cards.", ACTION),
    # a card type, a colon, then a keyword: "Action: Chain cards" are Chain Action cards
    ("When successfully played, put up to 2 Action: Chain cards from your Ringside pile into your hand.",
     "When successfully played, put up to 2 Chain Action cards from your Ringside pile into your hand.", STRIKE),
    # a number in words where only a number stands
    ("Playable only if your opponent has at least one card in his hand.",
     "Playable only if your opponent has at least 1 card in his hand.", STRIKE),
    # a number with a plus sign where only a number stands
    ("The maximum number of Pre-match cards you may have in your Ring area is increased by +1.",
     "The maximum number of Pre-match cards you may have in your Ring area is increased by 1.", PRE_MATCH),
    # a title printed without the space its card prints before the ellipsis
    ("Can only be played when the card titled And That's the Bottom Line... is in your Ring area.",
     "Can only be played when the card titled And That's the Bottom Line ... is in your Ring area.", ACTION),
    # a list of titles with a comma before its "or", and with its "OR" in capitals
    ("Cannot be reversed by the cards titled Elbow to the Face, Double Digits, or Triple H's Reverse Neck Breaker.",
     "Cannot be reversed by the cards titled Elbow to the Face, Double Digits or Triple H's Reverse Neck Breaker.", STRIKE),
    ("Reverse the cards titled Don't Mess With the Champ!, Fully Loaded!, Second Wind, Test of Strength, OR I'm Not "
     "Outta It Yet! and end your opponent's turn.",
     "Reverse the cards titled Don't Mess With the Champ!, Fully Loaded!, Second Wind, Test of Strength or I'm Not "
     "Outta It Yet! and end your opponent's turn.", REVERSAL),
    # a comma before a condition's alternative ("..., or if ...") sets off no new clause
    ("Can only be played after a successfully played maneuver, or if this is your first card played this turn and you "
     "reversed a card to end your opponent's last turn.",
     "Can only be played after a successfully played maneuver or if this is the first card played of your turn and you "
     "reversed a card to end your opponent's last turn.", STRIKE),
]

# (printed, written in the same style but printed on no card): the same variant in another sentence
UNSEEN = [
    ("Your opponent discards the card chosen.", "Look at his hand, choose 2 cards, and he discards the cards chosen."),
    ("When successfully played, put up to 2 Action: Chain cards from your Ringside pile into your hand.",
     "Search your Arsenal for 1 Maneuver: Heat card, put it into your hand, and shuffle your Arsenal."),
    ("Playable only if your opponent has at least one card in his hand.",
     "Can only be played if you have at least three cards in your hand."),
    ("The maximum number of Pre-match cards you may have in your Ring area is increased by +1.",
     "The maximum number of Mid-match cards your opponent may have in his Ring area is reduced by +2."),
    ("Can only be played after a successfully played maneuver, or if this is your first card played this turn and you "
     "reversed a card to end your opponent's last turn.",
     "Can only be played after a Strike maneuver, or after the card titled Irish Whip."),
]


@pytest.mark.parametrize(("printed", "plain", "kinds"), PRINTED)
def test_a_printed_variant_lowers_as_its_plain_wording(printed: str, plain: str, kinds: frozenset[str]) -> None:
    assert_printed(printed)
    assert_lowers_alike(printed, plain, kinds)


@pytest.mark.parametrize(("printed", "unseen"), UNSEEN)
def test_a_variant_parses_in_sentences_printed_on_no_card(printed: str, unseen: str) -> None:
    assert_printed(printed)
    assert_parses(printed, unseen)


def test_a_title_printed_another_way_names_the_pool_s_card() -> None:
    [sentence] = compiler().compile("Can only be played when the card titled And That's the Bottom Line... is in your "
                                    "Ring area.").sentences
    titles = [v.text for v in walk(sentence) if isinstance(v, Value) and v.kind == ValueKind.TITLE]
    assert titles == ["And That's the Bottom Line ..."]


def _names(text: str) -> list[str]:
    [sentence] = compiler().compile(text).sentences
    assert isinstance(sentence, Sentence), sentence
    return [v.text for v in walk(sentence) if isinstance(v, Value) and v.kind == ValueKind.SUPERSTAR]


@pytest.mark.parametrize(("text", "names"), [
    ("Cannot be played if your opponent is Molly Holly, Crash Holly, or Hardcore Holly.",
     ["Molly Holly", "Crash Holly", "Hardcore Holly"]),
    ("When played by Mae Young or Moolah, this card is -10F.", ["Mae Young", "Moolah"]),
    # printed on no card: names the pool does not hold, inside and at the end of a list
    ("Can only be played if your opponent is Kane, Glenn Jacobs, or Isaac Yankem.", ["Kane", "Glenn Jacobs", "Isaac Yankem"]),
    ("When played by Kane or Isaac Yankem, draw 1 card.", ["Kane", "Isaac Yankem"]),
])
def test_a_list_of_superstars_may_name_one_the_pool_does_not_hold(text: str, names: list[str]) -> None:
    assert _names(text) == names


def _descriptions(text: str) -> list[list[CardDesc]]:
    """Each object's card descriptions."""
    [sentence] = compiler().compile(text).sentences
    assert isinstance(sentence, Sentence), sentence
    return [[d for d in c.parts if isinstance(d, CardDesc)] for c in walk(sentence) if isinstance(c, Cards)]


@pytest.mark.parametrize("text", [
    "Your opponent cannot play Manager or Stipulation cards.",
    "Reverse any Run-in Action, Heel Action, or Foreign Object card played from your opponent's hand and end his turn.",
    "Your opponent cannot play Venue or Enforcer cards.",  # printed on no card
])
def test_card_words_joined_by_a_plain_or_are_one_description(text: str) -> None:
    [[desc]] = _descriptions(text)
    assert "desc_and" in {getattr(w, "kind", "") for w in desc.words}


@pytest.mark.parametrize(("text", "count"), [
    ("Put up to 1 Maneuver card, up to 1 Action card, and up to 1 Reversal card in your opponent's Ring area into his "
     "Ringside pile.", 3),
    ("Put up to 2 Strike maneuvers, up to 1 Action card, and up to 1 Reversal card from your Ringside pile into your "
     "hand.", 3),  # printed on no card
])
def test_a_comma_before_a_counted_description_goes_on_with_the_objects(text: str, count: int) -> None:
    [descs] = _descriptions(text)
    assert len(descs) == count


@pytest.mark.parametrize("text", [
    "Your opponent cannot play Manager or Stipulation cards.",
])
def test_what_now_parses_but_the_engine_cannot_run_keeps_the_card_from_play(text: str) -> None:
    assert compiler().compile(text).ok
    assert lowered(text).effect is None


def test_superstars_listed_by_name_are_each_a_condition_of_the_requirement() -> None:
    """The names (a list the pool's dictionary did not hold) are read by the parse and lowered to the
    Superstars' name marks: the card cannot be played against any of the three."""
    effect = lowered("Cannot be played if your opponent is Molly Holly, Crash Holly, or Hardcore Holly.").effect
    assert effect is not None
    [clause] = effect.clauses
    assert isinstance(clause, fx.PlayRequirement) and isinstance(clause.condition, fx.Not)
    inner = clause.condition.condition
    assert isinstance(inner, fx.AnyOf)
    assert [(c.who, c.mark) for c in inner.conditions if isinstance(c, fx.SuperstarIs)] == [
        (fx.Who.OPPONENT, f"name:{n}") for n in ("molly-holly", "crash-holly", "hardcore-holly")]


# Constructs written into the grammar (no new reduce/reduce conflict): (sentence, the phrase it must hold), printed
# sentences first, then ones in the same style printed on no card
GRAMMAR = [
    ("Can only reverse a maneuver played after the card titled Throw Into the Corner Turnbuckle, unless that card is "
     "titled Monkey Flip.", "this_titled"),
    ("When this card is in your Ring area, your opponent cannot play Set-up cards, unless it is titled From the Top Rope "
     "or Springboard.", "this_titled"),
    ("When successfully played, look at the top 5 cards of your opponent's Arsenal and put them back on the top or "
     "bottom of his Arsenal in any order.", "top_or_bottom"),
    ("When you are packing this card you cannot pack the card titled Step Aside.", "packing_this"),
    ("During your turn or if you are about to lose the game via Pinfall victory, you may put this card into your "
     "Ringside pile, shuffle up to 9 cards from your Ringside pile into your Arsenal, and end the current turn.",
     "about_to"),
    ("Reverse any Strike maneuver unless it is titled Arm Drag and end your opponent's turn.", "this_titled"),
    ("Look at the top 3 cards of your Arsenal and put them back on the top or bottom of your Arsenal.", "top_or_bottom"),
    ("When you are packing this card, you cannot pack Strike maneuvers.", "packing_this"),
    ("If your opponent is about to win the game, draw 2 cards.", "about_to"),
    ("Discard 1 card and end the current turn.", "turn_obj"),
    ("Look at your opponent's hand, choose 1 card, he overturns # cards, where # is equal to the chosen card's printed "
     "Damage, and then he discards the chosen card.", "where_tail"),
    ("Draw # cards, where # is equal to the number of cards in your hand, and then discard 2 cards.", "where_tail"),
    ("Cannot be reversed from your opponent's hand when this is your first non-Pre-match card played of the game.",
     "turn_scope"),
    ("The first Strike maneuver you play of the game is +2D.", "turn_scope"),
]
PRINTED_GRAMMAR = {0, 1, 2, 3, 4, 10, 12}  # the indexes of GRAMMAR's printed sentences


@pytest.mark.parametrize(("text", "kind"), GRAMMAR)
def test_constructs_written_into_the_grammar_parse(text: str, kind: str) -> None:
    [sentence] = compiler().compile(text).sentences
    assert isinstance(sentence, Sentence) and not sentence.ignored, sentence
    assert kind in {getattr(n, "kind", "") for n in walk(sentence)}


def test_the_grammar_s_printed_examples_are_printed() -> None:
    assert_printed(*(GRAMMAR[i][0] for i in PRINTED_GRAMMAR))


def test_a_where_in_the_middle_binds_the_hash_before_it() -> None:
    """"..., where # is ..., and then ..." means what the same words say in two sentences."""
    one = lowered("Draw # cards, where # is equal to your Superstar Value, and then discard 1 card.")
    two = lowered("Draw # cards, where # is equal to your Superstar Value. Discard 1 card.")
    assert two.effect is not None and one.effect == two.effect, one.unlowered


@pytest.mark.parametrize("text", [
    "Put up to 2 Cheater cards from your Ringside pile into your hand and then draw up to the same number of cards.",
    "When your opponent causes you to discard this card, draw up to 2 cards.",
    "Your opponent discards cards equal to the number of your cards removed from the game.",
    "Cannot be reversed from your opponent's hand when this is your first non-Pre-match card played of the game.",
])
def test_a_construct_the_engine_cannot_run_yet_is_reported_not_played_as_a_near_one(text: str) -> None:
    """"up to the same number" is not "the same number"; "causes you to discard this card" is not a forced discard;
    the first card "of the game" is not the first of the turn."""
    assert_printed(text)
    assert compiler().compile(text).ok
    assert lowered(text).effect is None
