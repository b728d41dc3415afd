"""Lowering Classic texts to the engine's effects: one test per construct, on texts printed in the pool;
the course's cards through the Classic front end; Classic cards in random games."""

from __future__ import annotations

from functools import cache

import pytest

from rawdeal.cards import CardType, Subtype, Trait, load_db
from rawdeal.cards.db import normalize_title
from rawdeal.cards.pool.load import classic_pool
from rawdeal.effects import model as fx
from rawdeal.effects.classic.lowering import CardFacts, LoweredText, lower
from rawdeal.effects.store import shipped

from classickit import ACTION, REVERSAL, STRIKE, clauses, compiler, lowered

def test_texts_are_printed_in_the_pool() -> None:
    """The construct tests below read sentences the pool prints (not sentences written to fit the lowering)."""
    lexicon = compiler().lexicon
    printed = {s.text.casefold() for c in classic_pool() for s in lexicon.sentences(c.text)}
    for text in (PRINTED_REVERSAL, PRINTED_SEARCH, PRINTED_RING, PRINTED_ONLY_ARSENAL, PRINTED_NON, PRINTED_REMOVE,
                 PRINTED_REMOVE_UP_TO, PRINTED_ANY_NUMBER, PRINTED_OPPONENT_MAY, PRINTED_RANDOMLY, PRINTED_CANNOT_AFTER,
                 PRINTED_CANNOT_BY, PRINTED_NOT_BY, PRINTED_NOT_FROM_HAND, PRINTED_HASH, PRINTED_HASH_PLUS):
        for sentence in lexicon.sentences(text):
            assert sentence.text.casefold() in printed, sentence.text


PRINTED_REVERSAL = "Reverse any Strike maneuver and end your opponent's turn."


def test_a_reversal_reverses_its_target_and_ends_the_turn() -> None:
    assert clauses(PRINTED_REVERSAL, REVERSAL) == (
        fx.Reverses(fx.Target((CardType.MANEUVER,), (Subtype.STRIKE,))),
        fx.OnReverse((fx.EndTurn(fx.Who.OPPONENT),)),
    )


def test_reverse_on_a_card_that_is_no_reversal_is_not_run() -> None:
    result = lowered(PRINTED_REVERSAL, STRIKE)
    assert result.effect is None and "no reversal" in result.unlowered[0].reason


def test_a_play_requirement_reads_the_previous_card() -> None:
    assert clauses("Can only be played after a successfully played 5D or greater maneuver.", STRIKE) == (
        fx.PlayRequirement(fx.After(CardType.MANEUVER, min_damage=5)),)


PRINTED_SEARCH = ("Search your Arsenal for 1 non-Unique Submission maneuver, reveal it to your opponent, put it "
                  "into your hand, and shuffle your Arsenal.")


def test_a_search_for_a_kind_of_card_filters_by_subtype_and_keyword() -> None:
    wanted = fx.CardFilter(subtype=Subtype.SUBMISSION, not_trait=Trait.UNIQUE)
    assert clauses(PRINTED_SEARCH) == (
        fx.OnPlay((fx.Search(fx.Who.YOU, (fx.Zone.ARSENAL,), wanted), fx.Shuffle(fx.Who.YOU))),)


PRINTED_NON = "Reverse any non-Trademark-Finisher maneuver and end your opponent's turn."


def test_non_keyword_and_non_subtype_targets() -> None:
    (reverses, _) = clauses(PRINTED_NON, REVERSAL)
    assert reverses == fx.Reverses(fx.Target((CardType.MANEUVER,), not_subtypes=(Subtype.TRADEMARK_FINISHER,)))
    (reverses, _) = clauses("Reverse any non-Unique maneuver and end your opponent's turn.", REVERSAL)
    assert isinstance(reverses, fx.Reverses) and reverses.target.not_trait is Trait.UNIQUE


PRINTED_RING = "When this card is in your Ring area, all your Strike maneuvers are +2D."


def test_a_modifier_while_in_the_ring_area() -> None:
    assert clauses(PRINTED_RING) == (
        fx.WhileInRing(fx.Modifier(fx.Stat.DAMAGE, 2, fx.Duration.WHILE_IN_RING, subtype=Subtype.STRIKE)),)


PRINTED_ONLY_ARSENAL = "Can only be reversed from your opponent's Arsenal."


def test_only_reversed_from_the_arsenal_stops_reversals_from_the_hand() -> None:
    assert clauses(PRINTED_ONLY_ARSENAL, STRIKE) == (fx.Irreversible(from_arsenal=False),)
    assert clauses("Cannot be reversed if the card titled Get Your GED is in your Ring area.", STRIKE) == (
        fx.Irreversible(condition=fx.InRingArea("Get Your GED")),)


def test_own_stats_with_a_ring_area_condition_in_printed_order() -> None:
    text = "This card is -3F and +4D when the card titled The Bionic Redneck is in your Ring area."
    cond = fx.InRingArea("The Bionic Redneck")
    assert clauses(text, STRIKE) == (fx.StatChange(fx.Stat.FORTITUDE, -3, cond), fx.StatChange(fx.Stat.DAMAGE, 4, cond))


def test_a_start_of_turn_trigger_in_the_ring_area() -> None:
    text = ("While this card is in your Ring area, at the start of your turn, before your draw segment, opponent "
            "must take the top card from his Arsenal and put it into his Ringside pile.")
    assert clauses(text) == (fx.Triggered(fx.Trigger.START_OF_TURN, (fx.MillTop(fx.Who.OPPONENT, 1),)),)


def test_a_sentence_the_engine_cannot_run_marks_the_card_with_its_column() -> None:
    text = "Draw 1 card. Your opponent cannot play the card titled The Game Interferes!."
    result = lowered(text)
    assert result.effect is None
    [why] = result.unlowered
    assert why.column == len("Draw 1 card. ") + 1 and "cannot" in why.reason


def test_deck_building_sentences_have_no_play_effect() -> None:
    assert clauses("Can only be played by The Rock.", STRIKE) == ()


@cache
def course_lowered() -> dict[str, LoweredText]:
    db = load_db()
    types = {c.title: c.playable_types for c in db.cards}
    known = {normalize_title(c.title): c.title for c in db.cards}  # titles as the course's database spells them
    out = {}
    for card in db.cards:
        starts = [s.start for s in compiler().lexicon.sentences(card.text)]
        facts = CardFacts(frozenset(t.value for t in card.types), types, card.title, known)
        out[card.title] = lower(compiler().compile(card.text), facts, starts)
    return out


def test_course_cards_lowered_through_the_classic_front_end_equal_todays_effects() -> None:
    """Object for object: every one of the course's 137 cards lowers, with the Classic pool's dictionaries,
    to the effect the engine plays (compiled with the course's own, `effects.course`; the table of
    `test_effects_compile.py` pins those to what the retired course compiler made)."""
    compiled = shipped().cards
    lowered_all = course_lowered()
    assert len(compiled) == 137 and lowered_all.keys() == compiled.keys()
    for title, low in lowered_all.items():
        assert low.effect == compiled[title], (title, low.unlowered)


@pytest.mark.parametrize("seed", [0])
def test_random_classic_games_keep_every_card_and_exercise_effects(seed: int) -> None:
    from rawdeal.checks.classic import exercise
    from rawdeal.engine.classic import shipped_classic

    done = exercise(shipped_classic(), games=25, seed=seed)  # each game checks the card invariant every move
    assert done.games == 25 and sum(n for _, n in done.endings) == 25
    assert len(done.titles) >= 40


def test_random_classic_decks_hold_only_playable_cards_and_obey_the_deck_rules() -> None:
    import random

    from rawdeal.decks import Deck
    from rawdeal.decks.classic import ClassicPool, check_classic_deck
    from rawdeal.effects.classic.packing import packing_rule
    from rawdeal.engine.classic import random_classic_deck, shipped_classic

    cc = shipped_classic()
    pool = ClassicPool(classic_pool())
    rnd = random.Random(3)
    for _ in range(10):
        star, titles = random_classic_deck(cc, rnd)
        assert set(titles) <= set(cc.catalog.db.index)
        assert check_classic_deck(Deck.of(star, titles, "random.txt"), pool, packing_rule) == ()


def test_a_check_deals_a_card_with_the_cards_its_text_names_and_the_deck_stays_legal() -> None:
    """"This card is -6F when played after the card titled Kane's Chokeslam": a random deck that prefers the
    card holds Kane's Chokeslam too, so the check's games give its condition a chance to hold."""
    import random

    from rawdeal.checks.classic import companions
    from rawdeal.decks import Deck
    from rawdeal.decks.classic import ClassicPool, check_classic_deck
    from rawdeal.effects.classic.packing import packing_rule
    from rawdeal.engine.classic import random_classic_deck, shipped_classic

    cc = shipped_classic()
    card, other = "Kane's Tombstone Piledriver", "Kane's Chokeslam"
    assert other in cc.printed[card].text and card in cc.catalog.db.index
    # "Throw" is a playable card, but "Throw Into the Corner Turnbuckle" names another (unplayable) one
    turnbuckle = "Shattered Dreams"
    assert "Throw Into the Corner Turnbuckle" in cc.printed[turnbuckle].text and "Throw" in cc.catalog.db.index
    named = companions(cc, [card, other, turnbuckle], {c.title for c in classic_pool()})
    assert named == {card: (other,)}
    pool = ClassicPool(classic_pool())
    rnd = random.Random(5)
    dealt = 0
    for superstar in cc.stars_by_title:
        star, titles = random_classic_deck(cc, rnd, superstar, frozenset({card}), named)
        if card in titles:
            dealt += 1
            assert other in titles
            assert check_classic_deck(Deck.of(star, titles, "random.txt"), pool, packing_rule) == ()
    assert dealt


def test_a_superstar_ability_lowers_to_the_engines_ability() -> None:
    """Stone Cold's Classic wording gives the ability the course's wording gives."""
    text = ("Once during each of your turns you may draw 1 card and then put 1 card from your hand on the bottom "
            "of your Arsenal.")
    assert text in {c.text for c in classic_pool() if c.is_superstar}
    result = lowered(text, frozenset({"superstar"}))
    assert result.ability == shipped().abilities["STONE COLD STEVE AUSTIN"]
    assert result.effect == fx.CardEffect()


def test_alternative_previous_cards_and_title_words() -> None:
    text = ("As a maneuver, can only be played after a successfully played 5D or greater maneuver or the card titled "
            "Throw Opponent Out of the Ring.")
    assert clauses(text, STRIKE) == (fx.PlayRequirement(fx.AnyOf((
        fx.After(CardType.MANEUVER, min_damage=5), fx.After(title="Throw Opponent Out of the Ring"))),
        CardType.MANEUVER),)
    (stat,) = clauses("This card is -6F when played after a card with the word 'kick' in the title.", STRIKE)
    assert stat == fx.StatChange(fx.Stat.FORTITUDE, -6, fx.After(title_word="kick"))


def test_a_superstar_that_forbids_a_card_to_the_opponent() -> None:
    """The ability's rule reaches the engine: the opponent's copies of the card are not playable."""
    text = "Your opponent cannot play the card titled Chop."
    result = lowered(text, frozenset({"superstar"}))
    assert result.ability == fx.Ability(fx.AbilityTiming.PASSIVE, forbids_opponent=("Chop",))


PRINTED_REMOVE = "When successfully played, remove 1 card in your opponent's Ringside pile from the game."
PRINTED_REMOVE_UP_TO = "When successfully played, you may remove up to 2 cards in your opponent's Ringside pile from the game."


def test_cards_removed_from_the_game_move_to_the_removed_cards() -> None:
    assert clauses(PRINTED_REMOVE, STRIKE) == (
        fx.OnPlay((fx.MoveCards(fx.Who.OPPONENT, fx.ONE, fx.Zone.RINGSIDE, fx.Zone.REMOVED),)),)
    assert clauses(PRINTED_REMOVE_UP_TO, STRIKE) == (fx.OnPlay((fx.Optional((fx.MoveCards(
        fx.Who.OPPONENT, fx.Count(2, up_to=True), fx.Zone.RINGSIDE, fx.Zone.REMOVED),)),)),)


PRINTED_ANY_NUMBER = "Discard any number of cards."


def test_any_number_of_cards_is_a_count_the_player_gives() -> None:
    assert clauses(PRINTED_ANY_NUMBER) == (fx.OnPlay((fx.Discard(fx.Who.YOU, fx.ANY_NUMBER),)),)


PRINTED_OPPONENT_MAY = "When successfully played, your opponent may shuffle 1 card from his Ringside pile into his Arsenal."


def test_your_opponent_may_is_his_choice() -> None:
    shuffle_in = fx.MoveCards(fx.Who.OPPONENT, fx.ONE, fx.Zone.RINGSIDE, fx.Zone.ARSENAL, fx.Position.SHUFFLE,
                              chooser=fx.Who.OPPONENT)
    assert clauses(PRINTED_OPPONENT_MAY, STRIKE) == (fx.OnPlay((fx.Optional((shuffle_in,), fx.Who.OPPONENT),)),)


PRINTED_RANDOMLY = "Your opponent randomly discards 3 cards."


def test_a_card_picked_at_random_is_not_played_as_a_chosen_one() -> None:
    (clause,) = clauses(PRINTED_RANDOMLY)
    assert isinstance(clause, fx.OnPlay) and [a.random for a in clause.actions if isinstance(a, fx.Discard)] == [True]
    result = lowered("Randomly remove up to 8 cards in your opponent's Ringside pile from the game.")
    assert result.effect is None and "random" in result.unlowered[0].reason  # how many: nobody says


PRINTED_CANNOT_AFTER = "Cannot be played after the card titled From the Top Rope."
PRINTED_CANNOT_BY = "Cannot be played by The Rock."


def test_cannot_be_played_after_is_a_requirement_that_does_not_hold() -> None:
    assert clauses(PRINTED_CANNOT_AFTER, STRIKE) == (
        fx.PlayRequirement(fx.Not(fx.After(title="From the Top Rope"))),)


def test_cannot_be_played_by_a_superstar_keeps_the_card_out_of_his_deck() -> None:
    from rawdeal.effects.classic.packing import packing_rule

    assert clauses(PRINTED_CANNOT_BY, STRIKE) == ()  # a deck rule: no effect in play
    [gulp] = [c for c in classic_pool() if PRINTED_CANNOT_BY in c.text]
    assert packing_rule(gulp) == (frozenset(), frozenset({"rock"}))


PRINTED_NOT_BY = "Cannot be reversed by the card titled Elbow to the Face."


def test_cannot_be_reversed_by_a_titled_card() -> None:
    assert clauses(PRINTED_NOT_BY, STRIKE) == (fx.NotReversedBy(("Elbow to the Face",)),)


PRINTED_NOT_FROM_HAND = "Cannot be reversed from your opponent's hand."


def test_cannot_be_reversed_from_the_hand_is_only_reversed_from_the_arsenal() -> None:
    assert clauses(PRINTED_NOT_FROM_HAND, STRIKE) == clauses(PRINTED_ONLY_ARSENAL, STRIKE) == (
        fx.Irreversible(from_arsenal=False),)


PRINTED_HASH = ("Shuffle up to # cards from your Ringside pile into your Arsenal, where # is equal to the number of "
                "Reversal cards in your opponent's Ring area.")
PRINTED_HASH_PLUS = ("Shuffle up to # cards from your Ringside pile into your Arsenal, where # is equal to the number "
                     "of cards in your hand +2.")


def test_a_hash_count_is_what_the_sentence_says_it_is_equal_to() -> None:
    reversals = fx.CountOf(fx.Who.OPPONENT, fx.Zone.RING, fx.CardFilter(types=(CardType.REVERSAL,)))
    assert clauses(PRINTED_HASH) == (fx.OnPlay((fx.MoveCards(
        fx.Who.YOU, fx.Count(0, up_to=True, of=reversals), fx.Zone.RINGSIDE, fx.Zone.ARSENAL, fx.Position.SHUFFLE),)),)
    [(move,)] = [c.actions for c in clauses(PRINTED_HASH_PLUS) if isinstance(c, fx.OnPlay)]
    assert isinstance(move, fx.MoveCards) and move.count.of == fx.CountOf(fx.Who.YOU, fx.Zone.HAND, plus=2)


def test_a_hash_never_said_is_not_run() -> None:
    result = lowered("Draw # cards.")
    assert result.effect is None and "#" in result.unlowered[0].reason
