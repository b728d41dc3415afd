"""`rawdeal cards --pool classic --check`: parse and lower every distinct text of a pool, and summarise.

Three figures, over distinct texts: *parsed* (every sentence parsed), *lowered* (every sentence also
lowered to the engine's effect objects: `lower`) and *exercised* (an effect of a card printing it ran in
at least one random Classic game: counted by `rawdeal.checks.classic`, which plays them; 0 here). A
text is judged with the types of the first card printing it (a "reverse" means something on a reversal).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rawdeal.cards.pool.model import PoolCard
from rawdeal.effects.classic.lowering import PARSE_FAILED, lower
from rawdeal.effects.classic.lowering.names import superstar_names
from rawdeal.effects.classic.playable import facts, played_as, title_index


@dataclass(frozen=True, slots=True)
class Failure:
    """A sentence that did not parse (`stage` "parse") or parsed but did not lower ("lower")."""

    card: str
    column: int
    sentence: str
    error: str
    stage: str = "parse"

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, "column": self.column, "sentence": self.sentence, "stage": self.stage,
                "error": self.error}


@dataclass(frozen=True)
class PoolCheck:
    total: int
    parsed: int
    lowered: int
    sentences_total: int
    sentences_parsed: int
    failures: tuple[Failure, ...]
    lowered_texts: frozenset[str] = frozenset()
    exercised: int = 0
    games: int = 0  # random games played to count `exercised`

    @property
    def ok(self) -> bool:
        return not self.failures

    def with_exercised(self, texts: Iterable[str], games: int) -> PoolCheck:
        return replace(self, exercised=len(set(texts) & self.lowered_texts), games=games)

    def to_dict(self) -> dict[str, Any]:
        return {
            "total": self.total, "parsed": self.parsed, "lowered": self.lowered, "exercised": self.exercised,
            "sentences": {"total": self.sentences_total, "parsed": self.sentences_parsed},
            "failures": [f.to_dict() for f in self.failures],
        }

    def summary(self) -> str:
        played = f" in {self.games} random games" if self.games else " (no games played)"
        return (f"{self.total} distinct texts: {self.parsed} parsed ({_pct(self.parsed, self.total)}), "
                f"{self.lowered} lowered to effects ({_pct(self.lowered, self.total)}), "
                f"{self.exercised} exercised{played} ({_pct(self.exercised, self.total)}); "
                f"{self.sentences_parsed}/{self.sentences_total} sentences parsed "
                f"({_pct(self.sentences_parsed, self.sentences_total)})")


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
    """Parse and lower each distinct text of `cards`; titles and names are looked up in `cards` + `dictionary`."""
    from rawdeal.effects.classic.pool import pool_compiler

    compiler = pool_compiler(tuple(cards) + tuple(dictionary))
    types = played_as(tuple(dictionary) + tuple(cards))
    known = title_index(tuple(dictionary) + tuple(cards))
    names = superstar_names(tuple(dictionary) + tuple(cards))
    first: dict[str, PoolCard] = {}
    for card in cards:
        if card.text.strip():
            first.setdefault(card.text, card)
    failures: list[Failure] = []
    parsed = lowered = sentences = sentences_parsed = 0
    lowered_texts = set()
    for text, card in first.items():
        result = compiler.compile(text)
        sentences += len(result.sentences)
        sentences_parsed += len(result.sentences) - len(result.failures)
        parsed += result.ok
        failures += [Failure(card.title, f.column, f.sentence, f.message()) for f in result.failures]
        low = lower(result, facts(card, types, known, names))
        if low.ok:
            lowered += 1
            lowered_texts.add(text)
        else:  # the sentences that parsed but do not lower (those that did not parse are listed above)
            failures += [Failure(card.title, u.column, u.sentence, u.message(), "lower")
                         for u in low.unlowered if not u.reason.startswith(PARSE_FAILED)]
    return PoolCheck(total=len(first), parsed=parsed, lowered=lowered, sentences_total=sentences,
                     sentences_parsed=sentences_parsed, failures=tuple(failures), lowered_texts=frozenset(lowered_texts))
