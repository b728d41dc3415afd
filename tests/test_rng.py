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
