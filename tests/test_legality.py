"""A move checked directly (`rawdeal.engine.legality`, what replaying a move file uses) is accepted or
refused exactly as the pending decision's list of legal moves accepts or refuses it, with the same
events, the same final position and the same error."""

from __future__ import annotations

import random

from rawdeal.cards import CardType
from rawdeal.arena import selfplay as sp
from rawdeal.bots.random import pick
from rawdeal.engine import moves as mv
from rawdeal.engine.game import Game
from rawdeal.engine.legality import decider, main_move
from rawdeal.engine.words import CountVerb, PickVerb
from rawdeal.errors import IllegalMoveError
from rawdeal.io.save import dumps


def _candidates(game: Game) -> list[mv.Move]:
    """The legal moves, and moves near them that may or may not be legal."""
    d = game.decision()
    assert d is not None
    near: list[mv.Move] = [mv.ABILITY, mv.END, mv.SURRENDER, mv.PASS, mv.YES, mv.Choose("1"),
                           mv.Play("No Such Card", None), mv.Count(CountVerb.DRAW, 1)]
    for title in dict.fromkeys(d.cards):
        near += [mv.Play(title, None), mv.Play(title, None, 2), mv.Reverse(title), mv.Pick(PickVerb.DISCARD, title)]
        near += [mv.Play(title, t, copy) for t in (CardType.MANEUVER, CardType.ACTION) for copy in (1, 2, 3)]
    return list(d.moves) + near


def _outcome(game: Game, move: mv.Move, decided: bool) -> tuple[str, ...]:
    game = game.copy()
    game.forget_decision()
    if decided:
        game.decision()  # the decision is built: `apply` checks the move against its list
    try:
        events = game.apply(move)
    except IllegalMoveError as exc:
        return ("illegal", str(exc))
    return ("legal", repr(events), dumps(game).decode())


def test_a_move_checked_directly_is_judged_as_the_decision_judges_it() -> None:
    checked = 0
    for seed in range(4):
        profile = "standard" if seed % 2 else "course"
        game, _ = Game.start(*_opening(seed), profile, seed)  # type: ignore[arg-type]
        rnd = random.Random(seed)
        while not game.over:
            d = game.decision()
            assert d is not None and decider(game) == d.player
            if not game.s.tasks:  # a main decision
                for move in _candidates(game):
                    assert _outcome(game, move, decided=False) == _outcome(game, move, decided=True), (seed, move)
                    checked += 1
            else:
                assert main_move(game, d.moves[0]) is None  # not a main decision: the decision answers
            game.apply(pick(game, rnd))
        assert decider(game) is None
    assert checked > 500


def _opening(seed: int) -> tuple[tuple[str, str], tuple[list[int], list[int]]]:
    from rawdeal.engine.cardinfo import catalog

    index = catalog().db.index
    a, b = sp.game_decks(seed, None)
    return (a.superstar, b.superstar), ([index[t] for t in a.titles], [index[t] for t in b.titles])
