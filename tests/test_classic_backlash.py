"""The Backlash deck and the Pre-match phase (Classic rules): the texts that name them lower to effects,
one test per construct on sentences the pool prints, and a Classic game keeps a Backlash deck per player,
plays Pre-match cards from it before the first turn, runs their end-of-phase effects, and saves it."""

from __future__ import annotations

import random

import orjson
import pytest

from rawdeal.cards import CardType, Trait
from rawdeal.cards.pool.load import classic_pool
from rawdeal.checks.classic import play_traced
from rawdeal.decks import Deck
from rawdeal.effects import model as fx
from rawdeal.engine import events as ev
from rawdeal.engine import moves as mv
from rawdeal.engine import tasks as T
from rawdeal.engine.decision import Decision
from rawdeal.engine.classic import new_classic_game, random_backlash, random_classic_deck, shipped_classic
from rawdeal.engine.game import Game
from rawdeal.engine.invariants import card_lists
from rawdeal.engine.words import DecisionKind, PickVerb, Profile
from rawdeal.errors import SaveError
from rawdeal.io.save import dumps, loads

from classickit import ACTION, REVERSAL, STRIKE, clauses, compiler

PRE_MATCH_EVENT = frozenset({"pre-match", "event"})
MID_MATCH_ACTION = frozenset({"mid-match", "action"})
SUBMISSION = frozenset({"maneuver", "submission"})
OPP, YOU = fx.Who.OPPONENT, fx.Who.YOU
BACKLASH, RINGSIDE, RING = fx.Zone.BACKLASH, fx.Zone.RINGSIDE, fx.Zone.RING
PRE, MID = fx.RingKind.PRE_MATCH, fx.RingKind.MID_MATCH

PRINTED_LOOK_CHOOSE = "Look at your opponent's Backlash deck, choose 1 card, and he discards the chosen card."
PRINTED_RANDOM = "Your opponent randomly discards 2 cards from his Backlash deck."
PRINTED_WHOLE = "When successfully played, your opponent discards his Backlash deck."
PRINTED_BACK = "Put 1 Backlash deck card from your Ringside pile into your Backlash deck."
PRINTED_MID_BACK = "You may also put 1 Mid-match card from your Ringside pile into your Backlash deck."
PRINTED_LOOK_BOTH = "When successfully played, look at your opponent's hand and Backlash deck."
PRINTED_THIS_BACK = ("When this card is in your Ringside pile, during your turn you may discard 1 card and then put this "
                     "card into your Backlash deck.")
PRINTED_END_LOOK = "At the end of the Pre-match phase, look at your opponent's hand."
PRINTED_END_THIS = "At the end of the Pre-match phase, put this card into your Ringside pile."
PRINTED_END_MAY = "At the end of the Pre-match phase, you may put 1 Maneuver card from your Ringside pile into your hand."
PRINTED_END_NO_THE = ("At the end of Pre-match phase, you may discard a Reversal card and then search your Arsenal for a "
                      "non-unique Reversal card, reveal it to your opponent, put it into your hand, and shuffle your Arsenal.")
PRINTED_MID_ACTION = ("When this card is in your Ring area, as a Mid-match action, you may put this card into your "
                      "Ringside pile and draw 1 card.")
PRINTED_MORE = "The maximum number of Pre-match cards you may have in your Ring area is increased by 3."
PRINTED_FEWER = "The maximum number of Pre-match cards you may have in your Ring area is reduced by 1."
PRINTED_MID_MORE = ("When this card is in your Ring area, the maximum number of Mid-match cards you may have in your "
                    "Ring area is increased by 1.")
PRINTED_BOTH_MORE = "The maximum number of Pre-match and Mid-match cards you may have in your Ring area is increased by 1."
PRINTED_NOT_FROM = "Cannot be reversed from your opponent's hand or Backlash deck."
PRINTED_MID_REVERSAL = "As a reversal, reverse any non-unique Mid-match card and end your opponent's turn."
PRINTED = (PRINTED_LOOK_CHOOSE, PRINTED_RANDOM, PRINTED_WHOLE, PRINTED_BACK, PRINTED_MID_BACK, PRINTED_LOOK_BOTH,
           PRINTED_THIS_BACK, PRINTED_END_LOOK, PRINTED_END_THIS, PRINTED_END_MAY, PRINTED_END_NO_THE, PRINTED_MID_ACTION,
           PRINTED_MID_REVERSAL, PRINTED_MORE, PRINTED_FEWER, PRINTED_MID_MORE, PRINTED_BOTH_MORE, PRINTED_NOT_FROM)


def test_texts_are_printed_in_the_pool() -> None:
    lexicon = compiler().lexicon
    printed = {s.text.casefold() for c in classic_pool() for s in lexicon.sentences(c.text)}
    for text in PRINTED:
        assert text.casefold() in printed, text


# ---------------------------------------------------------------------------------- the Backlash deck
def test_looking_at_his_backlash_deck_and_choosing_a_card_he_discards() -> None:
    assert clauses(PRINTED_LOOK_CHOOSE) == (fx.OnPlay((
        fx.LookAt(OPP, BACKLASH), fx.MoveCards(OPP, fx.ONE, BACKLASH, RINGSIDE, chooser=YOU))),)


def test_a_random_discard_from_his_backlash_deck_is_a_random_move_to_his_ringside_pile() -> None:
    assert clauses(PRINTED_RANDOM) == (fx.OnPlay((
        fx.MoveCards(OPP, fx.Count(2), BACKLASH, RINGSIDE, chooser=OPP, random=True),)),)


def test_discarding_the_whole_backlash_deck() -> None:
    assert clauses(PRINTED_WHOLE, STRIKE) == (fx.OnPlay((fx.MoveCards(OPP, fx.ALL, BACKLASH, RINGSIDE, chooser=OPP),)),)


def test_backlash_deck_cards_and_mid_match_cards_are_named_by_their_keyword() -> None:
    assert clauses(PRINTED_BACK) == (fx.OnPlay((
        fx.MoveCards(YOU, fx.ONE, RINGSIDE, BACKLASH, filter=fx.CardFilter(trait=Trait.BACKLASH)),)),)
    assert clauses(PRINTED_MID_BACK) == (fx.OnPlay((fx.Optional((
        fx.MoveCards(YOU, fx.ONE, RINGSIDE, BACKLASH, filter=fx.CardFilter(trait=Trait.MID_MATCH)),)),)),)
    assert clauses(PRINTED_MID_REVERSAL, REVERSAL)[0] == fx.Reverses(fx.Target(
        (CardType.MANEUVER, CardType.ACTION), trait=Trait.MID_MATCH, not_trait=Trait.UNIQUE))


def test_looking_at_a_hand_and_a_backlash_deck_looks_at_both() -> None:
    assert clauses(PRINTED_LOOK_BOTH, STRIKE) == (fx.OnPlay((fx.LookAt(OPP, fx.Zone.HAND), fx.LookAt(OPP, BACKLASH))),)


def test_not_reversed_from_the_hand_or_backlash_deck_can_still_be_reversed_from_the_arsenal() -> None:
    assert clauses(PRINTED_NOT_FROM, STRIKE) == (fx.Irreversible(from_arsenal=False, from_backlash=True),)


def test_putting_this_card_into_your_backlash_deck_from_the_ringside_pile() -> None:
    assert clauses(PRINTED_THIS_BACK) == (fx.Activated((RINGSIDE,), (
        fx.Discard(YOU), fx.MoveThis(BACKLASH))),)


# ------------------------------------------------------------------------------------ the Pre-match phase
def test_at_the_end_of_the_pre_match_phase_is_a_trigger_of_the_card_in_the_ring_area() -> None:
    assert clauses(PRINTED_END_LOOK, PRE_MATCH_EVENT) == (
        fx.Triggered(fx.Trigger.END_OF_PREMATCH, (fx.LookAt(OPP, fx.Zone.HAND),), zone=RING),)
    assert clauses(PRINTED_END_THIS, PRE_MATCH_EVENT) == (
        fx.Triggered(fx.Trigger.END_OF_PREMATCH, (fx.MoveThis(RINGSIDE),), zone=RING),)


def test_a_may_at_the_end_of_the_pre_match_phase_is_the_owners_choice() -> None:
    (trig,) = clauses(PRINTED_END_MAY, PRE_MATCH_EVENT)
    assert isinstance(trig, fx.Triggered) and trig.trigger is fx.Trigger.END_OF_PREMATCH and trig.optional
    assert trig.actions == (fx.MoveCards(YOU, fx.ONE, RINGSIDE, fx.Zone.HAND,
                                         filter=fx.CardFilter(types=(CardType.MANEUVER,))),)


def test_the_end_of_pre_match_phase_without_the_article_reads_the_same() -> None:
    (trig,) = clauses(PRINTED_END_NO_THE, PRE_MATCH_EVENT)
    assert isinstance(trig, fx.Triggered) and trig.trigger is fx.Trigger.END_OF_PREMATCH


def test_as_a_mid_match_action_is_an_effect_used_in_your_turn() -> None:
    assert clauses(PRINTED_MID_ACTION, MID_MATCH_ACTION) == (
        fx.Activated((RING,), (fx.MoveThis(RINGSIDE), fx.Draw(YOU))),)


def test_the_maximum_number_of_pre_match_cards_in_the_ring_area_changes_while_the_card_is_there() -> None:
    assert clauses(PRINTED_MORE, PRE_MATCH_EVENT) == (fx.RingRoom((PRE,), 3),)
    assert clauses(PRINTED_FEWER, PRE_MATCH_EVENT) == (fx.RingRoom((PRE,), -1),)


def test_the_maximum_number_of_mid_match_cards_while_this_card_is_in_the_ring_area() -> None:
    assert clauses(PRINTED_MID_MORE, PRE_MATCH_EVENT) == (fx.RingRoom((MID,), 1),)
    assert clauses(PRINTED_BOTH_MORE, PRE_MATCH_EVENT) == (fx.RingRoom((PRE, MID), 1),)


# ------------------------------------------------------------------------------------------- in play
def _start(backlash: tuple[list[str], list[str]], arsenal: str = "Jab", n: int = 30) -> Game:
    """A Classic game (course profile: unshuffled, the first player on a tie is the first seat) between two
    copies of one Superstar, each Arsenal `n` copies of `arsenal`."""
    cc = shipped_classic()
    star = cc.stars_by_title[0].title
    ids = cc.catalog.db.index
    game, _ = Game.start((star, star), ([ids[arsenal]] * n, [ids[arsenal]] * n), Profile.COURSE, 0, cat=cc.catalog,
                         backlash=([ids[t] for t in backlash[0]], [ids[t] for t in backlash[1]]))
    return game


def _d(game: Game) -> Decision:
    d = game.decision()
    assert d is not None
    return d


OH_BABY = "Oh, Baby, You Look So ... Good to Me"
HELLFIRE = "Born of Hellfire"


def test_the_pre_match_phase_plays_pre_match_cards_then_draws_the_hands_then_resolves_them() -> None:
    game = _start(([OH_BABY], [HELLFIRE]))
    hand_size = game.cat.superstar(game.s.players[0].superstar).hand_size
    d = game.decision()
    assert d is not None and d.player == 0 and d.kind is DecisionKind.TAKE
    assert set(d.moves) == {mv.Pick(PickVerb.TAKE, OH_BABY), mv.PASS}
    assert not game.s.players[0].hand  # no hand before the Pre-match phase ends
    game.apply(mv.Pick(PickVerb.TAKE, OH_BABY))
    assert game.title(game.s.players[0].ring[0]) == OH_BABY and not game.s.players[0].backlash
    game.apply(mv.Pick(PickVerb.TAKE, HELLFIRE))  # played, its text happens at once: the first seat overturns 6
    assert len(game.s.players[0].arsenal) == 30 - 6 and len(game.s.players[0].ringside) == 6
    assert _d(game).moves == (mv.PASS,)  # nothing left to play
    game.apply(mv.PASS)
    events = game.apply(mv.PASS)  # both passed: the phase ends
    assert [e for e in events if isinstance(e, ev.Drew)][:2] == [
        ev.Drew(game.name(0), hand_size, "effect"), ev.Drew(game.name(1), hand_size, "effect")]
    # Oh, Baby's end-of-phase effect: the first seat sees the other's (empty) Backlash deck, then searches
    assert ev.Revealed(game.name(0), game.name(1), "backlash", ()) in events
    d = game.decision()
    assert d is not None and d.player == 0 and d.kind is DecisionKind.TAKE and isinstance(game.s.tasks[-1], T.PickCard)
    events = game.apply(d.moves[0])
    assert ev.TurnStarted(game.name(0), 1) in events and _d(game).kind is DecisionKind.MAIN
    assert len(game.s.players[0].hand) == hand_size + 1 + 1  # the searched card, then the draw segment's


def test_at_most_five_pre_match_cards_in_the_ring_area() -> None:
    game = _start(([HELLFIRE] * 6, []), n=60)
    for _ in range(5):
        game.apply(mv.Pick(PickVerb.TAKE, HELLFIRE))
        game.apply(mv.PASS)  # the second seat has none to play
    assert _d(game).moves == (mv.PASS,) and len(game.s.players[0].backlash) == 1


def test_a_card_that_raises_the_maximum_lets_more_pre_match_cards_into_the_ring_area() -> None:
    vacuum = "You're a Human Vacuum Cleaner ... You Suck and Blow at the Same Time"  # "... is increased by 3."
    game = _start(([vacuum] + [HELLFIRE] * 9, []), n=80)
    game.apply(mv.Pick(PickVerb.TAKE, vacuum))
    game.apply(mv.PASS)
    for _ in range(7):
        game.apply(mv.Pick(PickVerb.TAKE, HELLFIRE))
        game.apply(mv.PASS)
    assert len(game.s.players[0].ring) == 8 and _d(game).moves == (mv.PASS,)


AISLE = "Walk That Aisle"  # Pre-match: "... Your Starting Hand Size is +1. At the end of the Pre-match phase, ..."
BELT = "WWE Raw Deal Championship Belt"  # Pre-match: "Your Starting Hand Size is +1. ..."
GAME_IS_BACK = "The Game Is Back, and The Game is Here to Stay!"  # "... his Starting Hand Size is -3"


def _opening_hands(game: Game) -> list[int]:
    """Both seats pass, which ends the Pre-match phase; the cards each drew for his opening hand."""
    game.apply(mv.PASS)
    events = game.apply(mv.PASS)
    return [e.count for e in events if isinstance(e, ev.Drew)][:2]


def test_pre_match_cards_that_change_the_starting_hand_size_change_the_opening_hands() -> None:
    game = _start(([AISLE, BELT], []))
    printed = game.cat.superstar(game.s.players[0].superstar).hand_size
    game.apply(mv.Pick(PickVerb.TAKE, AISLE))
    game.apply(mv.PASS)
    game.apply(mv.Pick(PickVerb.TAKE, BELT))
    assert _opening_hands(game) == [printed + 2, printed]  # +1 from each card in his Ring area
    game = _start(([], [GAME_IS_BACK]))
    game.apply(mv.PASS)
    game.apply(mv.Pick(PickVerb.TAKE, GAME_IS_BACK))
    assert _opening_hands(game) == [printed - 3, printed]  # the opponent's card takes 3 from his


def test_a_game_without_pre_match_cards_has_no_pre_match_phase() -> None:
    game = _start(([], []))
    assert _d(game).kind is DecisionKind.MAIN and len(game.s.players[0].hand) > 0


def test_a_card_that_discards_from_the_backlash_deck_in_play() -> None:
    """Jab: "When successfully played, your opponent randomly discards 1 card from his Backlash deck"."""
    game = _start(([], [HELLFIRE, HELLFIRE]))
    game.apply(mv.PASS)  # the first seat has no Pre-match card
    game.apply(mv.PASS)  # nor does the second seat play one: the phase ends
    game.apply(mv.Play("Jab", CardType.MANEUVER))
    while game.decision() is not None and _d(game).kind is DecisionKind.REVERSE:
        game.apply(mv.PASS)
    assert len(game.s.players[1].backlash) == 1 and game.title(game.s.players[1].ringside[0]) == HELLFIRE


POP = "Pop You One"  # Mid-match maneuver, F0 D1: "When successfully played, you may draw 1 card."
BEGINNING = "This Is Just the Beginning"  # Mid-match action: "..., the maximum number of Mid-match cards ... +1"


def test_a_mid_match_card_is_played_from_the_backlash_deck_like_a_card_from_the_hand() -> None:
    game = _start(([POP], []))
    assert mv.Play(POP, CardType.MANEUVER) in _d(game).moves  # no Pre-match card: no Pre-match phase
    hand = list(game.s.players[0].hand)
    events = game.apply(mv.Play(POP, None))  # the one type it can be played as
    assert ev.Played(game.name(0), POP, CardType.MANEUVER) in events
    game.apply(_d(game).moves[-1])  # "you may draw 1 card": up to 1, he draws it
    while _d(game).kind is not DecisionKind.MAIN:
        game.apply(_d(game).moves[0])
    assert not game.s.players[0].backlash and game.title(game.s.players[0].ring[-1]) == POP
    assert len(game.s.players[0].hand) == len(hand) + 1  # its "you may draw 1 card"


def test_at_most_five_mid_match_cards_in_the_ring_area_unless_a_card_there_says_more() -> None:
    game = _start(([POP], []))
    ids = game.cat.db.index
    game.s.players[0].ring[:] = [ids[POP]] * 5
    game.forget_decision()
    assert mv.Play(POP, CardType.MANEUVER) not in _d(game).moves
    game.s.players[0].ring[0] = ids[BEGINNING]
    game.forget_decision()
    assert mv.Play(POP, CardType.MANEUVER) in _d(game).moves


# ------------------------------------------------------------------------------------------- saves
def test_the_backlash_deck_and_the_pre_match_phase_survive_save_and_reload() -> None:
    game, _ = new_classic_game(_random_decks(1), seed=1)
    assert isinstance(game.s.tasks[-1], T.PreMatch)
    game.apply(_d(game).moves[0])  # a Pre-match card played (or a pass, with none)
    saved = dumps(game)
    assert b'"backlash"' in saved and b'"PreMatch"' in saved
    again = loads(saved)
    assert dumps(again) == saved and card_lists(again.s) == card_lists(game.s)
    for g in (game, again):
        while isinstance(g.s.tasks[-1] if g.s.tasks else None, T.PreMatch):
            g.apply(_d(g).moves[0])
    assert dumps(again) == dumps(game)


def test_a_save_without_a_backlash_deck_does_not_write_one() -> None:
    assert b'"backlash"' not in dumps(_start(([], [])))


def test_a_save_naming_an_unknown_backlash_card_is_refused_with_its_path() -> None:
    game, _ = new_classic_game(_random_decks(1), seed=1)
    raw = orjson.loads(dumps(game))
    raw["players"][0]["backlash"][0] = "No Such Card"
    with pytest.raises(SaveError, match=r"players\[0\]\.backlash\[0\]"):
        loads(orjson.dumps(raw))


# ---------------------------------------------------------------------------------- random Classic games
def _random_decks(seed: int) -> tuple[Deck, Deck]:
    cc = shipped_classic()
    rnd = random.Random(seed)
    decks = []
    for _ in (0, 1):
        star, titles = random_classic_deck(cc, rnd, None, cc.pre_match)
        decks.append(Deck.of(star, titles + random_backlash(cc, rnd, star, titles, cc.pre_match), "d.txt"))
    return decks[0], decks[1]


def _with_pre_match(seed: int) -> tuple[int, tuple[Deck, Deck]]:
    """The first seed from `seed` on (by 1,000s) whose random decks hold a Pre-match card: which seeds do depends
    on which cards are playable, and grows with the lowering."""
    for n in range(seed, seed + 50_000, 1_000):
        decks = _random_decks(n)
        if any(t in shipped_classic().pre_match for d in decks for t in d.titles):
            return n, decks
    raise AssertionError("no random decks with a Pre-match card")


@pytest.mark.parametrize("seed", [1, 6])
def test_random_classic_decks_with_a_backlash_deck_are_legal_and_replay_equal_after_reload(seed: int) -> None:
    from rawdeal.bots.random import pick

    seed, decks = _with_pre_match(seed)
    straight, _ = new_classic_game(decks, seed=seed)  # refuses a deck that breaks the Classic rules
    split, _ = new_classic_game(decks, seed=seed)
    rnd_a, rnd_b = random.Random(seed), random.Random(seed)
    for i in range(200):
        if straight.over:
            break
        straight.apply(pick(straight, rnd_a))
        if i == 3:  # still in or just after the Pre-match phase
            split = loads(dumps(split))
        split.apply(pick(split, rnd_b))
    assert dumps(split) == dumps(straight)


def test_random_games_run_the_pre_match_cards_end_of_phase_effects() -> None:
    cc = shipped_classic()
    ran: set[str] = set()
    for seed in range(12):
        _, recorder = play_traced(cc, seed, cc.pre_match)  # raises on a broken invariant
        ran |= {cc.catalog.titles[c] for c, _ in recorder.ran if c >= 0}
    assert len(ran & cc.pre_match) >= 3
