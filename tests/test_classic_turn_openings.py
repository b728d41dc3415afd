"""Openings about the turn: "can only be played as the first card of your turn", "If he does not, during his next
turn, he cannot play Maneuver cards", and "As an action, cannot be reversed ...": lowered from sentences the pool
prints, then asked of the engine."""

from __future__ import annotations

from rawdeal.cards import CardType, Subtype
from rawdeal.effects import model as fx
from rawdeal.engine import rules as R
from rawdeal.engine import tasks as T
from rawdeal.engine.game import Game
from rawdeal.engine.moves import parse_move
from rawdeal.engine.state import CurrentPlay, GameState, LastPlay, PlayerState
from rawdeal.io.save import dumps, loads
from classickit import ACTION, STRIKE, assert_printed, clauses, course_with

FIRST = "As a maneuver, this card is -10F and can only be played as the first card of your turn."
FIRST_ACTION = ("As an action, can only be played as the first card of your turn and cannot be reversed when your "
                "opponent is a Female Superstar.")
IF_NOT = ("Your opponent may discard the card titled Escape Move or Step Aside. If he does not, during his next turn, "
          "he cannot play Maneuver cards.")
HYBRID = frozenset({"action", "reversal", "special"})


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(FIRST, FIRST_ACTION, IF_NOT)


def test_the_first_card_of_the_turn_is_a_play_requirement() -> None:
    _, requirement = clauses(FIRST, STRIKE)
    assert requirement == fx.PlayRequirement(fx.FirstOfTurn(), CardType.MANEUVER)
    cat = course_with({})
    s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [])], tasks=[])
    punch, step_aside = cat.id("Punch"), cat.id("Step Aside")
    assert R.holds(cat, s, 0, fx.FirstOfTurn(), punch, None)
    assert R.holds(cat, s, 0, fx.FirstOfTurn(), punch, LastPlay(step_aside, CardType.REVERSAL))  # last turn's reversal
    assert not R.holds(cat, s, 0, fx.FirstOfTurn(), punch, LastPlay(punch, CardType.MANEUVER))


def test_an_opening_lifetime_is_the_restrictions_own() -> None:
    (on_play,) = clauses(IF_NOT, ACTION)
    assert isinstance(on_play, fx.OnPlay)
    (may,) = on_play.actions
    assert isinstance(may, fx.Optional) and may.who is fx.Who.OPPONENT
    assert may.otherwise == (fx.Restrict(fx.Who.OPPONENT, fx.Modifier(fx.Stat.UNPLAYABLE, 0, fx.Duration.NEXT_TURN)),)


def test_cannot_be_reversed_as_an_action_stops_reversals_of_the_action() -> None:
    requirement, irreversible = clauses(FIRST_ACTION, HYBRID)
    assert requirement == fx.PlayRequirement(fx.FirstOfTurn(), CardType.ACTION)
    assert irreversible == fx.Irreversible(condition=fx.SuperstarIs(fx.Who.OPPONENT, "female"), as_type=CardType.ACTION)
    cat = course_with({"Whaddya Got?": fx.CardEffect((fx.Irreversible(as_type=CardType.ACTION),)),
                       "Offer Handshake": fx.CardEffect((fx.Irreversible(),))})  # the course's: a maneuver's only
    s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [])], tasks=[])
    for title, stopped in (("Whaddya Got?", True), ("Offer Handshake", False)):
        play = CurrentPlay(0, cat.id(title), CardType.ACTION)
        assert R.irreversible(cat, s, play, 0, from_hand=True) is stopped


HIGH_RISK = ("Can only be played after a successfully played 5D or greater maneuver or if this is the first card played "
             "of your turn and you reversed a High Risk maneuver to end your opponent's last turn.")
FROM_HAND = ("Can only be played if you reversed a maneuver from your hand to end your opponent's last turn and this is "
             "the first card you play on your turn.")


def test_what_was_reversed_to_end_the_last_turn() -> None:
    assert_printed(HIGH_RISK, FROM_HAND)
    (req,) = clauses(HIGH_RISK, STRIKE)
    assert isinstance(req, fx.PlayRequirement) and isinstance(req.condition, fx.AnyOf)
    high_risk = fx.CardFilter(types=(CardType.MANEUVER,), subtype=Subtype.HIGH_RISK)
    assert req.condition.conditions[1] == fx.ReversedLastTurn(reversed=high_risk)
    assert clauses(FROM_HAND, STRIKE) == (fx.PlayRequirement(fx.ReversedLastTurn(
        from_hand_only=True, reversed=fx.CardFilter(types=(CardType.MANEUVER,)))),)


def _after_reversing(reversed_title: str, needs: fx.CardFilter) -> tuple[bool, Game]:
    """Whether The Rock may play Haymaker (which needs a reversal of `needs` to have ended the last turn) after
    Step Aside, overturned from his Arsenal by HHH's `reversed_title`, reversed it."""
    cat = course_with({"Haymaker": fx.CardEffect((fx.PlayRequirement(fx.ReversedLastTurn(reversed=needs)),))})
    arsenal = [cat.id(t) for t in ("Kick", "Chop", "Head Butt", "Body Slam", "Step Aside", "Arm Drag")]
    ring = [cat.id(t) for t in ("Kick", "Chop")]  # 7F: enough for Haymaker's 3F
    s = GameState(players=[PlayerState("HHH", arsenal[:], hand=[cat.id(reversed_title)]),
                           PlayerState("THE ROCK", arsenal[:], hand=[cat.id("Haymaker")], ring=ring)], tasks=[],
                  constructed=True)
    game = Game(s, cat)
    game.resume()
    game.apply(parse_move(f'play "{reversed_title}"'))  # the second card overturned, Step Aside, reverses it
    assert game.s.ended_by_reversal == 1 and game.s.current == 1
    return R.can_play(cat, game.s, 1, cat.id("Haymaker"), CardType.MANEUVER), game


def test_the_game_remembers_the_reversed_card_and_how_it_was_played() -> None:
    strikes = fx.CardFilter(types=(CardType.MANEUVER,), subtype=Subtype.STRIKE)
    able, game = _after_reversing("Punch", strikes)
    assert able
    again = loads(dumps(game))  # kept in the save
    assert again.s.reversed_last == game.s.reversed_last and game.s.reversed_last is not None
    assert not _after_reversing("Punch", fx.CardFilter(types=(CardType.MANEUVER,), subtype=Subtype.GRAPPLE))[0]
    assert not _after_reversing("Punch", fx.CardFilter(types=(CardType.ACTION,)))[0]
    while (d := game.decision()) is not None and d.kind != "main":
        game.apply(parse_move("pass"))
    game.apply(parse_move("end"))
    assert game.s.ended_by_reversal == -1 and game.s.reversed_last is None
    assert b"reversed_last" not in dumps(game)


IF_IN_RINGSIDE = "During your turn, if this card is in your Ringside pile, you may discard 1 card to put this card into your hand."


def test_if_this_card_is_in_your_ringside_pile_says_where_it_is_used_from() -> None:
    assert_printed(IF_IN_RINGSIDE)
    assert clauses(IF_IN_RINGSIDE, STRIKE) == (fx.Activated((fx.Zone.RINGSIDE,), (
        fx.Discard(fx.Who.YOU), fx.MoveThis(fx.Zone.HAND))),)


CHAIN_REVERSED = ("Whenever your opponent reverses a Chain card from his hand or Backlash deck, you may shuffle 2 cards "
                  "from your Ringside pile into your Arsenal.")


def test_a_reversal_sets_off_a_card_in_the_ring_area() -> None:
    assert_printed(CHAIN_REVERSED)
    (trigger,) = clauses(CHAIN_REVERSED, frozenset({"pre-match", "venue"}))  # a Pre-match card stays in the Ring area
    assert isinstance(trigger, fx.Triggered) and trigger.trigger is fx.Trigger.REVERSAL
    assert trigger.played == fx.CardFilter(marks=("chain",)) and trigger.source is fx.Zone.HAND
    assert trigger.by is fx.Who.OPPONENT and trigger.zone is fx.Zone.RING

    def shuffled_in(source: fx.Zone | None, reversed_title: str) -> int:
        watcher = fx.Triggered(fx.Trigger.REVERSAL, trigger.actions, played=fx.CardFilter(types=(CardType.MANEUVER,)),
                               by=fx.Who.OPPONENT, source=source)
        cat = course_with({"Kick": fx.CardEffect((watcher,))})
        arsenal = [cat.id(t) for t in ("Chop", "Head Butt", "Body Slam", "Arm Drag", "Haymaker", "Punch")]
        s = GameState(players=[PlayerState("HHH", arsenal[:], hand=[cat.id(reversed_title)], ring=[cat.id("Kick")],
                                           ringside=[cat.id("Chop"), cat.id("Punch")]),
                               PlayerState("THE ROCK", arsenal[:], hand=[cat.id("Step Aside")])], tasks=[],
                      constructed=True)
        game = Game(s, cat)
        game.resume()
        game.apply(parse_move(f'play "{reversed_title}"'))
        d = game.decision()
        if d is not None and d.kind == "reverse":
            game.apply(parse_move('reverse "Step Aside"'))
        while (d := game.decision()) is not None and d.player == 0 and game.s.tasks:
            game.apply(d.moves[0] if "yes" not in [str(m) for m in d.moves] else parse_move("yes"))
        return 3 - len(game.s.players[0].ringside)  # the reversed card went there too

    assert shuffled_in(fx.Zone.HAND, "Punch") == 2  # reversed from The Rock's hand: HHH may shuffle 2 cards in
    assert shuffled_in(fx.Zone.ARSENAL, "Punch") == 0  # only reversals from the Arsenal set it off


DERAILER = ("When successfully played, you may search your Arsenal and Ringside pile for 1 card, put it into your hand, "
            "and shuffle your Arsenal. If you do, after damage has been applied, end your turn.")
VENUE = ("Your Starting Hand Size is +1. Once during each of your turns you may discard 1 card and then put 1 card with "
         "the word 'cheap'in the title from your Ringside pile into your hand.")


def test_if_you_do_after_damage_ends_the_turn_on_a_yes() -> None:
    assert_printed(DERAILER, VENUE)
    (on_play,) = clauses(DERAILER, STRIKE)
    assert isinstance(on_play, fx.OnPlay)
    (may,) = on_play.actions
    assert isinstance(may, fx.Optional) and may.actions[-1] == fx.EndTurn(fx.Who.YOU)


def test_a_pre_match_cards_once_a_turn_effect_after_a_stat_line() -> None:
    line, used = clauses(VENUE, frozenset({"pre-match", "venue"}))
    assert line == fx.SuperstarStat(fx.StarStat.HAND_SIZE, 1)
    assert isinstance(used, fx.Activated) and used.zones == (fx.Zone.RING,) and used.once


FROM_RINGSIDE = "When this card is in your Ringside pile, before your Draw Segment, you may shuffle it into your Arsenal."


def test_a_card_in_the_ringside_pile_acts_at_the_start_of_its_owners_turn() -> None:
    assert_printed(FROM_RINGSIDE)
    (trigger,) = clauses(FROM_RINGSIDE, ACTION)
    assert trigger == fx.Triggered(fx.Trigger.START_OF_TURN, (fx.Optional((
        fx.MoveThis(fx.Zone.ARSENAL, fx.Position.SHUFFLE),)),), zone=fx.Zone.RINGSIDE)
    cat = course_with({"Kick": fx.CardEffect((trigger,))})

    def after_start(answer: str) -> list[str]:
        arsenal = [cat.id(t) for t in ("Chop", "Head Butt", "Body Slam", "Arm Drag", "Haymaker", "Punch")]
        s = GameState(players=[PlayerState("HHH", arsenal[:], ringside=[cat.id("Kick"), cat.id("Punch")]),
                               PlayerState("THE ROCK", arsenal[:])], tasks=[T.StartTurn(0)], constructed=True)
        game = Game(s, cat)
        game.resume()
        d = game.decision()
        assert d is not None and d.player == 0 and answer in [str(m) for m in d.moves]
        game.apply(parse_move(answer))
        return [cat.infos[c].title for c in game.s.players[0].ringside]

    assert after_start("yes") == ["Punch"]  # shuffled into his Arsenal before he draws
    assert after_start("no") == ["Kick", "Punch"]
