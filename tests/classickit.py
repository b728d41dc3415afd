"""Lowering Classic texts in tests: the pool's compiler and the types its titles are played as."""

from __future__ import annotations

from functools import cache

from rawdeal.cards import CardType
from rawdeal.cards.pool.load import classic_pool
from rawdeal.effects import model as fx
from rawdeal.effects.classic.lowering import CardFacts, LoweredText, lower
from rawdeal.effects.classic.playable import played_as
from rawdeal.effects.classic.pool import PoolCompiler, pool_compiler

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
