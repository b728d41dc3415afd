""""You may play this card from your Ringside pile" and "When played from your Ringside pile, ...": lowered from
sentences the pool prints, then played (`play "X" from ringside`), saved mid-play and reloaded."""

from __future__ import annotations

import pytest

from rawdeal.cards import CardType
from rawdeal.effects import model as fx
from rawdeal.engine.cardinfo import Catalog
from rawdeal.engine.classic import shipped_classic
from rawdeal.engine.game import Game
from rawdeal.engine.moves import Play, parse_move
from rawdeal.engine.state import GameState, LastPlay, PlayerState
from rawdeal.errors import IllegalMoveError
from rawdeal.io.save import dumps, loads
from classickit import STRIKE, assert_printed, clauses, lowered

KICK = ("You may play this card from your Ringside pile. When played from your Ringside pile, remove all Reversal "
        "cards in your Ringside pile from the game.")
ELBOW = ("You may play this card from your Ringside pile. When played from your Ringside pile, this card is +3D. "
         "Discard 2 cards")
HOOK = ("When successfully played, your opponent draws 1 card. You may play this card from your Ringside pile. When "
        "played from your Ringside pile, remove 1 card in your hand from the game.")
FROM_RINGSIDE = fx.PlayedFrom(fx.Zone.RINGSIDE)


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(KICK, ELBOW, HOOK)


def test_playable_from_the_ringside_pile_and_what_happens_only_then() -> None:
    removed = fx.MoveCards(fx.Who.YOU, fx.ALL, fx.Zone.RINGSIDE, fx.Zone.REMOVED,
                           filter=fx.CardFilter(types=(CardType.REVERSAL,)))
    assert clauses(KICK, STRIKE) == (fx.PlayableFrom(fx.Zone.RINGSIDE),
                                     fx.WhenPlayed((fx.OnlyIf(FROM_RINGSIDE, (removed,)),)))


def test_the_cards_own_damage_and_the_next_sentence_hold_only_when_played_from_there() -> None:
    playable, bonus, then = clauses(ELBOW, STRIKE)
    assert playable == fx.PlayableFrom(fx.Zone.RINGSIDE)
    assert bonus == fx.StatChange(fx.Stat.DAMAGE, 3, FROM_RINGSIDE)
    assert then == fx.WhenPlayed((fx.OnlyIf(FROM_RINGSIDE, (fx.Discard(fx.Who.YOU, fx.Count(2)),)),))


def test_the_plain_text_beside_it_still_runs_from_anywhere() -> None:
    on_play, playable, when_played = clauses(HOOK, STRIKE)
    assert on_play == fx.OnPlay((fx.Draw(fx.Who.OPPONENT, fx.Count(1)),))
    assert playable == fx.PlayableFrom(fx.Zone.RINGSIDE)
    assert isinstance(when_played, fx.WhenPlayed)
    guard = when_played.actions[0]
    assert isinstance(guard, fx.OnlyIf) and guard.condition == FROM_RINGSIDE


@pytest.mark.parametrize("text", [
    "You may play this card from your Arsenal.",  # a zone the engine plays nothing from
    "You may play this card from your opponent's Ringside pile.",
    "When played from your Arsenal, draw 1 card.",
])
def test_other_places_are_reported(text: str) -> None:
    assert lowered(text, STRIKE).effect is None


def test_a_backlash_deck_card_played_from_the_ringside_pile_is_reported() -> None:
    assert lowered(KICK, frozenset({"mid-match", "maneuver", "grapple"})).effect is None


# ------------------------------------------------------------------------------------------------ play
def _game(cat: Catalog, hand: list[int], ringside: list[int], ring_damage: int) -> Game:
    """Triple H to move with `hand`, `ringside` and a Ring area worth at least `ring_damage` F; The Rock holds
    three cards without text."""
    filler = [i.id for i in cat.infos if not i.effect.clauses and not i.card.traits and i.card.printed_damage > 0][:10]
    heavy = max(filler, key=lambda c: cat.infos[c].card.printed_damage)
    ring = [heavy] * -(-ring_damage // cat.infos[heavy].card.printed_damage)
    s = GameState(players=[PlayerState("Triple H", filler * 2, hand=hand, ring=ring, ringside=ringside),
                           PlayerState("The Rock", filler * 2, hand=filler[:3])], constructed=True, tasks=[])
    game = Game(s, cat)
    game.resume()
    return game


def _answer(game: Game) -> None:
    while (d := game.decision()) is not None and d.player == 1:
        game.apply(d.moves[-1])


def _reversal(cat: Catalog) -> int:
    return next(i.id for i in cat.infos if i.reverses and not i.card.traits and not i.effect.of(fx.PlayableFrom))


def test_played_from_the_ringside_pile_its_effect_runs_and_it_lands_in_the_ring_area() -> None:
    cat = shipped_classic().catalog
    kick, rev = cat.id("Blindside Kick"), _reversal(cat)
    game = _game(cat, [], [rev, kick, rev], cat.infos[kick].card.fortitude)
    assert 'play "Blindside Kick" as maneuver from ringside' in [str(m) for m in game.legal_moves()]
    game.apply(parse_move('play "Blindside Kick" from ringside'))
    _answer(game)
    me = game.s.players[0]
    assert me.removed == [rev, rev] and me.ringside == [] and me.ring[-1] == kick


def test_played_from_the_hand_its_ringside_effect_does_not_run() -> None:
    cat = shipped_classic().catalog
    kick, rev = cat.id("Blindside Kick"), _reversal(cat)
    game = _game(cat, [kick], [rev], cat.infos[kick].card.fortitude)
    assert [str(m) for m in game.legal_moves() if isinstance(m, Play)] == ['play "Blindside Kick" as maneuver']
    game.apply(parse_move('play "Blindside Kick"'))
    _answer(game)
    assert game.s.players[0].ringside == [rev] and game.s.players[0].removed == []


def test_the_same_requirements_and_fortitude_as_from_the_hand() -> None:
    cat = shipped_classic().catalog
    kick = cat.id("Blindside Kick")
    assert cat.infos[kick].card.fortitude > 0
    game = _game(cat, [], [kick], 0)  # no F: an empty Ring area
    assert not [m for m in game.legal_moves() if isinstance(m, Play)]
    with pytest.raises(IllegalMoveError):
        game.apply(parse_move('play "Blindside Kick" from ringside'))
    other = next(i.id for i in cat.infos if not i.effect.clauses and i.card.printed_damage > 0)
    game = _game(cat, [], [other], 30)  # a card whose text does not allow it
    assert not [m for m in game.legal_moves() if isinstance(m, Play)]


def test_its_damage_bonus_counts_only_from_the_ringside_pile() -> None:
    cat = shipped_classic().catalog
    elbow = cat.id("Blindside Elbow Drop")
    printed = cat.infos[elbow].card.printed_damage
    dealt = []
    for hand, ringside, move in (([elbow], [], 'play "Blindside Elbow Drop"'),
                                 ([], [elbow], 'play "Blindside Elbow Drop" from ringside')):
        game = _game(cat, hand, ringside, 20)
        punch = cat.id("Punch")  # "Can only be played after a successfully played maneuver"
        game.s.last[0] = LastPlay(punch, CardType.MANEUVER, cat.infos[punch].card.printed_damage)
        game.forget_decision()
        game.apply(parse_move(move))
        _answer(game)
        dealt.append(len(game.s.players[1].ringside))
    assert dealt == [printed, printed + 3]


def test_a_game_saved_while_a_card_from_the_ringside_pile_is_in_play_reloads_the_same() -> None:
    cat = shipped_classic().catalog
    kick, rev = cat.id("Blindside Kick"), _reversal(cat)
    game = _game(cat, [], [rev, kick], cat.infos[kick].card.fortitude)
    game.s.players[1].hand.append(cat.id("Step Aside"))  # reverses a Strike: the play waits on his answer
    game.apply(parse_move('play "Blindside Kick" from ringside'))
    assert game.s.playing is not None and game.s.playing.source is fx.Zone.RINGSIDE
    again = loads(dumps(game))
    assert dumps(again) == dumps(game) and again.s.playing is not None and again.s.playing.source is fx.Zone.RINGSIDE
    for g in (game, again):
        _answer(g)
    assert dumps(again) == dumps(game)


def test_the_move_reads_back_as_written() -> None:
    move = parse_move('play "Blindside Kick" as maneuver from ringside')
    assert move == Play("Blindside Kick", CardType.MANEUVER, 1, fx.Zone.RINGSIDE)
    assert str(move) == 'play "Blindside Kick" as maneuver from ringside'
    assert parse_move(str(Play("Punch", None))) == Play("Punch", None)  # from the hand: written as before
