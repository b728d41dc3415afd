"""What a card's printed values are taken as: "1 F:0 Maneuver card" selects by the printed F (a mark of the card),
"your next card played this turn is F:0" sets the F a card costs, whatever else changes it, "your next card played
this turn is considered to be played after the card titled X" makes X the card it follows. Lowered from sentences
the pool prints, then played."""

from __future__ import annotations

from dataclasses import replace

from rawdeal.cards import CardType, Subtype
from rawdeal.effects import model as fx
from rawdeal.engine import rules as R
from rawdeal.engine.cardinfo import _info
from rawdeal.engine.classic import shipped_classic
from rawdeal.engine.game import Game
from rawdeal.engine.moves import parse_move
from rawdeal.engine.state import ActiveModifier, CurrentPlay, GameState, LastPlay, PlayerState
from classickit import ACTION, assert_printed, clauses, course_with, lowered

F0_FROM_RINGSIDE = ("As an action, this card is -11F and -14D, put this card on the bottom of your Arsenal and then put "
                    "1 F:0 Maneuver card from your Ringside pile into your hand.")  # Torture Rack
NEXT_F0 = "Your next card played this turn is F:0 and you may ignore the 'Can only be played after...'text."
STONE_COLD = ("When this card is in your Ring area, during your turn you may put this card into your Ringside pile and "
              "your next card played this turn is F:0.")
TRADEMARK_F20 = ("When this card is in your Ring area, your Trademark Finishers are F:20 and you may ignore the 'Can "
                 "only be played after...'text.")
NEXT_F0_MOD = fx.Modifier(fx.Stat.FORTITUDE, 0, fx.Duration.NEXT_CARD, card_type=None, sets=True)
WAIVER = fx.Modifier(fx.Stat.UNRESTRICTED, 0, fx.Duration.NEXT_CARD, card_type=None)


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(F0_FROM_RINGSIDE, NEXT_F0, STONE_COLD, TRADEMARK_F20)


def test_an_f0_card_is_one_printed_with_f_0() -> None:
    (_, _, play) = clauses(F0_FROM_RINGSIDE, frozenset({"action", "maneuver", "submission"}))
    assert isinstance(play, fx.OnPlay)
    moved = play.actions[-1]
    assert isinstance(moved, fx.MoveCards) and moved.filter == fx.CardFilter(types=(CardType.MANEUVER,), marks=("f:0",))
    cat = shipped_classic().catalog
    zero = next(i for i in cat.infos if i.card.types == (CardType.MANEUVER,) and i.card.fortitude == 0)
    dear = next(i for i in cat.infos if i.card.types == (CardType.MANEUVER,) and i.card.fortitude == 3)
    assert R.passes(cat, zero.id, moved.filter) and not R.passes(cat, dear.id, moved.filter)


def test_torture_rack_as_an_action_takes_only_an_f0_maneuver_from_the_ringside_pile() -> None:
    cat = shipped_classic().catalog
    rack = cat.id("Torture Rack")
    zero = next(i.id for i in cat.infos if i.card.types == (CardType.MANEUVER,) and i.card.fortitude == 0)
    dear = next(i.id for i in cat.infos if i.card.types == (CardType.MANEUVER,) and i.card.fortitude == 3)
    stars = [s.name for s in cat.db.superstars][:2]
    s = GameState(players=[PlayerState(stars[0], [dear] * 5, hand=[rack], ringside=[dear, zero, dear]),
                           PlayerState(stars[1], [dear] * 5)], tasks=[])
    game = Game(s, cat)
    game.resume()
    game.apply(parse_move('play "Torture Rack" as action'))
    while (d := game.decision()) is not None and d.player == 1:
        game.apply(d.moves[0])  # no reversal
    assert d is not None and d.kind == "take"
    assert [getattr(m, "title", None) for m in d.moves] == [cat.infos[zero].title]
    game.apply(d.moves[0])
    assert zero in game.s.players[0].hand and game.s.players[0].arsenal[0] == rack  # the bottom card


def test_an_f_value_lowers_to_a_modifier_that_sets_it() -> None:
    assert clauses(NEXT_F0) == (fx.OnPlay((fx.Modify(NEXT_F0_MOD), fx.Modify(WAIVER))),)
    (used,) = clauses(STONE_COLD)
    assert isinstance(used, fx.Activated) and used.actions == (fx.MoveThis(fx.Zone.RINGSIDE), fx.Modify(NEXT_F0_MOD))
    assert lowered("Your cards are F:0 for the rest of the turn.").effect is None  # a lifetime it does not say so


def test_the_next_card_costs_0_whatever_else_changes_it_then_the_modifier_is_used_up() -> None:
    dearer = fx.Modifier(fx.Stat.FORTITUDE, 5, fx.Duration.REST_OF_TURN, card_type=None)
    cat = course_with({})
    s = GameState(players=[PlayerState("HHH", [], hand=[cat.id("Clothesline")]), PlayerState("THE ROCK", [])])
    s.modifiers = (ActiveModifier(0, dearer, cat.id("Chop")),)
    assert R.play_cost(cat, s, 0, cat.id("Clothesline"), CardType.MANEUVER) == 13  # 8F + 5F
    s.modifiers = (ActiveModifier(0, dearer, cat.id("Chop")), ActiveModifier(0, NEXT_F0_MOD, cat.id("Chop")))
    assert R.play_cost(cat, s, 0, cat.id("Clothesline"), CardType.MANEUVER) == 0  # F:0 after the +5F
    assert R.can_play(cat, s, 0, cat.id("Clothesline"), CardType.MANEUVER)  # with no F in his Ring area
    assert [am.modifier for am in R.consumed(s, 0, CardType.ACTION)] == [NEXT_F0_MOD]


def test_it_just_feels_right_lets_the_next_card_be_played_free_and_ignore_its_after_text() -> None:
    after_strike = fx.PlayRequirement(fx.After(card_type=CardType.MANEUVER, subtype=None, title="Chop"))
    cat = course_with({"Head Butt": fx.CardEffect(clauses(NEXT_F0)),
                       "Clothesline": fx.CardEffect((after_strike,))})  # 8F, here "after the card titled Chop"
    hand = [cat.id("Head Butt"), cat.id("Clothesline")]
    s = GameState(players=[PlayerState("HHH", [cat.id("Kick")] * 5, hand=hand[:]),
                           PlayerState("THE ROCK", [cat.id("Kick")] * 5)], tasks=[], constructed=True)
    assert not R.can_play(cat, s, 0, cat.id("Clothesline"), CardType.MANEUVER)
    cat = replace(cat, infos=tuple(_info(i.id, replace(i.card, fortitude=0), i.effect) if i.title == "Head Butt" else i
                                   for i in cat.infos))  # Head Butt played as the action it stands for, at 0F
    game = Game(s, cat)
    game.resume()
    game.apply(parse_move('play "Head Butt"'))
    while (d := game.decision()) is not None and d.player == 1:
        game.apply(d.moves[0])
    assert R.can_play(cat, game.s, 0, cat.id("Clothesline"), CardType.MANEUVER)  # 0F, its requirement waived
    game.apply(parse_move('play "Clothesline"'))
    assert not game.s.modifiers or all(am.modifier not in (NEXT_F0_MOD, WAIVER) for am in game.s.modifiers)


TURNBUCKLE = ("Shuffle up to 5 cards from your Ringside pile into your Arsenal and if your next card played this turn is a "
              "maneuver, it is considered to be played after the card titled Throw Into the Corner Turnbuckle and it "
              "cannot be reversed.")  # Rabid Attack in the Corner
SUPLEX = ("When successfully played, your next card played this turn is considered to be played after a Set-up card or "
          "the card titled Gut Wrench.")  # Angle's German Suplex
OUT_OF_THE_RING = ("Your next card played this turn is considered to be played after the card titled Throw Opponent Out "
                   "of the Ring.")
AFTER_WHIP = "As a reversal, reverse any maneuver played after the card titled Irish Whip and end your opponent's turn."
CONSIDERED_WHIP = "Your next card played this turn is considered to be played after the card titled Irish Whip."


def test_considered_played_after_texts_are_printed() -> None:
    assert_printed(TURNBUCKLE, SUPLEX, OUT_OF_THE_RING, AFTER_WHIP)


def _considered(*after: fx.After, card_type: CardType | None = None) -> fx.Modifier:
    return fx.Modifier(fx.Stat.AFTER, 0, fx.Duration.NEXT_CARD, card_type=card_type, after=after)


def test_considered_played_after_lowers_to_a_one_shot_modifier_naming_the_cards() -> None:
    assert clauses(OUT_OF_THE_RING) == (fx.OnPlay((fx.Modify(_considered(fx.After(title="Throw Opponent Out of the Ring"))),)),)
    (suplex,) = clauses(SUPLEX, frozenset({"maneuver", "grapple"}))
    assert suplex == fx.OnPlay((fx.Modify(_considered(fx.After(marks=("set-up",)), fx.After(title="Gut Wrench"))),))
    (play,) = clauses(TURNBUCKLE)
    assert isinstance(play, fx.OnPlay) and play.actions[1:] == (
        fx.Modify(_considered(fx.After(title="Throw Into the Corner Turnbuckle"), card_type=CardType.MANEUVER)),
        fx.Modify(fx.Modifier(fx.Stat.IRREVERSIBLE, 0, fx.Duration.NEXT_CARD)))


def test_a_card_considered_played_after_meets_what_its_requirement_asks_of_that_card_only() -> None:
    cat = shipped_classic().catalog
    bomb, flip = cat.id("Sleeper Bomb"), cat.id("Monkey Flip")  # after Sleeper, ... or Gut Wrench; after Turnbuckle
    suplex = _considered(fx.After(marks=("set-up",)), fx.After(title="Gut Wrench"))
    stars = [s.name for s in cat.db.superstars][:2]
    s = GameState(players=[PlayerState(stars[0], [], hand=[bomb, flip], ring=[cat.id("Monkey Flip")] * 2),
                           PlayerState(stars[1], [])], tasks=[])  # 16F
    assert not R.can_play(cat, s, 0, bomb, CardType.MANEUVER)
    s.modifiers = (ActiveModifier(0, suplex, cat.id("Monkey Flip")),)
    assert R.can_play(cat, s, 0, bomb, CardType.MANEUVER)  # as if after Gut Wrench
    assert not R.can_play(cat, s, 0, flip, CardType.MANEUVER)  # not as if after Throw Into the Corner Turnbuckle
    set_up = fx.After(marks=("set-up",))
    assert R.holds(cat, s, 0, set_up, flip, None)  # "after a Set-up card": said of it
    assert not R.holds(cat, s, 0, fx.After(card_type=CardType.MANEUVER, min_damage=5), flip, None)  # it dealt nothing
    assert R.holds(cat, s, 1, set_up, flip, None) is False  # the opponent's cards are not


def test_rabid_attack_lets_a_turnbuckle_maneuver_follow_and_it_cannot_be_reversed() -> None:
    cat = shipped_classic().catalog
    rabid, flip = cat.id("Rabid Attack in the Corner"), cat.id("Monkey Flip")  # 6F action; 6F maneuver, 8D
    stars = [s.name for s in cat.db.superstars][:2]
    s = GameState(players=[PlayerState(stars[0], [flip] * 5, hand=[rabid, flip], ring=[flip] * 2),
                           PlayerState(stars[1], [flip] * 5)], tasks=[], constructed=True)
    s.last[0] = LastPlay(flip, CardType.MANEUVER, 8)  # Rabid Attack can only be played after a successful card
    assert not R.can_play(cat, s, 0, flip, CardType.MANEUVER)
    game = Game(s, cat)
    game.resume()
    game.apply(parse_move('play "Rabid Attack in the Corner"'))
    while (d := game.decision()) is not None and not (d.player == 0 and d.kind == "main"):
        game.apply(d.moves[-1] if d.player == 0 else d.moves[0])  # shuffle none back; the opponent does not reverse
    assert R.can_play(cat, game.s, 0, flip, CardType.MANEUVER)
    game.apply(parse_move('play "Monkey Flip"'))
    assert game.s.playing is not None and R.irreversible(cat, game.s, game.s.playing, 8, from_hand=True)


def test_a_reversal_of_cards_played_after_irish_whip_reverses_one_considered_played_after_it() -> None:
    (reverse, _) = clauses(AFTER_WHIP, frozenset({"reversal", "special"}))
    assert isinstance(reverse, fx.Reverses) and reverse.target.after_title == "Irish Whip"
    (considered,) = [a.modifier for c in clauses(CONSIDERED_WHIP) if isinstance(c, fx.OnPlay) for a in c.actions
                     if isinstance(a, fx.Modify)]
    cat = course_with({"Step Aside": fx.CardEffect((reverse,))})
    s = GameState(players=[PlayerState("HHH", []), PlayerState("THE ROCK", [], hand=[cat.id("Step Aside")])])
    s.playing = CurrentPlay(0, cat.id("Punch"), CardType.MANEUVER)
    assert not R.reverses(cat, s, cat.id("Step Aside"), s.playing, 3, from_hand=True)
    s.playing = CurrentPlay(0, cat.id("Punch"), CardType.MANEUVER, (considered,))
    assert R.reverses(cat, s, cat.id("Step Aside"), s.playing, 3, from_hand=True)


def test_blatant_chokehold_makes_trademark_finishers_f20_and_frees_them_of_their_after_text() -> None:
    f20 = fx.Modifier(fx.Stat.FORTITUDE, 20, fx.Duration.WHILE_IN_RING, subtype=Subtype.TRADEMARK_FINISHER, sets=True)
    assert clauses(TRADEMARK_F20) == (fx.WhileInRing(f20), fx.WhileInRing(replace(f20, stat=fx.Stat.UNRESTRICTED,
                                                                                   amount=0, sets=False)))
    after_chop = fx.PlayRequirement(fx.After(title="Chop"))
    cat = course_with({"Punch": fx.CardEffect(clauses(TRADEMARK_F20)), "Pedigree": fx.CardEffect((after_chop,))})
    pedigree = cat.id("Pedigree")  # a 30F Trademark Finisher, here "after the card titled Chop"
    s = GameState(players=[PlayerState("HHH", [], hand=[pedigree], ring=[cat.id("Clothesline")] * 5),
                           PlayerState("THE ROCK", [])])  # 15F
    assert R.play_cost(cat, s, 0, pedigree, CardType.MANEUVER) == 30 and not R.can_play(cat, s, 0, pedigree, CardType.MANEUVER)
    s.players[0].ring.append(cat.id("Punch"))  # 16F, and the card in the Ring area
    assert R.play_cost(cat, s, 0, pedigree, CardType.MANEUVER) == 20
    assert R.play_cost(cat, s, 0, cat.id("Clothesline"), CardType.MANEUVER) == 8  # not a Trademark Finisher
    s.players[0].ring.extend([cat.id("Clothesline")] * 2)  # 22F
    assert R.can_play(cat, s, 0, pedigree, CardType.MANEUVER)  # its "after Chop" ignored
    assert R.play_cost(cat, s, 1, pedigree, CardType.MANEUVER) == 30  # the opponent's cards are not
