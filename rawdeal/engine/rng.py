"""A tiny seeded generator (SplitMix64) whose whole state is one integer.

Python's `random.Random` state is 625 numbers and its algorithms may change between versions; this one
is stored in the save as a single int, copies for free, and gives the same shuffles on every machine.
"""

from __future__ import annotations

from types import FunctionType
from typing import Final, TypeVar

from mypy_extensions import i64

_TWO64: Final = 1 << 64
_MASK: Final = _TWO64 - 1
# `below`'s limit for any n < 2**32 is above this: a value under it is accepted without working it out
_SURELY_BELOW_LIMIT: Final = _TWO64 - (1 << 32)
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
    if NATIVE:
        return _shuffle_i64(state, items)
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


def _native() -> bool:
    """Whether this module runs compiled: mypyc makes its functions built-in ones."""
    return not isinstance(_native, FunctionType)


# Compiled, `shuffle` runs on machine integers: SplitMix64 on Python ints past 2**62 allocates an int
# object per operation (about a tenth of a replay's time went there).
NATIVE: Final = _native()

# SplitMix64's constants as signed 64-bit integers (the same bits)
_GOLDEN: Final[i64] = -0x61C8864680B583EB  # 0x9E3779B97F4A7C15
_MIX1: Final[i64] = -0x40A7B892E31B1A47  # 0xBF58476D1CE4E5B9
_MIX2: Final[i64] = -0x6B2FB644ECCEEE15  # 0x94D049BB133111EB


def _shuffle_i64(state: int, items: list[T]) -> int:
    """`shuffle` on the state's 64 bits held in a signed machine integer, for the compiled module
    only: its additions and products wrap around modulo 2**64 as SplitMix64's do, where Python's
    ints would grow. A logical shift right is the arithmetic one masked; a number read as unsigned
    (u = z + 2**64 when z < 0) is taken modulo n as 2 * (u >> 1) + (u & 1)."""
    s = _signed(state)
    for n in range(len(items), 1, -1):
        s = s + _GOLDEN
        z: i64 = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MIX1
        z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MIX2
        z = z ^ ((z >> 31) & 0x1FFFFFFFF)
        if -(1 << 32) <= z < 0 and int(z) + _TWO64 >= _TWO64 - _TWO64 % n:  # rejected: `below` draws again
            state, j = below(int(s) % _TWO64, n)
            s = _signed(state)
        else:
            j = int((((z >> 1) & 0x7FFFFFFFFFFFFFFF) % n * 2 + (z & 1)) % n)
        i = n - 1
        items[i], items[j] = items[j], items[i]
    return int(s) % _TWO64


def _signed(state: int) -> i64:
    """The state's 64 bits as a signed machine integer."""
    return i64(state - _TWO64) if state >= _TWO64 >> 1 else i64(state)
