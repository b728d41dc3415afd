"""A tiny seeded generator (SplitMix64) whose whole state is one integer.

Python's `random.Random` state is 625 numbers and its algorithms may change between versions; this one
is stored in the save as a single int, copies for free, and gives the same shuffles on every machine.
"""

from __future__ import annotations

from typing import TypeVar

_TWO64 = 1 << 64
_MASK = _TWO64 - 1
# `below`'s limit for any n < 2**32 is above this: a value under it is accepted without working it out
_SURELY_BELOW_LIMIT = _TWO64 - (1 << 32)
T = TypeVar("T")


def next_state(state: int) -> tuple[int, int]:
    """Advance the state; return (new state, a 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A number in [0, n) (n >= 1), without modulo bias."""
    limit = _TWO64 - _TWO64 % n
    state, value = next_state(state)
    while value >= limit:
        state, value = next_state(state)
    return state, value % n


def shuffle(state: int, items: list[T]) -> int:
    """Fisher-Yates shuffle in place; returns the new state. It is `below` for each position, inlined
    (a 60-card Arsenal is shuffled at the start of every standard game); tests check they agree."""
    mask, safe = _MASK, _SURELY_BELOW_LIMIT
    for n in range(len(items), 1, -1):
        state = (state + 0x9E3779B97F4A7C15) & mask  # next_state, inlined
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        z ^= z >> 31
        if z >= safe and z >= _TWO64 - _TWO64 % n:  # rejected, about once in 2**32 draws: `below` draws again
            state, j = below(state, n)
        else:
            j = z % n
        i = n - 1
        items[i], items[j] = items[j], items[i]
    return state
