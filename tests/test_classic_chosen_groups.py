""""Look at your opponent's hand, you may choose 1 Maneuver card and 1 Action card, and your opponent discards the
chosen cards": each number with its own description is chosen in turn, from the cards the earlier ones left (a
hybrid counts once), and "you may choose" is the chooser's yes or no. Lowered from the printed sentence, then played."""

from __future__ import annotations

from rawdeal.cards import CardType
from rawdeal.effects import model as fx
from rawdeal.engine.game import Game
from rawdeal.engine.state import GameState, PlayerState
from classickit import assert_printed, clauses, course_with, play_unreversed

CRIPPLE = ("Look at your opponent's hand, you may choose 1 Maneuver card and 1 Action card, and your opponent discards "
           "the chosen cards.")


def test_the_sentence_is_printed() -> None:
    assert_printed(CRIPPLE)


def test_each_group_is_a_discard_of_its_own_under_one_yes_or_no() -> None:
    (on_play,) = clauses(CRIPPLE)
    maneuver, action = (fx.CardFilter(types=(t,)) for t in (CardType.MANEUVER, CardType.ACTION))
    assert on_play == fx.OnPlay((fx.LookAt(fx.Who.OPPONENT, fx.Zone.HAND), fx.Optional((
        fx.Discard(fx.Who.OPPONENT, fx.ONE, chooser=fx.Who.YOU, filter=maneuver),
        fx.Discard(fx.Who.OPPONENT, fx.ONE, chooser=fx.Who.YOU, filter=action)))))


def _played(answer: str) -> tuple[Game, list[list[str]]]:
    cat = course_with({"Punch": fx.CardEffect(clauses(CRIPPLE))})
    haymaker = cat.id("Haymaker")
    hand = [cat.id("Chop"), haymaker, cat.id("Hmmm")]  # Chop: an action and a maneuver
    s = GameState(players=[PlayerState("HHH", [haymaker] * 10, hand=[cat.id("Punch")]),
                           PlayerState("THE ROCK", [], hand=hand)], tasks=[])
    game = play_unreversed(cat, s, 'play "Punch"')
    asked = []
    while (d := game.decision()) is not None and d.player == 0 and game.s.tasks:
        asked.append([str(m) for m in d.moves])
        game.apply(next((m for m in d.moves if str(m) in (answer, 'discard "Chop"')), d.moves[0]))
    return game, asked


def test_the_hybrid_chosen_as_the_maneuver_is_not_the_action_too() -> None:
    game, asked = _played("yes")
    assert asked == [["yes", "no"], ['discard "Chop"', 'discard "Haymaker"'], ['discard "Hmmm"']]
    assert [game.cat.infos[c].title for c in game.s.players[1].hand] == ["Haymaker"]


def test_the_chooser_may_choose_none() -> None:
    game, asked = _played("no")
    assert asked == [["yes", "no"]] and len(game.s.players[1].hand) == 3
