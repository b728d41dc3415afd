""""If your next card played this turn is <X>, it ...": the next card played uses the one-shot modifier up, and it
changes that card only if the card is X (a Strike or Grapple maneuver, an Action card, the card titled X, a Foreign
Object card, a maneuver of 4D or less). Lowered from sentences the pool prints, then played."""

from __future__ import annotations

from rawdeal.cards import CardType, Subtype
from rawdeal.effects import model as fx
from rawdeal.engine import rules as R
from rawdeal.engine import tasks as T
from rawdeal.engine.game import Game
from rawdeal.engine.moves import parse_move
from rawdeal.engine.state import CurrentPlay, GameState, PlayerState
from classickit import ACTION, STRIKE, assert_printed, clauses, course_with

EITHER = "As a maneuver, if your next card played this turn is a Strike or Grapple maneuver, it cannot be reversed."
AN_ACTION = "If your next card played this turn is an action, it cannot be reversed."
TITLED = "As a maneuver, if the next card you play this turn is titled Clothesline, it can not be reversed."
TITLE_FIRST = "If Arm Bar is the next card you play this turn it is +2D."
MARKED = "If your next card played this turn is a Foreign Object card, it is -4F."
AT_MOST = "If your next card played this turn is a grapple maneuver of 4D or less, it is +5D."
FIRST_NEXT = "If the first card you play on your next turn is a Strike or Grapple maneuver, it cannot be reversed."
NEXT, IRREVERSIBLE = fx.Duration.NEXT_CARD, fx.Stat.IRREVERSIBLE
STRIKE_OR_GRAPPLE = (Subtype.STRIKE, Subtype.GRAPPLE)


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(EITHER, AN_ACTION, TITLED, TITLE_FIRST, MARKED, AT_MOST, FIRST_NEXT)


def _modifiers(text: str) -> list[fx.Modifier]:
    return [a.modifier for c in clauses(text, ACTION) if isinstance(c, fx.OnPlay) for a in c.actions
            if isinstance(a, fx.Modify)]


def test_the_next_card_by_subtypes_type_title_and_mark() -> None:
    assert _modifiers(EITHER) == [fx.Modifier(IRREVERSIBLE, 0, NEXT, subtypes=STRIKE_OR_GRAPPLE)]
    assert _modifiers(FIRST_NEXT) == [fx.Modifier(IRREVERSIBLE, 0, fx.Duration.FIRST_NEXT_TURN,
                                                  subtypes=STRIKE_OR_GRAPPLE)]
    assert _modifiers(AN_ACTION) == [fx.Modifier(IRREVERSIBLE, 0, NEXT, card_type=CardType.ACTION)]
    assert _modifiers(TITLED) == [fx.Modifier(IRREVERSIBLE, 0, NEXT, card_type=None, title="Clothesline")]
    assert _modifiers(TITLE_FIRST) == [fx.Modifier(fx.Stat.DAMAGE, 2, NEXT, card_type=None, title="Arm Bar")]
    assert _modifiers(MARKED) == [fx.Modifier(fx.Stat.FORTITUDE, -4, NEXT, card_type=None, marks=("foreign-object",))]
    assert _modifiers(AT_MOST) == [fx.Modifier(fx.Stat.DAMAGE, 5, NEXT, subtype=Subtype.GRAPPLE, max_damage=4)]


def _after(mod: fx.Modifier, played: str) -> tuple[bool, bool]:
    """(whether The Rock may reverse `played`, whether `mod` is still waiting) after HHH got `mod` and played it."""
    cat = course_with({})
    arsenal = [cat.id(t) for t in ("Kick", "Chop", "Head Butt", "Body Slam", "Arm Drag", "Haymaker")]
    s = GameState(players=[PlayerState("HHH", arsenal[:], hand=[cat.id(played)], ring=[cat.id("Powerbomb")]),
                           PlayerState("THE ROCK", arsenal[:], hand=[cat.id("Step Aside")])], tasks=[], constructed=True)
    game = Game(s, cat)
    game.s.tasks.append(T.Act(0, fx.Modify(mod), cat.id("Chop")))
    game.resume()
    game.apply(parse_move(f'play "{played}"'))
    d = game.decision()
    return d is not None and d.kind == "reverse", any(am.modifier == mod for am in game.s.modifiers)


def test_the_next_card_is_irreversible_only_if_it_is_what_the_text_says_and_uses_it_up_anyway() -> None:
    (either,), (titled,) = _modifiers(EITHER), _modifiers(TITLED)
    assert _after(either, "Punch") == (False, False)  # a Strike maneuver
    assert _after(titled, "Clothesline") == (False, False)
    assert _after(titled, "Punch") == (True, False)  # another card: reversible, and the modifier is gone


def test_a_bound_on_the_next_cards_damage_is_read_from_the_printed_d() -> None:
    (bonus,) = _modifiers(AT_MOST)
    cat = course_with({})
    assert R.applies(bonus, cat.infos[cat.id("Arm Drag")], CardType.MANEUVER)  # a 4D Grapple
    assert not R.applies(bonus, cat.infos[cat.id("Body Slam")], CardType.MANEUVER)  # 6D
    assert not R.applies(bonus, cat.infos[cat.id("Wrist Lock")], CardType.MANEUVER)  # a Submission


def test_an_amount_for_a_card_of_one_title() -> None:
    (bonus,) = _modifiers(TITLE_FIRST)
    cat = course_with({})
    assert R.applies(bonus, cat.infos[cat.id("Arm Bar")], CardType.MANEUVER)
    assert not R.applies(bonus, cat.infos[cat.id("Arm Drag")], CardType.MANEUVER)
    assert clauses(TITLE_FIRST, STRIKE)  # as a maneuver's own text too


FROM_HAND = ("If your next card played this turn is titled Workin' on the Knee, it cannot be reversed from your "
             "opponent's hand or Backlash deck.")


def test_the_next_card_cannot_be_reversed_from_the_hand_only() -> None:
    assert_printed(FROM_HAND)
    (mod,) = _modifiers(FROM_HAND)
    assert mod == fx.Modifier(IRREVERSIBLE, 0, NEXT, card_type=None, title="Workin' on the Knee", hand_only=True)
    cat = course_with({})
    s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [])], tasks=[])
    knee = fx.Modifier(IRREVERSIBLE, 0, NEXT, hand_only=True)
    play = CurrentPlay(0, cat.id("Punch"), CardType.MANEUVER, (knee,))
    assert R.irreversible(cat, s, play, 3, from_hand=True)
    assert not R.irreversible(cat, s, play, 3, from_hand=False)  # a reversal overturned from the Arsenal still may
