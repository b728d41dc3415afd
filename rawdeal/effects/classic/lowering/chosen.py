""""Look at your opponent's hand, choose 1 card, and he puts the chosen card on the bottom of his Arsenal":
the card's owner picks cards of a hand he looked at, and a later verb ("discards", "puts", "shuffles",
"removes ... from the game") says where "the chosen card" goes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rawdeal.effects import model as fx
from rawdeal.effects.classic.model import Action, Phrase
from rawdeal.effects.classic.lowering.nodes import Unsupported, words


@dataclass(frozen=True, slots=True)
class Chosen:
    """"Look at your opponent's hand, choose 1 card": cards of that hand the card's owner picked, for
    the "discard the chosen card" (or "puts the chosen card ...") that follows."""

    who: fx.Who
    count: fx.Count
    filter: fx.CardFilter = fx.ANY_CARD  # "choose 1 non-unique card"
    zone: fx.Zone = fx.Zone.HAND  # where they were chosen: the hand or the Backlash deck
    more: tuple[tuple[fx.Count, fx.CardFilter], ...] = ()  # "choose 1 Maneuver card and 1 Action card": the others
    optional: bool = False  # "you may choose ...": what happens to the chosen cards is the chooser's yes or no

    def moved(self, move: Callable[[fx.Count, fx.CardFilter], fx.Action]) -> list[Any]:
        """`move` of each group chosen, one after the other (each from the cards the earlier ones left), under
        the chooser's yes or no when he "may" choose."""
        out = [move(self.count, self.filter), *(move(count, flt) for count, flt in self.more)]
        return [fx.Optional(tuple(out))] if self.optional else out


_THE_CHOSEN = (["it"], ["that", "card"], ["them"], ["those", "card"])


def chosen_moved(action: Action, who: fx.Who, last: object, owner: fx.Who, dest: fx.Zone,
                 position: fx.Position) -> list[Any] | None:
    """The move of "the chosen card" into `owner`'s `dest` (None when the action names no chosen card):
    from the hand it was chosen in, picked by the card's owner, who chose it. A pronoun right after the choice
    ("choose 1 card, and he puts that card on top of his Arsenal", "... he shuffles them into his Arsenal") is
    the chosen cards too."""
    obj = action.parts[0] if action.parts else None
    named = "chosen" in words(action) or (isinstance(obj, Phrase) and obj.kind == "pronoun"
                                          and words(obj) in _THE_CHOSEN)
    if not isinstance(last, Chosen) or not named:
        return None
    if who not in (last.who, fx.Who.YOU) or owner is not last.who or dest is last.zone:
        raise Unsupported(f"{action.verb} the chosen card into another player's zone")
    return last.moved(lambda count, flt: fx.MoveCards(last.who, count, last.zone, dest, position, chooser=fx.Who.YOU,
                                                      filter=flt))
