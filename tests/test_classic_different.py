""""Search your Arsenal for 2 different non-unique cards, reveal them to your opponent, put them into your hand, and
shuffle your Arsenal": each card picked is of a title not picked before, and there are only as many to take as
titles. "Different" anywhere cards are not picked one by one stays reported. From the printed sentences, played."""

from __future__ import annotations

from rawdeal.effects import model as fx
from rawdeal.engine.game import Game
from rawdeal.engine.state import GameState, PlayerState
from classickit import assert_printed, clauses, course_with, lowered, play_unreversed

UGLY = ("Search your Arsenal for 2 different non-unique cards, reveal them to your opponent, put them into your hand, "
        "and shuffle your Arsenal.")
ONE_DIFFERENT = "You may choose 1 different Enforcer."


def test_the_sentences_are_printed() -> None:
    assert_printed(UGLY, ONE_DIFFERENT)


def test_different_cards_are_a_move_of_distinct_titles() -> None:
    (on_play,) = clauses(UGLY)
    assert isinstance(on_play, fx.OnPlay) and isinstance(move := on_play.actions[0], fx.MoveCards)
    assert move.count == fx.Count(2) and move.filter.distinct and move.source is fx.Zone.ARSENAL
    assert not lowered(ONE_DIFFERENT).ok


def _played(arsenal: list[str]) -> tuple[Game, list[list[str]]]:
    cat = course_with({"Punch": fx.CardEffect(clauses(UGLY))})
    s = GameState(players=[PlayerState("HHH", [cat.id(t) for t in arsenal], hand=[cat.id("Punch")]),
                           PlayerState("THE ROCK", [cat.id("Haymaker")] * 10)], tasks=[])
    game = play_unreversed(cat, s, 'play "Punch"')
    asked = []
    while (d := game.decision()) is not None and d.player == 0 and game.s.tasks:
        asked.append(sorted({str(m) for m in d.moves}))
        game.apply(d.moves[0])
    return game, asked


def test_the_second_card_is_of_another_title() -> None:
    game, asked = _played(["Haymaker", "Haymaker", "Chop", "Haymaker"])
    assert len(asked) == 2 and asked[0] == ['take "Chop"', 'take "Haymaker"']
    assert len(asked[1]) == 1 and asked[1][0] in asked[0]  # the title taken first is no longer offered
    assert sorted(game.cat.infos[c].title for c in game.s.players[0].hand) == ["Chop", "Haymaker"]


def test_one_title_gives_one_card() -> None:
    game, asked = _played(["Haymaker", "Haymaker", "Haymaker"])
    assert len(asked) == 1 and [game.cat.infos[c].title for c in game.s.players[0].hand] == ["Haymaker"]
