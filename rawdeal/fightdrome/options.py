"""The rulebook's ways to play, as options: a single bout (default), a match to a Fame target, and the
variants of "REGLAS ALTERNATIVAS". Named in Spanish as the rulebook names them, English accepted."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rawdeal.errors import UsageError

MATCH = "match"
SHORT = "quieres-fama"  # ¿Quieres fama?: a match to 150
BREATHER = "espacio-para-respirar"
LAST_GASP = "ultimo-suspiro"
EPIC = "torneo-epico"
NAMES = (MATCH, SHORT, BREATHER, LAST_GASP, EPIC)
_ALIASES = {"want-fame": SHORT, "breathing-space": BREATHER, "last-gasp": LAST_GASP, "epic-tournament": EPIC,
            "bout": "", "single-bout": ""}


@dataclass(frozen=True)
class Options:
    names: tuple[str, ...]

    @property
    def mode(self) -> str:
        """bout (the last with cards wins), fame (first to the target) or epic (last with Sleeves)."""
        if EPIC in self.names:
            return "epic"
        return "fame" if MATCH in self.names or SHORT in self.names else "bout"

    @property
    def breather(self) -> bool:
        return BREATHER in self.names

    @property
    def last_gasp(self) -> bool:
        return LAST_GASP in self.names

    def target(self, full: int, short: int) -> int:
        return short if SHORT in self.names else full


def parse_options(given: Sequence[str]) -> Options:
    """Canonical, sorted options from what a user typed; UsageError for an unknown or clashing one."""
    found: set[str] = set()
    for raw in given:
        name = raw.strip().lower().replace("_", "-").replace("¿", "").replace("?", "").replace(" ", "-")
        name = name.replace("ú", "u").replace("é", "e")
        name = _ALIASES.get(name, name)
        if name and name not in NAMES:
            raise UsageError(f"unknown Fightdrome option {raw!r}: use {', '.join(NAMES)}")
        if name:
            found.add(name)
    if EPIC in found and found & {MATCH, SHORT}:
        raise UsageError(f"{EPIC} is its own way to win: not with {MATCH} or {SHORT}")
    return Options(tuple(sorted(found)))
