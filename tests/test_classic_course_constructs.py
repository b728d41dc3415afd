"""The constructs the course's last cards needed from the Classic front end, each on a text the Classic
pool prints where one exists (else on the course card's own text, said so)."""

from __future__ import annotations

from rawdeal.cards import CardType, Subtype, Trait
from rawdeal.cards.pool.load import classic_pool
from rawdeal.effects import model as fx

from classickit import REVERSAL, STRIKE, clauses, compiler, lowered

UNDERTAKER = ("Reverse any maneuver and end your opponent's turn. If played from your hand, take the top 4 cards from "
              "your Arsenal and put them in your Ringside pile. Opponent must discard 1 card; next turn, all your "
              "maneuvers are +2D, and all opponent's reversals are +25F.")
POWER = "+5D to all your maneuvers and +20F to all of opponent's reversals for the rest of this turn."
NEXT_TURN_BETWEEN = "If played from your hand, all your maneuvers next turn are +2D."
TITLE_CARD = "-6F on this card if Barbed Wire Baseball Bat card is in your Ring area."
DISTRACT = ("Draw 1 card. Look at opponent's hand. If he has any cards titled Disqualification! he must discard "
            "them.")
FREAKZILLA = ("Reverse any Strike or Grapple maneuver and end your opponent's turn. # is equal to the reversed "
              "maneuver's Damage. Read as 0 in your Ring area.")
KICKIN = "# = D of maneuver card being reversed. Read as 0 when in your Ring area."
FATE = "It is unsuccessful, goes to his Ringside pile, has no effect and ends his turn."
COMEBACK = ("Discard 3 cards of your choice from your hand. All players compare their current Fortitude Rating. The "
            "player(s) with a higher Fortitude Rating must remove maneuver and/or reversal cards from their Ring area, "
            "putting them into his Ringside pile, until that player's Fortitude Rating is less than or equal to the "
            "others.")
DISQUALIFICATION = ("Reverse any HEEL maneuver or reversal card if that opponent has 5 or more HEEL cards in his Ring "
                    "area. Opponent is Disqualified and you win the game. This effect happens even if the card titled "
                    "Disqualification is placed into your Ringside pile while applying damage from a HEEL maneuver or "
                    "reversal card.")


def test_texts_are_printed_in_the_pool() -> None:
    lexicon = compiler().lexicon
    printed = {s.text.casefold() for c in classic_pool() for s in lexicon.sentences(c.text)}
    for text in (UNDERTAKER, POWER, NEXT_TURN_BETWEEN, TITLE_CARD, DISTRACT, FREAKZILLA, KICKIN, FATE, COMEBACK,
                 DISQUALIFICATION):
        for sentence in lexicon.sentences(text):
            assert sentence.text.casefold() in printed, sentence.text


def _next_turn(stat: fx.Stat, amount: int, **kw: object) -> fx.Modify:
    return fx.Modify(fx.Modifier(stat, amount, fx.Duration.NEXT_TURN, **kw))  # type: ignore[arg-type]


def test_next_turn_in_mid_sentence_and_the_opponents_reversals() -> None:
    *_, after = clauses(UNDERTAKER, REVERSAL)
    assert after == fx.OnReverse((
        fx.MillTop(fx.Who.YOU, 4), fx.Discard(fx.Who.OPPONENT, fx.ONE, chooser=fx.Who.OPPONENT),
        _next_turn(fx.Stat.DAMAGE, 2), _next_turn(fx.Stat.FORTITUDE, 25, card_type=None, reversals=True)),
        from_hand_only=True)


def test_amounts_to_groups_last_as_long_as_the_sentence_says() -> None:
    rest = fx.Duration.REST_OF_TURN
    assert clauses(POWER) == (fx.OnPlay((
        fx.Modify(fx.Modifier(fx.Stat.DAMAGE, 5, rest)),
        fx.Modify(fx.Modifier(fx.Stat.FORTITUDE, 20, rest, card_type=None, reversals=True)))),)
    assert clauses(NEXT_TURN_BETWEEN, REVERSAL) == (fx.OnReverse((_next_turn(fx.Stat.DAMAGE, 2),), from_hand_only=True),)


def test_a_title_named_as_a_card() -> None:
    assert clauses(TITLE_CARD, STRIKE) == (
        fx.StatChange(fx.Stat.FORTITUDE, -6, fx.InRingArea("Barbed Wire Baseball Bat")),)


def test_them_after_if_he_has_is_every_such_card() -> None:
    *_, discard = clauses(DISTRACT)[0].actions  # type: ignore[union-attr]
    assert discard == fx.Discard(fx.Who.OPPONENT, fx.ALL, chooser=fx.Who.OPPONENT,
                                 filter=fx.CardFilter(title="Disqualification!"))


def test_a_reversals_variable_damage_needs_both_sentences() -> None:
    assert clauses(FREAKZILLA, REVERSAL)[-1] == fx.VariableDamage()
    assert clauses(KICKIN, REVERSAL) == (fx.VariableDamage(),)
    alone = lowered("# = D of maneuver card being reversed.", REVERSAL)
    assert alone.effect is None and "read as 0" in alone.unlowered[0].reason
    assert lowered(KICKIN, STRIKE).effect is None  # a maneuver reverses nothing


def test_what_becomes_of_the_reversed_card() -> None:
    course = "Reverse any ACTION card being played by your opponent from his hand. "  # No Chance in Hell (course)
    assert clauses(course + FATE, REVERSAL) == (
        fx.Reverses(fx.Target((CardType.ACTION,))), fx.OnReverse((fx.EndTurn(fx.Who.OPPONENT),)))
    elsewhere = FATE.replace("his Ringside pile", "his hand")
    assert lowered(course + elsewhere, REVERSAL).effect is None  # not what reversing does


def test_comparing_fortitude_then_removing_until_equal_is_equalising() -> None:
    assert clauses(COMEBACK) == (fx.OnPlay((fx.Discard(fx.Who.YOU, fx.Count(3)), fx.EqualizeFortitude())),)
    alone = lowered("All players compare their current Fortitude Rating.")
    assert alone.effect is None and "decides nothing" in alone.unlowered[0].reason


def test_disqualification_counts_the_ring_area_and_wins_from_the_ringside_pile() -> None:
    facts_title = "Disqualification!"
    from rawdeal.effects.classic.lowering import CardFacts, lower

    from classickit import kinds_of

    text = compiler().compile(DISQUALIFICATION)
    effect = lower(text, CardFacts(REVERSAL, kinds_of(), facts_title)).effect
    assert effect is not None and effect.clauses == (
        fx.Reverses(fx.Target((CardType.MANEUVER, CardType.REVERSAL), trait=Trait.HEEL, min_trait_in_ring=5)),
        fx.OnReverse((fx.WinGame("disqualification"),)), fx.TriggersFromRingside())
    other = lower(text, CardFacts(REVERSAL, kinds_of(), "Some Other Card"))
    assert other.effect is None  # "the card titled Disqualification" is this card, or the sentence is not run
    assert lowered("Opponent is Disqualified.", REVERSAL).effect is None  # disqualified, and no win said


# The course's own texts (no Classic card prints these constructs)
def test_course_declare_whether_and_and_if_after_if_so() -> None:
    text = ("As an action, if your next card played is a Grapple maneuver, declare whether it will be +4D or your "
            "opponent's reversal to it will be +8F. As a reversal, may only reverse the card titled Jockeying for "
            "Position. If so, you end opponent's turn; and if your next card played on your turn is a Grapple "
            "maneuver, declare whether it will be +4D or your opponent's reversal to it will be +8F.")
    grapple = {"duration": fx.Duration.NEXT_CARD, "subtype": Subtype.GRAPPLE}
    declared = fx.Choice(((fx.Modify(fx.Modifier(fx.Stat.DAMAGE, 4, **grapple)),),  # type: ignore[arg-type]
                          (fx.Modify(fx.Modifier(fx.Stat.FORTITUDE, 8, reversals=True, **grapple)),)),  # type: ignore[arg-type]
                         declare=True)
    on_play, _, on_reverse = clauses(text, frozenset({"action", "reversal"}))
    assert on_play == fx.OnPlay((declared,), CardType.ACTION)
    assert on_reverse == fx.OnReverse((fx.EndTurn(fx.Who.OPPONENT), declared))
    assert lowered("Declare whether it will be +4D or your opponent's reversal to it will be +8F.").effect is None


def test_course_a_card_bounded_by_your_fortitude_and_reversals_from_the_arsenal() -> None:
    shake = ("Remove any 1 card in opponent's Ring area with a D value less than or equal to your total Fortitude "
             "Rating and place it into his Ringside pile.")
    assert clauses(shake) == (fx.OnPlay((fx.MoveCards(
        fx.Who.OPPONENT, fx.ONE, fx.Zone.RING, fx.Zone.RINGSIDE,
        filter=fx.CardFilter(max_damage_of_own_fortitude=True)),)),)
    ayatollah = ("For the rest of this turn, your opponent's reversals revealed from his Arsenal while applying damage "
                 "may not reverse your maneuvers.")
    assert clauses(ayatollah) == (fx.OnPlay((fx.Modify(fx.Modifier(
        fx.Stat.IRREVERSIBLE, 0, fx.Duration.REST_OF_TURN, arsenal_only=True)),)),)


def test_course_a_forced_discard_trigger_from_the_hand() -> None:
    text = ("If opponent forces you to discard a card from your hand, you may choose to discard this card from your "
            "hand and then draw up to 2 cards.")
    assert clauses(text) == (fx.Triggered(fx.Trigger.FORCED_DISCARD, (fx.DiscardThis(), fx.Draw(
        fx.Who.YOU, fx.Count(2, up_to=True))), zone=fx.Zone.HAND, optional=True),)


def test_course_a_held_submission_and_what_holding_means() -> None:
    text = ("Play after a successful Submission maneuver not reversed and end your turn. You and your opponent may not "
            "play maneuvers or actions until your opponent reverses the maintained Submission.")
    assert clauses(text) == (fx.PlayRequirement(fx.After(CardType.MANEUVER, Subtype.SUBMISSION)),
                             fx.OnPlay((fx.HoldSubmission(), fx.EndTurn(fx.Who.YOU))))
    restated = lowered("Draw 1 card. You and your opponent may not play maneuvers or actions until your opponent "
                       "reverses the maintained Submission.")
    assert restated.effect is None and "holds none" in restated.unlowered[0].reason
    strike = lowered("Play after a successful Strike maneuver not reversed and end your turn.")
    assert strike.effect is None  # the engine holds Submissions only
