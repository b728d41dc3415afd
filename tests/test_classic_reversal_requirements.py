""""As a reversal, can only be played if ..." (a condition of the card's reversals) and "it cannot be reversed from
your opponent's Backlash deck" (which stops no reversal the engine plays): lowered from sentences the pool prints,
then played."""

from __future__ import annotations

from dataclasses import replace

from rawdeal.cards import CardType, Subtype
from rawdeal.effects import model as fx
from rawdeal.engine.cardinfo import Catalog, _info
from rawdeal.engine.classic import shipped_classic
from rawdeal.engine.game import Game
from rawdeal.engine.moves import parse_move
from rawdeal.engine import rules as R
from rawdeal.engine.state import CurrentPlay, GameState, PlayerState
from classickit import ACTION, REVERSAL, STRIKE, assert_printed, clauses, lowered

STRUGGLE = ("As a reversal, can only be played if the card titled Backstage Politics is in your Ring area. Reverse any "
            "Strike or Grapple maneuver and end your opponent's turn.")
MONEY = "If your next card played this turn is a maneuver, it cannot be reversed from your opponent's Backlash deck."
SNAP = ("When successfully played, if your next card played this turn is a maneuver, it cannot be reversed from your "
        "opponent's Backlash deck.")
POLITICS = fx.InRingArea("Backstage Politics")
LIFT = ("Can only be played when your Fortitude Rating is equal to or less than your opponent's Fortitude Rating. Reverse "
        "any High Risk maneuver and end your opponent's turn. He discards 3 cards.")
LIFT_HAND = "May only reverse a High Risk maneuver if played from your hand. End your opponent's turn."
CHOKESLAM = ("May only reverse a Strike or Grapple maneuver, if your Fortitude Rating is less than your opponent's "
             "Fortitude Rating.")
SOUL = ("As an action, put 3 cards from your Ringside pile into your hand. As a reversal, this card is -7F, when "
        "overturned, reverse any non-unique maneuver and end your opponent's turn.")
UNACCEPTABLE = ("As a reversal, if overturned from your Arsenal while applying damage, may reverse any maneuver and end "
                "your opponent's turn.")


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(STRUGGLE, MONEY, SNAP, LIFT, LIFT_HAND, CHOKESLAM, SOUL, UNACCEPTABLE)


def test_a_requirement_as_a_reversal_is_a_condition_of_its_reversal() -> None:
    reverses, _ = clauses(STRUGGLE, REVERSAL)
    assert reverses == fx.Reverses(fx.Target(subtypes=(Subtype.STRIKE, Subtype.GRAPPLE)), condition=POLITICS)


def test_a_reversal_cards_own_requirement_is_its_reversals_condition() -> None:
    """It was a play requirement, which the engine asks of no reversal: the limit was dropped."""
    found = clauses(LIFT, REVERSAL)
    assert not [c for c in found if isinstance(c, fx.PlayRequirement)]
    [reverses] = [c for c in found if isinstance(c, fx.Reverses)]
    assert reverses.condition == fx.Compared(fx.Measure.FORTITUDE, or_equal=True)


def test_may_only_reverse_with_a_limit() -> None:
    [hand] = [c for c in clauses(LIFT_HAND, REVERSAL) if isinstance(c, fx.Reverses)]
    assert hand.from_hand_only and hand.target.subtypes == (Subtype.HIGH_RISK,)
    [below] = clauses(CHOKESLAM, REVERSAL)
    assert isinstance(below, fx.Reverses) and below.condition == fx.FortitudeBelowOpponent()


def test_when_overturned_said_inside_the_sentence_or_while_applying_damage() -> None:
    hybrid = frozenset({"action", "reversal", "special"})
    soul = [c for c in clauses(SOUL, hybrid) if isinstance(c, (fx.Reverses, fx.StatChange))]
    assert [type(c) for c in soul] == [fx.StatChange, fx.Reverses]
    assert isinstance(soul[1], fx.Reverses) and soul[1].overturned_only
    [unacceptable] = [c for c in clauses(UNACCEPTABLE, REVERSAL) if isinstance(c, fx.Reverses)]
    assert unacceptable.overturned_only


def test_one_about_the_card_played_before_is_reported() -> None:
    text = ("As a reversal, can only be played after a successfully played Action card. Reverse any Strike maneuver "
            "and end your opponent's turn.")
    assert lowered(text, REVERSAL).effect is None


def test_the_backlash_deck_limit_is_a_next_card_modifier_of_its_own() -> None:
    for text, kinds in ((MONEY, ACTION), (SNAP, STRIKE)):
        [clause] = clauses(text, kinds)
        assert isinstance(clause, fx.OnPlay)
        [modify] = clause.actions
        assert isinstance(modify, fx.Modify) and modify.modifier.stat is fx.Stat.IRREVERSIBLE
        assert modify.modifier.backlash_only and not (modify.modifier.hand_only or modify.modifier.arsenal_only)


# ------------------------------------------------------------------------------------------------ play
def _with(cat: Catalog, title: str, effect: fx.CardEffect) -> Catalog:
    infos = tuple(_info(i.id, i.card, effect) if i.title == title else i for i in cat.infos)
    return replace(cat, infos=infos)


def _offered(cat: Catalog, ring: list[int], reversal: str = "Step Aside", played: str = "Punch",
             attacker: list[int] | None = None) -> bool:
    """Whether The Rock, holding `reversal` and `ring`, may reverse Triple H's `played` (Triple H's Ring area: `attacker`)."""
    filler = [i.id for i in cat.infos if not i.effect.clauses and not i.card.traits and i.card.printed_damage > 0][:10]
    s = GameState(players=[PlayerState("Triple H", filler * 2, hand=[cat.id(played)], ring=attacker or []),
                           PlayerState("The Rock", filler * 2, hand=[cat.id(reversal)], ring=ring)],
                  constructed=True, tasks=[])
    game = Game(s, cat)
    game.resume()
    game.apply(parse_move(f'play "{played}"'))
    d = game.decision()
    return d is not None and d.player == 1


def test_the_reversal_is_offered_only_while_its_requirement_holds() -> None:
    base = shipped_classic().catalog
    result = lowered(STRUGGLE, REVERSAL)
    assert result.effect is not None
    # Backstage Politics is no card the engine plays yet: a card it plays stands for it in the condition
    effect = fx.CardEffect(tuple(replace(c, condition=fx.InRingArea("Chop")) if isinstance(c, fx.Reverses) else c
                                 for c in result.effect.clauses))
    cat = _with(base, "Step Aside", effect)
    assert not _offered(cat, [])
    assert _offered(cat, [cat.id("Chop")])


def test_lift_a_boot_reverses_only_while_its_fortitude_is_not_greater() -> None:
    cat = shipped_classic().catalog
    lift, high_risk = cat.id("Lift a Boot"), cat.id("Lionsault")
    heavy = max((i for i in cat.infos if not i.effect.clauses), key=lambda i: i.card.printed_damage).id
    play = CurrentPlay(0, high_risk, CardType.MANEUVER)
    for mine, offered in (([], True), ([heavy], True), ([heavy, heavy], False)):  # against a Ring area of 1 heavy card
        s = GameState(players=[PlayerState("Triple H", [], ring=[heavy]),
                               PlayerState("The Rock", [], hand=[lift], ring=mine)], constructed=True, tasks=[])
        assert (lift in R.reversals_in_hand(cat, s, play, 6)) is offered, mine
