""""Can only be reversed by cards that specifically reverse the card titled Clutch onto Opponent" and the reversals
that name it ("(including the card titled Clutch onto Opponent)", "reverse the cards titled Sleeper, Claw, Clutch Onto
Opponent, ..."): lowered from sentences the pool prints, then played."""

from __future__ import annotations

from rawdeal.cards import CardType, Subtype
from rawdeal.effects import model as fx
from rawdeal.engine.cardinfo import Catalog
from rawdeal.engine.classic import shipped_classic
from rawdeal.engine.game import Game
from rawdeal.engine.moves import parse_move
from rawdeal.engine.state import GameState, PlayerState
from classickit import REVERSAL, STRIKE, assert_printed, clauses, lowered

ONLY = "Can only be reversed by cards that specifically reverse the card titled Clutch onto Opponent."
ROPES = ("Reverse any Submission maneuver (including the card titled Clutch Onto Opponent) and end your opponent's "
         "turn.")
IRON = ("As a reversal, if overturned from your Arsenal, reverse the cards titled Sleeper, Claw, Clutch Onto Opponent, "
        "Apply Illegal Leverage, Indian Deathlock, Test of Strength and end your opponent's turn.")


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(ONLY, ROPES, IRON)


def test_the_limit_names_the_title_the_reversals_must_name() -> None:
    assert clauses(ONLY, STRIKE) == (fx.ReversedOnlyBy((), naming=("Clutch onto Opponent",)),)


def test_including_a_title_is_reversing_it_by_name() -> None:
    reverses, _ = clauses(ROPES, REVERSAL)
    assert isinstance(reverses, fx.Reverses)
    assert reverses.target == fx.Target(subtypes=(Subtype.SUBMISSION,), named=("Clutch Onto Opponent",))


def test_if_overturned_from_your_arsenal_is_when_overturned() -> None:
    reversal = frozenset({"reversal", "special", "action"})
    found = [c for c in clauses(IRON, reversal) if isinstance(c, fx.Reverses)]
    assert len(found) == 6 and all(r.overturned_only for r in found)


def test_other_cards_than_one_title_are_reported() -> None:
    text = "Can only be reversed by cards that specifically reverse any Submission maneuver."
    assert lowered(text, STRIKE).effect is None


# ------------------------------------------------------------------------------------------------ play
def _window(cat: Catalog, hand: list[int]) -> list[str]:
    """The moves The Rock, holding `hand`, is offered when Triple H plays Clutch onto Opponent."""
    clutch = cat.id("Clutch onto Opponent")
    filler = [i.id for i in cat.infos if not i.effect.clauses and not i.card.traits and i.card.printed_damage > 0][:10]
    s = GameState(players=[PlayerState("Triple H", filler * 2, hand=[clutch]),
                           PlayerState("The Rock", filler * 2, hand=hand)], constructed=True, tasks=[])
    game = Game(s, cat)
    game.resume()
    game.apply(parse_move('play "Clutch onto Opponent"'))
    d = game.decision()
    return [str(m) for m in d.moves] if d is not None and d.player == 1 else []


def test_only_a_reversal_naming_it_reverses_it() -> None:
    cat = shipped_classic().catalog
    ropes = cat.id("Reach for the Ropes")
    plain = next(i.id for i in cat.infos if i.card.types == (CardType.REVERSAL,) and i.card.fortitude == 0
                 and len(i.reverses) == 1 and i.reverses[0].target == fx.Target(subtypes=(Subtype.SUBMISSION,))
                 and not i.reverses[0].cost and i.reverses[0].condition is None)
    assert cat.infos[cat.id("Clutch onto Opponent")].card.subtype is Subtype.SUBMISSION
    assert _window(cat, [plain]) == []  # a Submission reversal, but one that does not name it
    assert _window(cat, [plain, ropes]) == ['reverse "Reach for the Ropes"', "pass"]
