"""What a search found, moved by a pronoun ("search his Arsenal for up to 5 cards, put them into his Ringside pile";
"... for 1 card and remove it from the game"), "any number of" cards moved and "the same number of" cards after it,
"random" cards, and "this card and 1 card from your Ringside pile". Lowered from sentences the pool prints, then
played (a decision saved mid-effect and reloaded plays on as straight play does)."""

from __future__ import annotations

from dataclasses import replace

from rawdeal.cards import CardType, Trait
from rawdeal.effects import model as fx
from rawdeal.engine import tasks as T
from rawdeal.engine.classic import shipped_classic
from rawdeal.engine.game import Game
from rawdeal.engine.words import DecisionKind
from rawdeal.engine.moves import parse_move
from rawdeal.engine.state import GameState, PlayerState
from rawdeal.io.save import dumps, loads
from classickit import ACTION, assert_printed, clauses, course_with, lowered, play_unreversed

YOU, OPP = fx.Who.YOU, fx.Who.OPPONENT
ARSENAL, HAND, RINGSIDE, RING = fx.Zone.ARSENAL, fx.Zone.HAND, fx.Zone.RINGSIDE, fx.Zone.RING

HOW_MANY = "Search his Arsenal for up to 5 cards, put them into his Ringside pile, and he shuffles his Arsenal."
HIP_TOSS = "When successfully played, search your opponent's Arsenal for 1 card and remove it from the game."
MIC = "Search your opponent's Arsenal for 1 Reversal card, remove it from the game, and he shuffles his Arsenal."
SHARMELL = "Search your opponent's Arsenal for 5 cards and remove them from the game."
SPARKPLUG = ("Discard any number of cards and then search your Arsenal for the same number of non-hybrid Reversal "
             "cards, reveal them to your opponent, put them into your hand, and shuffle your Arsenal.")
GOOD_LIFE = ("Put any number of cards from your hand on the bottom of your Arsenal and then put the same number of "
             "cards from your Ringside pile into your hand.")
TOPE = "Discard any number of cards and your opponent discards the same number of cards."
GAME_OVER = "Shuffle any number of cards from your hand into your Arsenal, and then draw the same number of cards."
INMATES = "Put any number of non-Maneuver cards from your opponent's Ring area into his Ringside pile."
MICK_KICK = ("When successfully played, discard any number of cards and then put the same number of cards from the "
             "bottom of your Arsenal into your hand.")
CHAIN_LASHING = ("When successfully played, opponent must place 1 random card from his Backlash deck into his "
                 "Ringside pile.")
RED_HANDED = "Your opponent may overturn 5 cards. If he does not, he must discard 3 random cards from his hand."
CARLITO = ("As an action, this card is -20F and -20D, shuffle this card and 1 card from your Ringside pile into your "
           "Arsenal.")


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(HOW_MANY, HIP_TOSS, MIC, SHARMELL, SPARKPLUG, GOOD_LIFE, TOPE, GAME_OVER, INMATES, MICK_KICK,
                   CHAIN_LASHING, CARLITO, "If he does not, he must discard 3 random cards from his hand.")


def _actions(text: str) -> tuple[fx.Action, ...]:
    on_play = [c for c in clauses(text, ACTION) if isinstance(c, fx.OnPlay)]
    assert len(on_play) == 1
    return on_play[0].actions


# ------------------------------------------------------------------------------------- lowering
def test_what_a_search_found_goes_where_the_pronoun_puts_it() -> None:
    assert _actions(HOW_MANY) == (fx.MoveCards(OPP, fx.Count(5, up_to=True), ARSENAL, RINGSIDE), fx.Shuffle(OPP))
    assert _actions(HIP_TOSS) == (fx.MoveCards(OPP, fx.ONE, ARSENAL, fx.Zone.REMOVED),)
    assert _actions(MIC) == (fx.MoveCards(OPP, fx.ONE, ARSENAL, fx.Zone.REMOVED,
                                          filter=fx.CardFilter(types=(CardType.REVERSAL,))), fx.Shuffle(OPP))
    assert _actions(SHARMELL) == (fx.MoveCards(OPP, fx.Count(5), ARSENAL, fx.Zone.REMOVED),)


def test_a_search_for_several_cards_into_the_hand_takes_them_all_not_one() -> None:
    discard, take, shuffle = _actions(SPARKPLUG)
    assert discard == fx.Discard(YOU, fx.ANY_NUMBER)
    assert isinstance(take, fx.MoveCards) and take.count == fx.Count(1, same=True)
    assert (take.source, take.dest, take.filter.types, take.filter.not_marks) == (ARSENAL, HAND, (CardType.REVERSAL,),
                                                                                   ("hybrid",))
    assert shuffle == fx.Shuffle(YOU)


def test_a_search_for_several_cards_that_puts_them_nowhere_is_reported() -> None:
    result = lowered("Search your Arsenal for 3 cards.")  # printed on no card
    assert result.effect is None and "nowhere" in result.unlowered[0].reason


def test_any_number_of_cards_moved_then_the_same_number() -> None:
    assert _actions(GOOD_LIFE) == (fx.MoveCards(YOU, fx.ANY_NUMBER, HAND, ARSENAL, fx.Position.BOTTOM),
                                   fx.MoveCards(YOU, fx.Count(1, same=True), RINGSIDE, HAND))
    assert _actions(TOPE) == (fx.Discard(YOU, fx.ANY_NUMBER),
                              fx.Discard(OPP, fx.Count(1, same=True), chooser=OPP))
    assert _actions(GAME_OVER) == (fx.MoveCards(YOU, fx.ANY_NUMBER, HAND, ARSENAL, fx.Position.SHUFFLE),
                                   fx.Draw(YOU, fx.Count(1, same=True)))
    assert _actions(INMATES) == (fx.MoveCards(OPP, fx.ANY_NUMBER, RING, RINGSIDE,
                                              filter=fx.CardFilter(not_marks=("type:maneuver",))),)


def test_cards_from_the_bottom_of_a_zone_are_no_pick_and_are_reported() -> None:
    result = lowered(MICK_KICK)
    assert result.effect is None and "bottom" in result.unlowered[0].reason


def test_random_cards_are_picked_at_random() -> None:
    assert _actions(CHAIN_LASHING) == (fx.MoveCards(OPP, fx.ONE, fx.Zone.BACKLASH, RINGSIDE, chooser=OPP,
                                                    random=True),)
    (optional,) = _actions(RED_HANDED)
    assert isinstance(optional, fx.Optional)
    assert optional.otherwise == (fx.Discard(OPP, fx.Count(3), chooser=OPP, random=True),)


def test_this_card_and_a_card_from_the_ringside_pile() -> None:
    assert _actions(CARLITO) == (fx.ReturnThis(fx.Position.SHUFFLE),
                                 fx.MoveCards(YOU, fx.ONE, RINGSIDE, ARSENAL, fx.Position.SHUFFLE))


# ------------------------------------------------------------------------------------- play
FILLER = ("Head Butt", "Roundhouse Punch", "Back Body Drop", "Big Boot", "Shoulder Block", "Cross Body Block",
          "Ensugiri", "Running Elbow Smash", "Drop Kick", "Discus Punch")  # one copy each: a save checks copies


def _game(text: str, me: dict[str, list[str]], him: dict[str, list[str]]) -> tuple[Game, GameState]:
    cat = course_with({"Punch": fx.CardEffect(clauses(text, ACTION))})
    zones = ("arsenal", "hand", "ring", "ringside")
    mine = {z: [cat.id(t) for t in me.get(z, [])] for z in zones}
    his = {z: [cat.id(t) for t in him.get(z, FILLER if z == "arsenal" else ())] for z in zones}
    mine["hand"] = [cat.id("Punch"), *mine["hand"]]
    mine["arsenal"] = mine["arsenal"] or [cat.id(t) for t in FILLER]
    s = GameState(players=[PlayerState("HHH", **mine), PlayerState("THE ROCK", **his)], constructed=True, tasks=[])
    return play_unreversed(cat, s, 'play "Punch"'), s


def _answer(game: Game, *moves: str) -> None:
    for move in moves:
        d = game.decision()
        assert d is not None and d.player == 0, (move, d)
        game.apply(parse_move(move))


def test_the_searcher_picks_the_found_cards_into_the_opponents_ringside_pile() -> None:
    him = {"arsenal": ["Haymaker"] * 8 + ["Kick"] * 2}
    game, s = _game(HOW_MANY, {}, him)
    d = game.decision()
    assert d is not None and d.player == 0  # he looks through his opponent's Arsenal
    _answer(game, 'take "Kick"', 'take "Kick"', 'take "Haymaker"', 'take "Haymaker"', 'take "Haymaker"')
    titles = [game.title(c) for c in s.players[1].ringside]  # the 5 taken, then Punch's damage overturned
    assert titles[:5] == ["Kick", "Kick", "Haymaker", "Haymaker", "Haymaker"]
    assert len(titles) == 5 + game.cat.infos[game.cat.id("Punch")].card.printed_damage


def test_a_found_card_removed_from_the_game() -> None:
    game, s = _game(HIP_TOSS, {}, {"arsenal": ["Haymaker"] * 9 + ["Kick"]})
    _answer(game, 'take "Kick"')
    assert [game.title(c) for c in s.players[1].removed] == ["Kick"]
    assert "Kick" not in [game.title(c) for c in (*s.players[1].arsenal, *s.players[1].ringside)]


def test_any_number_moved_asks_how_many_and_the_same_number_follows_after_a_save() -> None:
    straight, s = _game(GOOD_LIFE, {"hand": ["Kick", "Kick", "Haymaker"], "ringside": ["Chop"] * 3}, {})
    d = straight.decision()
    assert d is not None and d.player == 0 and [str(m) for m in d.moves] == ["move 0", "move 1", "move 2", "move 3"]
    reloaded = loads(dumps(straight))
    for game in (straight, reloaded):
        _answer(game, "move 2", 'take "Kick"', 'take "Kick"', 'take "Chop"', 'take "Chop"')
    assert dumps(reloaded) == dumps(straight)
    me = reloaded.s.players[0]
    assert sorted(reloaded.title(c) for c in me.hand) == ["Chop", "Chop", "Haymaker"]
    assert [reloaded.title(c) for c in me.arsenal[:2]] == ["Kick", "Kick"]  # at the bottom
    assert [reloaded.title(c) for c in me.ringside].count("Chop") == 1


def test_the_opponent_discards_as_many_cards_as_you_did() -> None:
    for n in (0, 1, 2):
        game, s = _game(TOPE, {"hand": ["Kick", "Chop"]}, {"hand": ["Haymaker"] * 4})
        _answer(game, f"discard {n}", *['discard "Kick"', 'discard "Chop"'][:n])
        while (d := game.decision()) is not None and d.player == 1 and game.s.tasks:
            game.apply(d.moves[0])
        assert len(s.players[1].hand) == 4 - n


def test_this_card_and_one_card_are_shuffled_in() -> None:
    on_play = next(c for c in clauses(CARLITO, ACTION) if isinstance(c, fx.OnPlay))
    cat = course_with({"Punch": fx.CardEffect((replace(on_play, as_type=None),))})
    s = GameState(players=[PlayerState("HHH", [cat.id("Haymaker")] * 10, hand=[cat.id("Punch")],
                                       ringside=[cat.id("Kick")]),
                           PlayerState("THE ROCK", [cat.id("Haymaker")] * 10)], tasks=[])
    game = play_unreversed(cat, s, 'play "Punch"')
    _answer(game, 'take "Kick"')
    me = s.players[0]
    assert me.ringside == [] and cat.id("Punch") in me.arsenal and cat.id("Kick") in me.arsenal
    assert cat.id("Punch") not in me.ring


# ------------------------------------------------------------------------------------- this card, other cards
SWEET_CHIN = ("As an action, this card is -30F and -20D, discard this card and put 1 other Maneuver card from your "
              "Ringside pile into your hand.")
PLAN_B = "Remove this card from the game and put 1 card from your hand on the bottom of your Arsenal."
CABANA = ("When this card is in your Ringside pile, during your turn you may remove this card from the game and then "
          "shuffle up to 4 cards from your Ringside pile into your Arsenal.")


def test_this_card_removed_from_the_game_and_other_cards_are_lowered() -> None:
    assert_printed(SWEET_CHIN, PLAN_B, CABANA)
    assert _actions(SWEET_CHIN) == (fx.DiscardThis(), fx.MoveCards(YOU, fx.ONE, RINGSIDE, HAND, other=True,
                                                                   filter=fx.CardFilter(types=(CardType.MANEUVER,))))
    assert _actions(PLAN_B) == (fx.MoveThis(fx.Zone.REMOVED), fx.MoveCards(YOU, fx.ONE, HAND, ARSENAL,
                                                                         fx.Position.BOTTOM))
    (used,) = clauses(CABANA, ACTION)
    assert used == fx.Activated((RINGSIDE,), (fx.MoveThis(fx.Zone.REMOVED), fx.MoveCards(
        YOU, fx.Count(4, up_to=True), RINGSIDE, ARSENAL, fx.Position.SHUFFLE)))


def test_other_is_refused_where_no_card_of_yours_moves() -> None:
    result = lowered("Your opponent discards 1 other card.")  # printed on no card
    assert result.effect is None and "other" in result.unlowered[0].reason


def _played_as_maneuver(text: str, me: dict[str, list[str]]) -> Game:
    on_play = next(c for c in clauses(text, ACTION) if isinstance(c, fx.OnPlay))
    cat = course_with({"Punch": fx.CardEffect((replace(on_play, as_type=None),))})
    zones = {z: [cat.id(t) for t in me.get(z, [])] for z in ("hand", "ringside")}
    s = GameState(players=[PlayerState("HHH", [cat.id(t) for t in FILLER], hand=[cat.id("Punch"), *zones["hand"]],
                                       ringside=zones["ringside"]),
                           PlayerState("THE ROCK", [cat.id(t) for t in FILLER])], constructed=True, tasks=[])
    return play_unreversed(cat, s, 'play "Punch"')


def test_an_other_card_is_never_this_one_but_may_be_another_copy() -> None:
    game = _played_as_maneuver(SWEET_CHIN, {"ringside": ["Kick"]})
    d = game.decision()
    assert d is not None and d.player == 0 and [str(m) for m in d.moves] == ['take "Kick"']  # Punch lies there too
    again = loads(dumps(game))
    for g in (game, again):
        g.apply(parse_move('take "Kick"'))
    assert dumps(again) == dumps(game)
    assert [game.title(c) for c in game.s.players[0].ringside] == ["Punch"]
    game = _played_as_maneuver(SWEET_CHIN, {"ringside": ["Punch"]})  # another copy: that one may come back
    d = game.decision()
    assert d is not None and [str(m) for m in d.moves] == ['take "Punch"']
    game.apply(d.moves[0])
    me = game.s.players[0]
    assert [game.title(c) for c in me.ringside] == ["Punch"] and game.cat.id("Punch") in me.hand
    game = _played_as_maneuver(SWEET_CHIN, {})  # nothing else there: nothing to take
    assert game.s.players[0].hand == [] and [game.title(c) for c in game.s.players[0].ringside] == ["Punch"]


def test_this_card_removed_from_the_game() -> None:
    game = _played_as_maneuver(PLAN_B, {"hand": ["Kick"]})
    _answer(game, 'take "Kick"')
    me = game.s.players[0]
    assert [game.title(c) for c in me.removed] == ["Punch"] and game.title(me.arsenal[0]) == "Kick"


# ------------------------------------------------------------------------------------- "then either A or B"
LEG_DROP = ("As an action, this card is -8F and -12D, either discard this card or shuffle this card into your Arsenal "
            "and then draw 1 card.")
SPIDER_WEB = ("As an action, this card is -5D, put this card on the bottom of your Arsenal and then either draw 2 "
              "cards or put the card titled Managed by Stevie Richards from your Ringside pile into your Ring area "
              "and discard 1 card.")
POWER_BOMB = ("As an action, this card is -8F and -14D, shuffle this card into your Arsenal and then draw 1 card or "
              "your opponent discards 4 cards from his Backlash deck.")


def test_what_comes_before_either_happens_whichever_is_chosen() -> None:
    assert_printed(LEG_DROP, SPIDER_WEB, POWER_BOMB)
    assert _actions(LEG_DROP) == (fx.Choice(((fx.DiscardThis(),), (fx.ReturnThis(fx.Position.SHUFFLE),
                                                                    fx.Draw(YOU, fx.ONE)))),)
    back, choice = _actions(SPIDER_WEB)
    assert back == fx.ReturnThis(fx.Position.BOTTOM)
    assert isinstance(choice, fx.Choice) and choice.options[0] == (fx.Draw(YOU, fx.Count(2)),)
    assert [type(a) for a in choice.options[1]] == [fx.MoveCards, fx.Discard]


def test_a_choice_without_either_after_other_actions_is_reported() -> None:
    result = lowered(POWER_BOMB)  # the choice may be the draw's alone, or the shuffle's too: the text does not say
    assert result.effect is None and "choice" in result.unlowered[0].reason


def test_either_choice_is_played() -> None:
    game = _played_as_maneuver(LEG_DROP, {})
    _answer(game, "choose 2")
    me = game.s.players[0]
    assert game.cat.id("Punch") in me.arsenal and len(me.hand) == 1 and me.ringside == []


# ------------------------------------------------------------------------------------- counts said another way
SPLIT_FINGER = "As a maneuver, discard up to 5 cards and your opponent overturns the same number of cards."
WALK_IT_DRY = ("Discard 1 card, shuffle up to # cards from your Ringside pile into your Arsenal, and your opponent "
               "overturns # cards, where # is equal to your Superstar Value.")
SPANKING = "Overturn 4 cards from your Arsenal into your Ringside pile, and then draw 4 cards."
CONDEMNED = "Your opponent discards cards equal to the number of Superstar-specific cards in your Ring area."
STRETCHING = "Draw 2 cards, then put 1 card from your Ringside pile at the bottom of your Arsenal."


def test_overturns_and_discards_of_a_count_the_text_says_elsewhere() -> None:
    assert_printed(SPLIT_FINGER, WALK_IT_DRY, SPANKING, CONDEMNED, STRETCHING)
    assert _actions(SPLIT_FINGER.replace("As a maneuver, ", ""))[1] == fx.MillTop(OPP, count=fx.Count(1, same=True))
    value = fx.CountOf(YOU, None)
    assert _actions(WALK_IT_DRY)[1:] == (
        fx.MoveCards(YOU, fx.Count(0, up_to=True, of=value), RINGSIDE, ARSENAL, fx.Position.SHUFFLE),
        fx.MillTop(OPP, count=fx.Count(0, of=value)))
    assert _actions(SPANKING) == (fx.MillTop(YOU, 4), fx.Draw(YOU, fx.Count(4)))
    assert _actions(CONDEMNED) == (fx.Discard(OPP, fx.Count(0, of=fx.CountOf(
        YOU, RING, fx.CardFilter(marks=("superstar-specific",)))), chooser=OPP),)
    assert _actions(STRETCHING)[1] == fx.MoveCards(YOU, fx.ONE, RINGSIDE, ARSENAL, fx.Position.BOTTOM)


def test_the_opponent_overturns_as_many_as_were_discarded() -> None:
    for n in (0, 2):
        game = _played_as_maneuver(SPLIT_FINGER.replace("As a maneuver, ", ""), {"hand": ["Kick", "Chop"]})
        before = len(game.s.players[1].arsenal)
        _answer(game, f"discard {n}", *['discard "Kick"', 'discard "Chop"'][:n])
        damage = game.cat.infos[game.cat.id("Punch")].card.printed_damage
        assert before - len(game.s.players[1].arsenal) == n + damage


# ------------------------------------------------------------------------------------- per card, several kinds
GUT_STOMP = "As a maneuver, draw 1 card for every card in your Ring area with the word 'dynamic' in the title."
CALL_TO_CROWD = "Opponent must discard 1 card for every HEEL card he has in his Ring area."
MAKING_THE_GAME = ("Search your Arsenal for 1 Action card, 1 Maneuver card, and 1 Reversal card, reveal them to your "
                   "opponent, put them into your hand, shuffle your Arsenal, and end your turn.")
ELBOW_SMASH = ("When successfully played, put 1 Set-up card and 1 card with the word 'elbow'in the title from your "
               "Ringside pile into your hand.")


def test_one_card_for_every_card_of_a_kind_is_a_count_of_them() -> None:
    assert_printed(GUT_STOMP, CALL_TO_CROWD, MAKING_THE_GAME, ELBOW_SMASH)
    (draw,) = _actions(GUT_STOMP.replace("As a maneuver, ", ""))
    assert draw == fx.Draw(YOU, fx.Count(0, of=fx.CountOf(YOU, RING, fx.CardFilter(title_word="dynamic"))))
    assert _actions(CALL_TO_CROWD) == (fx.Discard(OPP, fx.Count(0, of=fx.CountOf(
        OPP, RING, fx.CardFilter(trait=Trait.HEEL))), chooser=OPP),)


def test_two_cards_for_every_card_is_reported() -> None:
    result = lowered("As an action, this card is -4F, your opponent discards 2 cards for every copy of this card in "
                     "your Ring area.")
    assert result.effect is None


def test_cards_of_several_kinds_are_taken_kind_by_kind() -> None:
    kinds = [fx.CardFilter(types=(t,)) for t in (CardType.ACTION, CardType.MANEUVER, CardType.REVERSAL)]
    assert _actions(MAKING_THE_GAME) == (*(fx.MoveCards(YOU, fx.ONE, ARSENAL, HAND, filter=k) for k in kinds),
                                         fx.Shuffle(YOU), fx.EndTurn(YOU))
    assert _actions(ELBOW_SMASH) == (fx.MoveCards(YOU, fx.ONE, RINGSIDE, HAND, filter=fx.CardFilter(
        trait=Trait.SET_UP)), fx.MoveCards(YOU, fx.ONE, RINGSIDE, HAND, filter=fx.CardFilter(title_word="elbow")))
    result = lowered("Search your Arsenal for 1 Set-up card or 1 Foreign Object card, reveal it to your opponent, "
                     "put it into your hand, and shuffle your Arsenal.")  # "or": one card of either kind, not each
    assert result.effect is not None and result.effect.clauses[0] == fx.OnPlay((fx.Search(YOU, (ARSENAL,), fx.CardFilter(
        either=(fx.CardFilter(trait=Trait.SET_UP), fx.CardFilter(trait=Trait.FOREIGN_OBJECT)))), fx.Shuffle(YOU)))


def _classic(ring: list[str], hand: list[str], arsenal: list[str]) -> Game:
    cat = shipped_classic().catalog
    filler = [i.id for i in cat.infos if not i.effect.clauses and not i.card.traits][:10]
    s = GameState(players=[PlayerState("Triple H", [cat.id(t) for t in arsenal] + filler,
                                       hand=[cat.id(t) for t in hand], ring=[cat.id(t) for t in ring]),
                           PlayerState("The Rock", filler[:])], constructed=True, tasks=[])
    game = Game(s, cat)
    game.resume()
    return game


def test_one_card_is_drawn_for_every_dynamic_card_in_the_ring_area() -> None:
    game = _classic(["Dynamic Hook", "Dynamic Punch", "Kidney Punch"], [], [])
    (draw,) = _actions(GUT_STOMP.replace("As a maneuver, ", ""))
    game.s.tasks.append(T.Act(0, draw, game.cat.id("Dynamic Gut Stomp")))
    game.resume()
    assert len(game.s.players[0].hand) == 2


def test_each_kind_searched_for_is_picked_from_its_own_kind() -> None:
    cat = shipped_classic().catalog
    plain = [i for i in cat.infos if len(i.card.types) == 1]
    one_of = [next(i.card.title for i in plain if i.card.types[0] is t) for t in (CardType.ACTION, CardType.REVERSAL)]
    game = _classic([], [], one_of)
    for action in _actions(MAKING_THE_GAME)[:3]:
        game.s.tasks.insert(0, T.Act(0, action, cat.id("Making The Game")))
    game.resume()
    offered = []
    while (d := game.decision()) is not None and d.kind is not DecisionKind.MAIN:
        offered.append(len(d.moves))
        game.apply(d.moves[0])
    assert offered[0] == 1 and offered[1] > 1 and offered[2] == 1  # the Action, any Maneuver, the Reversal
    hand = sorted(cat.infos[c].card.types[0].value for c in game.s.players[0].hand)
    assert hand == ["action", "maneuver", "reversal"]


# ------------------------------------------------------------------------------------- whole zones, top cards
TORNADO = "Remove the top card of your Arsenal from the game."
BIG_MAN = "All players remove the top 5 cards of their Arsenal from the game."
CARTWHEEL = "Your opponent must overturn 3 cards from his Arsenal into his Ringside pile."
JAW_JAMMER = "When successfully played, opponent must place 1 card in his hand back on top of his Arsenal."
STAND_BACK = "Draw 1 card and put 1 card in your opponent's Ring area into his Ringside pile."
MY_FRIEND = "Your opponent puts all cards in his hand on the bottom of his Arsenal."
DECREE = ("You may put 1 card from your opponent's Ring area into his Ringside pile, he shuffles his hand into his "
          "Arsenal, draws the same number of cards, and skips his next turn.")
BACKLASH_GONE = ("When successfully played, your opponent may discard his Backlash deck. If he does not, all players "
                 "discard their hands.")


def test_top_cards_removed_cards_in_a_zone_and_whole_zones() -> None:
    assert_printed(TORNADO, BIG_MAN, CARTWHEEL, JAW_JAMMER, STAND_BACK, MY_FRIEND, DECREE)
    assert _actions(TORNADO) == (fx.MillTop(YOU, 1, dest=fx.Zone.REMOVED),)
    assert _actions(BIG_MAN) == (fx.MillTop(fx.Who.ALL, 5, dest=fx.Zone.REMOVED),)
    assert _actions(CARTWHEEL) == (fx.MillTop(OPP, 3),)
    assert _actions(JAW_JAMMER) == (fx.MoveCards(OPP, fx.ONE, HAND, ARSENAL, chooser=OPP),)
    assert _actions(STAND_BACK)[1] == fx.MoveCards(OPP, fx.ONE, RING, RINGSIDE)
    assert _actions(MY_FRIEND) == (fx.MoveCards(OPP, fx.ALL, HAND, ARSENAL, fx.Position.BOTTOM, chooser=OPP),)
    assert _actions(DECREE)[1:] == (fx.MoveCards(OPP, fx.ALL, HAND, ARSENAL, fx.Position.SHUFFLE, chooser=OPP),
                                    fx.Draw(OPP, fx.Count(1, same=True)), fx.SkipTurn(OPP))


def test_removing_the_top_cards_is_no_damage_and_an_empty_arsenal_loses_nothing() -> None:
    game = _classic([], [], [])
    me = game.s.players[0]
    top = me.arsenal[-1]
    game.s.tasks.append(T.Act(0, fx.MillTop(YOU, 1, dest=fx.Zone.REMOVED), -1))
    game.resume()
    assert me.removed == [top] and me.ringside == []
    me.arsenal.clear()
    game.s.tasks.append(T.Act(0, fx.MillTop(YOU, 1, dest=fx.Zone.REMOVED), -1))
    game.resume()
    assert game.s.winner is None


def test_a_whole_zone_moves_at_once_and_counts_for_the_same_number() -> None:
    game = _classic([], ["Kidney Punch", "Arm Stretch"], [])
    before = len(game.s.players[0].arsenal)
    for action in reversed(_actions(DECREE)[1:3]):  # played by the opponent of player 1: player 0 shuffles and draws
        game.s.tasks.append(T.Act(1, action, -1))
    game.resume()
    me = game.s.players[0]
    assert len(me.hand) == 2 and len(me.arsenal) == before and game.s.moved == 2


def test_a_discarded_backlash_deck_goes_whole() -> None:
    (optional,) = _actions(BACKLASH_GONE)
    assert isinstance(optional, fx.Optional)
    game = _classic([], [], [])
    cat = game.cat
    pre = [i.id for i in cat.infos if Trait.PRE_MATCH in i.card.traits][:3]
    game.s.players[1].backlash.extend(pre)
    game.s.tasks.append(T.Act(0, optional.actions[0], -1))
    game.resume()
    assert game.s.players[1].backlash == [] and game.s.players[1].ringside == pre


# ------------------------------------------------------------------------------------- removed cards, double
AT_TEN_HUT = "Draw 1 card or put 1 of your cards that has been removed from the game on the bottom of your Arsenal."
YESTERDAY = ("Put up to 4 of your cards that have been removed from the game into your Ringside pile and then remove "
             "the top 4 cards of your Arsenal from the game.")
A_LIST = ("When successfully played, discard any number of cards and then shuffle double that many cards from your "
          "Ringside pile into your Arsenal.")


def test_cards_removed_from_the_game_come_back_and_double_that_many() -> None:
    assert_printed(AT_TEN_HUT, YESTERDAY, A_LIST)
    (choice,) = _actions(AT_TEN_HUT)
    assert isinstance(choice, fx.Choice)
    assert choice.options[1] == (fx.MoveCards(YOU, fx.ONE, fx.Zone.REMOVED, ARSENAL, fx.Position.BOTTOM),)
    assert _actions(YESTERDAY) == (fx.MoveCards(YOU, fx.Count(4, up_to=True), fx.Zone.REMOVED, RINGSIDE),
                                   fx.MillTop(YOU, 4, dest=fx.Zone.REMOVED))
    assert _actions(A_LIST)[1] == fx.MoveCards(YOU, fx.Count(1, same=True, times=2), RINGSIDE, ARSENAL,
                                               fx.Position.SHUFFLE)


def test_double_that_many_moves_twice_as_many() -> None:
    game = _played_as_maneuver(A_LIST, {"hand": ["Kick"], "ringside": ["Chop", "Arm Drag", "Hip Toss"]})
    _answer(game, "discard 1", 'discard "Kick"')
    for _ in range(2):
        d = game.decision()
        assert d is not None and d.player == 0
        game.apply(d.moves[0])
    assert len(game.s.players[0].ringside) == 2  # 3 + Kick, less 2 shuffled in


BASH_CLOTHESLINE = ("When successfully played, your opponent discards cards equal to the number of cards in your Ring "
                    "area with 'BASH' in the title.")


def test_a_count_of_the_cards_with_a_word_in_their_title() -> None:
    assert_printed(BASH_CLOTHESLINE)
    assert _actions(BASH_CLOTHESLINE) == (fx.Discard(OPP, fx.Count(0, of=fx.CountOf(
        YOU, RING, fx.CardFilter(title_word="BASH"))), chooser=OPP),)


THUGANOMICS = ("Your opponent discards # cards, where # is equal to the number of cards he has in his hand greater "
               "than you have in your hand.")
LEG_LOCK = ("When successfully played, you may discard any number of Heat cards and shuffle any number of Chain cards "
            "from your Ringside pile into your Arsenal.")


def test_a_count_of_the_cards_one_player_has_more_than_the_other() -> None:
    assert_printed(THUGANOMICS, LEG_LOCK)
    assert _actions(THUGANOMICS) == (fx.Discard(OPP, fx.Count(0, of=fx.CountOf(OPP, HAND, over=YOU)), chooser=OPP),)
    for mine, his in ((1, 4), (4, 1)):
        game = _classic([], [], [])
        cat = game.cat
        game.s.players[0].hand.extend(game.s.players[0].arsenal[:mine])
        game.s.players[1].hand.extend(game.s.players[1].arsenal[:his])
        game.s.tasks.append(T.Act(0, _actions(THUGANOMICS)[0], cat.id("I'm Gonna Teach You a Lesson in Thuganomics")))
        game.resume()
        discards = 0
        while (d := game.decision()) is not None and d.player == 1:
            game.apply(d.moves[0])
            discards += 1
        assert discards == max(0, his - mine)


def test_any_number_of_cards_of_a_kind_discarded() -> None:
    (optional,) = _actions(LEG_LOCK)
    assert isinstance(optional, fx.Optional)
    discard = optional.actions[0]
    assert isinstance(discard, fx.Discard) and discard.count == fx.ANY_NUMBER and discard.filter.marks == ("heat",)
    cat = shipped_classic().catalog
    heat = [cat.infos[c].card.title for c in sorted(cat.passing(discard.filter))][:2]
    game = _classic([], [heat[0], heat[1], "Kidney Punch"], [])
    game.s.tasks.append(T.Act(0, discard, cat.id("Leg Lock")))
    game.resume()
    d = game.decision()
    assert d is not None and [str(m) for m in d.moves] == ["discard 0", "discard 1", "discard 2"]
    game.apply(parse_move("discard 2"))
    d = game.decision()
    assert d is not None and "Kidney Punch" not in " ".join(str(m) for m in d.moves)
