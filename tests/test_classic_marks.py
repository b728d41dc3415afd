"""Card properties that Classic texts select by (any printed keyword, Superstar-specific, hybrid, non-Maneuver,
a logo) and conditions on the players (a Superstar's keyword or gender, Superstar Values, hand sizes): each
construct lowered from real Classic sentences, then run by the engine on the Classic pool's own cards."""

from __future__ import annotations

from dataclasses import replace

from rawdeal.cards import CardType, Trait
from rawdeal.cards.marks import card_marks, superstar_marks
from rawdeal.cards.pool.load import classic_pool
from rawdeal.effects import model as fx
from rawdeal.effects.classic.lowering import CardFacts, lower
from rawdeal.effects.classic.pool import pool_compiler
from rawdeal.effects.render import render_effect
from rawdeal.engine import rules as R
from rawdeal.engine.cardinfo import _info
from rawdeal.engine.classic import shipped_classic
from rawdeal.engine.game import Game
from rawdeal.engine.moves import parse_move
from rawdeal.engine.state import GameState, LastPlay, PlayerState
from classickit import ACTION, REVERSAL, STRIKE, clauses, compiler, lowered

SEARCH_CHAIN = ("Search your Arsenal for 1 Chain maneuver, reveal it to your opponent, put it into your hand, and "
                "shuffle your Arsenal.")
NOT_SPECIFIC = "Reverse any non-Superstar-specific Action card and end your opponent's turn."
NON_HYBRID = "Discard 2 non-hybrid Reversal cards."
NON_MANEUVER = "Put up to 5 non-Maneuver cards from his Ring area into his Ringside pile."
RAW_LOGO = "As a reversal, reverse any card with the Raw logo and end your opponent's turn."
AFTER_CHAIN = "Can only be played after a successfully played Chain card."
HEAT_BONUS = "When this card is in your Ring area, your Heat maneuvers are +1D."
MALE = "Can only be played when your opponent is a Male Superstar."
FEMALE = "Cannot be played if your opponent is a Female Superstar."
VALUE = "This card is -8F when your Superstar Value is less than your opponent's Superstar Value."
FEWER = "Can only be played if you have fewer cards in your hand than your opponent."


def test_texts_are_printed_in_the_pool() -> None:
    lexicon = compiler().lexicon
    printed = {s.text.casefold() for c in classic_pool() for s in lexicon.sentences(c.text)}
    for text in (SEARCH_CHAIN, NOT_SPECIFIC, NON_HYBRID, NON_MANEUVER, RAW_LOGO, AFTER_CHAIN, HEAT_BONUS, MALE,
                 FEMALE, VALUE, FEWER):
        assert text.casefold() in printed, text


# ------------------------------------------------------------------------------------------- lowering
def test_any_printed_keyword_selects_cards() -> None:
    wanted = fx.CardFilter(types=(CardType.MANEUVER,), marks=("chain",))
    assert clauses(SEARCH_CHAIN) == (fx.OnPlay((fx.Search(fx.Who.YOU, (fx.Zone.ARSENAL,), wanted),
                                                fx.Shuffle(fx.Who.YOU))),)


def test_non_superstar_specific_hybrid_and_maneuver_exclude() -> None:
    (reverses, _) = clauses(NOT_SPECIFIC, REVERSAL)
    assert reverses == fx.Reverses(fx.Target((CardType.ACTION,), not_marks=("superstar-specific",)))
    (discard,) = clauses(NON_HYBRID)[0].actions  # type: ignore[union-attr]
    assert discard == fx.Discard(fx.Who.YOU, fx.Count(2), filter=fx.CardFilter(types=(CardType.REVERSAL,),
                                                                               not_marks=("hybrid",)))
    (move,) = clauses(NON_MANEUVER)[0].actions  # type: ignore[union-attr]
    assert isinstance(move, fx.MoveCards) and move.filter == fx.CardFilter(not_marks=("type:maneuver",))


def test_a_logo_selects_cards() -> None:
    (reverses, _) = clauses(RAW_LOGO, REVERSAL)
    assert isinstance(reverses, fx.Reverses) and reverses.target.marks == ("logo:raw",)
    assert "with the raw logo" in render_effect(fx.CardEffect((reverses,)))


def test_after_a_keyword_card_and_a_keyword_groups_bonus() -> None:
    assert clauses(AFTER_CHAIN, STRIKE) == (fx.PlayRequirement(fx.After(marks=("chain",))),)
    assert clauses(HEAT_BONUS) == (fx.WhileInRing(fx.Modifier(fx.Stat.DAMAGE, 1, fx.Duration.WHILE_IN_RING,
                                                              marks=("heat",))),)


def test_conditions_on_the_players() -> None:
    assert clauses(MALE, STRIKE) == (fx.PlayRequirement(fx.SuperstarIs(fx.Who.OPPONENT, "male")),)
    assert clauses(FEMALE, STRIKE) == (fx.PlayRequirement(fx.Not(fx.SuperstarIs(fx.Who.OPPONENT, "female"))),)
    assert clauses(VALUE, STRIKE) == (fx.StatChange(fx.Stat.FORTITUDE, -8, fx.Compared(fx.Measure.SUPERSTAR_VALUE)),)
    assert clauses(FEWER, ACTION) == (fx.PlayRequirement(fx.Compared(fx.Measure.HAND)),)


def test_a_keyword_no_set_has_printed_yet_works_from_the_data() -> None:
    """A new set's keyword: in the pool's data, it is a keyword of the texts and a mark of its cards."""
    cards = [*classic_pool()[:50]]
    cards.append(replace(cards[0], title="Brand New Card", traits=("Hardcore",)))
    text = ("Search your Arsenal for 1 Hardcore card, reveal it to your opponent, put it into your hand, and shuffle "
            "your Arsenal.")
    effect = lower(pool_compiler(cards).compile(text), CardFacts(ACTION)).effect
    assert effect is not None and effect.clauses[0].actions[0].filter.marks == ("hardcore",)  # type: ignore[union-attr]
    assert "hardcore" in card_marks(("Hardcore",), (), ("maneuver",))


def test_marks_come_from_the_printed_card() -> None:
    marks = card_marks(("Volley: 7", "Raw"), ("Kane",), ("maneuver", "action"))
    assert {"volley", "raw", "logo:raw", "logo:kane", "superstar-specific", "hybrid", "type:maneuver"} <= marks
    assert "hybrid" not in card_marks((), (), ("maneuver",))
    assert "female" in superstar_marks(("Diva",)) and "male" not in superstar_marks(())


# ------------------------------------------------------------------------------------------- engine
def test_the_engine_selects_by_the_cards_own_marks() -> None:
    cat = shipped_classic().catalog
    chain = fx.CardFilter(types=(CardType.MANEUVER,), marks=("chain",))
    passing = cat.passing(chain)
    assert passing and all("chain" in cat.infos[c].card.marks and cat.infos[c].is_(CardType.MANEUVER) for c in passing)
    not_hybrid = fx.CardFilter(not_marks=("hybrid",))
    hybrids = [i for i in cat.infos if len(i.card.types) > 1]
    assert hybrids and not any(R.passes(cat, i.id, not_hybrid) for i in hybrids)


def test_a_search_for_a_keyword_card_offers_only_such_cards_in_a_game() -> None:
    cat = shipped_classic().catalog
    card = next(i for i in cat.infos if i.card.types == (CardType.ACTION,) and i.card.fortitude == 0
                and not i.requirements)
    cat = replace(cat, infos=tuple(_info(i.id, i.card, fx.CardEffect(clauses(SEARCH_CHAIN))) if i.id == card.id else i
                                   for i in cat.infos))
    chain = [i.id for i in cat.infos if "chain" in i.card.marks and i.is_(CardType.MANEUVER)]
    plain = [i.id for i in cat.infos if "chain" not in i.card.marks and i.is_(CardType.MANEUVER)][:5]
    stars = [s.name for s in cat.db.superstars][:2]
    s = GameState(players=[PlayerState(stars[0], [*plain, chain[0], *plain], hand=[card.id]),
                           PlayerState(stars[1], plain[:])], tasks=[])
    game = Game(s, cat)
    game.resume()
    game.apply(parse_move(f'play "{card.title}"'))
    d = game.decision()
    assert d is not None and d.kind == "take"
    assert [getattr(m, "title", None) for m in d.moves] == [cat.infos[chain[0]].title]  # the Chain card, only
    game.apply(d.moves[0])
    assert chain[0] in game.s.players[0].hand


def test_a_reversal_of_cards_with_a_logo_fits_only_those() -> None:
    cat = shipped_classic().catalog
    target = fx.Target((CardType.MANEUVER, CardType.ACTION), marks=("logo:raw",))
    raw = next(i for i in cat.infos if "logo:raw" in i.card.marks and i.is_(CardType.MANEUVER))
    other = next(i for i in cat.infos if "logo:raw" not in i.card.marks and i.is_(CardType.MANEUVER))
    assert R._fits(target, raw, CardType.MANEUVER) and not R._fits(target, other, CardType.MANEUVER)


def test_after_a_chain_card_and_a_heat_bonus_in_play() -> None:
    cat = shipped_classic().catalog
    chain = next(i for i in cat.infos if "chain" in i.card.marks and i.is_(CardType.MANEUVER))
    plain = next(i for i in cat.infos if "chain" not in i.card.marks and i.is_(CardType.MANEUVER))
    s = GameState(players=[PlayerState("a", []), PlayerState("b", [])])
    after = fx.After(marks=("chain",))
    assert R.holds(cat, s, 0, after, plain.id, LastPlay(chain.id, CardType.MANEUVER, 3))
    assert not R.holds(cat, s, 0, after, plain.id, LastPlay(plain.id, CardType.MANEUVER, 3))
    heat = fx.Modifier(fx.Stat.DAMAGE, 1, fx.Duration.WHILE_IN_RING, marks=("heat",))
    hot = next(i for i in cat.infos if "heat" in i.card.marks and i.is_(CardType.MANEUVER))
    assert R.applies(heat, hot, CardType.MANEUVER) and not R.applies(heat, plain, CardType.MANEUVER)


def test_conditions_on_the_players_hold_by_their_superstars() -> None:
    cat = shipped_classic().catalog
    diva = next(s for s in cat.db.superstars if "diva" in s.marks)
    other = next(s for s in cat.db.superstars  # no keyword: only his names (`name_mark`)
                 if all(m.startswith("name:") for m in s.marks) and s.value != diva.value)
    s = GameState(players=[PlayerState(other.name, [], hand=[0, 1]), PlayerState(diva.name, [], hand=[0])])
    assert R.holds(cat, s, 0, fx.SuperstarIs(fx.Who.OPPONENT, "female"), 0, None)
    assert not R.holds(cat, s, 1, fx.SuperstarIs(fx.Who.OPPONENT, "female"), 0, None)
    assert not R.holds(cat, s, 0, fx.SuperstarIs(fx.Who.YOU, "male"), 0, None)  # the data prints no gender for him
    lower = other.value < diva.value
    assert R.holds(cat, s, 0, fx.Compared(fx.Measure.SUPERSTAR_VALUE, below=True), 0, None) is lower
    assert R.holds(cat, s, 1, fx.Compared(fx.Measure.HAND), 0, None)
    assert not R.holds(cat, s, 0, fx.Compared(fx.Measure.HAND), 0, None)


EITHER = "Reverse any Throwback or Volley card and end your opponent's turn."


def test_properties_joined_by_or_are_any_of_them() -> None:
    (reverses, _) = clauses(EITHER, REVERSAL)
    assert reverses == fx.Reverses(fx.Target((CardType.MANEUVER, CardType.ACTION), any_marks=("throwback", "volley")))
    assert EITHER.casefold() in {s.text.casefold() for c in classic_pool() for s in compiler().lexicon.sentences(c.text)}
    cat = shipped_classic().catalog
    assert isinstance(reverses, fx.Reverses)
    for info in cat.infos:
        if info.is_(CardType.MANEUVER):
            assert R._fits(reverses.target, info, CardType.MANEUVER) is bool(info.card.marks & {"throwback", "volley"})
    mixed = "Reverse any non-unique maneuver or Superstar-specific Action card and end your opponent's turn."
    assert lowered(mixed, REVERSAL).effect is None  # "non" among alternatives: not read yet, never read as all of them


CHOSEN = ("When successfully played, look at your opponent's hand, choose 1 card, and he puts the chosen card on the "
          "bottom of his Arsenal.")
CHOSEN_KIND = "Look at your opponent's hand, choose 1 non-unique card, and he removes the chosen card from the game."
HIS_TOO = "Your opponent discards 2 cards and overturns 2 cards."
YOURS = ("Look at your opponent's hand, choose 1 card, your opponent discards the chosen card, and put 1 card from "
         "your Ringside pile into your hand.")


def test_the_chosen_card_goes_where_the_later_verb_says() -> None:
    printed = {s.text.casefold() for c in classic_pool() for s in compiler().lexicon.sentences(c.text)}
    assert all(t.casefold() in printed for t in (CHOSEN, CHOSEN_KIND, HIS_TOO, YOURS))
    (on_play,) = clauses(CHOSEN, STRIKE)
    assert isinstance(on_play, fx.OnPlay) and on_play.actions == (
        fx.LookAt(fx.Who.OPPONENT, fx.Zone.HAND),
        fx.MoveCards(fx.Who.OPPONENT, fx.ONE, fx.Zone.HAND, fx.Zone.ARSENAL, fx.Position.BOTTOM, chooser=fx.Who.YOU))
    (on_play,) = clauses(CHOSEN_KIND)
    assert isinstance(on_play, fx.OnPlay) and on_play.actions[1] == fx.MoveCards(
        fx.Who.OPPONENT, fx.ONE, fx.Zone.HAND, fx.Zone.REMOVED, chooser=fx.Who.YOU,
        filter=fx.CardFilter(not_trait=Trait.UNIQUE))  # the kind chosen is kept


def test_a_verb_in_his_person_is_his_and_an_order_is_yours() -> None:
    (on_play,) = clauses(HIS_TOO)
    assert isinstance(on_play, fx.OnPlay) and on_play.actions[1] == fx.MillTop(fx.Who.OPPONENT, 2)
    (on_play,) = clauses(YOURS)
    assert isinstance(on_play, fx.OnPlay) and isinstance(on_play.actions[-1], fx.MoveCards) \
        and on_play.actions[-1].who is fx.Who.YOU


def test_a_chosen_card_is_put_back_in_a_game() -> None:
    cat = shipped_classic().catalog
    card = next(i for i in cat.infos if i.card.types == (CardType.ACTION,) and i.card.fortitude == 0
                and not i.requirements)
    (on_play,) = clauses(CHOSEN_KIND)
    cat = replace(cat, infos=tuple(_info(i.id, i.card, fx.CardEffect((on_play,))) if i.id == card.id else i
                                   for i in cat.infos))
    unique = next(i.id for i in cat.infos if "unique" in i.card.marks and i.is_(CardType.MANEUVER))
    plain = next(i.id for i in cat.infos if not i.card.traits and not i.card.marks & {"unique"}
                 and i.is_(CardType.MANEUVER))
    stars = [s.name for s in cat.db.superstars][:2]
    s = GameState(players=[PlayerState(stars[0], [plain] * 5, hand=[card.id]),
                           PlayerState(stars[1], [plain] * 5, hand=[unique, plain])], tasks=[])
    game = Game(s, cat)
    game.resume()
    game.apply(parse_move(f'play "{card.title}"'))
    d = game.decision()
    while d is not None and d.player == 0 and not any(getattr(m, "title", None) == cat.infos[plain].title
                                                      for m in d.moves):
        game.apply(d.moves[0])
        d = game.decision()
    assert d is not None and d.player == 0  # the card's owner picks, among the non-unique cards only
    assert {getattr(m, "title", None) for m in d.moves} == {cat.infos[plain].title}
    game.apply(d.moves[0])
    assert game.s.players[1].hand == [unique] and game.s.players[1].removed == [plain]


EITHER_TITLE = "Your opponent may discard the card titled Escape Move or Step Aside."
EACH_TITLE = ("Search your Ringside pile and Arsenal for the cards titled Ride the Barricade and Whisper in the Wind, "
              "reveal them to your opponent, put them into your hand, and shuffle your Arsenal.")


def test_titles_joined_by_or_are_any_of_them_and_by_and_each_of_them() -> None:
    printed = {s.text.casefold() for c in classic_pool() for s in compiler().lexicon.sentences(c.text)}
    assert EITHER_TITLE.casefold() in printed and EACH_TITLE.casefold() in printed
    (on_play,) = clauses(EITHER_TITLE)
    either = fx.CardFilter(titles=("Escape Move", "Step Aside"))
    assert on_play == fx.OnPlay((fx.Optional((fx.Discard(fx.Who.OPPONENT, fx.ONE, chooser=fx.Who.OPPONENT,
                                                         filter=either),), who=fx.Who.OPPONENT),))
    (each,) = clauses(EACH_TITLE)  # a search for each (`test_classic_card_words`)
    assert isinstance(each, fx.OnPlay)
    assert [a.filter.title for a in each.actions if isinstance(a, fx.Search)] == ["Ride the Barricade", "Whisper in the Wind"]
    cat = shipped_classic().catalog
    assert {cat.infos[c].title for c in cat.passing(either)} == {"Escape Move", "Step Aside"}


HAS_VOLLEYS = "Can only be played when you have 4 or more Volley maneuvers in your Ring area."
HAS_RAW = "This card is -2F when you have a card in your Ring area with the Raw logo."


def test_having_cards_of_a_kind_in_a_zone() -> None:
    printed = {s.text.casefold() for c in classic_pool() for s in compiler().lexicon.sentences(c.text)}
    assert HAS_VOLLEYS.casefold() in printed and HAS_RAW.casefold() in printed
    volleys = fx.HasCards(fx.Who.YOU, fx.Zone.RING, fx.CardFilter(types=(CardType.MANEUVER,), marks=("volley",)), 4)
    assert clauses(HAS_VOLLEYS, STRIKE) == (fx.PlayRequirement(volleys),)
    raw = fx.HasCards(fx.Who.YOU, fx.Zone.RING, fx.CardFilter(marks=("logo:raw",)))
    assert clauses(HAS_RAW, STRIKE) == (fx.StatChange(fx.Stat.FORTITUDE, -2, raw),)
    cat = shipped_classic().catalog
    volley = next(i.id for i in cat.infos if "volley" in i.card.marks and i.is_(CardType.MANEUVER))
    other = next(i.id for i in cat.infos if "volley" not in i.card.marks and i.is_(CardType.MANEUVER))
    s = GameState(players=[PlayerState("a", [], ring=[volley] * 3 + [other] * 2), PlayerState("b", [])])
    assert not R.holds(cat, s, 0, volleys, other, None)
    s.players[0].ring.append(volley)
    assert R.holds(cat, s, 0, volleys, other, None) and not R.holds(cat, s, 1, volleys, other, None)
