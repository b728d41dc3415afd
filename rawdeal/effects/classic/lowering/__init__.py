"""Lowering: a Classic parse (`classic.model`) to the engine's typed effects (`effects.model`).

The parse says what the words are (frames, actions with their verb and arguments, statements about the
card); lowering says what they *do*, as the clauses the engine runs. It reads the parse's structure, never
its wording: a verb and the kinds of its arguments decide the action (`actions`), a card description's
nouns, subtypes, keywords and bounds decide a filter or a reversal target (`nodes`), a condition phrase an
engine condition (`conditions`), a statement about the card a requirement or a stat (`statements`), a frame
the clause (`text`: on play, as an action, as a reversal, while in the Ring area, a Superstar's ability).
Whatever it cannot give a meaning the engine runs raises `Unsupported` with the construct's name, so that a
card is marked as not playable yet instead of being played as if it had no text.
"""

from rawdeal.effects.classic.lowering.nodes import PARSE_FAILED, CardFacts, LoweredText, Unlowered, Unsupported
from rawdeal.effects.classic.lowering.text import lower, lower_sentence

__all__ = ["PARSE_FAILED", "CardFacts", "LoweredText", "Unlowered", "Unsupported", "lower", "lower_sentence"]
