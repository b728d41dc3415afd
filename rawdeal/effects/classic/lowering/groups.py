"""Which cards a group's amount is about ("your Foreign Object cards are -4F", "your non-Unique Maneuver cards are
-#F", "your cards are -7F"): the engine's `Modifier` selects cards by marks, and a keyword the course's cards name
as a `Trait` is a mark as well (`rawdeal.cards.marks.keyword_mark`), so a group of one is read as marked so."""

from __future__ import annotations

from dataclasses import replace

from rawdeal.cards.marks import keyword_mark
from rawdeal.effects.classic.lowering.nodes import _Desc


def traits_as_marks(d: _Desc) -> _Desc:
    """The description with its keyword (`trait`, `not_trait`) read as a mark the card must (must not) have."""
    if d.trait is None and d.not_trait is None:
        return d
    marks = d.marks + ((keyword_mark(d.trait.value),) if d.trait is not None else ())
    not_marks = d.not_marks + ((keyword_mark(d.not_trait.value),) if d.not_trait is not None else ())
    return replace(d, trait=None, not_trait=None, marks=marks, not_marks=not_marks)
