"""PREPARACIÓN DE LA PARTIDA: characters from a Sleeve and a Stack card, decks dealt from the shared
supply, the first player, the first round's opening hands."""

from __future__ import annotations

from collections.abc import Sequence

from rawdeal.engine import rng
from rawdeal.errors import UsageError
from rawdeal.fightdrome import events as ev
from rawdeal.fightdrome.game import Game
from rawdeal.fightdrome.options import Options, parse_options
from rawdeal.fightdrome.settings import settings
from rawdeal.fightdrome.state import Fight, Fighter

Character = tuple[tuple[str, ...], str]  # the Sleeves (one, or three in the epic tournament) and the Stack


def new_game(setup: Sequence[str], seed: int, options: Sequence[str] = ()) -> tuple[Game, list[ev.Event]]:
    """A new game: `setup` names both characters ("Brawler/S1", epic "Brawler,Wrestler,Guardian/S1"), or
    is empty to deal them at random from the Sleeve and Stack cards, as the rulebook does."""
    opts = parse_options(options)
    cfg = settings()
    fight = Fight([], {pile: list(faces) for pile, faces in cfg.pile_faces.items()}, opts.names, seed, seed)
    game = Game(fight, opts)
    characters = [parse_character(c, opts) for c in setup] if setup else _dealt(game, opts)
    if len(characters) != 2:
        raise UsageError(f"Fightdrome needs two characters (SLEEVE/STACK), not {len(characters)}")
    _check_distinct(characters)
    for pile in fight.supply.values():  # "separa todas las cartas restantes en sus respectivos tipos y barájalas"
        game.shuffle(pile)
    for p, (sleeves, stack) in enumerate(characters):
        fighter = Fighter(sleeves[0], stack, list(sleeves[1:]))
        fight.players.append(fighter)
        fighter.draw = game.deal(sleeves[0], stack)
        game.out.append(ev.Dealt(p, sleeves[0], stack, len(fighter.draw)))
    fight.rng, first = rng.below(fight.rng, 2)  # [first_player]: the arm-wrestle is a seeded coin
    game.out.append(ev.FirstPlayer(first))
    game.start_round(first)
    return game, game.flush()


def _dealt(game: Game, opts: Options) -> list[Character]:
    cfg = settings()
    sleeves, stacks = list(cfg.sleeves), list(cfg.stacks)
    game.shuffle(sleeves)
    game.shuffle(stacks)
    n = 3 if opts.mode == "epic" else 1
    return [(tuple(sleeves[p * n:(p + 1) * n]), stacks[p]) for p in (0, 1)]


def parse_character(text: str, opts: Options) -> Character:
    cfg = settings()
    sleeves_text, slash, stack = text.partition("/")
    sleeves = tuple(s.strip() for s in sleeves_text.split(","))
    want = 3 if opts.mode == "epic" else 1
    if not slash or len(sleeves) != want:
        shape = "S1,S2,S3/STACK (three Sleeves: torneo-epico)" if want == 3 else "SLEEVE/STACK"
        raise UsageError(f"character {text!r}: write it as {shape}, e.g. {'Brawler,Wrestler,Guardian' if want == 3 else 'Brawler'}/S1")
    for s in sleeves:
        if s not in cfg.sleeves:
            raise UsageError(f"character {text!r}: unknown Sleeve {s!r}; Sleeves: {', '.join(cfg.sleeves)}")
    if stack.strip() not in cfg.stacks:
        raise UsageError(f"character {text!r}: unknown Stack {stack.strip()!r}; Stacks: {', '.join(cfg.stacks)}")
    return sleeves, stack.strip()


def _check_distinct(characters: list[Character]) -> None:
    """One card of each: a Sleeve or a Stack cannot be on both sides (or twice in a team)."""
    sleeves = [s for c in characters for s in c[0]]
    if len(set(sleeves)) != len(sleeves):
        raise UsageError(f"each Sleeve card exists once: {', '.join(sleeves)} repeats one")
    if characters[0][1] == characters[1][1]:
        raise UsageError(f"each Stack card exists once: both characters use {characters[0][1]}")
