""""As a reversal, can only be played if ..." (a condition of the card's reversals) and "it cannot be reversed from
your opponent's Backlash deck" (which stops no reversal the engine plays): lowered from sentences the pool prints,
then played."""

from __future__ import annotations

from dataclasses import replace

from rawdeal.cards import Subtype
from rawdeal.effects import model as fx
from rawdeal.engine.cardinfo import Catalog, _info
from rawdeal.engine.classic import shipped_classic
from rawdeal.engine.game import Game
from rawdeal.engine.moves import parse_move
from rawdeal.engine.state import GameState, PlayerState
from classickit import ACTION, REVERSAL, STRIKE, assert_printed, clauses, lowered

STRUGGLE = ("As a reversal, can only be played if the card titled Backstage Politics is in your Ring area. Reverse any "
            "Strike or Grapple maneuver and end your opponent's turn.")
MONEY = "If your next card played this turn is a maneuver, it cannot be reversed from your opponent's Backlash deck."
SNAP = ("When successfully played, if your next card played this turn is a maneuver, it cannot be reversed from your "
        "opponent's Backlash deck.")
POLITICS = fx.InRingArea("Backstage Politics")


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(STRUGGLE, MONEY, SNAP)


def test_a_requirement_as_a_reversal_is_a_condition_of_its_reversal() -> None:
    reverses, _ = clauses(STRUGGLE, REVERSAL)
    assert reverses == fx.Reverses(fx.Target(subtypes=(Subtype.STRIKE, Subtype.GRAPPLE)), condition=POLITICS)


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


def _offered(cat: Catalog, ring: list[int]) -> bool:
    """Whether The Rock, holding Step Aside and `ring`, may reverse Triple H's Punch."""
    filler = [i.id for i in cat.infos if not i.effect.clauses and not i.card.traits and i.card.printed_damage > 0][:10]
    s = GameState(players=[PlayerState("Triple H", filler * 2, hand=[cat.id("Punch")]),
                           PlayerState("The Rock", filler * 2, hand=[cat.id("Step Aside")], ring=ring)],
                  constructed=True, tasks=[])
    game = Game(s, cat)
    game.resume()
    game.apply(parse_move('play "Punch"'))
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
