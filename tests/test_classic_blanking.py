"""Blanking ("Blank the text of 1 card in your opponent's Ring area for the rest of the turn", "Choose 1 card in your
opponent's Ring area. When this card is in your Ring area, that card has blank text", "your opponent's Superstar
Ability is blank"): each lowered from real Classic sentences, then run in a game. A blanked card's text is read
nowhere (`rules.ring_texts`), for as long as the blanking lasts."""

from __future__ import annotations

from rawdeal.cards import CardType
from rawdeal.effects import model as fx
from rawdeal.engine import rules as R
from rawdeal.engine import tasks as T
from rawdeal.engine.classic import shipped_classic
from rawdeal.engine.game import Game
from rawdeal.engine.state import Blanked, GameState, PlayerState
from rawdeal.io.save import dumps, loads
from classickit import ACTION, assert_printed, clauses, lowered

RAW_DEAL = "Blank the text of 1 card in your opponent's Ring area for the rest of the turn."
MAGAZINE = ("Choose 1 card in your opponent's Ring area. When this card is in your Ring area, that card has blank "
            "text.")
NO_FORGIVENESS = ("As an action, choose 1 card in your opponent's Ring area. When this card is in your Ring area, "
                  "that card has blank text.")
CEREBRAL = ("When this card is in your Ring area, if you have 4 or fewer cards in your hand, your opponent's Superstar "
            "Ability is blank.")
SOCKO = "Mr. Socko"  # "When this card is in your Ring area, your maneuvers are +1D"


def _punch(game: Game) -> int:
    """The damage of player 1's Punch (3D) with the modifiers of the Ring areas as they are."""
    from rawdeal.engine.state import CurrentPlay

    return R.base_damage(game.cat, game.s, CurrentPlay(1, game.cat.id("Punch"), CardType.MANEUVER), 0)


def test_blanking_sentences_lower_to_the_blanking_and_its_lifetime() -> None:
    assert_printed(RAW_DEAL, MAGAZINE, NO_FORGIVENESS, CEREBRAL)
    assert clauses(RAW_DEAL) == (fx.OnPlay((fx.Blank(fx.Who.OPPONENT, fx.Duration.REST_OF_TURN),)),)
    while_here = fx.Blank(fx.Who.OPPONENT, fx.Duration.WHILE_IN_RING)
    assert clauses(MAGAZINE) == (fx.OnPlay((while_here,)),)
    assert clauses(NO_FORGIVENESS, frozenset({"action", "reversal", "special"})) == (
        fx.OnPlay((while_here,), CardType.ACTION),)
    assert clauses(CEREBRAL, frozenset({"pre-match", "event"})) == (fx.BlanksAbility(
        fx.Who.OPPONENT, fx.HasCards(fx.Who.YOU, fx.Zone.HAND, at_least=0, at_most=4)),)


def test_what_cannot_be_blanked_yet_is_reported() -> None:
    """The maneuver just played (a reversal after a successful maneuver), no lifetime, a choice nothing uses."""
    for text in ("Blank that maneuver's text and damage until the end of the turn.",
                 "Blank 1 Stipulation card in your opponent's Ring area.",
                 "Choose 1 card in your opponent's Ring area."):
        assert lowered(text, ACTION).effect is None, text


def _classic(mine: dict[str, list[str]], theirs: dict[str, list[str]], star: str = "The Rock") -> Game:
    """A constructed Classic position at player 0's main decision."""
    cat = shipped_classic().catalog
    filler = [i.id for i in cat.infos if not i.effect.clauses and not i.card.traits][:10]
    ids = {zone: [cat.id(t) for t in titles] for zone, titles in mine.items()}
    other = {zone: [cat.id(t) for t in titles] for zone, titles in theirs.items()}
    s = GameState(players=[PlayerState("Triple H", ids.pop("arsenal", filler[:]), **ids),
                           PlayerState(star, other.pop("arsenal", filler[:]), **other)],
                  constructed=True, tasks=[])
    game = Game(s, cat)
    game.resume()
    return game


def _run(game: Game, owner: int, action: fx.Action, title: str) -> None:
    """Run `action` of `title` for `owner`, answering every question with its first move."""
    game.s.tasks.append(T.Act(owner, action, game.cat.id(title)))
    game.resume()
    while game.s.tasks and (d := game.decision()) is not None:
        game.apply(d.moves[0])


def test_a_card_blanked_for_the_rest_of_the_turn_changes_nothing_until_the_turn_ends() -> None:
    game = _classic({}, {"ring": [SOCKO]})
    cat = game.cat
    assert _punch(game) == 4
    (raw_deal,) = clauses(RAW_DEAL)
    assert isinstance(raw_deal, fx.OnPlay)
    _run(game, 0, raw_deal.actions[0], "Raw Deal!")
    assert game.s.blanked == (Blanked(1, cat.id(SOCKO), 0, cat.id("Raw Deal!"), fx.Duration.REST_OF_TURN),)
    assert _punch(game) == 3
    again = loads(dumps(game))  # saved and read back: the blanking goes on
    assert again.s.blanked == game.s.blanked and _punch(again) == 3
    game.s.tasks.append(T.END_TURN)
    game.resume()
    assert not game.s.blanked and _punch(game) == 4
    assert b'"blanked"' not in dumps(game)  # written only when set: older saves keep their bytes


def test_a_card_blanked_while_this_card_is_in_the_ring_area_reads_again_when_it_leaves() -> None:
    magazine = "I Should've Been In That Magazine..."
    game = _classic({"ring": [magazine]}, {"ring": [SOCKO]})
    cat = game.cat
    (chose,) = clauses(MAGAZINE)
    assert isinstance(chose, fx.OnPlay)
    _run(game, 0, chose.actions[0], magazine)
    assert _punch(game) == 3
    game.s.tasks.append(T.END_TURN)  # it outlasts the turn ...
    game.resume()
    assert _punch(game) == 3 and game.s.blanked
    game.s.players[0].ring.remove(cat.id(magazine))  # ... but not the card that blanks it
    assert _punch(game) == 4


def test_blanking_only_offers_the_cards_the_text_names() -> None:
    game = _classic({}, {"ring": [SOCKO]})
    game.s.tasks.append(T.Act(0, fx.Blank(fx.Who.OPPONENT, fx.Duration.REST_OF_TURN,
                                          filter=fx.CardFilter(marks=("type:maneuver",))), game.cat.id("Raw Deal!")))
    game.resume()
    assert game.s.blanked == ()  # Mr. Socko is an action: nothing to blank, no question asked


def test_a_superstar_ability_is_blank_while_the_condition_holds() -> None:
    cerebral = "Cerebral Assassin"
    game = _classic({"ring": [cerebral]}, {}, star="Mankind")
    cat, s = game.cat, game.s
    assert cat.abilities["Mankind"].draw_per_turn == 2
    assert R.ability(cat, s, 1) == fx.Ability(fx.AbilityTiming.NONE)  # 0 cards in hand: 4 or fewer
    assert R.damage_taken(cat, s, 1) == 0
    s.players[0].hand = [cat.id("Raw Deal!")] * 5
    assert R.ability(cat, s, 1) == cat.abilities["Mankind"]
    assert R.ability(cat, s, 0) == cat.abilities["Triple H"]  # the owner's own ability is untouched


def test_a_blanked_card_with_its_damage_adds_no_fortitude() -> None:
    game = _classic({}, {"ring": ["Punch", "Punch", SOCKO]})
    cat, s = game.cat, game.s
    assert R.fortitude(cat, s, 1) == 6
    s.blanked = (Blanked(1, cat.id("Punch"), 0, cat.id("Raw Deal!"), fx.Duration.REST_OF_TURN, damage=True),)
    assert R.fortitude(cat, s, 1) == 0  # copies are one card id: both read as blank
