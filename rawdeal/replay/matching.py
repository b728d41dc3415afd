"""Card titles in moves as people type them: matched ignoring case, with "did you mean" otherwise.

The engine compares titles exactly; drivers that read typed moves call `as_offered` first, so
`play "irish whip"` is the legal `play "Irish Whip"`, and `suggestion` names the closest legal title.
"""

from __future__ import annotations

from dataclasses import replace

from rawdeal.engine.decision import Decision
from rawdeal.engine.moves import Arrange, Choose, Move, Pick, Play, Reverse


def offered_titles(d: Decision) -> list[str]:
    """Every title (or option label) the decision offers, in its order."""
    names = [getattr(m, "title", None) or getattr(m, "option", None) for m in d.moves]
    return list(dict.fromkeys([n for n in names if n] + list(d.cards)))


def as_offered(move: Move, d: Decision | None) -> Move:
    """`move` with each title spelled as the decision offers it, when they differ only in case."""
    if d is None or move in d.moves:  # the usual case: spelled as offered, nothing to match
        return move
    folded = {t.casefold(): t for t in reversed(offered_titles(d))}

    def fix(title: str) -> str:
        return folded.get(title.casefold(), title)

    if isinstance(move, Arrange):
        return replace(move, titles=tuple(fix(t) for t in move.titles))
    if isinstance(move, Choose):
        return replace(move, option=fix(move.option))
    if isinstance(move, (Play, Reverse, Pick)):
        return replace(move, title=fix(move.title))
    return move


def suggestion(move: Move, d: Decision | None) -> str:
    """' (did you mean ...?)' when the move names a title the decision does not offer."""
    title = getattr(move, "title", None) or getattr(move, "option", None)
    if d is None or not title or title in offered_titles(d):
        return ""
    from rawdeal.cards.db import suggest

    return suggest(title, dict.fromkeys(offered_titles(d)))
