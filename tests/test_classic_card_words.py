"""Card words and statements about cards (Classic): each construct lowered from sentences the pool prints, and
played where the engine gains behaviour."""

from __future__ import annotations

from rawdeal.cards import CardType
from rawdeal.effects import model as fx
from rawdeal.engine import moves as mv
from rawdeal.engine.classic import shipped_classic
from rawdeal.engine.game import Game
from rawdeal.engine.words import DecisionKind, Profile

from classickit import REVERSAL, assert_printed, clauses, lowered

PRINTED_FROM_HAND = "Reverse any Action card played from your opponent's hand and end his turn."
PRINTED_FROM_HAND_KEYWORDS = ("Reverse any Run-in Action, Heel Action, or Foreign Object card played from your "
                              "opponent's hand and end his turn.")
PRINTED_REMOVED = ("Reverse any Throwback or Volley card and end your opponent's turn. The reversed card is removed "
                   "from the game.")
PRINTED_FROM_RINGSIDE = ("When this card is in your Ringside pile, you may remove this card from the game to reverse "
                         "any card played from your opponent's Ringside pile and end his turn.")


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(PRINTED_FROM_HAND, PRINTED_FROM_HAND_KEYWORDS, PRINTED_FROM_RINGSIDE, PRINTED_REMOVED)


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
