"""A compiler whose dictionaries (titles, Superstar names and logos) come from a pool, with overrides."""

from __future__ import annotations

from collections.abc import Sequence

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


def pool_compiler(cards: Sequence[PoolCard]) -> PoolCompiler:
    titles = {c.title for c in cards}
    names = {c.title for c in cards if c.is_superstar} | {logo for c in cards for logo in c.logos}
    return PoolCompiler(sorted(titles), sorted(names))
