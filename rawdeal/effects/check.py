"""`rawdeal cards --check`: compile every card text and Superstar ability, and summarise.

The summary line is built in one place, `check_summary`, so later checks (e.g. executing each
effect in the engine) can extend it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rawdeal.cards import CardDB
from rawdeal.errors import RawdealError


@dataclass(frozen=True)
class CheckReport:
    """How many of the `total` cards compiled; `failures` are (card or Superstar, error) pairs."""

    compiled: int
    total: int
    failures: tuple[tuple[str, str], ...]

    @property
    def ok(self) -> bool:
        return not self.failures

    def to_dict(self) -> dict[str, Any]:
        return {
            "compiled": self.compiled,
            "total": self.total,
            "failures": [{"card": who, "error": error} for who, error in self.failures],
        }


def check_cards(db: CardDB) -> CheckReport:
    """Compile each card and each ability on its own, so one failure does not hide the others."""
    from rawdeal.effects.compiler import compile_ability, compile_card

    failures: list[tuple[str, str]] = []
    compiled = 0
    for card in db.cards:
        try:
            compile_card(card)
            compiled += 1
        except RawdealError as exc:
            failures.append((card.title, str(exc)))
    for superstar in db.superstars:
        try:
            compile_ability(superstar)
        except RawdealError as exc:
            failures.append((f"{superstar.name} (ability)", str(exc)))
    return CheckReport(compiled, len(db.cards), tuple(failures))


def check_summary(report: CheckReport) -> str:
    """The one-line summary, e.g. `137/137 cards compiled`."""
    return f"{report.compiled}/{report.total} cards compiled"
