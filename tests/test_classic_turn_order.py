"""The order of plays in a turn: "Your opponent cannot play the card titled Over Sell Maneuver immediately after you
play this card", "You cannot play the card titled Maintain Hold immediately after this card", "reverse any card
played after a Set-up card", "reverse any card if it is not the first (or second) card played this turn". Lowered
from sentences the pool prints, then played."""

from __future__ import annotations

from rawdeal.cards import CardType
from rawdeal.effects import model as fx
from rawdeal.engine import rules as R
from rawdeal.engine.cardinfo import Catalog
from rawdeal.engine.classic import shipped_classic
from rawdeal.engine import tasks as T
from rawdeal.engine.game import Game
from rawdeal.engine.moves import parse_move
from rawdeal.engine.state import CurrentPlay, GameState, LastPlay, PlayerState
from rawdeal.io.save import dumps, loads
from classickit import ACTION, REVERSAL, STRIKE, assert_printed, clauses, course_with, lowered

OVER_SELL = "Your opponent cannot play the card titled Over Sell Maneuver immediately after you play this card."
OVER_SELL_THIS = "Your opponent cannot play the card titled Over Sell Maneuver immediately after this card."
NO_HOLD = "You cannot play the card titled Maintain Hold immediately after this card."
NO_HOLD_OR = "You cannot play the card titled Maintain Hold or Apply Illegal Leverage immediately after this card."
AFTER_SET_UP = "As a reversal, reverse any card played after a Set-up card and end your opponent's turn."
PLAY_AFTER_SET_UP = "As a maneuver, can only be played after a Set-up card."
NOT_FIRST = "Reverse any card if it is not the first card played this turn and end your opponent's turn."
NOT_FIRST_MANEUVER = ("Reverse any Strike, Grapple, or Submission maneuver if it is not the first maneuver played this "
                      "turn and end your opponent's turn.")
NOT_FIRST_ACTION = ("Reverse any Action card if it is not the first Action card played this turn and end your "
                    "opponent's turn.")
NOT_SECOND = ("Reverse any card if it is not the first or second card played this turn and end your opponent's "
              "turn.")
HYBRID = frozenset({"maneuver", "strike", "reversal", "special"})


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(OVER_SELL, OVER_SELL_THIS, NO_HOLD, NO_HOLD_OR, AFTER_SET_UP, PLAY_AFTER_SET_UP, NOT_FIRST,
                   NOT_FIRST_MANEUVER, NOT_FIRST_ACTION, NOT_SECOND)


def test_the_opponents_card_right_after_this_one_is_his_reversal_to_it() -> None:
    assert clauses(OVER_SELL, STRIKE) == clauses(OVER_SELL_THIS, STRIKE) == (fx.NotReversedBy(("Over Sell Maneuver",)),)


def test_your_card_right_after_this_one_is_your_next_card_played() -> None:
    def unplayable(title: str) -> fx.Restrict:
        return fx.Restrict(fx.Who.YOU, fx.Modifier(fx.Stat.UNPLAYABLE, 0, fx.Duration.NEXT_CARD, card_type=None,
                                                   title=title))

    assert clauses(NO_HOLD, STRIKE) == (fx.OnPlay((unplayable("Maintain Hold"),)),)
    assert clauses(NO_HOLD_OR, STRIKE) == (fx.OnPlay((unplayable("Maintain Hold"), unplayable("Apply Illegal Leverage"))),)


def test_a_card_not_named_by_its_title_is_reported() -> None:
    assert lowered("Your opponent cannot play Reversal cards immediately after you play this card.", STRIKE).effect is None


def test_played_after_a_kind_of_card_reads_its_keyword() -> None:
    set_up = fx.After(marks=("set-up",))
    (reverses, _) = clauses(AFTER_SET_UP, HYBRID)
    assert isinstance(reverses, fx.Reverses) and reverses.target.after == set_up
    assert clauses(PLAY_AFTER_SET_UP, HYBRID) == (fx.PlayRequirement(set_up, CardType.MANEUVER),)


def test_not_the_first_card_played_counts_the_cards_before_it() -> None:
    def target(text: str) -> fx.Target:
        reverses = clauses(text, REVERSAL)[0]
        assert isinstance(reverses, fx.Reverses)
        return reverses.target

    assert (target(NOT_FIRST).played_before, target(NOT_FIRST).played_before_type) == (1, None)
    assert (target(NOT_SECOND).played_before, target(NOT_SECOND).played_before_type) == (2, None)
    assert (target(NOT_FIRST_MANEUVER).played_before, target(NOT_FIRST_MANEUVER).played_before_type) == (
        1, CardType.MANEUVER)
    assert (target(NOT_FIRST_ACTION).played_before, target(NOT_FIRST_ACTION).played_before_type) == (
        1, CardType.ACTION)


def _cat(reversal: str) -> Catalog:
    """The course's cards with Step Aside reversing as `reversal` says."""
    return course_with({"Step Aside": fx.CardEffect(clauses(reversal, REVERSAL))})


def _offered(cat: Catalog, plays: list[str], keep: int = 1) -> tuple[Game, list[bool]]:
    """HHH plays `plays` in turn (Kick, Chop: strikes); The Rock holds Step Aside and passes on the first `keep`
    windows... the game, and for each play whether Step Aside was offered."""
    plain = [i.id for i in cat.infos if not i.effect.clauses and i.title not in (*plays, "Step Aside")][:7] * 3
    s = GameState(players=[PlayerState("HHH", plain[:], hand=[cat.id(t) for t in plays]),
                           PlayerState("THE ROCK", plain[:], hand=[cat.id("Step Aside")])], tasks=[], constructed=True)
    game = Game(s, cat)
    game.resume()
    offered: list[bool] = []
    for title in plays:
        if s.current != 0:
            break
        game.apply(parse_move(f'play "{title}"' if title == "Ego Boost" else f'play "{title}" as maneuver'))
        seen = False
        while (d := game.decision()) is not None and not (d.player == 0 and s.current == 0 and not s.tasks):
            if d.kind.value == "reverse" and d.player == 1:
                seen = seen or 'reverse "Step Aside"' in [str(m) for m in d.moves]
                game.apply(parse_move("pass") if len(offered) < keep else parse_move('reverse "Step Aside"'))
            else:
                game.apply(d.moves[0])
            if s.current != 0:
                break
        offered.append(seen)
    return game, offered


def test_a_reversal_of_a_card_not_first_is_offered_from_the_second_card_on() -> None:
    cat = _cat(NOT_FIRST)
    assert cat.counts_plays
    game, offered = _offered(cat, ["Kick", "Chop"], keep=1)
    assert offered == [False, True]
    assert game.s.current == 1 and game.s.played == ()  # reversed: his turn ended, the count starts again


def test_not_the_first_or_second_card_waits_for_the_third() -> None:
    _, offered = _offered(_cat(NOT_SECOND), ["Kick", "Chop", "Punch"], keep=2)
    assert offered == [False, False, True]


def test_not_the_first_maneuver_counts_only_maneuvers() -> None:
    cat = _cat(NOT_FIRST_MANEUVER)
    kick, chop = cat.id("Kick"), cat.id("Chop")
    s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [], hand=[cat.id("Step Aside")])])
    play = CurrentPlay(0, chop, CardType.MANEUVER, previous=LastPlay(kick, CardType.ACTION))
    s.played = (CardType.ACTION, CardType.MANEUVER)
    assert not R.reverses(cat, s, cat.id("Step Aside"), play, 2, True)  # an action before it, no maneuver
    s.played = (CardType.MANEUVER, CardType.MANEUVER)
    assert R.reverses(cat, s, cat.id("Step Aside"), play, 2, True)


def test_a_game_saved_mid_turn_keeps_the_cards_played() -> None:
    cat = _cat(NOT_FIRST)
    game, _ = _offered(cat, ["Kick"], keep=1)
    assert game.s.played == (CardType.MANEUVER,)
    again = loads(dumps(game))
    assert dumps(again) == dumps(game) and again.s.played == game.s.played


def test_a_reversal_of_a_card_played_after_a_set_up_card() -> None:
    cat = shipped_classic().catalog
    rev = cat.id("Flying Body Lock")  # "As a reversal, reverse any card played after a Set-up card ..."
    assert any(r.target.after == fx.After(marks=("set-up",)) for r in cat.infos[rev].reverses)
    set_up = cat.id("Japanese Arm Drag")  # a Set-up maneuver
    plain = [i for i in cat.infos if i.is_(CardType.MANEUVER) and not i.effect.clauses and not i.requirements]
    other = next(i.id for i in plain if "set-up" not in i.card.marks)
    played = next(i.id for i in plain if i.id != other and i.card.printed_damage <= 3)
    heavy = max(plain, key=lambda i: i.card.printed_damage)  # his Ring area pays its F
    ring = [heavy.id] * -(-cat.infos[rev].card.fortitude // heavy.card.printed_damage)
    s = GameState(players=[PlayerState("Triple H", []), PlayerState("The Rock", [], hand=[rev], ring=ring)])
    for before, reversed_ in ((set_up, True), (other, False), (None, False)):
        last = None if before is None else LastPlay(before, CardType.MANEUVER, 2)
        assert R.reverses(cat, s, rev, CurrentPlay(0, played, CardType.MANEUVER, previous=last), 2, True) is reversed_


JR_PUSH = ("When this card is in your Ring area, if your opponent reverses an Action card, you may put this card into "
           "your Ringside pile and continue your turn.")
OLD_SCHOOL = ("When this card is in your Ring area, if your opponent reverses a card from his Arsenal, you may remove "
              "this card from the game and then continue your turn.")
REVERSE_ACTION = "Reverse any Action card and end your opponent's turn."


def test_continue_your_turn_is_part_of_what_the_may_does() -> None:
    assert_printed(JR_PUSH, OLD_SCHOOL, REVERSE_ACTION)
    (watch,) = clauses(OLD_SCHOOL, frozenset({"pre-match", "action"}))
    assert isinstance(watch, fx.Triggered) and watch.trigger is fx.Trigger.REVERSAL
    assert watch.actions == (fx.Optional((fx.MoveThis(fx.Zone.REMOVED), fx.ContinueTurn(fx.Who.YOU))),)


def test_continue_your_turn_outside_a_reversal_is_reported() -> None:
    assert lowered("Draw 1 card and continue your turn.", STRIKE).effect is None


def _reversed_ego_boost(answer: str) -> Game:
    """HHH, with J.R. Style Push's text on the Punch in his Ring area, plays Ego Boost; The Rock reverses it with
    a Step Aside that reverses any Action card; HHH `answer`s whether to use the Punch."""
    watch = fx.CardEffect(clauses(JR_PUSH, frozenset({"pre-match", "action"})))
    cat = course_with({"Punch": watch, "Step Aside": fx.CardEffect(clauses(REVERSE_ACTION, REVERSAL))})
    plain = [i.id for i in cat.infos if not i.effect.clauses and i.title not in ("Punch", "Step Aside")][:7] * 3
    s = GameState(players=[PlayerState("HHH", plain[:], hand=[cat.id("Ego Boost"), cat.id("Chop")],
                                       ring=[cat.id("Punch")]),
                           PlayerState("THE ROCK", plain[:], hand=[cat.id("Step Aside")])], tasks=[], constructed=True)
    game = Game(s, cat)
    game.resume()
    game.apply(parse_move('play "Ego Boost"'))
    game.apply(parse_move('reverse "Step Aside"'))
    d = game.decision()
    assert d is not None and d.player == 0 and s.current == 0  # HHH is asked whether to use it
    game.apply(parse_move(answer))
    return game


def test_after_the_reversal_the_player_who_uses_it_plays_on() -> None:
    game = _reversed_ego_boost("yes")
    s = game.s
    assert s.current == 0 and s.playing is None and not s.tasks
    assert s.players[0].ringside[-1] == game.cat.id("Punch") and game.cat.id("Ego Boost") in s.players[0].ringside
    d = game.decision()
    assert d is not None and d.player == 0 and 'play "Chop" as maneuver' in [str(m) for m in d.moves]
    game.apply(parse_move('play "Chop" as maneuver'))  # the turn goes on: another card, played as usual
    assert game.cat.id("Chop") not in s.players[0].hand


def test_declining_it_lets_the_reversal_end_the_turn() -> None:
    game = _reversed_ego_boost("no")
    assert game.s.current == 1 and game.cat.id("Punch") in game.s.players[0].ring


UNLESS_AFTER = ("Unless your Superstar is Trish Stratus, can only be played after the cards titled Jockeying for "
                "Position or Gut Wrench.")
UNLESS_FIRST = ("Unless your Superstar is Jeff Hardy, Lita, or Tajiri, can only be played if this is the first card "
                "played on your turn.")


def test_unless_your_superstar_is_x_lets_x_play_it_anyway() -> None:
    assert_printed(UNLESS_AFTER, UNLESS_FIRST)
    (req,) = clauses(UNLESS_FIRST, STRIKE)
    assert isinstance(req, fx.PlayRequirement) and isinstance(req.condition, fx.AnyOf)
    names, first = req.condition.conditions
    assert first == fx.FirstOfTurn() and isinstance(names, fx.AnyOf) and len(names.conditions) == 3
    assert clauses(UNLESS_AFTER, STRIKE) == (fx.PlayRequirement(fx.AnyOf((
        fx.SuperstarIs(fx.Who.YOU, "name:trish-stratus"),
        fx.AnyOf((fx.After(title="Jockeying for Position"), fx.After(title="Gut Wrench")))))),)
    cat = shipped_classic().catalog
    kick = cat.id("Japanese Arm Drag")
    for star, first_card, playable in (("Lita", False, True), ("The Rock", False, False), ("The Rock", True, True)):
        s = GameState(players=[PlayerState(star, []), PlayerState("Triple H", [])])
        s.last[0] = None if first_card else LastPlay(kick, CardType.MANEUVER, 2)
        assert R.holds(cat, s, 0, req.condition, kick, s.last[0]) is playable, star


NEXT_TWO = "Your next 2 cards played this turn cannot be reversed."


def test_your_next_2_cards_last_for_two_cards() -> None:
    assert_printed(NEXT_TWO)
    (play,) = clauses(NEXT_TWO, ACTION)
    assert play == fx.OnPlay((fx.Modify(fx.Modifier(fx.Stat.IRREVERSIBLE, 0, fx.Duration.NEXT_CARD, card_type=None,
                                                    uses=2)),))
    cat = course_with({"Ego Boost": fx.CardEffect((play,)),
                       "Step Aside": fx.CardEffect(clauses("Reverse any card and end your opponent's turn.", REVERSAL))})
    _, offered = _offered(cat, ["Ego Boost", "Kick", "Chop", "Punch"], keep=3)
    assert offered == [True, False, False, True]  # Ego Boost itself, then two cards it covers, then one it does not


ONCE_PER_TURN = ("When this card is in your Ring area, once per turn, you may discard 1 maneuver card and draw 1 "
                 "card.")
DURING_THEN_BEFORE = ("When this card is in your Ring area, during your turn, before your Draw Segment, your opponent "
                      "discards 1 card and overturns 1 card.")
BARE_BEFORE = "Before your Draw Segment, your opponent must remove 2 cards in his Ringside pile from the game."
AND_DURING = ("When this card is in your Ring area, your maneuvers are +1D and during your turn you may put this card "
              "into your Ringside pile and if your next card played this turn is a maneuver, it is +3D.")
OPPONENTS_NEXT = "During your opponent's next turn, he cannot play maneuvers."
PRE_MATCH = frozenset({"pre-match", "event"})


def test_moments_of_the_turn_said_in_other_words() -> None:
    assert_printed(ONCE_PER_TURN, DURING_THEN_BEFORE, BARE_BEFORE, AND_DURING, OPPONENTS_NEXT)
    (used,) = clauses(ONCE_PER_TURN, STRIKE)
    assert isinstance(used, fx.Activated) and used.once and used.zones == (fx.Zone.RING,)
    (start,) = clauses(DURING_THEN_BEFORE, ACTION)
    assert isinstance(start, fx.Triggered) and start.trigger is fx.Trigger.START_OF_TURN and start.zone is fx.Zone.RING
    (start,) = clauses(BARE_BEFORE, PRE_MATCH)  # a Pre-match card stays in the Ring area
    assert isinstance(start, fx.Triggered) and start.trigger is fx.Trigger.START_OF_TURN
    assert lowered(BARE_BEFORE, ACTION).effect is None  # an action leaves play: from where, it does not say
    assert clauses(OPPONENTS_NEXT, ACTION) == clauses("During his next turn, he cannot play maneuvers.", ACTION)


def test_a_moment_of_the_turn_after_and_opens_its_own_clause() -> None:
    while_in, used = clauses(AND_DURING, ACTION)
    assert isinstance(while_in, fx.WhileInRing) and while_in.modifier.amount == 1
    assert isinstance(used, fx.Activated) and not used.once and used.zones == (fx.Zone.RING,)
    assert used.actions[0] == fx.MoveThis(fx.Zone.RINGSIDE)
    assert clauses(AND_DURING, ACTION) == (
        *clauses("When this card is in your Ring area, your maneuvers are +1D.", ACTION),
        *clauses("When this card is in your Ring area, during your turn you may put this card into your Ringside pile "
                 "and if your next card played this turn is a maneuver, it is +3D.", ACTION))


def test_during_your_turn_before_your_draw_segment_acts_at_each_start_of_turn() -> None:
    (start,) = clauses(DURING_THEN_BEFORE, ACTION)
    cat = course_with({"Kick": fx.CardEffect((start,))})
    arsenal = [cat.id(t) for t in ("Chop", "Head Butt", "Body Slam", "Arm Drag", "Haymaker", "Punch")]
    s = GameState(players=[PlayerState("HHH", arsenal[:], ring=[cat.id("Kick")]),
                           PlayerState("THE ROCK", arsenal[:], hand=[cat.id("Punch")])], tasks=[T.StartTurn(0)],
                  constructed=True)
    game = Game(s, cat)
    game.resume()
    while (d := game.decision()) is not None and d.player == 1:
        game.apply(d.moves[0])
    assert s.players[1].hand == [] and len(s.players[1].arsenal) == 5  # his discard and his overturned card
