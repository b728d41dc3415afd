"""Opening conditions on the game's state ("When your opponent is a Female Superstar, ...", "When your Superstar
Value is less than your opponent's, ...", "if you have fewer cards in your hand than your opponent, you may ..."):
lowered from sentences the pool prints onto stat lines, actions and effects used from a zone, then played."""

from __future__ import annotations

from rawdeal.cards import CardType, Subtype
from rawdeal.cards.marks import name_mark
from rawdeal.cards.pool.load import classic_pool
from rawdeal.effects import model as fx
from rawdeal.effects.classic.lowering import CardFacts, lower
from rawdeal.effects.classic.playable import title_index
from rawdeal.engine import rules as R
from rawdeal.engine import standing
from rawdeal.engine.classic import shipped_classic
from rawdeal.engine.game import Game
from rawdeal.engine.moves import Use
from rawdeal.engine.state import CurrentPlay, GameState, PlayerState
from classickit import ACTION, STRIKE, assert_printed, clauses, compiler, course_with, kinds_of, lowered

PRE_MATCH = frozenset({"pre-match", "event"})
HAND = fx.StarStat.HAND_SIZE
FEMALE_OPPONENT = "When your opponent is a Female Superstar, his Starting Hand Size is -3."
LOWER_VALUE = ("When your Superstar Value is less than your opponent's Superstar Value, your Starting Hand Size is +1 "
               "and the maximum number of Pre-match cards he may have in his Ring area is reduced by 1.")
MIXED = "When your opponent is a Female Superstar, this card is -1F, discard this card and draw 1 card."
MALE_DISCARDS = "When your opponent is a Male Superstar, he discards 3 cards."
FEWER_IN_HAND = ("When this card is in your Ringside pile, during your turn, if you have fewer cards in your hand than "
                 "your opponent, you may remove 1 card in your Ringside pile from the game and then put this card into "
                 "your hand.")
SMALLER = fx.Compared(fx.Measure.SUPERSTAR_VALUE, below=True)


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(FEMALE_OPPONENT, LOWER_VALUE, MIXED, MALE_DISCARDS, FEWER_IN_HAND)


def test_an_opening_condition_on_stat_lines_holds_them_only_while_it_does() -> None:
    female = fx.SuperstarIs(fx.Who.OPPONENT, "female")
    assert clauses(FEMALE_OPPONENT, PRE_MATCH) == (fx.SuperstarStat(HAND, -3, fx.Who.OPPONENT, female),)
    assert clauses(LOWER_VALUE, PRE_MATCH) == (
        fx.SuperstarStat(HAND, 1, fx.Who.YOU, SMALLER),
        fx.RingRoom((fx.RingKind.PRE_MATCH,), -1, fx.Who.OPPONENT, SMALLER))


def test_a_superstar_value_line_under_a_superstar_value_condition_is_reported() -> None:
    result = lowered("When your Superstar Value is less than your opponent's Superstar Value, your Superstar Value "
                     "is +2.", PRE_MATCH)  # it would ask itself: printed on no card, and not run
    assert result.effect is None


def test_a_hand_size_line_reads_the_superstar_values_it_compares() -> None:
    cat = course_with({"Kick": fx.CardEffect(clauses(LOWER_VALUE, PRE_MATCH))})
    for mine, theirs, bigger in (("KANE", "THE ROCK", True), ("THE ROCK", "KANE", False)):
        s = GameState(players=[PlayerState(mine, [], ring=[cat.id("Kick")]), PlayerState(theirs, [])], tasks=[])
        printed = cat.superstar(mine).hand_size
        assert standing.hand_size(cat, s, 0) == printed + (1 if bigger else 0)
        assert standing.ring_room(cat, s, 1, fx.RingKind.PRE_MATCH) == (4 if bigger else 5)


def test_actions_under_a_condition_on_the_opponent_are_guarded() -> None:
    on_play = clauses(MALE_DISCARDS, ACTION)[0]
    assert isinstance(on_play, fx.OnPlay)
    assert on_play.actions == (fx.OnlyIf(fx.SuperstarIs(fx.Who.OPPONENT, "male"),
                                         (fx.Discard(fx.Who.OPPONENT, fx.Count(3), chooser=fx.Who.OPPONENT),)),)
    made = clauses(MIXED, ACTION)  # the card's own F and the actions, each under the condition
    female = fx.SuperstarIs(fx.Who.OPPONENT, "female")
    assert any(getattr(c, "condition", None) == female for c in made if not isinstance(c, fx.OnPlay))
    (on_play,) = [c for c in made if isinstance(c, fx.OnPlay)]
    assert on_play.actions == (fx.OnlyIf(female, (fx.DiscardThis(), fx.Draw(fx.Who.YOU))),)


def _classic_game(mine: dict[str, list[str]], theirs: dict[str, list[str]]) -> Game:
    cat = shipped_classic().catalog
    ids = {zone: [cat.id(t) for t in titles] for zone, titles in mine.items()}
    other = {zone: [cat.id(t) for t in titles] for zone, titles in theirs.items()}
    arsenal = [i.id for i in cat.infos if not i.effect.clauses and not i.card.traits][:10]
    s = GameState(players=[PlayerState("Triple H", arsenal[:], **ids), PlayerState("The Rock", arsenal[:], **other)],
                  constructed=True, tasks=[])
    game = Game(s, cat)
    game.resume()
    return game


def test_an_effect_used_from_the_ringside_pile_only_while_its_condition_holds() -> None:
    (used,) = clauses(FEWER_IN_HAND, ACTION)
    assert isinstance(used, fx.Activated) and used.condition == fx.Compared(fx.Measure.HAND, below=True)
    card = "I Can't Be Reading This Right..."
    filler = ["Kidney Punch", "Arm Stretch"]

    def uses(mine: int, theirs: int) -> list[str]:
        game = _classic_game({"hand": filler[:mine], "ringside": [card, "Dynamic Hook"]}, {"hand": filler[:theirs]})
        d = game.decision()
        assert d is not None
        return [str(m) for m in d.moves if isinstance(m, Use)]

    assert uses(1, 2) == [f'use "{card}"']
    assert uses(2, 2) == [] and uses(2, 1) == []



PLAYED_BY_NAMES = "Cannot be reversed if played by Jeff Hardy or Rob Van Dam."
SUCCESS_BY = "When successfully played by The Rock, you may draw 1 card."
COST_BY = "If played by Tazz, this maneuver is - 1F."
NOT_AGAINST = "Cannot be played if your opponent is Triple H or The Game."
HE_IS = "When he is Stone Cold Steve Austin, you may also look at his hand."
UNKNOWN_NAME = ("Can only be played if your opponent is Steve Austin, Triple H, Kane, Mankind / Cactus Jack, or Ric "
                "Flair.")


def _is(who: fx.Who, *names: str) -> fx.Condition:
    found = [fx.SuperstarIs(who, name_mark(n)) for n in names]
    return found[0] if len(found) == 1 else fx.AnyOf(tuple(found))


def test_names_printed_in_the_pool() -> None:
    assert_printed(PLAYED_BY_NAMES, SUCCESS_BY, COST_BY, NOT_AGAINST, HE_IS, UNKNOWN_NAME)


def test_played_by_a_superstar_is_a_condition_on_the_players_own_superstar() -> None:
    assert clauses(PLAYED_BY_NAMES, STRIKE) == (fx.Irreversible(condition=_is(fx.Who.YOU, "Jeff Hardy", "Rob Van Dam")),)
    assert clauses(SUCCESS_BY, STRIKE) == (fx.OnPlay((fx.OnlyIf(_is(fx.Who.YOU, "The Rock"), (
        fx.Draw(fx.Who.YOU, fx.Count(1, up_to=True)),)),)),)
    (cost,) = clauses(COST_BY, STRIKE)  # "if played by X, this maneuver is -1F": the card's own F, only for X
    assert isinstance(cost, fx.StatChange) and cost.amount == -1 and cost.condition == _is(fx.Who.YOU, "Tazz")


def test_your_opponent_is_a_superstar_by_name() -> None:
    assert clauses(NOT_AGAINST, STRIKE) == (fx.PlayRequirement(fx.Not(_is(fx.Who.OPPONENT, "Triple H", "The Game"))),)
    (on_play,) = clauses("When successfully played, your opponent discards 1 card. " + HE_IS, STRIKE)
    assert isinstance(on_play, fx.OnPlay) and on_play.actions[1] == fx.OnlyIf(
        _is(fx.Who.OPPONENT, "Stone Cold Steve Austin"), (fx.Optional((fx.LookAt(fx.Who.OPPONENT, fx.Zone.HAND),)),))


def test_a_name_no_card_of_the_pool_bears_is_reported_not_left_never_holding() -> None:
    known = title_index(classic_pool())
    starts = [s.start for s in compiler().lexicon.sentences(UNKNOWN_NAME)]
    result = lower(compiler().compile(UNKNOWN_NAME), CardFacts(ACTION, kinds_of(), "", known), starts)
    assert result.effect is None and "steve-austin" in result.unlowered[0].reason
    assert lower(compiler().compile(NOT_AGAINST), CardFacts(ACTION, kinds_of(), "", known)).effect is not None


def test_a_classic_superstar_is_known_by_his_title_and_logo() -> None:
    cat = shipped_classic().catalog
    s = GameState(players=[PlayerState("Triple H", []), PlayerState("The Rock", [])], tasks=[])
    assert R.holds(cat, s, 0, _is(fx.Who.YOU, "Triple H"), 0, None)
    assert R.holds(cat, s, 0, _is(fx.Who.OPPONENT, "Rock"), 0, None)  # "The" or not, one name
    assert not R.holds(cat, s, 1, fx.Not(_is(fx.Who.OPPONENT, "Triple H", "The Game")), 0, None)
    assert R.holds(cat, s, 0, fx.Not(_is(fx.Who.OPPONENT, "Triple H", "The Game")), 0, None)


OR_LESS = "Can only be played when your Fortitude Rating is equal to or less than your opponent's Fortitude Rating."
AT_LEAST_MORE = ("Can only be played if your opponent's Fortitude Rating is at least 10F greater than your Fortitude "
                 "Rating.")
AT_MOST = "When your Fortitude Rating is 7F or less, this card is -8F and -8D."
VALUE_AT_MOST = "Can only be played if your opponent has a Superstar Value of 2 or less."
EXACT = "Can only be played if your Superstar Value is 3 or greater."
FEW_IN_ARSENAL = "Can only be played if you have 10 or fewer cards in your Arsenal."
MID_CONDITION = ("When this card is in your Ring area, if your Fortitude Rating is less than your opponent's Fortitude "
                 "Rating, during your turn you may put this card into your Ringside pile and then put up to 2 cards "
                 "from your Ringside pile into your hand")
FORTITUDE = fx.Measure.FORTITUDE


def test_measures_printed_in_the_pool() -> None:
    assert_printed(OR_LESS, AT_LEAST_MORE, AT_MOST, VALUE_AT_MOST, EXACT, MID_CONDITION, BOTH)


def _requirement(text: str) -> fx.Condition:
    (req,) = clauses(text, STRIKE)
    assert isinstance(req, fx.PlayRequirement)
    return req.condition


def test_fortitude_ratings_compared_with_equality_or_a_margin() -> None:
    assert _requirement(OR_LESS) == fx.Compared(FORTITUDE, below=True, or_equal=True)
    assert _requirement(AT_LEAST_MORE) == fx.Compared(FORTITUDE, below=True, by=10)  # his greater: yours less


def test_a_measure_within_bounds() -> None:
    assert _requirement(EXACT) == fx.Measured(fx.Who.YOU, fx.Measure.SUPERSTAR_VALUE, 3, None)
    (cost, damage) = clauses(AT_MOST, STRIKE)
    assert isinstance(cost, fx.StatChange) and cost.condition == fx.Measured(fx.Who.YOU, FORTITUDE, None, 7)
    assert isinstance(damage, fx.StatChange) and damage.condition == cost.condition
    assert _requirement(VALUE_AT_MOST) == fx.Measured(fx.Who.OPPONENT, fx.Measure.SUPERSTAR_VALUE, None, 2)


def test_few_cards_in_a_zone_is_an_upper_bound() -> None:
    result = lowered(FEW_IN_ARSENAL, STRIKE)  # printed on no card in this form: the bound of "N or fewer"
    assert result.effect is not None
    (req,) = result.effect.clauses
    assert isinstance(req, fx.PlayRequirement) and req.condition == fx.HasCards(fx.Who.YOU, fx.Zone.ARSENAL, at_least=0,
                                                                                at_most=10)


def test_a_condition_between_the_openings_says_when_the_effect_may_be_used() -> None:
    (used,) = clauses(MID_CONDITION, PRE_MATCH)
    assert isinstance(used, fx.Activated) and used.condition == fx.FortitudeBelowOpponent()


def test_the_engine_reads_margins_bounds_and_zone_sizes() -> None:
    cat = course_with({})
    kick, punch = cat.id("Kick"), cat.id("Punch")  # 3D and 2D (printed damage is the Fortitude they add)
    s = GameState(players=[PlayerState("KANE", [punch] * 10, ring=[punch]), PlayerState("THE ROCK", [], ring=[kick] * 4)],
                  tasks=[])
    mine, theirs = R.fortitude(cat, s, 0), R.fortitude(cat, s, 1)
    assert theirs - mine >= 10

    def holds(cond: fx.Condition, p: int = 0) -> bool:
        return R.holds(cat, s, p, cond, 0, None)

    assert holds(fx.Compared(FORTITUDE, below=True, by=10)) and not holds(fx.Compared(FORTITUDE, below=True, by=theirs - mine + 1))
    assert holds(fx.Compared(FORTITUDE, below=False, by=10), 1) and not holds(fx.Compared(FORTITUDE, below=False), 0)
    assert holds(fx.Measured(fx.Who.YOU, FORTITUDE, None, mine)) and not holds(fx.Measured(fx.Who.YOU, FORTITUDE, mine + 1))
    assert holds(fx.Measured(fx.Who.OPPONENT, FORTITUDE, theirs, theirs))
    assert holds(fx.HasCards(fx.Who.YOU, fx.Zone.ARSENAL, at_least=0, at_most=10))
    assert not holds(fx.HasCards(fx.Who.YOU, fx.Zone.ARSENAL, at_least=0, at_most=9))
    s.players[1].ring[:] = [punch]  # equal ratings: "equal to or less" holds, "less" does not
    assert holds(fx.Compared(FORTITUDE, below=True, or_equal=True)) and not holds(fx.Compared(FORTITUDE, below=True))


BOTH = ("When your Fortitude Rating is 0 and your opponent's Fortitude Rating is 10 or more, this card is -6F and can "
        "only be reversed from his Arsenal.")


def test_conditions_joined_by_and_must_all_hold() -> None:
    (cost, irreversible) = clauses(BOTH, STRIKE)
    both = fx.AllOf((fx.Measured(fx.Who.YOU, FORTITUDE, 0, 0), fx.Measured(fx.Who.OPPONENT, FORTITUDE, 10, None)))
    assert isinstance(cost, fx.StatChange) and cost.amount == -6 and cost.condition == both
    assert isinstance(irreversible, fx.Irreversible) and irreversible.condition == both
    cat = course_with({})
    s = GameState(players=[PlayerState("KANE", []), PlayerState("THE ROCK", [], ring=[cat.id("Powerbomb")])], tasks=[])
    assert R.holds(cat, s, 0, both, 0, None)  # 0 against 12
    s.players[0].ring.append(cat.id("Punch"))
    assert not R.holds(cat, s, 0, both, 0, None)


PER_HEAT = "This card is +1D for every Heat card in your Ring area."
PER_WORD = "This card is +1D for every card in your Ring area with the word 'cross' in the title."


def test_an_amount_per_card_counted_in_a_zone() -> None:
    assert_printed(PER_HEAT, PER_WORD)
    (heat,) = clauses(PER_HEAT, STRIKE)
    assert heat == fx.StatChange(fx.Stat.DAMAGE, 1, per=fx.CountOf(fx.Who.YOU, fx.Zone.RING, fx.CardFilter(marks=("heat",))))
    (cross,) = clauses(PER_WORD, STRIKE)
    assert isinstance(cross, fx.StatChange) and cross.per == fx.CountOf(
        fx.Who.YOU, fx.Zone.RING, fx.CardFilter(title_word="cross"))
    per_strike = fx.StatChange(fx.Stat.DAMAGE, 2, per=fx.CountOf(fx.Who.YOU, fx.Zone.RING, fx.CardFilter(
        types=(CardType.MANEUVER,), subtype=Subtype.STRIKE)))
    cat = course_with({"Haymaker": fx.CardEffect((per_strike,))})
    ring = [cat.id(t) for t in ("Punch", "Kick", "Arm Drag")]  # two Strike maneuvers and a Grapple
    s = GameState(players=[PlayerState("HHH", [], ring=ring), PlayerState("THE ROCK", [])], tasks=[])
    play = CurrentPlay(0, cat.id("Haymaker"), CardType.MANEUVER)
    assert R.base_damage(cat, s, play, 1) == cat.damages[play.card] + 4  # +2D for each Strike there
