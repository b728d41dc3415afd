"""The engine's seeded generator: the inlined shuffle draws exactly what `below` draws."""

from __future__ import annotations

from rawdeal.engine import rng


def _reference_shuffle(state: int, items: list[int]) -> int:
    for i in range(len(items) - 1, 0, -1):
        state, j = rng.below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def test_shuffle_is_fisher_yates_over_below() -> None:
    for seed in (0, 1, 7, 2**63, 2**64 - 1, 123456789):
        for n in (0, 1, 2, 3, 60, 61):
            fast, slow = list(range(n)), list(range(n))
            assert rng.shuffle(seed, fast) == _reference_shuffle(seed, slow)
            assert fast == slow


def test_below_stays_in_range_and_moves_the_state() -> None:
    state = 5
    for n in (1, 2, 3, 10, 2**63 + 1):
        new, value = rng.below(state, n)
        assert 0 <= value < n and new != state
        state = new


def _unshift(y: int, k: int) -> int:
    """The x with x ^ (x >> k) == y (64 bits)."""
    x = y
    for _ in range(64 // k + 1):
        x = y ^ (x >> k)
    return x


def _state_before(output: int) -> int:
    """The state whose next draw (`next_state`) gives `output`: SplitMix64's mix undone."""
    mask = (1 << 64) - 1
    z = _unshift(output, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & mask
    z = _unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & mask
    z = _unshift(z, 30)
    return (z - 0x9E3779B97F4A7C15) & mask


def test_shuffle_draws_again_when_below_would() -> None:
    top = (1 << 64) - 1  # rejected for 3 items: 2**64 % 3 == 1, so below(., 3) accepts only values < 2**64 - 1
    state = _state_before(top)
    assert rng.next_state(state)[1] == top
    fast, slow = list(range(3)), list(range(3))
    assert rng.shuffle(state, fast) == _reference_shuffle(state, slow)
    assert fast == slow
