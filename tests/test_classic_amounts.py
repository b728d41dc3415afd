"""Amounts that are counted, not printed: "This card is +#F, where # is equal to your Superstar Value", "Your next card
played this turn is -#F, where # is equal to your opponent's Fortitude Rating", "draw 2 cards for each card
discarded". Lowered from sentences the pool prints, then played."""

from __future__ import annotations

from dataclasses import replace

from rawdeal.cards import CardType, Subtype
from rawdeal.effects import model as fx
from rawdeal.engine import rules as R
from rawdeal.engine import standing
from rawdeal.engine import tasks as T
from rawdeal.engine.cardinfo import _info
from rawdeal.engine.classic import shipped_classic
from rawdeal.engine.game import Game
from rawdeal.engine.state import CurrentPlay, GameState, PlayerState
from classickit import ACTION, REVERSAL, STRIKE, assert_printed, clauses, course_with, lowered, play_unreversed

SELF_VALUE = "This card is +#F, where # is equal to your Superstar Value."
SELF_HAND = "This card is +#F, where # is equal to the number of cards in your hand. Draw up to # cards."
SELF_RATING = "This card is +#D, where # is equal to your Fortitude Rating."
NEXT_VALUE = ("Shuffle up to 2 cards from your Ringside pile into your Arsenal. Your next card played this turn is -#F, "
              "where # is equal to your Superstar Value.")
NEXT_RATING = "Your next card played this turn is -#F, where # is equal to your opponent's Fortitude Rating."
PUSH_UPS = "Discard up to 4 cards and then draw 2 cards for each card discarded."
ORLANDO = ("You may discard any number of cards and then shuffle up to 2 cards from your Ringside pile into your "
           "Arsenal for each card discarded.")
YOU, OPPONENT, F = fx.Who.YOU, fx.Who.OPPONENT, fx.Stat.FORTITUDE


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(SELF_VALUE, SELF_HAND, SELF_RATING, NEXT_VALUE, NEXT_RATING, PUSH_UPS, ORLANDO)


def test_this_cards_amount_is_one_point_per_what_hash_counts() -> None:
    assert clauses(SELF_VALUE) == (fx.StatChange(F, 1, per=fx.CountOf(YOU, None)),)
    assert clauses(SELF_RATING, STRIKE) == (
        fx.StatChange(fx.Stat.DAMAGE, 1, per=fx.CountOf(YOU, None, measure=fx.Measure.FORTITUDE)),)


def test_a_hash_said_in_an_earlier_sentence_only_is_reported_not_guessed() -> None:
    result = lowered(SELF_HAND)
    assert result.effect is None
    assert [u.reason for u in result.unlowered] == ["the quantity '#' (never said what it is equal to)"]


def test_the_next_cards_amount_is_worked_out_when_the_card_is_played() -> None:
    (on_play,) = clauses(NEXT_RATING)
    assert on_play == fx.OnPlay((fx.Modify(fx.Modifier(F, -1, fx.Duration.NEXT_CARD, card_type=None),
                                           per=fx.CountOf(OPPONENT, None, measure=fx.Measure.FORTITUDE)),))
    (on_play,) = clauses(NEXT_VALUE)
    assert isinstance(on_play, fx.OnPlay) and on_play.actions[-1].per == fx.CountOf(YOU, None)  # type: ignore[union-attr]


def _state(cat: object, hand: list[int], ring: list[int], their_ring: list[int]) -> GameState:
    haymaker = cat.id("Haymaker")  # type: ignore[attr-defined]
    return GameState(players=[PlayerState("HHH", [haymaker] * 10, hand=hand, ring=ring),
                              PlayerState("THE ROCK", [haymaker] * 40, ring=their_ring)], tasks=[], constructed=True)


def test_this_card_costs_more_by_the_superstar_value_and_hits_harder_by_the_fortitude() -> None:
    cat = course_with({"Punch": fx.CardEffect(clauses(SELF_VALUE, STRIKE)),
                       "Kick": fx.CardEffect(clauses(SELF_RATING, STRIKE))})
    punch, kick, body_slam = cat.id("Punch"), cat.id("Kick"), cat.id("Body Slam")
    s = _state(cat, [punch, kick], [body_slam], [])
    value = standing.superstar_value(cat, s, 0)
    assert value > 0
    assert R.play_cost(cat, s, 0, punch, CardType.MANEUVER) == cat.infos[punch].card.fortitude + value
    cheap = _state(cat, [punch, kick], [], [])
    assert R.play_cost(cat, cheap, 0, kick, CardType.MANEUVER) == cat.infos[kick].card.fortitude
    game = play_unreversed(cat, s, 'play "Kick"')
    rating = R.fortitude(cat, game.s, 0)  # when the damage is dealt: the Body Slam's and the Kick's D
    assert rating == cat.damages[body_slam] + cat.damages[kick]
    assert len(game.s.players[1].ringside) == cat.damages[kick] + rating


def test_the_next_card_is_cheaper_by_the_opponents_fortitude_when_this_card_was_played() -> None:
    (on_play,) = clauses(NEXT_RATING)
    assert isinstance(on_play, fx.OnPlay)
    cat = course_with({})
    body_slam, haymaker, chop = cat.id("Body Slam"), cat.id("Haymaker"), cat.id("Chop")
    s = _state(cat, [haymaker], [], [body_slam, body_slam])
    game = Game(s, cat)
    game.s.tasks.append(T.Act(0, on_play.actions[0], chop))
    game.resume()
    rating = R.fortitude(cat, s, 1)
    assert rating == 2 * cat.damages[body_slam]
    assert R.play_cost(cat, game.s, 0, haymaker, CardType.MANEUVER) == max(0, cat.infos[haymaker].card.fortitude - rating)
    game.s.players[1].ring.clear()  # the amount was fixed when the card was played
    assert R.play_cost(cat, game.s, 0, haymaker, CardType.MANEUVER) == max(0, cat.infos[haymaker].card.fortitude - rating)


def test_two_cards_are_drawn_for_each_card_discarded() -> None:
    (on_play,) = clauses(PUSH_UPS)
    assert on_play == fx.OnPlay((fx.Discard(YOU, fx.Count(4, up_to=True)),
                                 fx.Draw(YOU, fx.Count(1, same=True, times=2))))
    (on_play,) = clauses(ORLANDO)
    assert isinstance(on_play, fx.OnPlay)
    assert on_play.actions[-1] == fx.MoveCards(YOU, fx.Count(1, up_to=True, same=True, times=2), fx.Zone.RINGSIDE,
                                               fx.Zone.ARSENAL, fx.Position.SHUFFLE)
    cat = course_with({"Punch": fx.CardEffect(clauses(PUSH_UPS, ACTION))})
    haymaker = cat.id("Haymaker")
    for discarded in (0, 1, 3):
        s = _state(cat, [cat.id("Punch")] + [haymaker] * 3, [], [])
        game = play_unreversed(cat, s, 'play "Punch"')
        while (d := game.decision()) is not None and d.player == 0 and game.s.tasks:
            counted = [m for m in d.moves if str(m) == f"discard {discarded}"]
            game.apply(counted[0] if counted else d.moves[0])
        assert len(s.players[0].hand) == 3 - discarded + 2 * discarded


def test_a_count_per_card_discarded_needs_a_discard_before_it() -> None:
    result = lowered("Draw 2 cards for each card discarded.")
    assert result.effect is None and "after no action that did so" in result.unlowered[0].reason


LEG_DRAG = "As a reversal, reverse any Strike maneuver of 6D or greater and end your opponent's turn."


def test_a_reversal_of_maneuvers_of_at_least_some_damage_reverses_only_those() -> None:
    assert_printed(LEG_DRAG)
    reverses = clauses(LEG_DRAG, REVERSAL)[0]
    assert isinstance(reverses, fx.Reverses)
    assert reverses.target == fx.Target(subtypes=(Subtype.STRIKE,), min_damage=6)
    cat = course_with({"Step Aside": fx.CardEffect(clauses(LEG_DRAG, REVERSAL))})
    s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [], hand=[cat.id("Step Aside")])])
    punch = CurrentPlay(0, cat.id("Punch"), CardType.MANEUVER)
    assert R.reverses(cat, s, cat.id("Step Aside"), punch, 6, True)
    assert R.reverses(cat, s, cat.id("Step Aside"), punch, 7, False)
    assert not R.reverses(cat, s, cat.id("Step Aside"), punch, 5, True)  # the damage it would deal, not printed


ROLL_UP = "When successfully played, if you have 5 or more cards in your hand than your opponent, you win the game via Pinfall victory."


def test_a_hand_of_at_least_so_many_more_cards_than_the_opponents() -> None:
    assert_printed(ROLL_UP)
    (on_play,) = clauses(ROLL_UP, STRIKE)
    more = fx.Compared(fx.Measure.HAND, below=False, by=5)
    assert on_play == fx.OnPlay((fx.OnlyIf(more, (fx.WinGame("pinfall"),)),))
    cat = course_with({})
    punch = cat.id("Punch")
    for mine, his, holds in ((7, 2, True), (6, 2, False), (9, 0, True), (2, 7, False)):
        s = GameState(players=[PlayerState("HHH", [], hand=[punch] * mine), PlayerState("THE ROCK", [], hand=[punch] * his)])
        assert R.holds(cat, s, 0, more, punch, None) is holds


FOREIGN = "When this card is in your Ring area, your Foreign Object cards are -4F."
FREAKS = ("When this card is in your Ring area, your non-unique Maneuver cards are -#F, where # is equal to your "
          "Superstar Value.")


def test_a_groups_amount_reads_keywords_as_marks_and_a_hash_per_what_it_counts() -> None:
    assert_printed(FOREIGN, FREAKS)
    ring = fx.Duration.WHILE_IN_RING
    assert clauses(FOREIGN) == (fx.WhileInRing(fx.Modifier(F, -4, ring, card_type=None, marks=("foreign-object",))),)
    assert clauses(FREAKS) == (fx.WhileInRing(fx.Modifier(F, -1, ring, not_marks=("unique",), per=fx.CountOf(YOU, None))),)


def test_the_cards_in_the_ring_area_make_the_groups_cards_cheaper() -> None:
    cat = shipped_classic().catalog
    holders = [i for i in cat.infos if i.card.types == (CardType.ACTION,)][:2]
    effects = {holders[0].id: clauses(FOREIGN), holders[1].id: clauses(FREAKS)}
    cat = replace(cat, infos=tuple(_info(i.id, i.card, fx.CardEffect(effects[i.id])) if i.id in effects else i
                                   for i in cat.infos))
    maneuvers = [i for i in cat.infos if i.card.types == (CardType.MANEUVER,) and i.card.fortitude >= 10]
    foreign = next(i.id for i in maneuvers if "foreign-object" in i.card.marks and "unique" not in i.card.marks)
    plain = next(i.id for i in maneuvers if "foreign-object" not in i.card.marks and "unique" not in i.card.marks)
    unique = next(i.id for i in maneuvers if "unique" in i.card.marks)
    printed = {c: cat.infos[c].card.fortitude for c in (foreign, plain, unique)}
    star = cat.db.superstars[0].name
    s = GameState(players=[PlayerState(star, [], ring=[holders[0].id]), PlayerState(star, [])], tasks=[])
    assert R.play_cost(cat, s, 0, foreign, CardType.MANEUVER) == printed[foreign] - 4  # a Foreign Object card
    assert R.play_cost(cat, s, 0, plain, CardType.MANEUVER) == printed[plain]
    s = GameState(players=[PlayerState(star, [], ring=[holders[1].id]), PlayerState(star, [])], tasks=[])
    value = standing.superstar_value(cat, s, 0)
    assert value > 0
    assert R.play_cost(cat, s, 0, plain, CardType.MANEUVER) == max(0, printed[plain] - value)
    assert R.play_cost(cat, s, 0, unique, CardType.MANEUVER) == printed[unique]  # a Unique maneuver


LEGS = ("Shuffle up to # cards from your Ringside pile into your Arsenal and your maneuvers are +#D for the rest of the "
        "turn, where # is equal to the number of cards in your Ring area with the Raw logo.")


def test_a_groups_hash_amount_for_a_said_lifetime_is_worked_out_when_the_card_is_played() -> None:
    assert_printed(LEGS)
    (on_play,) = clauses(LEGS)
    raw = fx.CountOf(YOU, fx.Zone.RING, fx.CardFilter(marks=("logo:raw",)))
    assert isinstance(on_play, fx.OnPlay)
    shuffle, bonus = on_play.actions
    assert isinstance(shuffle, fx.MoveCards) and shuffle.count == fx.Count(0, up_to=True, of=raw)
    assert bonus == fx.Modify(fx.Modifier(fx.Stat.DAMAGE, 1, fx.Duration.REST_OF_TURN), per=raw)


PIN = ("When successfully played, if your Fortitude Rating is at least 20F greater than your opponent's Fortitude Rating, "
       "or if the Stun Value in your Ring area is at least 5 greater than the Stun Value in your opponent's Ring area, "
       "you win the game via Pinfall victory.")


def test_either_opening_condition_and_the_stun_value_in_a_ring_area() -> None:
    assert_printed(PIN)
    fortitude = fx.Compared(fx.Measure.FORTITUDE, below=False, by=20)
    stun = fx.Compared(fx.Measure.STUN, below=False, by=5)
    (on_play,) = clauses(PIN, STRIKE)
    assert on_play == fx.OnPlay((fx.OnlyIf(fx.AnyOf((fortitude, stun)), (fx.WinGame("pinfall"),)),))
    cat = course_with({})
    punch, chair = cat.id("Punch"), cat.id("Chair Shot")
    stuns, damage = cat.infos[chair].card.stun_value, cat.damages[chair]
    assert stuns == 1 and damage == 10

    def state(mine: list[int], his: list[int]) -> GameState:
        return GameState(players=[PlayerState("HHH", [], ring=mine), PlayerState("THE ROCK", [], ring=his)])

    assert R.holds(cat, state([chair] * 5, []), 0, stun, punch, None)
    assert not R.holds(cat, state([chair] * 5, [chair]), 0, stun, punch, None)
    assert R.holds(cat, state([chair] * 3, [chair]), 0, fortitude, punch, None)  # 30 against 10
    assert not R.holds(cat, state([chair] * 3, [chair] * 2), 0, fx.AnyOf((fortitude, stun)), punch, None)


TWICE = ("Shuffle up to # cards from your Ringside pile into your Arsenal, where # is equal to twice your opponent's "
         "Superstar Value.")
HALF = "Your opponent discards # cards, where # is equal to half the number of cards in his hand, rounded up."


def test_twice_and_half_rounded_up_scale_what_hash_counts() -> None:
    assert_printed(TWICE, HALF)
    (on_play,) = clauses(TWICE)
    assert isinstance(on_play, fx.OnPlay) and isinstance(on_play.actions[0], fx.MoveCards)
    assert on_play.actions[0].count == fx.Count(0, up_to=True, of=fx.CountOf(OPPONENT, None, scale=(2, 1)))
    (on_play,) = clauses(HALF)
    half = fx.CountOf(OPPONENT, fx.Zone.HAND, scale=(1, 2))
    assert on_play == fx.OnPlay((fx.Discard(OPPONENT, fx.Count(0, of=half), chooser=OPPONENT),))
    cat = course_with({"Punch": fx.CardEffect(clauses(HALF, STRIKE))})
    haymaker = cat.id("Haymaker")
    for held, left in ((5, 2), (4, 2), (1, 0), (0, 0)):
        s = GameState(players=[PlayerState("HHH", [haymaker] * 10, hand=[cat.id("Punch")]),
                               PlayerState("THE ROCK", [haymaker] * 40, hand=[haymaker] * held)], tasks=[])
        game = play_unreversed(cat, s, 'play "Punch"')
        assert len(game.s.players[1].hand) == left


EIGHT = ("When this card is in your Ring area, before your Draw Segment, if your opponent has 8 or more cards in his "
         "hand, he discards 2 cards.")
MORE_THAN = ("If your opponent has more than 7 cards in his hand, he discards # cards, where # is equal to the number of "
             "cards in his hand greater than 7.")


def test_an_opening_on_how_many_cards_he_holds_is_a_condition_not_cards_a_pronoun_stands_for() -> None:
    assert_printed(EIGHT, MORE_THAN)
    (trigger,) = clauses(EIGHT)
    assert isinstance(trigger, fx.Triggered) and trigger.trigger is fx.Trigger.START_OF_TURN
    assert trigger.actions == (fx.OnlyIf(fx.HasCards(OPPONENT, fx.Zone.HAND, at_least=8),
                                         (fx.Discard(OPPONENT, fx.Count(2), chooser=OPPONENT),)),)
    (on_play,) = clauses(MORE_THAN)
    assert isinstance(on_play, fx.OnPlay) and isinstance(on_play.actions[0], fx.OnlyIf)
    assert on_play.actions[0].condition == fx.HasCards(OPPONENT, fx.Zone.HAND, at_least=8)


PLUS = ("Your opponent overturns cards equal to his Superstar Value plus the number of Action and Maneuver cards in his "
        "Ring area.")


def test_a_measure_plus_a_count_of_cards() -> None:
    assert_printed(PLUS)
    (on_play,) = clauses(PLUS)
    kinds = fx.CardFilter(types=(CardType.ACTION, CardType.MANEUVER))
    counted = fx.CountOf(OPPONENT, None, also=fx.CountOf(OPPONENT, fx.Zone.RING, kinds))
    assert on_play == fx.OnPlay((fx.MillTop(OPPONENT, count=fx.Count(0, of=counted)),))
    cat = course_with({})
    body_slam = cat.id("Body Slam")
    for in_ring in (0, 2):
        s = _state(cat, [], [], [body_slam] * in_ring)
        game = Game(s, cat)
        game.s.tasks.append(T.Act(0, on_play.actions[0], cat.id("Chop")))
        game.resume()
        assert len(game.s.players[1].ringside) == standing.superstar_value(cat, s, 1) + in_ring


TOUGH = ("When this card is in your Ring area, if your Fortitude Rating is less than your opponent's Fortitude Rating, "
         "his Maneuver cards are +13F.")
LOW_BLOW = "When this card is in your Ring area, your opponent's cards titled Dirty Low Blow are +2D."


def test_amounts_of_the_other_players_cards_while_a_condition_holds() -> None:
    assert_printed(TOUGH, LOW_BLOW)
    ring = fx.Duration.WHILE_IN_RING
    assert clauses(TOUGH) == (fx.WhileInRing(fx.Modifier(F, 13, ring, opponents=True,
                                                         condition=fx.FortitudeBelowOpponent())),)
    assert clauses(LOW_BLOW) == (fx.WhileInRing(fx.Modifier(fx.Stat.DAMAGE, 2, ring, title="Dirty Low Blow",
                                                            opponents=True)),)
    cat = course_with({"Jockeying for Position": fx.CardEffect(clauses(TOUGH))})
    tough, body_slam, haymaker = cat.id("Jockeying for Position"), cat.id("Body Slam"), cat.id("Haymaker")
    printed = cat.infos[haymaker].card.fortitude

    def cost(mine: list[int], his: list[int], payer: int) -> int:
        s = GameState(players=[PlayerState("HHH", [], ring=mine), PlayerState("THE ROCK", [], ring=his)], tasks=[])
        return R.play_cost(cat, s, payer, haymaker, CardType.MANEUVER)

    assert cost([tough], [body_slam], 1) == printed + 13  # HHH's F is lower: The Rock's maneuvers cost more
    assert cost([tough], [body_slam], 0) == printed  # never HHH's own
    assert cost([tough, body_slam, body_slam], [body_slam], 1) == printed  # no longer lower


def test_the_other_players_cards_of_a_title_hit_harder_only_his() -> None:
    (low_blow,) = clauses(LOW_BLOW)
    assert isinstance(low_blow, fx.WhileInRing)
    on_haymakers = fx.WhileInRing(replace(low_blow.modifier, title="Haymaker"))  # a title the course holds
    cat = course_with({"Jockeying for Position": fx.CardEffect((on_haymakers,))})
    holder, haymaker = cat.id("Jockeying for Position"), cat.id("Haymaker")
    s = GameState(players=[PlayerState("HHH", [], ring=[holder]), PlayerState("THE ROCK", [])], tasks=[])
    printed = cat.damages[haymaker]
    assert R.base_damage(cat, s, CurrentPlay(1, haymaker, CardType.MANEUVER), 0) == printed + 2
    assert R.base_damage(cat, s, CurrentPlay(0, haymaker, CardType.MANEUVER), 1) == printed


def test_a_sum_printed_on_no_card_lowers_the_same_way() -> None:
    (on_play,) = clauses("Draw cards equal to your Superstar Value plus the number of Strike maneuvers in your Ring area.")
    strikes = fx.CountOf(YOU, fx.Zone.RING, fx.CardFilter(subtype=Subtype.STRIKE))
    assert on_play == fx.OnPlay((fx.Draw(YOU, fx.Count(0, of=fx.CountOf(YOU, None, also=strikes))),))
