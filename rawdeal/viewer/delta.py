"""The page data's two economies, for every game: strings numbered once in a table, and a zone stored as
the edit that changed it. No game is known here (`encode` is Raw Deal's, `game_encode` any other's)."""

from __future__ import annotations

from collections.abc import Sequence


class Table:
    """Strings numbered in the order first met (a deterministic order: the game's)."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}

    def __call__(self, text: str) -> int:
        found = self.index.get(text)
        if found is None:
            found = self.index[text] = len(self.index)
        return found

    def items(self) -> list[str]:
        return list(self.index)


def edit(old: Sequence[str], new: Sequence[str], card: dict[str, int]) -> list[int]:
    """A zone's change as [kept from the start, kept from the end, cards between]: `new` is
    `old[:a] + between + old[len(old) - b:]`. Zones change at one place a move (a card played from
    the hand, one put on the Ring area), so a Ring area of hundreds of cards costs a few numbers."""
    if len(new) >= len(old) and new[:len(old)] == old:  # cards put on top: compared in C, no loop
        return [len(old), 0, *(card[t] for t in new[len(old):])]
    a, most = 0, min(len(old), len(new))
    while a < most and old[a] == new[a]:
        a += 1
    b = 0
    while b < most - a and old[len(old) - 1 - b] == new[len(new) - 1 - b]:
        b += 1
    return [a, b, *(card[t] for t in new[a:len(new) - b])]
