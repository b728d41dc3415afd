"""Maneuvers the database prints without their Reversal type whose text says they reverse ("As a reversal, you may
reverse ...", "Reverse any Strike ..."): played as the Maneuver/Reversal hybrids they are."""

from __future__ import annotations

from rawdeal.cards import CardType, Subtype
from rawdeal.cards.pool.load import classic_pool
from rawdeal.cards.pool.model import PoolCard
from rawdeal.effects import model as fx
from rawdeal.effects.classic.playable import card_types, lowered_classic
from rawdeal.engine.classic import shipped_classic
from rawdeal.engine.game import Game
from rawdeal.engine.moves import parse_move
from rawdeal.engine.state import GameState, PlayerState
from classickit import assert_printed

CROSSFACE = ("As a maneuver, you may play the card titled Maintain Hold after this card as if it were a Submission "
             "maneuver. As a reversal, you may reverse any Strike or Grapple maneuver but you must first discard 1 card.")
CACTUS = "Reverse any Strike and end your opponents turn."


def test_texts_are_printed_in_the_pool() -> None:
    assert_printed(CROSSFACE, CACTUS)


def _card(title: str) -> PoolCard:
    return next(c for c in classic_pool() if c.title == title)


def test_a_text_that_reverses_makes_the_card_a_reversal_too() -> None:
    for title in ("Crippler Crossface", "Cactus Clothesline", "Roll Up", "Lunging Choke Hold"):
        card = _card(title)
        assert not any("reversal" in m.casefold() for m in card.modes)  # as printed
        assert "reversal" in card.kinds and card_types(card)[0] == (CardType.MANEUVER, CardType.REVERSAL)
        assert card.type_line == " / ".join(card.modes)  # still shown as printed


def test_a_card_printed_as_a_reversal_or_saying_nothing_of_it_keeps_its_modes() -> None:
    assert _card("X-Factor").played_modes == _card("X-Factor").modes  # "Trademark Finisher/Reversal: High Risk"
    punch = _card("Punch")
    assert punch.played_modes == punch.modes and "reversal" not in punch.kinds


def test_the_crossface_reverses_at_its_cost() -> None:
    lowered = lowered_classic().by_title()["Crippler Crossface"].lowered
    assert lowered.effect is not None
    [reverses] = lowered.effect.of(fx.Reverses)
    assert reverses.target == fx.Target(subtypes=(Subtype.STRIKE, Subtype.GRAPPLE))
    assert reverses.cost == (fx.Discard(fx.Who.YOU, fx.Count(1)),)


def test_cactus_clothesline_reverses_a_strike_from_the_hand() -> None:
    cat = shipped_classic().catalog
    cactus, punch = cat.id("Cactus Clothesline"), cat.id("Punch")
    assert cat.infos[cactus].card.types == (CardType.MANEUVER, CardType.REVERSAL)
    filler = [i.id for i in cat.infos if not i.effect.clauses and not i.card.traits and i.card.printed_damage > 0][:10]
    heavy = max(filler, key=lambda c: cat.infos[c].card.printed_damage)
    ring = [heavy] * -(-cat.infos[cactus].card.fortitude // cat.infos[heavy].card.printed_damage)
    s = GameState(players=[PlayerState("Triple H", filler * 2, hand=[punch]),
                           PlayerState("Cactus Jack", filler * 2, hand=[cactus], ring=ring)], constructed=True, tasks=[])
    game = Game(s, cat)
    game.resume()
    game.apply(parse_move('play "Punch"'))
    d = game.decision()
    assert d is not None and [str(m) for m in d.moves] == ['reverse "Cactus Clothesline"', "pass"]
    game.apply(parse_move('reverse "Cactus Clothesline"'))
    assert cactus in game.s.players[1].ring and punch in game.s.players[0].ringside and game.s.current == 1
