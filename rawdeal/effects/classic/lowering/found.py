"""Cards a search found, moved by a pronoun: "search your opponent's Arsenal for 1 card and remove it from the game",
"search his Arsenal for up to 5 cards, put them into his Ringside pile", "search your Arsenal for 2 cards, put them
into your hand". A search for one card into the searcher's hand is the engine's `Search`; any other count or place
is a `MoveCards` out of the searched zone, the searcher picking the cards (he looks through the zone)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rawdeal.effects import model as fx
from rawdeal.effects.classic.lowering.nodes import Unsupported


@dataclass(frozen=True, slots=True)
class Many:
    """A search for a count of cards other than one, or for several kinds ("for 1 Action card, 1 Maneuver card, and
    1 Reversal card": `more`), waiting for the "put them ..." that says where they go (left alone, it is reported:
    the engine's `Search` takes one card)."""

    search: fx.Search
    count: fx.Count
    more: tuple[tuple[fx.CardFilter, fx.Count], ...] = ()  # the other kinds, each with its own count


def found_search(last: object) -> fx.Search | None:
    """The search the last action was, whatever its count."""
    if isinstance(last, Many):
        return last.search
    return last if isinstance(last, fx.Search) else None


def found_moved(pronoun: str, last: object, dest: fx.Zone, dest_who: fx.Who,
                position: fx.Position) -> tuple[fx.MoveCards, ...] | None:
    """The moves of the cards `pronoun` ("it", "them") stands for (one a kind of card searched for), when it stands
    for what a search of one zone found and they go to another zone of the same player; None when the pronoun is
    no such search's."""
    search = found_search(last)
    if search is None or pronoun not in ("it", "them"):
        return None
    kinds = ((search.filter, last.count), *last.more) if isinstance(last, Many) else ((search.filter, fx.ONE),)
    if len(search.zones) != 1 and [count for _, count in kinds] != [fx.ALL]:
        return None  # "search your Arsenal and Ringside pile for a card": one card, from either zone
    if (pronoun == "it") != (kinds == ((search.filter, fx.ONE),)):
        raise Unsupported(f"{pronoun!r} for what a search found (another number of cards)")
    if dest_who is not search.who or dest in search.zones:
        raise Unsupported("cards a search found, put into another player's zone or back where they were")
    # all the cards of a description found in several zones ("search his hand and Arsenal for copies of that card"):
    # those of each zone
    return tuple(fx.MoveCards(search.who, count, zone, dest, position, filter=flt) for zone in search.zones
                 for flt, count in kinds)


def unplaced(actions: list[Any]) -> list[Any]:
    """The actions, when no search for several cards among them (or in a "may" or a choice) is left without
    saying where the cards go."""
    for a in actions:
        inner = [*getattr(a, "actions", ()), *(x for option in getattr(a, "options", ()) for x in option)]
        if isinstance(a, Many):
            raise Unsupported("a search for several cards that puts them nowhere")
        unplaced(inner)
    return actions
