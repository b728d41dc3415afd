"""When Classic effects happen: a card's F paid down as it is played ("When played, discard up to 5 cards. This
card is -2F for each card discarded"), ... Each construct lowered from real Classic sentences, then played in a
constructed Classic position."""

from __future__ import annotations

from rawdeal.cards import CardType, Subtype
from rawdeal.effects import model as fx
from rawdeal.engine.cardinfo import Catalog
from rawdeal.engine import rules as R
from rawdeal.engine import tasks as T
from rawdeal.engine.game import Game
from rawdeal.engine.moves import parse_move
from rawdeal.engine.state import CurrentPlay, GameState, LastPlay, PlayerState
from rawdeal.io.save import dumps, loads
from classickit import (
    assert_lowers_alike, assert_printed, classic_game, clauses, course_with, lowered,
)

GRAPPLE = frozenset({"maneuver", "grapple"})
EACH = "When played, discard up to 5 cards. This card is -2F for each card discarded."  # Precision Power Slam
DONE = "When played, you may discard 1 card. If you do, this card is -10F."  # No Fault Drop
SPECIFIC = ("When played, discard up to 2 Superstar-specific cards. This card is -10F for each card "
            "discarded.")  # The Biggest Precision Spine Buster


def _game(mine: dict[str, list[str]], theirs: dict[str, list[str]] | None = None) -> Game:
    return classic_game(mine, theirs)


def _moves(game: Game) -> list[str]:
    d = game.decision()
    assert d is not None
    return [str(m) for m in d.moves]


def test_f_paid_down_by_a_when_played_payment_lowers_to_the_payment_and_its_cut() -> None:
    assert_printed(EACH, DONE, SPECIFIC)
    assert clauses(EACH, GRAPPLE) == (
        fx.WhenPlayed((fx.Discard(fx.Who.YOU, fx.Count(5, up_to=True)),)),
        fx.StatChange(fx.Stat.FORTITUDE, -2, paid=fx.Paid.EACH))
    assert clauses(DONE, GRAPPLE) == (
        fx.WhenPlayed((fx.Optional((fx.Discard(fx.Who.YOU),)),)),
        fx.StatChange(fx.Stat.FORTITUDE, -10, paid=fx.Paid.DONE))


def test_f_paid_down_by_what_no_when_played_payment_from_the_hand_pays_is_reported() -> None:
    # Precision Knee Drop pays from the Backlash deck, which the engine does not count before the play
    text = "When played, discard up to 5 cards from your Backlash deck. This card is -2F for each card discarded."
    assert_printed(text)
    result = lowered(text, GRAPPLE)
    assert result.effect is None and "paid down" in result.unlowered[0].reason
    result = lowered("This card is -2F for each card discarded.", GRAPPLE)  # nothing paid before it
    assert result.effect is None


def test_a_card_paid_down_per_card_is_offered_when_the_hand_can_pay_enough_and_asks_at_least_that() -> None:
    # Precision Power Slam is 16F; Hurricanrana in the Ring area makes a Fortitude of 10: 3 discards pay 6F
    hand = ["Body Slam", "Body Slam", "Big Boot", "Big Boot", "Kick"]
    game = _game({"hand": ["Precision Power Slam", *hand], "ring": ["Hurricanrana"]})
    assert 'play "Precision Power Slam" as maneuver' in _moves(game)
    game.apply(parse_move('play "Precision Power Slam"'))
    assert _moves(game) == ["discard 3", "discard 4", "discard 5"]
    again = loads(dumps(game))  # the least is kept by a save
    assert _moves(again) == ["discard 3", "discard 4", "discard 5"]
    game.apply(parse_move("discard 3"))
    while (d := game.decision()) is not None and d.player == 0 and game.s.current == 0 and game.s.playing:
        game.apply(d.moves[0])
    assert len(game.s.players[0].ringside) == 3 and len(game.s.players[0].hand) == 2
    # two cards to discard pay 4F: 12F is still more than 10
    game = _game({"hand": ["Precision Power Slam", "Body Slam", "Body Slam"], "ring": ["Hurricanrana"]})
    assert 'play "Precision Power Slam" as maneuver' not in _moves(game)


def test_a_card_affordable_anyway_leaves_its_payment_up_to_the_player() -> None:
    game = _game({"hand": ["Precision Power Slam", "Body Slam"], "ring": ["Hurricanrana", "Hurricanrana"]})
    game.apply(parse_move('play "Precision Power Slam"'))
    assert _moves(game) == ["discard 0", "discard 1"]


def test_a_card_paid_down_per_card_counts_only_the_cards_its_payment_may_take() -> None:
    # The Biggest Precision Spine Buster (20F) pays 10F per Superstar-specific card discarded
    plain = _game({"hand": ["The Biggest Precision Spine Buster", "Body Slam", "Body Slam"], "ring": ["Hurricanrana"]})
    assert not any("Spine Buster" in m for m in _moves(plain))
    game = _game({"hand": ["The Biggest Precision Spine Buster", "Body Slam", "Kane's Chokeslam"],
                  "ring": ["Hurricanrana"]})
    game.apply(parse_move('play "The Biggest Precision Spine Buster"'))
    assert _moves(game) == ["discard 1"]
    game.apply(parse_move("discard 1"))
    assert _moves(game) == ['discard "Kane\'s Chokeslam"']  # never the Body Slam


def test_a_card_paid_down_once_its_may_is_done_must_do_it_when_it_needs_the_cut() -> None:
    game = _game({"hand": ["No Fault Drop", "Body Slam"]})  # 10F against a Fortitude of 0
    assert 'play "No Fault Drop" as maneuver' in _moves(game)
    game.apply(parse_move('play "No Fault Drop"'))
    assert _moves(game) == ['discard "Body Slam"']  # no "may": the card is played only by paying
    assert 'play "No Fault Drop" as maneuver' not in _moves(_game({"hand": ["No Fault Drop"]}))  # nothing to pay with
    game = _game({"hand": ["No Fault Drop", "Body Slam"], "ring": ["Hurricanrana"]})  # affordable anyway
    game.apply(parse_move('play "No Fault Drop"'))
    assert _moves(game) == ["yes", "no"]


XPAC = "During your draw segment, you must draw 2 additional cards to your hand, then discard 1 card."  # X-Pac
CARLITO = "During your Draw Segment, draw an additional 3 cards."  # Carlito
HEAD = "When this card is in your Ring area, you may draw 1 additional card during your Draw Segment."  # Head
SUPERSTAR = frozenset({"superstar"})


def test_additional_cards_drawn_in_the_draw_segment_lower_to_its_trigger() -> None:
    assert_printed(XPAC, CARLITO, HEAD)
    xpac = lowered(XPAC, SUPERSTAR).ability
    assert xpac is not None and xpac.triggered == (fx.Triggered(fx.Trigger.DRAW_SEGMENT, (
        fx.Draw(fx.Who.YOU, fx.Count(2)), fx.Discard(fx.Who.YOU))),)
    carlito = lowered(CARLITO, SUPERSTAR).ability
    assert carlito is not None and carlito.triggered == (fx.Triggered(fx.Trigger.DRAW_SEGMENT, (
        fx.Draw(fx.Who.YOU, fx.Count(3)),)),)
    assert clauses(HEAD) == (fx.Triggered(fx.Trigger.DRAW_SEGMENT, (fx.Draw(fx.Who.YOU, fx.Count(1, up_to=True)),)),)
    # a sentence that names the segment without additional cards is not this trigger
    assert lowered("During your Draw Segment, discard 1 card.", SUPERSTAR).effect is None


def _turn_of(game: Game) -> None:
    """Player 1 ends his turn: player 0's turn starts and runs up to its first decision."""
    game.apply(parse_move("end"))


def _course_game(cat: Catalog, ring: list[str]) -> Game:
    """Stone Cold (player 0) with `ring` in his Ring area, at The Rock's (player 1) main decision; Kicks to draw."""
    arsenal = [cat.id("Kick")] * 10
    s = GameState(players=[PlayerState("STONE COLD STEVE AUSTIN", arsenal[:], ring=[cat.id(t) for t in ring]),
                           PlayerState("THE ROCK", arsenal[:])], constructed=True, tasks=[], current=1)
    game = Game(s, cat)
    game.resume()
    return game


def test_a_superstars_additional_cards_are_drawn_after_the_usual_one_then_he_discards() -> None:
    xpac = lowered(XPAC, SUPERSTAR).ability  # X-Pac's ability, given to Stone Cold
    assert xpac is not None
    game = _course_game(course_with({}, {"STONE COLD STEVE AUSTIN": xpac}), [])
    _turn_of(game)
    d = game.decision()
    assert d is not None and d.player == 0 and all(str(m).startswith("discard \"") for m in d.moves)
    assert len(game.s.players[0].hand) == 3 and len(game.s.players[0].arsenal) == 7
    game.apply(d.moves[0])
    assert len(game.s.players[0].hand) == 2 and len(game.s.players[0].ringside) == 1
    d = game.decision()
    assert d is not None and "end" in [str(m) for m in d.moves]  # the main segment


def test_a_card_in_the_ring_area_draws_an_additional_card_only_for_its_owner_and_if_he_likes() -> None:
    effect = lowered(HEAD).effect
    assert effect is not None
    game = _course_game(course_with({"Chair Shot": effect}), ["Chair Shot"])
    _turn_of(game)
    d = game.decision()
    assert d is not None and d.player == 0 and [str(m) for m in d.moves] == ["draw 0", "draw 1"]
    game.apply(parse_move("draw 1"))
    assert len(game.s.players[0].hand) == 2
    game.apply(parse_move("end"))  # the opponent's Draw segment: Chair Shot is not in his Ring area
    d = game.decision()
    assert d is not None and d.player == 1 and len(game.s.players[1].hand) == 1


BAD_MAN = ("When this card is in your Ring area, you may put it into your Ringside pile, and if your next card played "
           "this turn is a maneuver, it cannot be reversed from your opponent's hand or Backlash deck.")  # I'm a Bad Man...
FLAUNT = ("When this card is in your Ring area, as a Mid-match action, you may put this card into your Ringside pile, "
          "reveal your hand to your opponent, and your next card played this turn cannot be reversed. Your opponent "
          "may draw 1 card.")  # If You've Got It, Flaunt It


def test_an_effect_from_the_ring_area_with_a_cost_and_no_moment_is_used_in_your_turn() -> None:
    assert_printed(BAD_MAN, FLAUNT)
    (ace,) = clauses(BAD_MAN)
    assert isinstance(ace, fx.Activated) and ace.zones == (fx.Zone.RING,) and not ace.once
    assert ace.actions[0] == fx.MoveThis(fx.Zone.RINGSIDE)
    assert isinstance(ace.actions[1], fx.Modify) and ace.actions[1].modifier.stat is fx.Stat.IRREVERSIBLE
    # without a cost it is no Activated Card Effect: still reported
    result = lowered("When this card is in your Ring area, you may draw 1 card.")
    assert result.effect is None and "without saying when" in result.unlowered[0].reason


def test_a_plain_sentence_after_an_effect_used_from_the_ring_area_goes_on_with_it() -> None:
    (used,) = clauses(FLAUNT)
    assert isinstance(used, fx.Activated)
    assert used.actions[-1] == fx.Draw(fx.Who.OPPONENT, fx.Count(1, up_to=True))  # he says how many: 0 or 1
    # a sentence with its own opening does not
    result = lowered(FLAUNT.replace("Your opponent may draw 1 card.",
                                    "When this card is in your Ring area, your opponent may draw 1 card."))
    assert result.effect is None


def test_an_activated_card_effect_said_without_a_moment_is_offered_in_the_main_segment() -> None:
    game = _game({"hand": ["Body Slam"], "ring": ["I'm a Bad Man...", "Hurricanrana"]})
    assert 'use "I\'m a Bad Man..."' in _moves(game)
    game.apply(parse_move('use "I\'m a Bad Man..."'))
    me = game.s.players[0]
    assert [game.title(c) for c in me.ringside] == ["I'm a Bad Man..."]
    assert [m.modifier.stat for m in game.s.modifiers] == [fx.Stat.IRREVERSIBLE]


RAGE = ("Search your Arsenal for 1 Unique Maneuver card, reveal it to your opponent, put it into your hand, and "
        "shuffle your Arsenal. If it is your next card played this turn, it is -5F.")  # Kane's Rage
COBRA = ("When successfully played, search your Arsenal for the card titled Maintain Hold, reveal it to your "
         "opponent, put it into your hand, and shuffle your Arsenal. If that card is your next card played this turn, "
         "it is -4F.")  # Cobra Clutch


def test_it_as_the_next_card_played_is_the_card_the_search_before_found() -> None:
    assert_printed(RAGE, COBRA)
    *_, cut = clauses(RAGE)[0].actions  # type: ignore[union-attr]
    assert cut == fx.Modify(fx.Modifier(fx.Stat.FORTITUDE, -5, fx.Duration.NEXT_CARD, card_type=None, found=True))
    *_, cut = clauses(COBRA, frozenset({"maneuver", "submission"}))[0].actions  # type: ignore[union-attr]
    assert cut == fx.Modify(fx.Modifier(fx.Stat.FORTITUDE, -4, fx.Duration.NEXT_CARD, card_type=None,
                                        title="Maintain Hold"))  # a search by title: that title (copies are alike)
    result = lowered("Draw 1 card. If it is your next card played this turn, it is -5F.")
    assert result.effect is None and "no search" in result.unlowered[0].reason


def test_the_card_a_search_found_is_cheaper_as_the_next_card_played() -> None:
    arsenal = ["Punch", "Kick", "Kane's Chokeslam", "Big Boot"]  # Kane's Chokeslam: the only Unique maneuver, 12F
    game = _game({"hand": ["Kane's Rage"], "ring": ["Hurricanrana"], "arsenal": arsenal})
    assert 'play "Kane\'s Chokeslam" as maneuver' not in _moves(game)
    game.apply(parse_move('play "Kane\'s Rage"'))
    while (d := game.decision()) is not None and game.s.playing is not None:
        game.apply(next((m for m in d.moves if "Chokeslam" in str(m)), d.moves[0]))
    assert game.title(game.s.found) == "Kane's Chokeslam"
    assert loads(dumps(game)).s.found == game.s.found  # a save keeps it
    assert [m.modifier.title for m in game.s.modifiers] == ["Kane's Chokeslam"]
    assert 'play "Kane\'s Chokeslam" as maneuver' in _moves(game)  # 7F against a Fortitude of 10


def test_a_search_that_finds_nothing_makes_no_card_cheaper() -> None:
    game = _game({"hand": ["Kane's Rage"], "arsenal": ["Punch", "Kick", "Big Boot"]})
    game.apply(parse_move('play "Kane\'s Rage"'))
    while (d := game.decision()) is not None and game.s.playing is not None:
        game.apply(d.moves[0])
    assert game.s.found == -1 and game.s.modifiers == ()


WHIP = ("As a reversal, reverse the card titled Irish Whip and end your opponent's turn. At the beginning of your next "
        "turn, your first card played is considered to be played after the card titled Irish Whip. If it is a Strike "
        "maneuver, it is +5D.")  # Irish Whip, as a reversal


def test_a_set_up_reversal_makes_the_first_card_of_the_next_turn_follow_it() -> None:
    assert_printed(WHIP)
    whip = lowered(WHIP, frozenset({"action", "reversal", "special"}))
    assert whip.effect is not None
    (after,) = whip.effect.of(fx.OnReverse)
    assert after.actions[1:] == (
        fx.Modify(fx.Modifier(fx.Stat.AFTER, 0, fx.Duration.FIRST_NEXT_TURN, card_type=None,
                              after=(fx.After(title="Irish Whip"),))),
        fx.Modify(fx.Modifier(fx.Stat.DAMAGE, 5, fx.Duration.FIRST_NEXT_TURN, subtype=Subtype.STRIKE)))
    # "it" speaks of that first card only right after the sentence that names it
    assert lowered("If it is a Strike maneuver, it is +5D.", frozenset({"action"})).effect is None


def test_after_reversing_irish_whip_the_first_card_of_the_turn_is_played_after_it() -> None:
    game = _game({"hand": ["Irish Whip", "Cross Body Block"], "ring": ["Hurricanrana"]},
                 {"hand": ["Irish Whip", "Kick"], "ring": ["Hurricanrana"]})
    game.s.current = 1
    game.resume()
    assert 'play "Cross Body Block" as maneuver' not in _moves(_game({"hand": ["Cross Body Block"]}))
    game.apply(parse_move('play "Irish Whip" as action'))
    assert 'reverse "Irish Whip"' in _moves(game)
    game.apply(parse_move('reverse "Irish Whip"'))
    while (d := game.decision()) is not None and game.s.current == 1:
        game.apply(d.moves[0])
    assert game.s.current == 0
    assert [(m.modifier.stat, m.modifier.duration) for m in game.s.modifiers] == [
        (fx.Stat.AFTER, fx.Duration.FIRST_NEXT_TURN), (fx.Stat.DAMAGE, fx.Duration.FIRST_NEXT_TURN)]
    assert 'play "Cross Body Block" as maneuver' in _moves(game)  # "Can only be played after ... Irish Whip"


BETTER = ("Once during each of your turns, when you have fewer cards in your hand than your opponent, you may draw 1 "
          "card.")  # I'm Better Than You!
HEADLOCK = ("When this card is in your Ring area, during your turn you may put this card into your Ringside pile and if "
            "your next card played this turn is a non-unique card, it is -10F.")  # Headlock Takedown
HURRI = ("When this card is in your Ring area, once during each of your turns you may discard any number of cards and "
         "if your next card played this turn is a maneuver, it is +3D for each card discarded.")  # I've Got Hurri-powers...


def test_an_effect_of_your_turn_whose_may_is_a_draw_is_used_by_drawing() -> None:
    assert_printed(BETTER)
    (used,) = clauses(BETTER, frozenset({"pre-match"}))
    assert used == fx.Activated((fx.Zone.RING,), (fx.Draw(fx.Who.YOU),), once=True,
                                condition=fx.Compared(fx.Measure.HAND))


def test_a_next_card_described_by_a_keyword_it_lacks() -> None:
    assert_printed(HEADLOCK)
    (used,) = clauses(HEADLOCK, GRAPPLE)
    assert isinstance(used, fx.Activated)
    assert used.actions[-1] == fx.Modify(fx.Modifier(fx.Stat.FORTITUDE, -10, fx.Duration.NEXT_CARD, card_type=None,
                                                     not_marks=("unique",)))
    game = _game({"hand": ["Kane's Chokeslam", "Body Slam"], "ring": ["Headlock Takedown"]})
    assert 'play "Body Slam" as maneuver' not in _moves(game)  # 7F against a Fortitude of 1
    game.apply(parse_move('use "Headlock Takedown"'))
    plays = _moves(game)
    assert 'play "Body Slam" as maneuver' in plays and 'play "Kane\'s Chokeslam" as maneuver' not in plays


def test_a_next_card_bonus_per_card_discarded_counts_the_discard_just_before() -> None:
    assert_printed(HURRI)
    (used,) = clauses(HURRI)
    assert isinstance(used, fx.Activated) and used.once
    assert used.actions[-1] == fx.Modify(fx.Modifier(fx.Stat.DAMAGE, 3, fx.Duration.NEXT_CARD),
                                         per=fx.CountOf(fx.Who.YOU, None, measure=fx.Measure.MOVED))
    effect = lowered(HURRI).effect
    assert effect is not None
    cat = course_with({"Chair Shot": effect})
    arsenal = [cat.id("Kick")] * 10
    s = GameState(players=[PlayerState("STONE COLD STEVE AUSTIN", arsenal[:], hand=[cat.id("Kick")] * 3,
                                       ring=[cat.id("Chair Shot")]),
                           PlayerState("THE ROCK", arsenal[:])], constructed=True, tasks=[])
    game = Game(s, cat)
    game.resume()
    game.apply(parse_move('use "Chair Shot"'))
    game.apply(parse_move("discard 2"))
    while (d := game.decision()) is not None and str(d.moves[0]).startswith("discard \""):
        game.apply(d.moves[0])
    assert [(m.modifier.amount, m.modifier.stat) for m in game.s.modifiers] == [(6, fx.Stat.DAMAGE)]


SUPERKICK = "When played after a successfully played 5D or greater maneuver, this card is +5D."  # Superkick


def test_a_played_after_opening_on_this_cards_amounts_reads_as_their_tail() -> None:
    assert_printed(SUPERKICK)
    assert_lowers_alike(SUPERKICK, "This card is +5D when played after a successfully played 5D or greater maneuver.",
                        frozenset({"maneuver", "strike"}))
    (change,) = clauses(SUPERKICK, frozenset({"maneuver", "strike"}))
    assert change == fx.StatChange(fx.Stat.DAMAGE, 5, fx.After(CardType.MANEUVER, min_damage=5))


JUNIOR = "Listen Up, Junior: Don't Be an Ass-clown!"
HIS_TURN = "During your opponent's turn, he may discard 3 cards and then put this card into your Ringside pile."


def test_an_effect_the_opponent_uses_in_his_turn_lowers_to_his_activation() -> None:
    assert_printed(HIS_TURN)
    (used,) = clauses(HIS_TURN, frozenset({"mid-match", "action"}))
    assert used == fx.Activated((fx.Zone.RING,), (fx.Discard(fx.Who.OPPONENT, fx.Count(3), chooser=fx.Who.OPPONENT),
                                                  fx.MoveThis(fx.Zone.RINGSIDE)), by=fx.Who.OPPONENT)


def test_the_opponent_may_pay_to_put_your_card_out_of_your_ring_area_in_his_turn() -> None:
    hand = ["Body Slam", "Big Boot", "Kick"]
    game = _game({"hand": hand}, {"ring": [JUNIOR]})
    use = f'use "{JUNIOR}"'
    assert use in _moves(game)
    assert use not in _moves(_game({"hand": hand[:2]}, {"ring": [JUNIOR]}))  # two cards cannot pay three
    game.apply(parse_move(use))
    while (d := game.decision()) is not None and str(d.moves[0]).startswith("discard \""):
        game.apply(d.moves[0])
    assert game.s.players[0].hand == [] and len(game.s.players[0].ringside) == 3
    assert [game.title(c) for c in game.s.players[1].ringside] == [JUNIOR] and game.s.players[1].ring == []
    mine = _game({}, {"ring": [JUNIOR], "hand": hand})  # never in its owner's own turn
    mine.s.current = 1
    mine.resume()
    assert use not in _moves(mine)


HEAD_AWAY = ("Before your opponent's Draw Segment, he may discard 2 cards and then put this card into your Ringside "
             "pile.")  # Head


def test_a_card_may_let_the_opponent_pay_to_remove_it_before_his_draw_segment() -> None:
    assert_printed(HEAD_AWAY)
    text = f"{HEAD}  {HEAD_AWAY}"
    *_, away = clauses(text)
    assert away == fx.Triggered(fx.Trigger.START_OF_TURN, (fx.Optional((
        fx.Discard(fx.Who.OPPONENT, fx.Count(2), chooser=fx.Who.OPPONENT), fx.MoveThis(fx.Zone.RINGSIDE)),
        who=fx.Who.OPPONENT),), by=fx.Who.OPPONENT)
    game = _game({"ring": ["Head"]}, {"hand": ["Body Slam", "Big Boot", "Kick"]})
    game.apply(parse_move("end"))  # The Rock's turn starts: before his draw, he is asked
    d = game.decision()
    assert d is not None and d.player == 1 and [str(m) for m in d.moves] == ["yes", "no"]
    assert len(game.s.players[1].hand) == 3  # not drawn yet
    game.apply(parse_move("yes"))
    while (d := game.decision()) is not None and str(d.moves[0]).startswith("discard \""):
        game.apply(d.moves[0])
    assert [game.title(c) for c in game.s.players[0].ringside] == ["Head"] and game.s.players[0].ring == []
    assert len(game.s.players[1].ringside) == 2 and len(game.s.players[1].hand) == 2  # 1 left, then his draw
    lone = _game({"ring": ["Head"]}, {"hand": ["Kick"]})  # one card cannot pay two: no question
    lone.apply(parse_move("end"))
    d = lone.decision()
    assert d is not None and "yes" not in [str(m) for m in d.moves] and lone.s.players[0].ring != []


EVERY = "Before every Draw Segment, all players overturn 1 card."  # No Way Out


def test_before_every_draw_segment_is_the_start_of_each_players_turn() -> None:
    assert_printed(EVERY)
    (each,) = clauses(EVERY, frozenset({"pre-match"}))
    assert each == fx.Triggered(fx.Trigger.START_OF_TURN, (fx.MillTop(fx.Who.ALL),), by=fx.Who.ALL)
    game = _course_game(course_with({"Chair Shot": fx.CardEffect((each,))}), ["Chair Shot"])
    game.s.current = 0
    game.s.tasks = [T.StartTurn(1)]  # The Rock's turn starts: the card in Stone Cold's Ring area sets it off too
    game.resume()
    assert [len(p.ringside) for p in game.s.players] == [1, 1]
    game.apply(parse_move("end"))  # and at the start of Stone Cold's own turn
    assert [len(p.ringside) for p in game.s.players] == [2, 2]


ADJUST = ("If played from your hand, the first card played on your next turn is - #F, where # = F of the maneuver being "
          "reversed.")  # Attitude Adjustment, Blown Spot


def test_a_reversal_makes_the_first_card_of_the_next_turn_cheaper_by_the_reversed_cards_f() -> None:
    assert_printed(ADJUST)
    text = f"Reverse any Grapple maneuver and end your opponent's turn. {ADJUST}"
    (_, after) = lowered(text, frozenset({"reversal", "special"})).effect.of(fx.OnReverse)  # type: ignore[union-attr]
    assert after == fx.OnReverse((fx.Modify(
        fx.Modifier(fx.Stat.FORTITUDE, -1, fx.Duration.FIRST_NEXT_TURN, card_type=None),
        per=fx.CountOf(fx.Who.YOU, None, measure=fx.Measure.REVERSED_F)),), from_hand_only=True)
    game = _game({"hand": ["Attitude Adjustment", "Kane's Chokeslam"], "ring": ["Hurricanrana"]},
                 {"hand": ["Body Slam"], "ring": ["Hurricanrana", "Hurricanrana"]})
    game.s.current = 1
    game.resume()
    game.apply(parse_move('play "Body Slam"'))  # a 7F Grapple
    game.apply(parse_move('reverse "Attitude Adjustment"'))
    while (d := game.decision()) is not None and game.s.current == 1:
        game.apply(d.moves[0])
    assert [(m.modifier.amount, m.modifier.duration) for m in game.s.modifiers] == [
        (-7, fx.Duration.FIRST_NEXT_TURN)]
    assert 'play "Kane\'s Chokeslam" as maneuver' in _moves(game)  # 12F - 7 against a Fortitude of 10


CRAB = ("When played after a successfully played 4D or greater maneuver, can only be reversed from your opponent's "
        "Arsenal.")  # Boston Crab


def test_what_this_card_is_when_played_after_a_card_holds_only_after_it() -> None:
    assert_printed(CRAB)
    (limit,) = clauses(CRAB, frozenset({"maneuver", "submission"}))
    assert limit == fx.Irreversible(from_hand=True, from_arsenal=False, condition=fx.After(CardType.MANEUVER,
                                                                                           min_damage=4))
    game = _game({})
    cat, s = game.cat, game.s
    crab, slam = cat.id("Boston Crab"), cat.id("Body Slam")
    after = [R.irreversible(cat, s, CurrentPlay(0, crab, CardType.MANEUVER, (), LastPlay(slam, CardType.MANEUVER, dealt)),
                            4, from_hand=True) for dealt in (6, 3)]
    assert after == [True, False]  # after 6D dealt: not from the hand; after 3D: as usual
    assert not R.irreversible(cat, s, CurrentPlay(0, crab, CardType.MANEUVER, (), LastPlay(slam, CardType.MANEUVER, 6)),
                              4, from_hand=False)  # from the Arsenal it still may be


GORY = ("When successfully played after a High Risk maneuver, you may put up to 3 High Risk maneuvers from your "
        "Ringside pile into your hand.")  # The Gory Bomb


def test_what_a_successful_play_after_a_card_does_happens_only_after_it() -> None:
    assert_printed(GORY)
    (on,) = clauses(GORY, frozenset({"maneuver", "grapple"}))
    assert isinstance(on, fx.OnPlay) and len(on.actions) == 1 and isinstance(on.actions[0], fx.OnlyIf)
    assert on.actions[0].condition == fx.After(CardType.MANEUVER, Subtype.HIGH_RISK)
    game = _game({})
    cat = game.cat
    high = cat.infos[cat.id("Lionsault")]  # a High Risk maneuver
    low = cat.id("Body Slam")
    asked = []
    for before in (high.id, low):
        game = _game({"ringside": [high.title]})
        gory = game.cat.id("The Gory Bomb")
        game.s.playing = CurrentPlay(0, gory, CardType.MANEUVER, (), LastPlay(before, CardType.MANEUVER, 3))
        game.s.tasks.append(T.Act(0, on.actions[0], gory))
        game.resume()
        d = game.decision()
        asked.append(d is not None and [str(m) for m in d.moves] == ["yes", "no"])
    assert asked == [True, False]  # after a High Risk maneuver he may; after a Grapple, nothing is asked
