"""`rawdeal cards --pool classic --check`: compile every distinct text of a pool and summarise.

"compiled": every sentence of the text compiled to typed objects (that render to canonical English).
"executable": the text is also one the engine already runs, i.e. the engine's own effect compiler
(`rawdeal.effects.compiler`, whose every effect the engine executes for the course's cards) turns it into
effect objects, its titles naming cards the engine knows. The engine does not play Classic decks yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rawdeal.cards.pool.model import PoolCard
from rawdeal.effects.classic.model import CompiledText


@dataclass(frozen=True, slots=True)
class Failure:
    card: str
    column: int
    sentence: str
    error: str

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, "column": self.column, "sentence": self.sentence, "error": self.error}


@dataclass(frozen=True)
class PoolCheck:
    compiled: int
    total: int
    sentences_compiled: int
    sentences_total: int
    overrides: int
    executable: int
    failures: tuple[Failure, ...]

    @property
    def ok(self) -> bool:
        return not self.failures

    def to_dict(self) -> dict[str, Any]:
        return {
            "compiled": self.compiled, "total": self.total,
            "sentences": {"compiled": self.sentences_compiled, "total": self.sentences_total},
            "overrides": self.overrides, "executable": self.executable,
            "failures": [f.to_dict() for f in self.failures],
        }

    def summary(self) -> str:
        return (f"{self.compiled}/{self.total} texts compiled ({_pct(self.compiled, self.total)}), "
                f"{self.sentences_compiled}/{self.sentences_total} sentences ({_pct(self.sentences_compiled, self.sentences_total)}), "
                f"{self.overrides} overrides, {self.executable} executable by the engine")


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f}%" if b else "-"


def distinct_texts(cards: Sequence[PoolCard]) -> dict[str, str]:
    """Each distinct non-empty text -> the first card that prints it (pool order)."""
    texts: dict[str, str] = {}
    for card in cards:
        if card.text.strip():
            texts.setdefault(card.text, card.title)
    return texts


def check_pool(cards: Sequence[PoolCard], dictionary: Sequence[PoolCard] = ()) -> PoolCheck:
    """Compile each distinct text of `cards`; titles and names are looked up in `cards` + `dictionary`."""
    from rawdeal.effects.classic.pool import pool_compiler

    compiler = pool_compiler(tuple(cards) + tuple(dictionary))
    texts = distinct_texts(cards)
    results = {text: compiler.compile(text) for text in texts}
    failures = tuple(
        Failure(texts[text], f.column, f.sentence, f.message())
        for text, result in results.items() for f in result.failures
    )
    return PoolCheck(
        compiled=sum(r.ok for r in results.values()), total=len(texts),
        sentences_compiled=sum(len(r.sentences) - len(r.failures) for r in results.values()),
        sentences_total=sum(len(r.sentences) for r in results.values()),
        overrides=sum(r.override for r in results.values()),
        executable=sum(_executable(text, texts[text], r) for text, r in results.items()),
        failures=failures,
    )


def _executable(text: str, title: str, result: CompiledText) -> bool:
    if not result.ok:
        return False
    from rawdeal.effects.compiler import compiles

    return compiles(text, title)
