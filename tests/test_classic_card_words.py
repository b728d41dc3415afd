"""Card words and statements about cards (Classic): each construct lowered from sentences the pool prints, and
played where the engine gains behaviour."""

from __future__ import annotations

from rawdeal.cards import CardType
from rawdeal.cards.marks import STUN_VALUE, TITLE_BELT, card_marks
from rawdeal.cards.pool.load import classic_pool
from rawdeal.effects import model as fx
from rawdeal.engine import moves as mv
from rawdeal.engine import rules as R
from rawdeal.engine.state import GameState, PlayerState
from rawdeal.engine.classic import shipped_classic
from rawdeal.engine.game import Game
from rawdeal.engine.words import DecisionKind, Profile

from classickit import ACTION, REVERSAL, assert_printed, clauses, course_with, lowered

PRINTED_FROM_HAND = "Reverse any Action card played from your opponent's hand and end his turn."
PRINTED_FROM_HAND_KEYWORDS = ("Reverse any Run-in Action, Heel Action, or Foreign Object card played from your "
                              "opponent's hand and end his turn.")
PRINTED_REMOVED = ("Reverse any Throwback or Volley card and end your opponent's turn. The reversed card is removed "
                   "from the game.")
PRINTED_FROM_RINGSIDE = ("When this card is in your Ringside pile, you may remove this card from the game to reverse "
                         "any card played from your opponent's Ringside pile and end his turn.")


# ------------------------------------------------------------------------- played from the opponent's hand
def test_a_reversal_of_cards_played_from_the_opponents_hand_says_so_in_its_target() -> None:
    reverses, on_reverse = clauses(PRINTED_FROM_HAND, REVERSAL)
    assert reverses == fx.Reverses(fx.Target((CardType.ACTION,), from_hand=True))
    assert on_reverse == fx.OnReverse((fx.EndTurn(fx.Who.OPPONENT),))
    first = clauses(PRINTED_FROM_HAND_KEYWORDS, REVERSAL)[0]
    assert isinstance(first, fx.Reverses) and first.target.from_hand
    assert first.target.any_marks == ("run-in", "heel", "foreign-object")


def test_cards_played_from_another_place_are_still_reported() -> None:
    result = lowered(PRINTED_FROM_RINGSIDE, REVERSAL)
    assert result.effect is None and "ringside pile" in result.unlowered[0].reason


HAND_ACTION = "Go for the Cheap Pop!"  # Action, F0: "Shuffle up to 3 cards from your Ringside pile into your Arsenal."
MID_ACTION = "Stand Back! There's a Hurricane Coming Through!"  # Mid-match Action, F0
FROM_HAND_ONLY = "No Chance in Hell"  # Reversal F12: "Reverse any Action card played from your opponent's hand ..."


def _game(backlash: list[str], played: str = HAND_ACTION, reversal: str = FROM_HAND_ONLY) -> Game:
    """Player 0 holds `played` with `backlash` in his Backlash deck; player 1 holds `reversal` and has the
    Fortitude Rating to play it."""
    cc = shipped_classic()
    star = cc.stars_by_title[0].title
    ids = cc.catalog.db.index
    arsenal = [ids[played]] * 20 + [ids[reversal], ids[played]] * 5  # the top card last
    game, _ = Game.start((star, star), (arsenal[:], arsenal[:]), Profile.COURSE, 0, cat=cc.catalog,
                         backlash=([ids[t] for t in backlash], []))
    game.s.players[1].ring[:] = [ids["Chair Shot"]] * 2  # 20 damage in his Ring area: a Fortitude Rating of 20
    return game


def _reversal_offered(game: Game, title: str) -> bool:
    game.apply(mv.Play(title, None))
    d = game.decision()
    return d is not None and d.player == 1 and d.kind is DecisionKind.REVERSE \
        and any(isinstance(m, mv.Reverse) for m in d.moves)


def test_an_action_played_from_the_hand_can_be_reversed_by_it() -> None:
    game = _game([])
    assert FROM_HAND_ONLY in game.titles(game.s.players[1].hand)
    assert _reversal_offered(game, HAND_ACTION)


def test_a_mid_match_action_played_from_the_backlash_deck_cannot_be_reversed_by_it() -> None:
    # rulebook: "Cards from the Backlash deck are not considered played from the hand"
    game = _game([MID_ACTION])
    assert FROM_HAND_ONLY in game.titles(game.s.players[1].hand)
    assert not _reversal_offered(game, MID_ACTION)


# ------------------------------------------------------------------------------ the reversed card's fate
THROWBACK_ACTION = "Charismatic Style"  # Throwback Action, F0
REMOVES = "I Gotta Say, Out of Play"  # Reversal F0: "Reverse any Throwback or Volley card ... The reversed card is ..."


def test_the_reversed_card_removed_from_the_game_is_an_effect_of_the_reversal() -> None:
    reverses, on_reverse = clauses(PRINTED_REMOVED, REVERSAL)
    assert isinstance(reverses, fx.Reverses) and reverses.target.any_marks == ("throwback", "volley")
    assert on_reverse == fx.OnReverse((fx.EndTurn(fx.Who.OPPONENT), fx.RemoveReversed()))


def test_a_card_reversed_by_it_leaves_the_game_instead_of_going_to_the_ringside_pile() -> None:
    game = _game([], THROWBACK_ACTION, REMOVES)
    assert _reversal_offered(game, THROWBACK_ACTION)
    ringside = list(game.s.players[0].ringside)
    game.apply(mv.Reverse(REMOVES))
    while (d := game.decision()) is not None and game.s.current == 0:
        game.apply(d.moves[0])
    assert game.titles(game.s.players[0].removed) == (THROWBACK_ACTION,)
    assert THROWBACK_ACTION not in game.titles(game.s.players[0].ringside[len(ringside):])


# ------------------------------------------------------------------------------------------- Permanent
PRINTED_CANNOT_REMOVE = "This card cannot be removed from your Ring area."
PRINTED_PLAYED_BY = "If played by Rob Van Dam or Tajiri, this card is considered Permanent."
PRINTED_IF_CHYNA = "If your opponent is Chyna, this card is -5F and it cannot be removed from your Ring area."
PRINTED_HEAD = "When this card is in your Ring area, the card titled Head is considered Permanent."
PRINTED_BELTS = "When this card is in your Ring area, your Title Belt cards are considered Permanent."
PRINTED_MULTI = "Your cards titled Puppies! Puppies! are Multi cards."
PRE_MATCH_EVENT = frozenset({"pre-match", "event"})


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(PRINTED_FROM_HAND, PRINTED_FROM_HAND_KEYWORDS, PRINTED_FROM_RINGSIDE, PRINTED_REMOVED,
                   PRINTED_CANNOT_REMOVE, PRINTED_PLAYED_BY, PRINTED_IF_CHYNA, PRINTED_HEAD, PRINTED_BELTS, PRINTED_MULTI,
                   PRINTED_HAS_BELT, PRINTED_AFTER_STUN, PRINTED_SHUFFLE_STUN, PRINTED_COPIES, PRINTED_EACH_TITLE,
                   PRINTED_SET_F)


def test_a_card_that_cannot_be_removed_from_the_ring_area_is_permanent() -> None:
    assert clauses(PRINTED_CANNOT_REMOVE) == (fx.Permanent(),)
    chyna = fx.SuperstarIs(fx.Who.OPPONENT, "name:chyna")
    assert clauses(PRINTED_IF_CHYNA) == (fx.StatChange(fx.Stat.FORTITUDE, -5, chyna), fx.Permanent(chyna))


def test_considered_permanent_when_played_by_a_superstar_is_permanent_under_that_condition() -> None:
    (permanent,) = clauses(PRINTED_PLAYED_BY)
    assert isinstance(permanent, fx.Permanent) and permanent.condition is not None


def test_cards_considered_permanent_by_a_card_in_the_ring_area() -> None:
    assert clauses(PRINTED_HEAD, PRE_MATCH_EVENT) == (fx.MakesPermanent(fx.CardFilter(title="Head")),)
    assert clauses(PRINTED_BELTS, PRE_MATCH_EVENT) == (fx.MakesPermanent(fx.CardFilter(marks=("title-belt",))),)


def test_another_keyword_given_to_cards_is_still_reported() -> None:
    result = lowered(PRINTED_MULTI)
    assert result.effect is None and result.unlowered[0].reason == "the statement 'is trait'"


TAKES_FROM_RING = MID_ACTION  # "Draw 1 card and put 1 card in your opponent's Ring area into his Ringside pile."
PRINTED_PERMANENT = "Skirt vs. Skirt Match"  # a Pre-match Stipulation printed Permanent


def test_an_effect_cannot_move_a_permanent_card_out_of_the_ring_area() -> None:
    game = _game([TAKES_FROM_RING])
    ids = game.cat.db.index
    game.s.players[1].ring[:] = [ids[PRINTED_PERMANENT], ids["Chair Shot"]]
    game.apply(mv.Play(TAKES_FROM_RING, None))
    while (d := game.decision()) is not None and d.player == 1:
        game.apply(d.moves[-1])  # no reversal
    d = game.decision()
    assert d is not None and d.player == 0 and d.kind is DecisionKind.TAKE
    assert [str(m) for m in d.moves] == ['take "Chair Shot"']


def test_with_only_permanent_cards_there_nothing_leaves_the_ring_area() -> None:
    game = _game([TAKES_FROM_RING])
    ids = game.cat.db.index
    game.s.players[1].ring[:] = [ids[PRINTED_PERMANENT]]
    game.apply(mv.Play(TAKES_FROM_RING, None))
    while (d := game.decision()) is not None and d.kind is not DecisionKind.MAIN:
        game.apply(d.moves[-1])
    assert game.titles(game.s.players[1].ring) == (PRINTED_PERMANENT,)


def test_a_card_in_the_ring_area_makes_the_cards_it_names_permanent_in_its_owners_ring_area_only() -> None:
    (makes,) = clauses(PRINTED_HEAD.replace("Head", "Chop"), PRE_MATCH_EVENT)
    (own,) = clauses(PRINTED_CANNOT_REMOVE)
    cat = course_with({"Punch": fx.CardEffect((makes,)), "Kick": fx.CardEffect((own,))})
    chop, punch, kick = cat.id("Chop"), cat.id("Punch"), cat.id("Kick")
    s = GameState(players=[PlayerState("HHH", [], ring=[chop, punch, kick]), PlayerState("THE ROCK", [], ring=[chop])])
    assert R.permanent(cat, s, 0, chop) and not R.permanent(cat, s, 1, chop)
    assert R.permanent(cat, s, 0, kick) and not R.permanent(cat, s, 0, punch)
    s.players[0].ring.remove(punch)
    assert not R.permanent(cat, s, 0, chop)



# ------------------------------------------------------------------------------- card words read from the data
PRINTED_HAS_BELT = "Can only be played when you have a Title Belt card in your Ring area."
PRINTED_AFTER_STUN = "Can only be played after a successfully played card with Stun Value."
PRINTED_SHUFFLE_STUN = "Shuffle 1 card with Stun Value from your Ringside pile into your Arsenal and draw 1 card."
PRINTED_COPIES = ("Put all copies of the card titled Sustained Damage from your opponent's Ring area into his Ringside pile, "
                  "and then search your Arsenal for 2 non-unique High Risk Maneuver cards, reveal them to your opponent, "
                  "put them into your hand, and shuffle your Arsenal.")
PRINTED_EACH_TITLE = ("Search your Ringside pile and Arsenal for the cards titled Intensity, Integrity, and Intelligence, "
                      "reveal them to your opponent, put them into your hand, and shuffle your Arsenal.")
PRINTED_SET_F = "Your cards titled Drop Kick are F:0."


def test_a_title_belt_card_is_a_card_with_the_title_belt_mark() -> None:
    assert clauses(PRINTED_HAS_BELT) == (
        fx.PlayRequirement(fx.HasCards(fx.Who.YOU, fx.Zone.RING, fx.CardFilter(marks=(TITLE_BELT,)))),)


def test_the_title_belts_of_the_pool_are_its_pre_match_objects_named_belts_and_universally_unique() -> None:
    belts = {c.title for c in classic_pool() if TITLE_BELT in card_marks(c.traits, c.logos, (), c.title, c.modes)}
    assert "WCW Title Belt" in belts and "Raw Tag Team Title Belts" in belts and "WWE Championship Belt" in belts
    assert "Title Belt Clubberin'" not in belts  # a Mid-match Strike named after one
    assert all("Universally Unique" in c.traits for c in classic_pool() if c.title in belts)


def test_a_card_with_stun_value_is_one_printed_with_a_stun_value() -> None:
    assert clauses(PRINTED_AFTER_STUN) == (fx.PlayRequirement(fx.After(marks=(STUN_VALUE,))),)
    (shuffle, draw) = clauses(PRINTED_SHUFFLE_STUN)[0].actions  # type: ignore[union-attr]
    assert isinstance(shuffle, fx.MoveCards) and shuffle.filter == fx.CardFilter(marks=(STUN_VALUE,))
    assert STUN_VALUE in card_marks((), (), ("maneuver",), stun_value=1)
    assert STUN_VALUE not in card_marks((), (), ("maneuver",), stun_value=0)


def test_all_copies_of_a_titled_card_are_the_cards_so_titled() -> None:
    (on_play,) = clauses(PRINTED_COPIES)
    assert isinstance(on_play, fx.OnPlay) and on_play.actions[0] == fx.MoveCards(
        fx.Who.OPPONENT, fx.ALL, fx.Zone.RING, fx.Zone.RINGSIDE, filter=fx.CardFilter(title="Sustained Damage"))


def test_a_search_for_the_cards_titled_a_b_and_c_searches_for_each() -> None:
    (on_play,) = clauses(PRINTED_EACH_TITLE)
    assert isinstance(on_play, fx.OnPlay)
    searches = [a for a in on_play.actions if isinstance(a, fx.Search)]
    assert [a.filter.title for a in searches] == ["Intensity", "Integrity", "Intelligence"]
    assert all(a.zones == (fx.Zone.RINGSIDE, fx.Zone.ARSENAL) for a in searches)


def test_a_stat_set_to_a_value_is_never_lowered_as_no_change() -> None:
    result = lowered(PRINTED_SET_F, ACTION)  # an action's, with no lifetime: reported
    assert result.effect is None and result.unlowered[0].reason == "a modifier without a lifetime outside the Ring area"
    ability = lowered(PRINTED_SET_F, frozenset({"superstar"})).ability  # Lita's: her cards so titled cost 0F
    assert ability is not None and ability.modifiers == (
        fx.Modifier(fx.Stat.FORTITUDE, 0, fx.Duration.WHILE_IN_RING, card_type=None, title="Drop Kick", sets=True),)
