"""Fightdrome's moves: `play CARD`, `discard CARD` (staggering), `rest`, `choose SLEEVE` (a new fighter in
the epic tournament). Cards are named by face ("Kick 60", "Neuro Punch"), in English or the rulebook's
Spanish ("Patada 60"); verbs too ("juega", "descarta", "descansa", "elige"). Moves are interned values:
one object per move, made once, so listing legal moves makes nothing new."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rawdeal.errors import MoveSyntaxError
from rawdeal.fightdrome.settings import settings

PLAY, DISCARD, REST, CHOOSE = "play", "discard", "rest", "choose"
_VERBS = {"play": PLAY, "juega": PLAY, "jugar": PLAY, "discard": DISCARD, "descarta": DISCARD,
          "descartar": DISCARD, "rest": REST, "descansa": REST, "descansar": REST, "choose": CHOOSE,
          "elige": CHOOSE, "elegir": CHOOSE}
_SPANISH = {PLAY: "juega", DISCARD: "descarta", REST: "descansa", CHOOSE: "elige"}


@dataclass(frozen=True, slots=True, eq=False)
class Move:
    """Equal only to itself: every move is made once, by `play`, `discard`, `choose` or `RESTING`."""

    verb: str
    face: int = -1  # play, discard
    sleeve: str = ""  # choose

    def __str__(self) -> str:
        return self.text("en")

    def text(self, lang: str = "en") -> str:
        verb = _SPANISH[self.verb] if lang == "es" else self.verb
        if self.verb == REST:
            return verb
        if self.verb == CHOOSE:
            return f"{verb} {self.sleeve}"
        return f"{verb} {settings().catalog.faces[self.face].name(lang)}"


@cache
def _tables() -> tuple[tuple[Move, ...], tuple[Move, ...], dict[str, Move]]:
    faces = range(len(settings().catalog.faces))
    return (tuple(Move(PLAY, f) for f in faces), tuple(Move(DISCARD, f) for f in faces),
            {s: Move(CHOOSE, sleeve=s) for s in settings().sleeves})


def play(face: int) -> Move:
    return _tables()[0][face]


def discard(face: int) -> Move:
    return _tables()[1][face]


def choose(sleeve: str) -> Move:
    return _tables()[2][sleeve]


RESTING = Move(REST)


def read_move(text: str) -> Move:
    """A move from its text; MoveSyntaxError says which column and what was expected."""
    body = text.strip()
    verb_text, _, rest = body.partition(" ")
    verb = _VERBS.get(verb_text.lower())
    column = len(text) - len(text.lstrip()) + 1
    if verb is None:
        raise MoveSyntaxError(text, column, ("play", "discard", "rest", "choose"))
    arg = rest.strip().strip('"').strip()
    at = column + len(verb_text) + 1
    if verb == REST:
        if arg:
            raise MoveSyntaxError(text, at, ("end of line",))
        return RESTING
    if verb == CHOOSE:
        found = {s.lower(): s for s in settings().sleeves}.get(arg.lower())
        if found is None:
            raise MoveSyntaxError(text, at, (f"a Sleeve: {', '.join(settings().sleeves)}",))
        return choose(found)
    face = settings().catalog.named(arg)
    if face is None:
        raise MoveSyntaxError(text, at, ("a card such as Kick 60, Punch Block 80, Neuro Hold, Dodge or Feint",))
    return play(face) if verb == PLAY else discard(face)
