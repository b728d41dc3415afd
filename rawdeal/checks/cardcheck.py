"""`rawdeal cards --check`: compile every card text and Superstar ability, execute every card's
effect in the engine (`rawdeal.checks.probe`), and summarise.

The summary line is built in one place, `check_summary`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rawdeal.cards import CardDB
from rawdeal.errors import RawdealError


@dataclass(frozen=True)
class CheckReport:
    """How many of the `total` cards compiled; `failures` are (card or Superstar, error) pairs.
    `executed`: how many cards had every clause executed by the engine probe (None: not probed,
    because something did not compile); `exec_failures` are (card, what went wrong) pairs."""

    compiled: int
    total: int
    failures: tuple[tuple[str, str], ...]
    executed: int | None = None
    exec_failures: tuple[tuple[str, str], ...] = ()

    @property
    def ok(self) -> bool:
        return not self.failures and not self.exec_failures

    def to_dict(self) -> dict[str, Any]:
        return {
            "compiled": self.compiled,
            "total": self.total,
            "failures": [{"card": who, "error": error} for who, error in self.failures],
            "effects_executed": self.executed,
            "effects_failures": [{"card": who, "error": error} for who, error in self.exec_failures],
        }


def check_cards(db: CardDB) -> CheckReport:
    """Compile each card and each ability on its own, so one failure does not hide the others."""
    from rawdeal.effects.course import compile_ability, compile_card

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
    if failures:
        return CheckReport(compiled, len(db.cards), tuple(failures))
    from rawdeal.engine.cardinfo import catalog
    from rawdeal.checks.probe import probe_cards

    probe = probe_cards(catalog())
    return CheckReport(compiled, len(db.cards), (), probe.executed, probe.failures)


def check_summary(report: CheckReport) -> str:
    """The one-line summary, e.g. `137/137 cards compiled, 137/137 effects executed`."""
    line = f"{report.compiled}/{report.total} cards compiled"
    if report.executed is not None:
        line += f", {report.executed}/{report.total} effects executed"
    return line
