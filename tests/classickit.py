"""Lowering Classic texts in tests: the pool's compiler and the types its titles are played as."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from rawdeal.cards import CardType
from rawdeal.cards.pool.load import classic_pool
from rawdeal.effects import model as fx
from rawdeal.effects.classic.lowering import CardFacts, LoweredText, lower
from rawdeal.effects.classic.playable import played_as
from rawdeal.effects.classic.pool import PoolCompiler, pool_compiler
from rawdeal.engine.cardinfo import Catalog, _info, catalog
from rawdeal.engine.game import Game
from rawdeal.engine.moves import parse_move
from rawdeal.engine.state import GameState

REVERSAL = frozenset({"reversal", "special"})
ACTION = frozenset({"action"})
STRIKE = frozenset({"maneuver", "strike"})


@cache
def compiler() -> PoolCompiler:
    return pool_compiler(classic_pool())


@cache
def kinds_of() -> dict[str, tuple[CardType, ...]]:
    return played_as(classic_pool())


def lowered(text: str, kinds: frozenset[str] = ACTION) -> LoweredText:
    starts = [s.start for s in compiler().lexicon.sentences(text)]
    return lower(compiler().compile(text), CardFacts(kinds, kinds_of()), starts)


def clauses(text: str, kinds: frozenset[str] = ACTION) -> tuple[fx.Clause, ...]:
    result = lowered(text, kinds)
    assert result.effect is not None, result.unlowered
    return result.effect.clauses


def assert_printed(*texts: str) -> None:
    """Each sentence of each text is one the pool prints (tests read real texts, not ones written to fit)."""
    lexicon = compiler().lexicon
    printed = {s.text.casefold() for c in classic_pool() for s in lexicon.sentences(c.text)}
    for text in texts:
        for sentence in lexicon.sentences(text):
            assert sentence.text.casefold() in printed, sentence.text


def assert_lowers_alike(text: str, plain: str, kinds: frozenset[str]) -> None:
    """`text` lowers to the effect its plain wording lowers to (and that one lowers)."""
    mine, theirs = lowered(text, kinds), lowered(plain, kinds)
    assert theirs.effect is not None and mine.effect == theirs.effect, mine.unlowered


def assert_parses(*texts: str) -> None:
    """Every sentence of each text parses."""
    for text in texts:
        assert compiler().compile(text).ok, text


def course_with(effects: dict[str, fx.CardEffect], abilities: dict[str, fx.Ability] | None = None) -> Catalog:
    """The course catalog with some cards' effects and Superstars' abilities replaced by lowered Classic ones."""
    cat = catalog()
    infos = tuple(_info(i.id, i.card, effects[i.title]) if i.title in effects else i for i in cat.infos)
    return replace(cat, infos=infos, abilities={**cat.abilities, **(abilities or {})})


def play_unreversed(cat: Catalog, s: GameState, move: str) -> Game:
    """The game at `s` (player 0 to move) after `move`, the opponent answering each question with his first move
    (no reversal), until the play is over, player 0 is asked something or the turn has passed to player 1."""
    game = Game(s, cat)
    game.resume()
    game.apply(parse_move(move))
    while (d := game.decision()) is not None and d.player == 1 and game.s.current == 0 and game.s.tasks:
        game.apply(d.moves[0])
    return game


def classic_game(mine: dict[str, list[str]], theirs: dict[str, list[str]] | None = None) -> Game:
    """A constructed Classic position at the main decision of player 0 (Triple H against The Rock): each player's zones
    by title, his Arsenal (unless given) ten cards without text."""
    from rawdeal.engine.classic import shipped_classic
    from rawdeal.engine.state import PlayerState

    cat = shipped_classic().catalog
    ids = {zone: [cat.id(t) for t in titles] for zone, titles in mine.items()}
    other = {zone: [cat.id(t) for t in titles] for zone, titles in (theirs or {}).items()}
    arsenal = [i.id for i in cat.infos if not i.effect.clauses and not i.card.traits][:10]
    s = GameState(players=[PlayerState("Triple H", ids.pop("arsenal", arsenal[:]), **ids),
                           PlayerState("The Rock", other.pop("arsenal", arsenal[:]), **other)],
                  constructed=True, tasks=[])
    game = Game(s, cat)
    game.resume()
    return game
