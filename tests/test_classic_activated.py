"""Classic effects used from the Ring area or Ringside pile ("When this card is in your Ringside pile, during
your turn you may ..."), and restrictions on playing cards ("You cannot play ... for the rest of the turn"):
each construct lowered from real Classic sentences, then run from a constructed position."""

from __future__ import annotations

from rawdeal.cards import CardType, Subtype
from rawdeal.effects import model as fx
from rawdeal.engine import rules as R
from rawdeal.engine import tasks as T
from rawdeal.engine.game import Game
from rawdeal.engine.moves import Use, parse_move
from rawdeal.engine.cardinfo import Catalog
from rawdeal.engine.state import ActiveModifier, CurrentPlay, GameState, PlayerState
from rawdeal.io.save import dumps, loads
from classickit import REVERSAL, STRIKE, classic_game, clauses, lowered

MANEUVERS = fx.CardFilter(types=(CardType.MANEUVER,))


def test_an_effect_used_from_the_ringside_pile_lowers_to_its_cost_then_its_effect() -> None:
    text = ("When this card is in your Ringside pile, during your turn you may discard 1 Maneuver card and then "
            "put this card into your hand.")
    assert clauses(text, STRIKE) == (fx.Activated((fx.Zone.RINGSIDE,), (
        fx.Discard(fx.Who.YOU, fx.ONE, filter=MANEUVERS), fx.MoveThis(fx.Zone.HAND))),)


def test_once_during_each_of_your_turns_from_the_ring_area() -> None:
    text = ("When this card is in your Ring area, once during each of your turns you may discard 1 card and then "
            "shuffle 2 Maneuver cards from your Ringside pile into your Arsenal.")
    assert clauses(text) == (fx.Activated((fx.Zone.RING,), (
        fx.Discard(fx.Who.YOU, fx.ONE),
        fx.MoveCards(fx.Who.YOU, fx.Count(2), fx.Zone.RINGSIDE, fx.Zone.ARSENAL, fx.Position.SHUFFLE,
                     filter=MANEUVERS)), once=True),)


def test_this_card_put_back_from_the_ring_area_moves_from_where_it_lies() -> None:
    text = ("When this card is in your Ring area, during your turn you may put this card on the bottom of your "
            "Arsenal and then draw 1 card.")
    assert clauses(text) == (fx.Activated((fx.Zone.RING,), (
        fx.MoveThis(fx.Zone.ARSENAL, fx.Position.BOTTOM), fx.Draw(fx.Who.YOU))),)


def test_an_effect_the_owner_must_use_from_the_ring_area_is_reported() -> None:
    result = lowered("When this card is in your Ring area, once during each of your turns, your opponent "
                     "overturns 1 card.")
    assert result.effect is None and "not optional" in result.unlowered[0].reason


def test_you_cannot_play_cards_with_a_word_for_the_rest_of_the_turn() -> None:
    text = "You cannot play Action cards with the word 'dynamic' in the title for the rest of the turn."
    assert clauses(text) == (fx.OnPlay((fx.Restrict(fx.Who.YOU, fx.Modifier(
        fx.Stat.UNPLAYABLE, 0, fx.Duration.REST_OF_TURN, card_type=CardType.ACTION, title_word="dynamic")),)),)


def test_a_restriction_whose_lifetime_the_engine_cannot_count_is_reported() -> None:
    result = lowered("Your opponent cannot play maneuvers during his next 3 turns.")
    assert result.effect is None and "cannot play" in result.unlowered[0].reason


def _classic_game(mine: dict[str, list[str]], theirs: dict[str, list[str]]) -> Game:
    """A constructed Classic position at the main decision of player 0 (Triple H against The Rock)."""
    return classic_game(mine, theirs)


def _uses(game: Game) -> list[str]:
    d = game.decision()
    assert d is not None
    return [str(m) for m in d.moves if isinstance(m, Use)]


def _finish(game: Game, first: str | None = None) -> None:
    """Answer the decisions the effect asks, the first legal move each (`first` for the first one), until
    the main decision is back."""
    while game.s.tasks and (d := game.decision()) is not None:
        game.apply(next(m for m in d.moves if str(m) == first) if first else d.moves[0])
        first = None


def test_a_card_in_the_ringside_pile_is_used_only_when_its_cost_can_be_paid() -> None:
    game = _classic_game({"hand": ["Hello, My Name is Eugene"], "ringside": ["Rolling Hip Toss"]}, {})
    assert _uses(game) == []  # an action, no Maneuver card in the hand to discard
    game = _classic_game({"hand": ["Kidney Punch"], "ringside": ["Rolling Hip Toss"]}, {})
    assert _uses(game) == ['use "Rolling Hip Toss"']
    game.apply(parse_move('use "Rolling Hip Toss"'))
    _finish(game)
    me = game.s.players[0]
    assert [game.title(c) for c in me.hand] == ["Rolling Hip Toss"]
    assert [game.title(c) for c in me.ringside] == ["Kidney Punch"]


def test_once_during_each_of_your_turns_is_once_a_copy_and_comes_back_next_turn() -> None:
    once = "The Christian Coalition"  # put 2 cards from your hand on the bottom of your Arsenal, then 1 Maneuver card
    hand = ["Kidney Punch", "Arm Stretch", "Dynamic Hook", "Dynamic Punch"]
    game = _classic_game({"hand": hand, "ring": [once], "ringside": ["Dynamic Lariat"]}, {})
    assert _uses(game) == [f'use "{once}"']
    game.apply(parse_move(f'use "{once}"'))
    _finish(game)
    assert [game.title(c) for c in game.s.used] == [once]
    assert f'use "{once}"' not in _uses(game)
    again = loads(dumps(game))
    assert again.s.used == game.s.used and f'use "{once}"' not in _uses(again)
    game.apply(parse_move("end"))
    _finish(game)  # The Rock's turn: he ends it
    while game.s.current == 1:
        game.apply(parse_move("end"))
    assert game.s.used == () and f'use "{once}"' in _uses(game)


def test_a_restriction_for_the_rest_of_the_turn_stops_those_cards_then_lapses() -> None:
    game = _classic_game({"hand": ["Dynamic Hook", "Dynamic Punch", "Kidney Punch"]}, {})
    restrict = fx.Restrict(fx.Who.YOU, fx.Modifier(fx.Stat.UNPLAYABLE, 0, fx.Duration.REST_OF_TURN,
                                                   card_type=CardType.ACTION, title_word="dynamic"))
    game.s.tasks.append(T.Act(0, restrict, game.cat.id("Dynamic Hook")))
    game.resume()
    plays = {(game.title(c), t) for c, t in R.playable(game.cat, game.s, 0)}
    assert ("Dynamic Punch", CardType.ACTION) not in plays and ("Dynamic Punch", CardType.MANEUVER) in plays
    game.apply(parse_move("end"))
    while game.s.current == 1:
        game.apply(parse_move("end"))
    plays = {(game.title(c), t) for c, t in R.playable(game.cat, game.s, 0)}
    assert ("Dynamic Punch", CardType.ACTION) in plays


def test_a_restriction_on_the_opponents_next_turn_waits_for_it() -> None:
    game = _classic_game({}, {"hand": ["Dynamic Punch"]})
    forbid = fx.Restrict(fx.Who.OPPONENT, fx.Modifier(fx.Stat.UNPLAYABLE, 0, fx.Duration.NEXT_TURN,
                                                      subtype=Subtype.STRIKE))
    game.s.tasks.append(T.Act(0, forbid, game.cat.id("Kidney Punch")))
    game.resume()
    both = [("Dynamic Punch", CardType.MANEUVER), ("Dynamic Punch", CardType.ACTION)]
    assert [(game.title(c), t) for c, t in R.playable(game.cat, game.s, 1)] == both  # it waits for his turn
    game.apply(parse_move("end"))
    assert game.s.current == 1
    assert [(game.title(c), t) for c, t in R.playable(game.cat, game.s, 1)] == [("Dynamic Punch", CardType.ACTION)]


def _course_with(effects: dict[str, fx.CardEffect]) -> Catalog:
    """The course catalog with some cards' effects replaced by lowered Classic ones (engine rules only)."""
    from dataclasses import replace as dc_replace

    from rawdeal.engine.cardinfo import _info, catalog

    cat = catalog()
    return dc_replace(cat, infos=tuple(_info(i.id, i.card, effects[i.title]) if i.title in effects else i
                                       for i in cat.infos))


def test_when_overturned_reverses_only_from_the_arsenal() -> None:
    text = "As a reversal, when overturned, reverse any High Risk maneuver and end your opponent's turn."
    reverses = clauses(text, REVERSAL)[0]
    assert isinstance(reverses, fx.Reverses) and reverses.overturned_only
    assert reverses.target.subtypes == (Subtype.HIGH_RISK,)
    cat = _course_with({"Step Aside": fx.CardEffect((fx.Reverses(fx.Target(subtypes=(Subtype.STRIKE,)),
                                                                 overturned_only=True),))})
    s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [])])
    punch = CurrentPlay(0, cat.id("Punch"), CardType.MANEUVER)
    step_aside = cat.id("Step Aside")
    assert not R.reverses(cat, s, step_aside, punch, 3, from_hand=True)
    assert R.reverses(cat, s, step_aside, punch, 3, from_hand=False)
    s.players[1].hand = [step_aside]
    assert R.reversals_in_hand(cat, s, punch, 3) == ()


def test_your_opponent_randomly_discards_picks_with_the_games_generator() -> None:
    assert clauses("Your opponent randomly discards 3 cards.") == (fx.OnPlay((
        fx.Discard(fx.Who.OPPONENT, fx.Count(3), chooser=fx.Who.OPPONENT, random=True),)),)
    discard = fx.Discard(fx.Who.OPPONENT, fx.Count(3), chooser=fx.Who.OPPONENT, random=True)

    def after(seed: int) -> list[str]:
        cat = _course_with({})
        hand = [cat.id(t) for t in ("Punch", "Kick", "Chop", "Haymaker", "Head Butt")]
        s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [], hand=hand)], seed=seed, rng=seed)
        s.tasks.append(T.Act(0, discard, cat.id("Chop")))
        game = Game(s, cat)
        game.resume()
        d = game.decision()
        assert d is not None and d.player == 0  # nobody was asked which
        assert len(game.s.players[1].hand) == 2
        return [game.title(c) for c in game.s.players[1].ringside]

    assert after(7) == after(7)
    assert len({tuple(after(seed)) for seed in range(8)}) > 1  # the picks depend on the generator


def test_if_reversed_from_your_opponents_hand_runs_for_the_reversed_cards_player() -> None:
    text = ("If reversed from your opponent's hand, take the top 2 cards of your Arsenal and put them into your "
            "Ringside pile.")
    effect = clauses(text, STRIKE)
    assert effect == (fx.Triggered(fx.Trigger.REVERSED_FROM_HAND, (fx.MillTop(fx.Who.YOU, 2),), zone=fx.Zone.RINGSIDE),)
    cat = _course_with({"Punch": fx.CardEffect(effect)})
    arsenal = [cat.id(t) for t in ("Kick", "Chop", "Haymaker", "Head Butt")]
    s = GameState(players=[PlayerState("HHH", arsenal, hand=[cat.id("Punch")]),
                           PlayerState("THE ROCK", arsenal[:], hand=[cat.id("Step Aside")])], tasks=[])
    game = Game(s, cat)
    game.resume()
    game.apply(parse_move('play "Punch"'))
    game.apply(parse_move('reverse "Step Aside"'))
    assert [game.title(c) for c in game.s.players[0].ringside] == ["Punch", "Head Butt", "Haymaker"]


def test_cannot_be_reversed_from_the_backlash_deck_stops_no_reversal_from_hand_or_arsenal() -> None:
    (clause,) = clauses("Cannot be reversed from your opponent's Backlash deck.", STRIKE)
    assert clause == fx.Irreversible(from_hand=False, from_arsenal=False, from_backlash=True)
    cat = _course_with({"Punch": fx.CardEffect((clause,))})
    s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [])])
    punch = CurrentPlay(0, cat.id("Punch"), CardType.MANEUVER)
    assert not R.irreversible(cat, s, punch, 3, from_hand=True) and not R.irreversible(cat, s, punch, 3, from_hand=False)


def test_ignore_the_can_only_be_played_after_text_on_the_next_high_risk_maneuver() -> None:
    text = "If your next card played this turn is a High Risk maneuver, you can ignore the 'Can only be played after...' text."
    waiver = fx.Modifier(fx.Stat.UNRESTRICTED, 0, fx.Duration.NEXT_CARD, subtype=Subtype.HIGH_RISK)
    assert clauses(text) == (fx.OnPlay((fx.Modify(waiver),)),)
    after_strike = fx.PlayRequirement(fx.After(card_type=CardType.MANEUVER, subtype=Subtype.STRIKE))
    high_risk, strike = fx.Modifier(fx.Stat.UNRESTRICTED, 0, fx.Duration.NEXT_CARD, subtype=Subtype.HIGH_RISK), \
        fx.Modifier(fx.Stat.UNRESTRICTED, 0, fx.Duration.NEXT_CARD, subtype=Subtype.STRIKE)
    cat = _course_with({"Kick": fx.CardEffect((after_strike,))})  # Kick: a Strike maneuver, here "after a Strike"
    s = GameState(players=[PlayerState("HHH", [], hand=[cat.id("Kick")]), PlayerState("THE ROCK", [])])
    kick = cat.id("Kick")
    assert not R.can_play(cat, s, 0, kick, CardType.MANEUVER)
    s.modifiers = (ActiveModifier(0, high_risk, cat.id("Chop")),)
    assert not R.can_play(cat, s, 0, kick, CardType.MANEUVER)  # not a High Risk maneuver
    s.modifiers = (ActiveModifier(0, strike, cat.id("Chop")),)
    assert R.can_play(cat, s, 0, kick, CardType.MANEUVER)
    assert R.consumed(s, 0, CardType.ACTION) == list(s.modifiers)  # the next card played uses it up, whatever it is


def test_when_you_successfully_play_a_grapple_sets_off_the_card_in_your_ring_area() -> None:
    text = ("When this card is in your Ring area, when you successfully play a Grapple maneuver, your opponent "
            "discards 1 card.")
    (trigger,) = clauses(text)
    grapples = fx.CardFilter(types=(CardType.MANEUVER,), subtype=Subtype.GRAPPLE)
    assert trigger == fx.Triggered(fx.Trigger.PLAYED, (fx.Discard(fx.Who.OPPONENT, fx.ONE, chooser=fx.Who.OPPONENT),),
                                   played=grapples)
    cat = _course_with({"Chop": fx.CardEffect((trigger,))})
    arsenal = [cat.id(t) for t in ("Kick", "Haymaker", "Head Butt", "Body Slam")]

    def play(title: str) -> Game:
        s = GameState(players=[PlayerState("HHH", arsenal[:], hand=[cat.id(title)], ring=[cat.id("Chop")]),
                               PlayerState("THE ROCK", arsenal[:], hand=[cat.id("Punch"), cat.id("Arm Drag")])],
                      tasks=[])
        game = Game(s, cat)
        game.resume()
        game.apply(parse_move(f'play "{title}"'))
        return game

    grapple = play("Hip Toss")
    d = grapple.decision()
    assert d is not None and d.player == 1 and d.kind == "discard"  # The Rock discards, then Hip Toss hits
    strike = play("Punch")
    assert len(strike.s.players[1].hand) == 2  # a Strike: nothing discarded


def test_a_superstars_when_you_successfully_play_a_maneuver_is_his_ability() -> None:
    from dataclasses import replace as dc_replace

    result = lowered("When you successfully play a maneuver, you may draw 1 card.", frozenset({"superstar"}))
    assert result.effect is not None and result.ability is not None
    (trigger,) = result.ability.triggered
    assert trigger.played == fx.CardFilter(types=(CardType.MANEUVER,)) and trigger.by is fx.Who.YOU
    base = _course_with({})
    cat = dc_replace(base, abilities={**base.abilities, "HHH": result.ability})
    arsenal = [cat.id(t) for t in ("Kick", "Haymaker", "Head Butt", "Body Slam")]
    s = GameState(players=[PlayerState("HHH", arsenal[:], hand=[cat.id("Punch")]),
                           PlayerState("THE ROCK", arsenal[:])], tasks=[])
    game = Game(s, cat)
    game.resume()
    game.apply(parse_move('play "Punch"'))
    d = game.decision()
    assert d is not None and d.player == 0 and [str(m) for m in d.moves] == ["draw 0", "draw 1"]


def test_choose_1_among_a_comma_list_makes_one_option_each() -> None:
    text = ("Choose 1: your next card played this turn cannot be reversed, shuffle up to 5 cards from your Ringside "
            "pile into your Arsenal, or draw up to 2 cards.")
    (on_play,) = clauses(text)
    assert isinstance(on_play, fx.OnPlay)
    (choice,) = on_play.actions
    assert isinstance(choice, fx.Choice) and [len(o) for o in choice.options] == [1, 1, 1]
    assert choice.options[2] == (fx.Draw(fx.Who.YOU, fx.Count(2, up_to=True)),)


def test_if_your_next_card_is_a_maneuver_it_cannot_be_reversed() -> None:
    assert clauses("If your next card played this turn is a maneuver, it cannot be reversed.") == (fx.OnPlay((
        fx.Modify(fx.Modifier(fx.Stat.IRREVERSIBLE, 0, fx.Duration.NEXT_CARD)),)),)


def test_several_titles_are_any_of_them() -> None:
    (req,) = clauses("Can only be played after the cards titled Sleeper, Jockeying for Position, OR Gut Wrench.", STRIKE)
    assert req == fx.PlayRequirement(fx.AnyOf(tuple(fx.After(title=t) for t in (
        "Sleeper", "Jockeying for Position", "Gut Wrench"))))
    assert clauses("Cannot be reversed by the cards titled Elbow to the Face or Clumsy Opponent.", STRIKE) == (
        fx.NotReversedBy(("Elbow to the Face", "Clumsy Opponent")),)


def test_if_he_does_not_runs_for_the_owner_when_the_opponent_says_no_or_cannot() -> None:
    text = "Your opponent may discard 3 Reversal cards. If he does not, he discards 5 cards."
    (on_play,) = clauses(text)
    assert isinstance(on_play, fx.OnPlay)
    (may,) = on_play.actions
    assert isinstance(may, fx.Optional) and may.who is fx.Who.OPPONENT
    assert may.otherwise == (fx.Discard(fx.Who.OPPONENT, fx.Count(5), chooser=fx.Who.OPPONENT),)
    cat = _course_with({})
    reversals = [cat.id(t) for t in ("Step Aside", "Escape Move", "Break the Hold")]
    others = [cat.id(t) for t in ("Punch", "Kick", "Chop", "Haymaker", "Head Butt", "Arm Drag")]

    def after(hand: list[int], answer: str | None) -> list[str]:
        s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [], hand=hand[:])])
        s.tasks.append(T.Act(0, may, cat.id("Chop")))
        game = Game(s, cat)
        game.resume()
        if answer is not None:
            d = game.decision()
            assert d is not None and d.player == 1 and [str(m) for m in d.moves] == ["yes", "no"]
            game.apply(parse_move(answer))
        while (d := game.decision()) is not None and d.player == 1:
            game.apply(d.moves[0])
        return [game.title(c) for c in game.s.players[1].hand]

    assert len(after(reversals + others, "yes")) == 6  # he discarded his 3 reversals
    assert len(after(reversals + others, "no")) == 4  # he said no: 5 cards
    assert len(after(others, None)) == 1  # no 3 reversals to discard: he is not asked, and discards 5


def test_if_you_do_runs_after_your_yes() -> None:
    text = ("You may put 2 cards from your hand on the bottom of your Arsenal. If you do, search your Arsenal for 1 "
            "card, put it into your hand, and shuffle your Arsenal.")
    (on_play,) = clauses(text, REVERSAL)
    assert isinstance(on_play, fx.OnPlay)
    (may,) = on_play.actions
    assert isinstance(may, fx.Optional) and [type(a) for a in may.actions] == [fx.MoveCards, fx.Search, fx.Shuffle]
    assert lowered("If you do, end your opponent's turn.").effect is None  # no "may" before it: reported


def test_first_card_after_a_reversal_that_ended_the_last_turn() -> None:
    text = ("Can only be played after a successfully played card or if you reversed a card to end your opponent's "
            "last turn and this is the first card played of your turn.")
    (req,) = clauses(text, STRIKE)
    assert req == fx.PlayRequirement(fx.AnyOf((fx.After(), fx.ReversedLastTurn())))
    only = fx.PlayRequirement(fx.ReversedLastTurn())
    cat = _course_with({"Haymaker": fx.CardEffect((only,))})
    assert cat.remembers_reversals and not _course_with({}).remembers_reversals
    arsenal = [cat.id(t) for t in ("Kick", "Chop", "Head Butt", "Body Slam", "Step Aside", "Arm Drag")]
    ring = [cat.id(t) for t in ("Kick", "Chop")]  # 7F: enough for Haymaker's 3F
    s = GameState(players=[PlayerState("HHH", arsenal[:], hand=[cat.id("Punch")]),
                           PlayerState("THE ROCK", arsenal[:], hand=[cat.id("Haymaker")], ring=ring)], tasks=[],
                  constructed=True)
    game = Game(s, cat)
    game.resume()
    haymaker = cat.id("Haymaker")
    assert not R.can_play(cat, game.s, 1, haymaker, CardType.MANEUVER)
    game.apply(parse_move('play "Punch"'))  # 3D: the second card overturned, Step Aside, reverses it
    assert game.s.ended_by_reversal == 1 and game.s.current == 1
    assert b'"ended_by_reversal": 1' in dumps(game) and loads(dumps(game)).s.ended_by_reversal == 1
    assert R.can_play(cat, game.s, 1, haymaker, CardType.MANEUVER)
    while (d := game.decision()) is not None and d.kind != "main":
        game.apply(parse_move("pass"))  # The Rock's start-of-turn ability
    game.apply(parse_move("end"))
    assert game.s.ended_by_reversal == -1


def test_before_your_draw_segment_from_the_ring_area_is_at_the_start_of_your_turn() -> None:
    text = ("When this card is in your Ring area, once during each of your turns, before your Draw Segment, you may "
            "discard 1 card and then he overturns 2 cards.")
    assert clauses(text) == (fx.Triggered(fx.Trigger.START_OF_TURN, (
        fx.Optional((fx.Discard(fx.Who.YOU, fx.ONE), fx.MillTop(fx.Who.OPPONENT, 2))),), zone=fx.Zone.RING),)
    result = lowered("Once during each of your turns, before your Draw Segment, your opponent overturns 1 card.",
                     frozenset({"superstar"}))
    assert result.ability == fx.Ability(fx.AbilityTiming.START_OF_TURN, (fx.MillTop(fx.Who.OPPONENT, 1),))


def test_the_first_card_you_play_on_your_next_turn_cannot_be_reversed() -> None:
    (on_play,) = clauses("The first card you play on your next turn cannot be reversed.")
    first = fx.Modifier(fx.Stat.IRREVERSIBLE, 0, fx.Duration.FIRST_NEXT_TURN, card_type=None)
    assert on_play == fx.OnPlay((fx.Modify(first),))
    cat = _course_with({})
    arsenal = [cat.id(t) for t in ("Kick", "Chop", "Head Butt", "Body Slam", "Arm Drag", "Haymaker")]
    s = GameState(players=[PlayerState("HHH", arsenal[:], hand=[cat.id("Punch"), cat.id("Punch")]),
                           PlayerState("THE ROCK", arsenal[:], hand=[cat.id("Step Aside"), cat.id("Step Aside")])],
                  tasks=[], constructed=True)
    game = Game(s, cat)
    game.s.tasks.append(T.Act(0, fx.Modify(first), cat.id("Chop")))
    game.resume()
    game.apply(parse_move("end"))  # it waits through the rest of this turn and The Rock's
    while game.s.current == 1:
        d = game.decision()
        assert d is not None
        game.apply(parse_move("pass") if "pass" in [str(m) for m in d.moves] else parse_move("end"))
    while (d := game.decision()) is not None and d.kind != "main":
        game.apply(d.moves[0])  # HHH's draw segment choices, if any
    game.apply(parse_move('play "Punch"'))
    d = game.decision()
    assert d is None or d.kind != "reverse"  # the first card: no reversal offered
    while (d := game.decision()) is not None and d.kind != "main":
        game.apply(d.moves[0])
    game.apply(parse_move('play "Punch"'))
    d = game.decision()
    assert d is not None and d.kind == "reverse" and d.player == 1  # the second one may be reversed


def test_a_reversal_with_a_condition_reverses_only_while_it_holds() -> None:
    text = ("If your Fortitude Rating is less than your opponent's Fortitude Rating, reverse any maneuver and end your "
            "opponent's turn.")
    reverses = clauses(text, REVERSAL)[0]
    assert isinstance(reverses, fx.Reverses) and reverses.condition == fx.FortitudeBelowOpponent()
    cat = _course_with({"Step Aside": fx.CardEffect((reverses,))})
    s = GameState(players=[PlayerState("HHH", [], ring=[cat.id("Kick")]),
                           PlayerState("THE ROCK", [], hand=[cat.id("Step Aside")])])
    punch = CurrentPlay(0, cat.id("Punch"), CardType.MANEUVER)
    assert R.reverses(cat, s, cat.id("Step Aside"), punch, 3, from_hand=True)  # 0F against HHH's 5F
    s.players[1].ring = [cat.id("Kick"), cat.id("Chop")]
    assert not R.reverses(cat, s, cat.id("Step Aside"), punch, 3, from_hand=True)  # 7F: not less


def test_a_searched_card_put_elsewhere_than_the_hand_is_a_move() -> None:
    text = ("When successfully played, search your opponent's Arsenal for 1 card, put it into his Ringside pile, and "
            "your opponent shuffles his Arsenal.")
    assert clauses(text, STRIKE) == (fx.OnPlay((
        fx.MoveCards(fx.Who.OPPONENT, fx.ONE, fx.Zone.ARSENAL, fx.Zone.RINGSIDE), fx.Shuffle(fx.Who.OPPONENT))),)
