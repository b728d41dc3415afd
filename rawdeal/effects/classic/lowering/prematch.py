"""The Pre-match phase in card texts (Classic rules): "At the end of the Pre-match phase, ...". (How many
Pre-match cards a Ring area may hold is a stat line: `lowering.statlines`.)

Pre-match cards are played from the Backlash deck into the Ring area before the first turn; most say
what they do at the end of that phase. Such a sentence lowers to `Triggered(END_OF_PREMATCH, zone=RING)`:
the engine runs it once, for each Pre-match card in its owner's Ring area when the phase ends
(`rawdeal.engine.prematch`).
"""

from __future__ import annotations

from collections.abc import Sequence

# "at the end of the Pre-match phase", "... of your Pre-match phase", "... of Pre-match phase": the phase
# is one for both players (each resolves his own cards at its end)
_ENDS = (["at", "the", "end", "of", "the", "pre-match", "phase"], ["at", "the", "end", "of", "your", "pre-match", "phase"],
         ["at", "the", "end", "of", "pre-match", "phase"], ["at", "end", "of", "pre-match", "phase"])


def end_of_prematch(said: Sequence[str]) -> bool:
    """The opening words say the end of the (card owner's) Pre-match phase."""
    return [w.casefold() for w in said] in _ENDS
