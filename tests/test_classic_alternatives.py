"""Card descriptions joined by "or", each with its own quantity: "reverse the card titled Irish Whip or any Strike or
Grapple maneuver" is a reversal of each (one `Reverses` per alternative; "any maneuver played after those cards" is
one after each title named before it), "search your Arsenal for 1 High Risk maneuver or 1 Foreign Object" a search
for one card passing either (`CardFilter.either`). Lowered from printed sentences, then played."""

from __future__ import annotations

from rawdeal.cards import CardType, Subtype, Trait
from rawdeal.effects import model as fx
from rawdeal.engine.game import Game
from rawdeal.engine.moves import parse_move
from rawdeal.engine.state import GameState, PlayerState
from classickit import assert_printed, clauses, course_with, play_unreversed

REVERSAL = frozenset({"reversal", "special"})
PRE_MATCH = frozenset({"pre-match", "event"})
IRISH_OR_STRIKE = ("As a reversal, when played from your hand, reverse the card titled Irish Whip or any Strike or "
                   "Grapple maneuver and end your opponent's turn.")
THOSE_CARDS = ("As a reversal, reverse the cards titled Irish Whip, Throw Into the Corner Turnbuckle, or Over the Top "
               "Rope, or any maneuver played after those cards, and end your opponent's turn.")
ONE_OR_ONE = ("At the end of the Pre-match phase, search your Arsenal for 1 High Risk maneuver or 1 Foreign Object, "
              "reveal it to your opponent, put it into your hand, and shuffle your Arsenal.")
TITLES = ("Irish Whip", "Throw Into the Corner Turnbuckle", "Over the Top Rope")


def test_the_sentences_are_printed() -> None:
    assert_printed(IRISH_OR_STRIKE, THOSE_CARDS, ONE_OR_ONE)


def test_a_reversal_of_each_alternative() -> None:
    *reverses, _ = clauses(IRISH_OR_STRIKE, REVERSAL)
    assert [(r.target.title, r.target.subtypes) for r in reverses if isinstance(r, fx.Reverses)] == [
        ("Irish Whip", ()), (None, (Subtype.STRIKE, Subtype.GRAPPLE))]
    assert all(isinstance(r, fx.Reverses) and r.from_hand_only for r in reverses)


def test_a_maneuver_played_after_those_cards_is_one_after_each_title() -> None:
    *reverses, _ = clauses(THOSE_CARDS, REVERSAL)
    targets = [r.target for r in reverses if isinstance(r, fx.Reverses)]
    assert [t.title for t in targets[:3]] == list(TITLES)
    assert [(t.card_types, t.after_title) for t in targets[3:]] == [((CardType.MANEUVER,), t) for t in TITLES]


def test_the_reversal_is_offered_against_either_alternative_only() -> None:
    cat = course_with({"Step Aside": fx.CardEffect(clauses(IRISH_OR_STRIKE, REVERSAL))})

    def offered(move: str) -> bool:
        title = move.split('"')[1]
        s = GameState(players=[PlayerState("HHH", [cat.id("Punch")] * 10, hand=[cat.id(title)],
                                           ring=[cat.id("Discus Punch")] * 2),  # Fortitude enough for any of them
                               PlayerState("THE ROCK", [cat.id("Punch")] * 10, hand=[cat.id("Step Aside")])], tasks=[])
        game = Game(s, cat)
        game.resume()
        game.apply(parse_move(move))
        d = game.decision()
        return d is not None and d.player == 1 and any(str(m).startswith("reverse") for m in d.moves)

    assert offered('play "Irish Whip" as action') and offered('play "Punch"')
    assert offered('play "Arm Bar Takedown" as maneuver')  # a Grapple
    assert not offered('play "Arm Bar"')  # a Submission maneuver


def test_a_search_for_one_card_of_either_description() -> None:
    (trigger,) = clauses(ONE_OR_ONE, PRE_MATCH)
    assert isinstance(trigger, fx.Triggered) and isinstance(search := trigger.actions[0], fx.Search)
    assert search.filter.either == (fx.CardFilter(subtype=Subtype.HIGH_RISK), fx.CardFilter(trait=Trait.FOREIGN_OBJECT))
    cat = course_with({})
    passing = {cat.infos[c].title for c in cat.passing(search.filter)}
    assert {"Lionsault", "Chair Shot"} <= passing and not {"Punch", "Arm Bar"} & passing
    cat = course_with({"Punch": fx.CardEffect((fx.OnPlay(trigger.actions),))})
    arsenal = [cat.id(t) for t in ("Arm Bar", "Chair Shot", "Punch", "Lionsault")]
    s = GameState(players=[PlayerState("HHH", arsenal, hand=[cat.id("Punch")]),
                           PlayerState("THE ROCK", [cat.id("Punch")] * 10)], tasks=[])
    game = play_unreversed(cat, s, 'play "Punch"')
    d = game.decision()
    assert d is not None and sorted(str(m) for m in d.moves) == ['take "Chair Shot"', 'take "Lionsault"']
