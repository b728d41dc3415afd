"""A compiler whose dictionaries (titles, Superstar names and logos, keywords) come from a pool, with overrides."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from rawdeal.cards.pool.model import PoolCard
from rawdeal.effects.classic.compiler import Compiler
from rawdeal.effects.classic.model import CompiledText
from rawdeal.effects.classic.overrides import OVERRIDES


class PoolCompiler(Compiler):
    """Applies the declared per-text overrides (`overrides.OVERRIDES`) before compiling."""

    def compile(self, text: str) -> CompiledText:
        if text in OVERRIDES:
            compiled = super().compile(OVERRIDES[text])
            return CompiledText(compiled.sentences, override=True)
        return super().compile(text)


@cache
def _compiler(titles: tuple[str, ...], names: tuple[str, ...], keywords: tuple[str, ...] = ()) -> PoolCompiler:
    return PoolCompiler(titles, names, keywords)


def pool_compiler(cards: Sequence[PoolCard]) -> PoolCompiler:
    """The compiler for a pool's dictionaries; one per process for the same dictionaries, so texts
    compiled once are not compiled again."""
    titles = {c.title for c in cards}
    names = {c.title for c in cards if c.is_superstar} | {logo for c in cards for logo in c.logos}
    keywords = {t.split(":")[0].strip() for c in cards for t in c.traits}  # "Volley: 7" is the keyword Volley
    return _compiler(tuple(sorted(titles)), tuple(sorted(names)), tuple(sorted(keywords)))


@cache
def classic_compiler() -> PoolCompiler:
    """The shipped Classic pool's compiler, its dictionaries gathered once: deck checks and random decks ask
    it for the packing and deck rules of many texts, and gathering them walks the whole pool."""
    from rawdeal.cards.pool.load import classic_pool

    return pool_compiler(classic_pool())
