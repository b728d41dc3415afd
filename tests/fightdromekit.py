"""Constructed Fightdrome positions for the rule tests: name the cards in each zone, the rest of the
box stays in the supply, so every position passes the card invariant."""

from __future__ import annotations

from collections.abc import Sequence

from rawdeal.fightdrome import moves as mv
from rawdeal.fightdrome.game import Game
from rawdeal.fightdrome.options import parse_options
from rawdeal.fightdrome.settings import settings
from rawdeal.fightdrome.state import ATTACK, Fight, Fighter

Cards = Sequence[str]


def face(name: str) -> int:
    found = settings().catalog.named(name)
    assert found is not None, name
    return found


def position(hands: tuple[Cards, Cards], draws: tuple[Cards, Cards] = ((), ()), discards: tuple[Cards, Cards] = ((), ()),
             current: int = 0, phase: str = ATTACK, previous: str | None = None, options: Sequence[str] = (),
             fame: tuple[int, int] = (0, 0), reserve: tuple[Cards, Cards] = ((), ()), down: tuple[Cards, Cards] = ((), ()),
             seed: int = 1) -> Game:
    cfg = settings()
    supply = {pile: list(faces) for pile, faces in cfg.pile_faces.items()}

    def take(names: Cards) -> list[int]:
        faces = [face(n) for n in names]
        for f in faces:
            supply[cfg.pile_of[f]].remove(f)
        return faces

    players = [Fighter(("Brawler", "Kickboxer")[p], ("S1", "S2")[p], list(reserve[p]), take(draws[p]), take(hands[p]),
                       take(discards[p]), take(down[p]), fame[p]) for p in (0, 1)]
    opts = parse_options(options)
    fight = Fight(players, supply, opts.names, seed, seed, 1, current, phase, -1 if previous is None else face(previous))
    game = Game(fight, opts)
    game.check()
    return game


def texts(game: Game) -> list[str]:
    """The legal moves' texts."""
    turn = game.turn()
    assert turn is not None
    return [str(m) for m in turn.moves]


def move(text: str) -> mv.Move:
    return mv.read_move(text)


def hand(game: Game, p: int) -> list[str]:
    return sorted(settings().catalog.faces[f].name() for f in game.f.players[p].hand)
