"""The games rawdeal can play, by name. Each entry is an import path, read only when that game is asked
for, so this module (and every generic one) imports no game's package."""

from __future__ import annotations

from importlib import import_module
from typing import Any, cast

from rawdeal.errors import UsageError
from rawdeal.games.protocol import Ruleset

DEFAULT = "rawdeal"  # a save without a "game" names Raw Deal (every save written before the seam)
GAMES = {
    "rawdeal": "rawdeal.rawdeal_ruleset:RULESET",
    "fightdrome": "rawdeal.fightdrome.ruleset:RULESET",
}
# Games with computer players of their own, for tournaments (`rawdeal.games.matches`); any other game is
# played by the generic players over its ruleset.
MATCHES = {
    "rawdeal": "rawdeal.arena.rawdeal_matches:MATCHES",
}


def names() -> tuple[str, ...]:
    return tuple(GAMES)


def ruleset(name: str) -> Ruleset:
    """The ruleset called `name`; UsageError naming the games there are."""
    target = GAMES.get(name.strip().lower())
    if target is None:
        raise UsageError(f"unknown game {name!r}: use one of {', '.join(GAMES)} (rawdeal games lists them)")
    module, _, attribute = target.partition(":")
    return cast(Ruleset, getattr(import_module(module), attribute))


def game_of(save: dict[str, Any]) -> str:
    """The game a save's contents belong to."""
    name = save.get("game", DEFAULT)
    return name if isinstance(name, str) else DEFAULT
