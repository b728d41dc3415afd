"""The Pre-match phase in card texts (Classic rules): "At the end of the Pre-match phase, ...", and how
many Pre-match cards a Ring area may hold.

Pre-match cards are played from the Backlash deck into the Ring area before the first turn; most say
what they do at the end of that phase. Such a sentence lowers to `Triggered(END_OF_PREMATCH, zone=RING)`:
the engine runs it once, for each Pre-match card in its owner's Ring area when the phase ends
(`rawdeal.engine.prematch`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rawdeal.cards.model import Trait
from rawdeal.effects import model as fx
from rawdeal.effects.classic.model import CardDesc, Phrase, Statement, ValueKind, ZoneRef
from rawdeal.effects.classic.lowering.nodes import (
    CardFacts, Unsupported, _Zones, _number, _zone, find, values, words,
)

# "at the end of the Pre-match phase", "... of your Pre-match phase", "... of Pre-match phase": the phase
# is one for both players (each resolves his own cards at its end)
_ENDS = (["at", "the", "end", "of", "the", "pre-match", "phase"], ["at", "the", "end", "of", "your", "pre-match", "phase"],
         ["at", "the", "end", "of", "pre-match", "phase"], ["at", "end", "of", "pre-match", "phase"])


def end_of_prematch(said: Sequence[str]) -> bool:
    """The opening words say the end of the (card owner's) Pre-match phase."""
    return [w.casefold() for w in said] in _ENDS


def ring_limit(st: Statement, card: CardFacts) -> list[Any]:
    """"The maximum number of Pre-match cards you may have in your Ring area is increased (reduced) by 2":
    a `RingLimit` while this card is in the Ring area ("of Pre-match and Mid-match cards": one each)."""
    descs = [p for p in st.parts if isinstance(p, CardDesc)]
    refs = [p for p in st.parts if isinstance(p, ZoneRef)]
    change = find(st, "change_dir")
    amounts = values(st, ValueKind.NUMBER)
    if len(descs) != 1 or len(refs) != 1 or change is None or len(amounts) != 1 \
            or _zone(refs[0]) != _Zones(fx.Who.YOU, (fx.Zone.RING,)) or words(change)[0] not in _DIRECTION:
        raise Unsupported(f"the maximum {' '.join(words(st))!r}")
    kinds = [" ".join(words(w)) for w in descs[0].words if not (isinstance(w, Phrase) and w.kind == "desc_and")]
    if not kinds or not set(kinds) <= set(_KINDS) or descs[0].nouns != ("card",):
        raise Unsupported(f"the maximum number of {' and '.join(kinds)} cards")
    return [fx.RingLimit(_KINDS[k], _DIRECTION[words(change)[0]] * _number(amounts[0])) for k in kinds]


_DIRECTION = {"increased": 1, "reduced": -1, "decreased": -1}
_KINDS = {"pre-match": Trait.PRE_MATCH, "mid-match": Trait.MID_MATCH}
