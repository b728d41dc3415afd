"""The Draw segment: "During your Draw Segment, draw an additional 3 cards", "When this card is in your Ring area,
you may draw 1 additional card during your Draw Segment".

The rulebook's turn is the start of the turn, then the Draw Segment (the player draws a card; "some Superstars allow
you to draw more than one card"), then the main segment. Cards drawn "additional" during it are drawn there, after its
usual card, with whatever the sentence does next ("..., then discard 1 card"): `fx.Trigger.DRAW_SEGMENT`, of a card
in its owner's Ring area or of a Superstar. "Additional" is what says so: a sentence that only names the segment
("You must always draw 2 cards ... during your draw segment") is left to the other readings.
"""

from __future__ import annotations

from dataclasses import replace

from rawdeal.effects.classic.model import Action, Cards, CardDesc, Phrase, Sentence, ValueKind
from rawdeal.effects.classic.lowering.nodes import values, words

DURING_DRAW = ["during", "your", "draw segment"]


def in_draw_segment(sentence: Sentence) -> Sentence | None:
    """The sentence without its "during your Draw Segment" (an opening, or after its first action) and with its
    first draw's "additional" cards plain, when that draw is of additional cards; else None."""
    first = sentence.items[0] if sentence.items and isinstance(sentence.items[0], Action) else None
    if first is None or first.verb != "draw" or first.subject and words(first.subject[0]) != ["you"]:
        return None
    frames = [f for f in sentence.frames if f.kind == "during" and words(f) == DURING_DRAW]
    args = [p for p in first.parts if isinstance(p, Phrase) and p.kind == "during_arg" and words(p) == DURING_DRAW]
    counted = [p for p in first.parts if isinstance(p, Phrase) and p.kind == "counted"]
    plain = [_plain(p) for p in counted]
    if len(frames) + len(args) != 1 or len(counted) != 1 or plain[0] is None:
        return None
    hand = [p for p in first.parts if isinstance(p, Phrase) and p.kind == "into_arg"
            and words(p) in (["to", "your", "hand"], ["into", "your", "hand"])]  # where a draw goes anyway
    parts = tuple(plain[0] if p is counted[0] else p for p in first.parts if p not in args and p not in hand)
    return replace(sentence, frames=tuple(f for f in sentence.frames if f not in frames),
                   items=(replace(first, parts=parts), *sentence.items[1:]))


def _plain(counted: Phrase) -> Phrase | None:
    """"an additional 3 cards", "up to an additional 2 cards", "1 additional card" said as "3 cards", "up to 2
    cards", "1 card"; None when the cards are not said to be additional."""
    cards = counted.parts[0] if len(counted.parts) == 1 and isinstance(counted.parts[0], Cards) else None
    if cards is None:
        return None
    out: list[object] = []
    found = False
    for part in cards.parts:
        if isinstance(part, Phrase) and part.kind == "additional" and len(values(part, ValueKind.NUMBER)) == 1:
            found = True
            kind = "up_to" if words(part)[:2] == ["up", "to"] else "exactly"
            out.append(Phrase(kind, tuple(values(part, ValueKind.NUMBER))))
        elif isinstance(part, CardDesc) and any(isinstance(w, Phrase) and w.kind == "additional" for w in part.words):
            found = True
            out.append(replace(part, words=tuple(w for w in part.words
                                                 if not (isinstance(w, Phrase) and w.kind == "additional"))))
        else:
            out.append(part)
    return replace(counted, parts=(replace(cards, parts=tuple(out)),)) if found else None  # type: ignore[arg-type]
