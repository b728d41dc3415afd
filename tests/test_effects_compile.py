"""What every card's printed text and every Superstar ability compiles to (the engine's contract), through
the card language (`grammar/classic.lark`, `rawdeal.effects.course`).

One row per card: the whole compiled effect is compared, so each row pins the clause kinds, the
numbers, the targets and who acts. Plus: malformed texts give a precise error, unknown titles fail.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rawdeal.cards import load_db
from rawdeal.cards.model import CardType, Subtype, Trait
from rawdeal.effects.course import abilities, compile_ability, compile_text, compiled_db
from rawdeal.effects.model import (
    Action, Clause, Duration, Stat, Who,
    ALL, Ability, AbilityTiming, After, AllowsFollowUp, Arrange, CardEffect, CardFilter, Choice, Count,
    Delayed, Discard, DiscardThis, Draw, Duration, EndTurn, EqualizeFortitude, FortitudeBelowOpponent,
    HoldSubmission, InRingArea, Irreversible, LookAt, MillTop, MinHandSize, Modifier, Modify, MoveCards,
    NoDamage, OnPlay, OnReverse, Optional, PlayRequirement, Position, ReturnThis, ReversalBonus, Reverses,
    Search, Shuffle, SkipTurn, Stat, StatChange, Target, Trigger, Triggered, TriggersFromRingside,
    VariableDamage, WhileInRing, Who, WinGame, Zone,
)
from rawdeal.errors import CardDataError, EffectSyntaxError

Y, O = Who.YOU, Who.OPPONENT
D, F, NOREV = Stat.DAMAGE, Stat.FORTITUDE, Stat.IRREVERSIBLE
MAN, ACT, REV = CardType.MANEUVER, CardType.ACTION, CardType.REVERSAL
STRIKE, GRAPPLE, SUBMISSION = Subtype.STRIKE, Subtype.GRAPPLE, Subtype.SUBMISSION
HAND, ARSENAL, RINGSIDE, RING = Zone.HAND, Zone.ARSENAL, Zone.RINGSIDE, Zone.RING
SGS = (STRIKE, GRAPPLE, SUBMISSION)


def fx(*clauses: Clause) -> CardEffect:
    return CardEffect(tuple(clauses))


def play(*actions: Action, as_type: CardType | None = None) -> OnPlay:
    return OnPlay(tuple(actions), as_type)


def on_rev(*actions: Action, hand: bool = False) -> OnReverse:
    return OnReverse(tuple(actions), hand)


def rev(hand: bool = False, cost: tuple[Action, ...] = (), **target: Any) -> Reverses:
    return Reverses(Target(**target), from_hand_only=hand, cost=cost)


def draw(n: int, who: Who = Y, up_to: bool = False) -> Draw:
    return Draw(who, Count(n, up_to=up_to))


def discard(n: int) -> Discard:
    return Discard(Y, Count(n), chooser=Y)


def opp_discards(n: int, up_to: bool = False) -> Discard:
    return Discard(O, Count(n, up_to=up_to), chooser=O)


def mod(stat: Stat, amount: int, duration: Duration, **kw: Any) -> Modify:
    return Modify(Modifier(stat, amount, duration, **kw))


def requires(**after: Any) -> PlayRequirement:
    return PlayRequirement(After(**after))


END = EndTurn(O)
AFTER_WHIP = requires(title="Irish Whip")
HYBRID_DRAW = fx(play(DiscardThis(), draw(1), as_type=ACT), NoDamage())
OWN_DISCARD = fx(play(discard(1)))
OPP_DISCARDS_1 = fx(play(opp_discards(1)))
COLLATERAL = fx(play(MillTop(Y, 1)))
MAY_DRAW_1 = fx(play(draw(1, up_to=True)))
OPP_DRAWS = fx(play(Draw(O)))
NEXT_MANEUVER_2D = fx(play(mod(D, 2, Duration.NEXT_CARD)))
FIND_HOLD = fx(play(Search(Y, (ARSENAL,), CardFilter(title="Maintain Hold")), Shuffle(Y)))
AFTER_WHIP_REVERSAL = fx(rev(after_title="Irish Whip"))
DRAW_OR_DISCARD = Choice(((draw(2),), (opp_discards(2),)))
JOCKEY = Choice(((mod(D, 4, Duration.NEXT_CARD, subtype=GRAPPLE),),
                 (mod(F, 8, Duration.NEXT_CARD, subtype=GRAPPLE, reversals=True),)), declare=True)
WHIP = mod(D, 5, Duration.NEXT_CARD, subtype=STRIKE)


def only_reverses(title: str) -> CardEffect:
    return fx(rev(title=title))


def reverse_and_end(**target: Any) -> tuple[Reverses, OnReverse]:
    return rev(**target), on_rev(END)


NO_TEXT = (
    "Punch", "Roundhouse Punch", "Big Boot", "Chair Shot", "Hurricanrana", "Hip Toss", "Russian Leg Sweep",
    "Gut Buster", "Body Slam", "Back Breaker", "Atomic Facebuster", "Inverse Atomic Drop", "Sit Out Powerbomb",
    "Wrist Lock", "Chin Lock", "Step Over Toe Hold", "Bow & Arrow", "Undertaker's Chokeslam", "Kane's Chokeslam",
)

EXPECTED: dict[str, CardEffect] = {
    "Chop": HYBRID_DRAW,
    "Arm Bar Takedown": HYBRID_DRAW,
    "Collar & Elbow Lockup": HYBRID_DRAW,
    "Head Butt": OWN_DISCARD,
    "Arm Drag": OWN_DISCARD,
    "Arm Bar": OWN_DISCARD,
    "Haymaker": fx(play(mod(D, 1, Duration.REST_OF_TURN, subtype=STRIKE))),
    "Back Body Drop": fx(AFTER_WHIP, play(DRAW_OR_DISCARD)),
    "Shoulder Block": AFTER_WHIP_REVERSAL,
    "Spear": AFTER_WHIP_REVERSAL,
    "Kick": COLLATERAL,
    "Running Elbow Smash": COLLATERAL,
    "Cross Body Block": fx(AFTER_WHIP, rev(after_title="Irish Whip")),
    "Ensugiri": only_reverses("Kick"),
    "Drop Kick": only_reverses("Drop Kick"),
    "Discus Punch": fx(ReversalBonus(2)),
    "Superkick": fx(StatChange(D, 5, After(MAN, min_damage=5), on_success=True)),
    "Spinning Heel Kick": OPP_DISCARDS_1,
    "Samoan Drop": OPP_DISCARDS_1,
    "Power Slam": OPP_DISCARDS_1,
    "Bear Hug": OPP_DISCARDS_1,
    "Choke Hold": OPP_DISCARDS_1,
    "Ankle Lock": OPP_DISCARDS_1,
    "Boston Crab": OPP_DISCARDS_1,
    "Torture Rack": OPP_DISCARDS_1,
    "Figure Four Leg Lock": OPP_DISCARDS_1,
    "Clothesline": NEXT_MANEUVER_2D,
    "Atomic Drop": NEXT_MANEUVER_2D,
    "Snap Mare": fx(play(mod(D, 2, Duration.NEXT_CARD, subtype=STRIKE))),
    "Double Leg Takedown": MAY_DRAW_1,
    "Reverse DDT": MAY_DRAW_1,
    "Fireman's Carry": fx(play(Optional((LookAt(O, HAND),)))),
    "Headlock Takedown": OPP_DRAWS,
    "Standing Side Headlock": OPP_DRAWS,
    "Belly to Belly Suplex": only_reverses("Belly to Belly Suplex"),
    "Vertical Suplex": only_reverses("Vertical Suplex"),
    "Belly to Back Suplex": only_reverses("Belly to Back Suplex"),
    "Double Arm DDT": only_reverses("Back Body Drop"),
    "Pump Handle Slam": fx(play(opp_discards(2))),
    "Bulldog": fx(play(discard(1), LookAt(O, HAND), Discard(O, Count(1), chooser=Y))),
    "Fisherman's Suplex": fx(play(MillTop(Y, 1), draw(1, up_to=True))),
    "DDT": fx(play(MillTop(Y, 1), opp_discards(2))),
    "Press Slam": fx(play(MillTop(Y, 1), opp_discards(2))),
    "Powerbomb": fx(play(draw(1, up_to=True)), StatChange(D, 1, per_title_word="slam", on_success=True)),
    "Full Nelson": FIND_HOLD,
    "Cobra Clutch": FIND_HOLD,
    "Sleeper": FIND_HOLD,
    "Camel Clutch": FIND_HOLD,
    "Chicken Wing": fx(play(MoveCards(Y, Count(2), RINGSIDE, ARSENAL, Position.SHUFFLE))),
    "Guillotine Stretch": fx(play(opp_discards(1), draw(1, up_to=True))),
    "Abdominal Stretch": fx(play(Optional((discard(3), Search(Y, (ARSENAL,)))), Shuffle(Y))),
    "Step Aside": fx(*reverse_and_end(subtypes=(STRIKE,))),
    "Escape Move": fx(*reverse_and_end(subtypes=(GRAPPLE,))),
    "Break the Hold": fx(*reverse_and_end(subtypes=(SUBMISSION,))),
    "Rolling Takedown": fx(*reverse_and_end(subtypes=(GRAPPLE,), max_damage=7), VariableDamage()),
    "Knee to the Gut": fx(*reverse_and_end(subtypes=(STRIKE,), max_damage=7), VariableDamage()),
    "Elbow to the Face": fx(*reverse_and_end(max_damage=7)),
    "Clean Break": fx(
        rev(hand=True, card_types=(ACT,), title="Jockeying for Position"),
        on_rev(opp_discards(4), END, draw(1), hand=True),
    ),
    "Manager Interferes": fx(*reverse_and_end(), on_rev(draw(1), hand=True)),
    "Chyna Interferes": fx(*reverse_and_end(), on_rev(draw(2), hand=True)),
    "Disqualification!": fx(
        rev(card_types=(MAN, REV), trait=Trait.HEEL, min_trait_in_ring=5),
        on_rev(WinGame("disqualification")),
        TriggersFromRingside(),
    ),
    "No Chance in Hell": fx(*reverse_and_end(card_types=(ACT,))),
    "Hmmm": fx(play(LookAt(Y, ARSENAL, 5), Choice(((Arrange(Y, 5),), (Shuffle(Y),))))),
    "Don't Think Too Hard": fx(play(LookAt(O, ARSENAL, 5), Choice(((Arrange(O, 5),), (Shuffle(O),))))),
    "Whaddya Got?": fx(play(LookAt(O, HAND))),
    "Not Yet": fx(play(MoveCards(Y, Count(1), HAND, ARSENAL, Position.SHUFFLE), draw(2))),
    "Jockeying for Position": fx(
        play(JOCKEY, as_type=ACT),
        rev(card_types=(ACT,), title="Jockeying for Position"),
        on_rev(END, JOCKEY),
    ),
    "Irish Whip": fx(play(WHIP, as_type=ACT), rev(card_types=(ACT,), title="Irish Whip"), on_rev(END, WHIP)),
    "Flash in the Pan": fx(play(draw(1), LookAt(O, HAND), Discard(O, ALL, O, CardFilter(trait=Trait.HEEL)))),
    "View of Villainy": fx(play(draw(1), LookAt(O, HAND), Discard(O, ALL, O, CardFilter(trait=Trait.FACE)))),
    "Shake It Off": fx(
        PlayRequirement(FortitudeBelowOpponent()),
        play(MoveCards(O, Count(1), RING, RINGSIDE, chooser=Y, filter=CardFilter(max_damage_of_own_fortitude=True))),
    ),
    "Offer Handshake": fx(play(draw(3, up_to=True), discard(1))),
    "Roll Out of the Ring": fx(play(Discard(Y, Count(2, up_to=True)), MoveCards(Y, Count(same=True), RINGSIDE, HAND))),
    "Distract the Ref": fx(play(
        draw(1), LookAt(O, HAND), Discard(O, ALL, O, CardFilter(title="Disqualification!")))),
    "Recovery": fx(play(MoveCards(Y, Count(2), RINGSIDE, ARSENAL, Position.SHUFFLE), draw(1))),
    "Spit At Opponent": fx(PlayRequirement(MinHandSize(2)), play(discard(1), opp_discards(4))),
    "Get Crowd Support": fx(play(
        draw(1), mod(D, 4, Duration.NEXT_MANEUVER), mod(F, 12, Duration.NEXT_MANEUVER, reversals=True))),
    "Comeback!": fx(play(discard(3), EqualizeFortitude())),
    "Ego Boost": fx(
        play(mod(F, -5, Duration.NEXT_CARD, card_type=None)),
        Triggered(Trigger.FORCED_DISCARD, (DiscardThis(), draw(2, up_to=True)), zone=HAND, optional=True),
    ),
    "Deluding Yourself": fx(play(draw(4)), Delayed(Trigger.END_OF_TURN, (Discard(Y, ALL),))),
    "Stagger": fx(requires(card_type=MAN), play(mod(NOREV, 0, Duration.NEXT_CARD, max_damage=7))),
    "Diversion": fx(play(mod(NOREV, 0, Duration.NEXT_MANEUVER))),
    "Marking Out": fx(play(Choice((
        (Search(Y, (ARSENAL,)), Shuffle(Y), EndTurn(Y)),
        (MoveCards(O, Count(3), ARSENAL, RINGSIDE, chooser=Y), Shuffle(O)),
    )))),
    "Puppies! Puppies!": fx(play(MoveCards(Y, Count(5, up_to=True), RINGSIDE, ARSENAL, Position.SHUFFLE), draw(2))),
    "Shane O'Mac": fx(Triggered(Trigger.START_OF_TURN, (MillTop(O, 1),), zone=RING)),
    "Maintain Hold": fx(requires(card_type=MAN, subtype=SUBMISSION), play(HoldSubmission(), EndTurn(Y))),
    "Pat & Gerry": fx(play(SkipTurn(O))),
    "Austin Elbow Smash": fx(Irreversible(), requires(card_type=MAN, min_damage=5)),
    "Lou Thesz Press": fx(rev(hand=True, after_title="Irish Whip"), on_rev(END, draw(1, up_to=True), hand=True)),
    "Facebuster": fx(rev(hand=True, after_title="Irish Whip"), on_rev(END, draw(2, up_to=True), hand=True)),
    "Double Digits": fx(*reverse_and_end(subtypes=SGS), on_rev(opp_discards(2), MillTop(O, 2), hand=True)),
    "Stone Cold Stunner": fx(StatChange(F, -6, After(MAN, title="Kick"))),
    "Open Up a Can of Whoop-A%$": fx(play(
        mod(D, 6, Duration.NEXT_MANEUVER), mod(F, 20, Duration.NEXT_MANEUVER, reversals=True), draw(1))),
    "Undertaker's Flying Clothesline": fx(requires(card_type=MAN, min_damage=5), ReversalBonus(6)),
    "Kane's Flying Clothesline": fx(requires(card_type=MAN, min_damage=4), ReversalBonus(6)),
    "Lionsault": fx(requires(card_type=MAN, min_damage=4), play(opp_discards(1))),
    "Undertaker Sits Up!": fx(*reverse_and_end(), on_rev(
        MillTop(Y, 4), opp_discards(1), mod(D, 2, Duration.NEXT_TURN),
        mod(F, 25, Duration.NEXT_TURN, card_type=None, reversals=True), hand=True)),
    "Kane's Return!": fx(*reverse_and_end(), on_rev(
        MillTop(Y, 4), mod(D, 2, Duration.NEXT_TURN),
        mod(F, 15, Duration.NEXT_TURN, card_type=None, reversals=True), hand=True)),
    "Don't You Never... EVER!": fx(*reverse_and_end(subtypes=SGS), on_rev(
        opp_discards(2), mod(D, 2, Duration.NEXT_TURN), hand=True)),
    "Undertaker's Tombstone Piledriver": fx(
        StatChange(F, -30, as_type=ACT), StatChange(D, -25, as_type=ACT), play(DiscardThis(), draw(1), as_type=ACT)),
    "Power of Darkness": fx(play(
        mod(D, 5, Duration.REST_OF_TURN), mod(F, 20, Duration.REST_OF_TURN, card_type=None, reversals=True))),
    "Have a Nice Day!": fx(*reverse_and_end(subtypes=SGS), on_rev(Discard(O, ALL, chooser=O), hand=True)),
    "Tree of Woe": fx(Irreversible(), play(opp_discards(2))),
    "Mandible Claw": fx(StatChange(F, -6, InRingArea("Mr. Socko")), AllowsFollowUp("Maintain Hold", SUBMISSION)),
    "Walls of Jericho": fx(AllowsFollowUp("Maintain Hold", SUBMISSION)),
    "Mr. Socko": fx(
        play(Choice(((MoveCards(Y, Count(1), ARSENAL, HAND),), (MoveCards(Y, Count(1), RINGSIDE, HAND),))), Shuffle(Y)),
        WhileInRing(Modifier(D, 1, Duration.WHILE_IN_RING)),
    ),
    "Leaping Knee to the Face": fx(Irreversible(), AFTER_WHIP, play(opp_discards(1))),
    "I Am the Game": fx(play(mod(D, 3, Duration.REST_OF_TURN), DRAW_OR_DISCARD)),
    "Pedigree": fx(StatChange(D, 2, After(MAN, subtype=STRIKE), on_success=True), rev(title="Back Body Drop")),
    "Smackdown Hotel": fx(play(draw(1), LookAt(O, HAND), mod(D, 6, Duration.NEXT_MANEUVER))),
    "Take That Move, Shine It Up Real Nice, Turn That Sumb*tch Sideways, and Stick It Straight Up Your Roody Poo "
    "Candy A%$!": fx(*reverse_and_end(subtypes=SGS), on_rev(
        MoveCards(Y, Count(5, up_to=True), RINGSIDE, ARSENAL, Position.SHUFFLE), hand=True)),
    "Rock Bottom": fx(
        play(Search(Y, (RINGSIDE, ARSENAL), CardFilter(title="The People's Elbow")), Shuffle(Y)),
        rev(subtypes=(GRAPPLE,), cost=(discard(1),)),
    ),
    "The People's Eyebrow": fx(play(
        MoveCards(Y, Count(2), RINGSIDE, HAND), MoveCards(Y, Count(2), RINGSIDE, ARSENAL, Position.SHUFFLE))),
    "The People's Elbow": fx(
        PlayRequirement(InRingArea("Rock Bottom"), as_type=MAN),
        play(ReturnThis(Position.SHUFFLE), Shuffle(Y), draw(2), as_type=ACT),
        NoDamage(),
    ),
    "Kane's Tombstone Piledriver": fx(StatChange(F, -6, After(title="Kane's Chokeslam"))),
    "Hellfire & Brimstone": fx(play(Discard(Y, ALL), Discard(O, ALL, chooser=O), MillTop(O, 5))),
    "Y2J": fx(play(Choice(((draw(5, up_to=True),), (opp_discards(5, up_to=True),))))),
    "Ayatollah of Rock 'n' Roll-a": fx(play(
        LookAt(O, HAND), Modify(Modifier(NOREV, 0, Duration.REST_OF_TURN, arsenal_only=True)))),
    **{title: CardEffect() for title in NO_TEXT},
}

ABILITIES = {
    "STONE COLD STEVE AUSTIN": Ability(
        AbilityTiming.ONCE_PER_TURN, (draw(1), MoveCards(Y, Count(1), HAND, ARSENAL, Position.BOTTOM)), optional=True),
    "THE UNDERTAKER": Ability(
        AbilityTiming.ONCE_PER_TURN, (discard(2), MoveCards(Y, Count(1), RINGSIDE, HAND)), optional=True),
    "MANKIND": Ability(AbilityTiming.PASSIVE, draw_per_turn=2, damage_taken=-1),
    "HHH": Ability(AbilityTiming.NONE),
    "THE ROCK": Ability(
        AbilityTiming.START_OF_TURN, (MoveCards(Y, Count(1), RINGSIDE, ARSENAL, Position.BOTTOM),), optional=True),
    "KANE": Ability(AbilityTiming.START_OF_TURN, (MillTop(O, 1),)),
    "CHRIS JERICHO": Ability(AbilityTiming.ONCE_PER_TURN, (discard(1), opp_discards(1)), optional=True),
}


def test_the_table_covers_every_card_once() -> None:
    assert sorted(EXPECTED) == sorted(c.title for c in load_db().cards)
    assert len(EXPECTED) == 137


@pytest.mark.parametrize("title", sorted(EXPECTED))
def test_card_compiles_to_its_meaning(title: str) -> None:
    assert compiled_db()[title] == EXPECTED[title]


def test_cards_without_text_have_no_effect() -> None:
    for title in NO_TEXT:
        assert load_db().card(title).text == ""
        assert compiled_db()[title].clauses == ()


@pytest.mark.parametrize("name", sorted(ABILITIES))
def test_ability_compiles_to_its_meaning(name: str) -> None:
    assert abilities()[name] == ABILITIES[name]
    assert compile_ability(load_db().superstar(name)) == ABILITIES[name]


def test_the_compiled_database_is_built_once() -> None:
    assert compiled_db() is compiled_db()
    assert len(compiled_db()) == 137


def test_keywords_ignore_case_and_spelling_of_numbers() -> None:
    assert compile_text("DRAW A CARD.", "T") == compile_text("draw 1 card.", "T") == fx(play(draw(1)))
    assert compile_text("Draw up to 5 Cards.", "T") == fx(play(draw(5, up_to=True)))


def test_titles_are_resolved_to_real_titles() -> None:
    effect = compile_text("-6F on this card if played after the card titled Kanes Choke-Slam.", "T")
    assert effect == fx(StatChange(F, -6, After(title="Kane's Chokeslam")))


def test_an_unknown_title_is_a_data_error_naming_the_card() -> None:
    with pytest.raises(CardDataError) as err:
        compile_text("May only reverse the maneuver titled Flying Pig.", "My Card", ("reversal",))
    assert "My Card" in str(err.value) and "Flying Pig" in str(err.value)


def test_a_parse_error_names_card_column_caret_and_expected_words() -> None:
    text = "Draw 2 Carrots."
    with pytest.raises(EffectSyntaxError) as err:
        compile_text(text, "Bad Card")
    message = str(err.value)
    assert "Bad Card" in message and "column 8" in message and "'Carrots'" in message
    lines = message.splitlines()
    assert lines[1] == f"  {text}"
    assert lines[2] == "  " + " " * 7 + "^"
    assert lines[3].startswith("expected: ") and "'+'" in lines[3]


def test_an_unknown_word_is_reported_not_ignored() -> None:
    with pytest.raises(EffectSyntaxError) as err:
        compile_text("Draw 1 card. Draw 2 carrots.", "Bad Card")
    message = str(err.value)
    assert "column 14" in message and "the unknown word 'carrots'" in message


@pytest.mark.parametrize("text, complaint", [
    ("Discard them.", "discard 'them'"),
    ("Take 2 cards from your Ringside pile.", "put nowhere"),
    ("You may either arrange them in any order or shuffle your Arsenal.", "arrange"),
    ("Choose one: draw 2 cards.", "joined by 'or'"),
    ("When successfully played, opponent must discard", "discard"),
])
def test_texts_that_parse_but_say_something_incomplete_are_errors(text: str, complaint: str) -> None:
    with pytest.raises(EffectSyntaxError) as err:
        compile_text(text, "Odd Card")
    assert "Odd Card" in str(err.value) and "does not make sense" in str(err.value) and complaint in str(err.value)


def test_a_text_about_another_card_as_this_card_is_an_error() -> None:
    with pytest.raises(EffectSyntaxError, match="Mr. Socko"):
        compile_text("While Mr. Socko is in your Ring area, all your maneuvers are +1D.", "Chop")


def test_empty_text_compiles_without_parsing() -> None:
    assert compile_text("   ", "Anything") == CardEffect()


def test_an_ability_printed_as_none_is_no_ability() -> None:
    hhh = load_db().superstar("HHH")
    assert hhh.ability.startswith("None,") and compile_ability(hhh) == Ability(AbilityTiming.NONE)


def test_the_grammar_file_is_found() -> None:
    from rawdeal.resources import grammar_path

    assert grammar_path("classic.lark").read_text(encoding="utf-8").startswith("// Raw Deal's card language")


def test_an_installed_copy_of_the_grammar_wins_over_the_checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rawdeal import resources

    (tmp_path / "_grammar").mkdir()
    (tmp_path / "_grammar" / "classic.lark").write_text("// packaged", encoding="utf-8")
    monkeypatch.setattr(resources, "_PACKAGE", tmp_path)
    assert resources.grammar_path("classic.lark") == tmp_path / "_grammar" / "classic.lark"
    assert resources.schema_path("save.schema.json").parent.name == "schemas"  # falls back to the checkout
